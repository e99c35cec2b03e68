"""Refuse a run that cannot work before anything is measured: one line per problem, saying what to change.

Three ranks on batches of 8 used to run the bandwidth sweep and the single process first (minutes),
then fail each pattern on its own. Every constraint a pattern has on the rank count is known from
the settings alone, so it is checked here, at once:

    data parallelism (DDP, FSDP2)   the global batch splits into equal shares, one per rank
    tensor parallelism              the heads split evenly (each rank computes whole heads)
    pipeline parallelism            the layers split into equal stages (the bubble's prediction,
                                    (p - 1) / (m + p - 1), assumes stages that take equal time),
                                    and the batch into whole micro-batches
    GPUs                            one rank per visible GPU
    2-D (four ranks, every run)     the mesh's dp x tp is the four ranks, the four-rank model's
                                    heads split over tp and its batch over dp
"""

from __future__ import annotations

from labs.distributed.settings import FOUR_RANK_VARIANT, FOUR_RANKS, RANKS_ENV, TWO_D_MESH, Settings, Variant


def parse_ranks(text: str, working: str) -> tuple[int | None, str | None]:
    """COURSE_RANKS's value -> (ranks, None), or (None, the problem) for anything but a whole number >= 1."""
    try:
        ranks = int(text)
    except ValueError:
        return None, (f"{RANKS_ENV}={text!r} is not a whole number of ranks: set it to one of {working}, "
                      "or unset it (2 CPU processes, or one rank per GPU)")
    if ranks < 1:
        return None, f"{RANKS_ENV}={text!r}: a run needs at least 1 rank; set it to one of {working}, or unset it"
    return ranks, None


def rank_counts_that_work(settings: Settings, up_to: int = 16) -> list[int]:
    return [n for n in range(2, up_to + 1) if not shape_problems(settings, n)]


def shape_problems(settings: Settings, world: int) -> list[str]:
    """What `world` ranks cannot split, variant by variant."""
    problems = []
    for v in settings.variants:
        if v.batch_size % world:
            problems.append(f"{v.name}: a batch of {v.batch_size} sequences does not split over {world} "
                            "data-parallel ranks (DDP, FSDP2)")
        if v.n_head % world:
            problems.append(f"{v.name}: {v.n_head} attention heads do not split over {world} tensor-parallel ranks")
        if v.n_layer % world:
            problems.append(f"{v.name}: {v.n_layer} layers do not make {world} equal pipeline stages")
        if v.microbatches < world:
            problems.append(f"{v.name}: {v.microbatches} micro-batches cannot keep {world} pipeline stages busy "
                            "under 1F1B (it needs at least one per stage)")
        if v.batch_size % v.microbatches:
            problems.append(f"{v.name}: a batch of {v.batch_size} does not split into {v.microbatches} "
                            "micro-batches (change the preset's microbatches)")
    return problems


def two_d_problems(mesh: tuple[int, int] = TWO_D_MESH, ranks: int = FOUR_RANKS,
                   variant: Variant = FOUR_RANK_VARIANT) -> list[str]:
    """What the four-rank part's 2-D mesh cannot split (settings.py's TWO_D_MESH): constants of
    the lab, so a problem here is an edit to settings.py, said before anything runs."""
    dp, tp = mesh
    found = []
    if dp * tp != ranks:
        found.append(f"2-D: a mesh of {dp} x {tp} needs {dp * tp} ranks, the four-rank part has {ranks}: "
                     "make TWO_D_MESH's product FOUR_RANKS (settings.py)")
    if tp < 1 or variant.n_head % tp:
        found.append(f"2-D: {variant.n_head} heads do not split over {tp} tensor-parallel ranks: "
                     "change TWO_D_MESH or FOUR_RANK_VARIANT's n_head (settings.py)")
    if dp < 1 or variant.batch_size % dp:
        found.append(f"2-D: a batch of {variant.batch_size} does not split over {dp} data-parallel ranks: "
                     "change TWO_D_MESH or FOUR_RANK_VARIANT's batch_size (settings.py)")
    return found


def problems(settings: Settings, ranks_text: str, device: str, gpus: int) -> tuple[int | None, list[str]]:
    """(the run's rank count, every problem with it); `ranks_text` is COURSE_RANKS ("" when unset)."""
    found: list[str] = two_d_problems()
    working = ", ".join(str(n) for n in rank_counts_that_work(settings)) or "none up to 16"
    if ranks_text.strip():
        world, problem = parse_ranks(ranks_text.strip(), working)
        if problem:
            return None, [problem]
    else:
        world = gpus if device == "cuda" else 2
    if device == "cuda" and gpus == 0:
        return None, ["--device cuda, but no GPU is visible: run with --device cpu, or on a machine with a GPU"]
    if device == "cuda" and world > gpus:
        found.append(f"{RANKS_ENV}={world} asks for {world} GPU ranks, but {gpus} GPU(s) are visible: "
                     f"set {RANKS_ENV} to at most {gpus} (one rank per GPU)")
    if world >= 2:
        shapes = shape_problems(settings, world)
        if shapes:
            found += [f"{line}; rank counts that work for every pattern: {working} (set {RANKS_ENV})"
                      for line in shapes]
    return world, found
