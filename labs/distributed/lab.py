"""Distributed training, executed: DDP, FSDP2, tensor and pipeline parallelism, measured.

Parts:
  allreduce_bandwidth  the link on its own: all-reduce time and bus bandwidth by message size
  single               one process trains the global batch: the losses every pattern must match;
                       beside it, the same process under activation checkpointing
  ddp, fsdp2,          each pattern on `world` ranks, every variant, eager then compiled where
  tensor_parallel,     the preset says: losses, step time, peak memory per rank, bytes per step
  pipeline             by collective kind, and one step's timeline; FSDP2 also in bf16
                       (MixedPrecisionPolicy), the pipeline also under 1F1B
  rank_failure         the drill: the last rank dies mid-step; how fast and how clearly it fails
  four_ranks           four gloo ranks: ring or send-once, byte by byte
  two_d                FSDP2 over tensor parallelism on a 2 x 2 mesh (gloo; NCCL on four GPUs)
  side_by_side         the patterns next to each other: tables, plots, timelines, loss curves
  prediction           Lab 03's memory formula and the textbook volumes against the run
  compiled             what torch.compile did to each pattern: graphs, breaks, first step, speed
  pick                 which pattern, per variant, recomputed from the measured rows
  run_report           DISTRIBUTED_RUN.md and DISTRIBUTED_RUN.es.md

Every rank runs in its own process, forked from one fork server and watched by `launch`; ranks never write the
manifest: the parent gathers their results (`gather`) and records them (`report`, `tables`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from labs.common.contract import LANGUAGES
from labs.common.harness import Lab
from labs.distributed import beyond, data, gather, launch, report, run_report, tables, validate
from labs.distributed import pick as picking
from labs.distributed.settings import (
    DISTRIBUTED_PATTERNS,
    FOUR_RANK_VARIANT,
    FOUR_RANKS,
    PROBE_BYTES,
    RANKS_ENV,
    Settings,
    settings_for,
)
from labs.distributed.worker import BandwidthJob, FourRankJob, PatternJob, TwoDJob

TITLES = {"single": "One process: the baseline", "ddp": "DDP: replicas and an all-reduce",
          "fsdp2": "FSDP2: sharded state", "tensor_parallel": "Tensor parallelism: split layers",
          "pipeline": "Pipeline parallelism: stages and micro-batches"}


@dataclass
class State:
    settings: Settings
    world: int
    device: str
    data_path: Path
    vocab_size: int
    gpus: int = 0
    results: dict[str, gather.PatternResult] = field(default_factory=dict)
    device_bytes: int = 0
    sentences: dict[str, dict[str, str]] = field(default_factory=lambda: {"en": {}, "es": {}})
    prediction_rows: list = field(default_factory=list)


def _launch(lab: Lab, state: State, job, world: int, label: str) -> list[dict]:
    s = state.settings
    return launch.launch(job, world=world, device=state.device, work=lab.work / "ranks" / label, label=label,
                         collective_timeout_s=s.collective_timeout_s, timeout_s=s.launch_timeout_s,
                         threads=s.threads_per_rank, on_progress=lab.progress)


def _needs_ranks(lab: Lab, state: State) -> None:
    if state.world < 2:
        raise lab.skip(f"needs at least 2 ranks; this run has {state.world} (set COURSE_RANKS, or use 2 GPUs)")


def part_allreduce_bandwidth(lab: Lab, state: State) -> None:
    _needs_ranks(lab, state)
    job = BandwidthJob(state.settings.bandwidth_sizes, state.settings.bandwidth_budget_s)
    report.bandwidth(lab, _launch(lab, state, job, state.world, "allreduce_bandwidth"), state.world)


def part_pattern(lab: Lab, state: State, pattern: str) -> None:
    if pattern != "single":
        _needs_ranks(lab, state)
    world = 1 if pattern == "single" else state.world
    job = PatternJob(pattern, state.settings, str(state.data_path), state.vocab_size, predict_world=state.world)
    per_rank = _launch(lab, state, job, world, pattern)
    result = gather.merge(pattern, per_rank)
    state.results[pattern] = result
    if pattern == "single":
        state.device_bytes = per_rank[0]["device_bytes"]
        lab.metric("bf16_matrix_units", per_rank[0]["bf16_matrix_units"])
    report.pattern(lab, result, state.results.get("single"), state.settings)
    if pattern == "single":
        beyond.checkpointing(lab, result, state.settings)
    if pattern == "fsdp2":
        beyond.mixed_precision(lab, result, state.results.get("single"), state.settings)
    if pattern == "tensor_parallel":
        report.naive_tensor_parallel(lab, result.extras[state.settings.variants[0].name]["naive_error"])


def part_rank_failure(lab: Lab, state: State) -> None:
    """DDP on the first variant; the last rank calls os._exit(1) as a step begins."""
    import time
    _needs_ranks(lab, state)
    killed, step = state.world - 1, state.settings.drill_kill_step
    job = PatternJob("ddp", state.settings, str(state.data_path), state.vocab_size, kill=(killed, step),
                     variants=(state.settings.variants[0].name,))
    started, failure = time.monotonic(), None
    try:
        _launch(lab, state, job, state.world, "rank_failure_drill")
    except launch.RankFailure as error:
        failure = error
    report.drill(lab, failure, time.monotonic() - started, killed, step)


def part_four_ranks(lab: Lab, state: State) -> None:
    """Four gloo ranks whatever the run's rank count: where a ring and send-once differ."""
    if state.device != "cpu":   # an empty table, so that the page's tab for this device still builds
        report.four_ranks_table(lab, [])
        raise lab.skip("socket bytes are countable on gloo (CPU) only: NCCL's transfers make no system call")
    job = FourRankJob(state.settings, FOUR_RANK_VARIANT, state.vocab_size, PROBE_BYTES)
    report.four_ranks(lab, _launch(lab, state, job, FOUR_RANKS, "four_ranks"), PROBE_BYTES, FOUR_RANK_VARIANT.name)


def part_two_d(lab: Lab, state: State) -> None:
    """FSDP2 over tensor parallelism on four ranks: gloo on a CPU; NCCL where four GPUs are visible."""
    if state.device == "cuda" and state.gpus < FOUR_RANKS:
        beyond.two_d_table(lab, [])   # so that the page's tab for this device still builds
        raise lab.skip(f"needs {FOUR_RANKS} GPUs, {state.gpus} visible: the page shows the CPU run's")
    job = TwoDJob(state.settings, FOUR_RANK_VARIANT, state.vocab_size)
    beyond.two_d(lab, _launch(lab, state, job, FOUR_RANKS, "two_d"))


def part_side_by_side(lab: Lab, state: State) -> None:
    tables.side_by_side(lab, state.results, state.settings)
    tables.loss_curves(lab, state.results, state.settings.variants[0].name)
    variant = state.settings.timeline_variant
    tables.timelines(lab, state.results, variant)
    stages, micro = state.world, next(v for v in state.settings.variants if v.name == variant).microbatches
    lab.metric("pipeline.bubble_predicted", 100 * (stages - 1) / (micro + stages - 1), "%")
    lab.metric("timeline.variant", variant)


def part_prediction(lab: Lab, state: State) -> None:
    state.prediction_rows = tables.prediction(lab, state.results, state.settings, state.world)
    tables.scaling(lab, state.results, state.settings.variants[-1].name)
    for v in state.settings.variants:
        ddp, fsdp = state.results.get("ddp"), state.results.get("fsdp2")
        if ddp and fsdp and ddp.run(v.name) and fsdp.run(v.name):
            ratio = fsdp.run(v.name).peak_bytes / ddp.run(v.name).peak_bytes
            lab.metric(f"fsdp2.{v.name}.memory_vs_ddp", ratio, "×")
            # Only the full preset's wide model is large enough for sharding to decide the peak: in
            # the smoke preset the ratio moved between 0.80 and 1.06 from run to run (when gloo's
            # buffers are freed), so there it is a figure, not a check.
            if v.name == "wide" and lab.preset == "full":
                lab.check("fsdp2_memory_below_ddp.wide", ratio, "<", 1.0, unit="×",
                          label={"en": "Wide variant: FSDP2's busiest rank holds less than DDP's (ratio)",
                                 "es": "Variante ancha: el rango más cargado de FSDP2 ocupa menos que "
                                       "el de DDP (razón)"})


def part_compiled(lab: Lab, state: State) -> None:
    lab.metric("compiled.runs", tables.compiled(lab, state.results, state.settings))
    lab.metric("compiled.backend", state.settings.compile_backend)


def part_pick(lab: Lab, state: State) -> None:
    budget = state.device_bytes if state.device == "cuda" else state.device_bytes / max(1, state.world)
    lab.metric("pick.budget_gib", budget / 2**30, "GiB")
    device_words = {"en": {"cpu": f"{state.world} CPU processes", "cuda": f"{state.world} GPUs"},
                    "es": {"cpu": f"{state.world} procesos de CPU", "cuda": f"{state.world} GPU"}}
    failures = picking.run_failures(lab.result)
    if failures:   # a comparison with a hole in it would still name a pattern: say what failed instead
        for v in state.settings.variants:
            lab.metric(f"pick.{v.name}", "none")
            lab.metric(f"pick.{v.name}.reason", "run_failed")
            for lang in LANGUAGES:
                state.sentences[lang][v.name] = picking.no_conclusion(failures, lang)
        return
    for v in state.settings.variants:
        candidates = []
        for key in ("single",) + DISTRIBUTED_PATTERNS:
            result = state.results.get(key)
            run = result.run(v.name) if result else None
            if run is None:
                continue
            checks = [lab.result["checks"].get(f"{kind}.{key}.{v.name}") for kind in ("loss_match", "grad_match")]
            candidates.append(picking.Candidate(key, run.step, run.peak_bytes,
                                                loss_ok=key == "single" or all(c and c["passed"] for c in checks),
                                                reference=result.reference(v.name)))
        choice = picking.choose(candidates, budget)
        lab.metric(f"pick.{v.name}", choice.pattern)
        lab.metric(f"pick.{v.name}.reason", choice.reason)
        if choice.speedup is not None:
            lab.metric(f"pick.{v.name}.speedup", choice.speedup, "×")
        for lang in LANGUAGES:
            state.sentences[lang][v.name] = picking.sentence(choice, candidates, v.name,
                                                             device_words[lang][state.device], budget, lang)


def part_run_report(lab: Lab, state: State) -> None:
    import torch
    common = dict(device=f"{state.device.upper()}", world=state.world,
                  backend="nccl" if state.device == "cuda" else "gloo", threads=state.settings.threads_per_rank,
                  preset=lab.preset, settings=state.settings, results=state.results,
                  prediction_rows=state.prediction_rows, failures=picking.run_failures(lab.result))
    for lang, name in (("en", "DISTRIBUTED_RUN.md"), ("es", "DISTRIBUTED_RUN.es.md")):
        text = run_report.render(lang, sentences=state.sentences[lang], **common)
        lab.write_artifact("run_report" if lang == "en" else "run_report_es", name, text, "markdown")
    lab.metric("torch_version", torch.__version__)


def world_or_refuse(device: str, settings: Settings) -> tuple[int, int]:
    """(the run's rank count, the GPUs visible), or exit 2 with one line per problem (no traceback, nothing written):
    a run that cannot work must say so in seconds, not after minutes of measuring."""
    import os
    import sys

    import torch
    gpus = torch.cuda.device_count() if device == "cuda" else 0
    world, problems = validate.problems(settings, os.environ.get(RANKS_ENV, ""), device, gpus)
    if problems:
        for line in problems:
            print(f"distributed: refused: {line}", file=sys.stderr, flush=True)
        raise SystemExit(2)
    return world, gpus


def run(lab: Lab) -> None:
    settings = settings_for(lab.preset, lab.device)
    world, gpus = world_or_refuse(lab.device, settings)
    # What the same check says to three ranks on this machine: the page quotes the run's own lines.
    lab.table("refusal_three_ranks", ["problem"], [[line] for line in validate.problems(settings, "3", lab.device, gpus)[1]])
    data_path, vocab_size = data.save_batches(settings, lab.work / "data")
    state = State(settings, world, lab.device, data_path, vocab_size, gpus)
    # Resuming by part: each part's record keeps what it added to the state (the patterns' results,
    # memory, sentences); the rest is made again above, the same for the same cache key.
    lab.keep(state, skip=("settings", "world", "device", "data_path", "vocab_size", "gpus"))
    lab.metric("world_size", world)
    lab.metric("gpus", world if lab.device == "cuda" else 0)
    lab.metric("backend", "nccl" if lab.device == "cuda" else "gloo")
    lab.metric("threads_per_rank", settings.threads_per_rank)
    lab.metric("ddp.bucket_cap_mb", settings.ddp_bucket_cap_mb, "MiB")
    lab.metric("collective_timeout_s", settings.collective_timeout_s, "s")
    lab.metric("check_steps", settings.check_steps)
    for v in settings.variants:
        lab.metric(f"{v.name}.batch", v.batch_size)
        lab.metric(f"{v.name}.layers", v.n_layer)
        lab.metric(f"{v.name}.width", v.n_embd)
        lab.metric(f"{v.name}.microbatches", v.microbatches)
    try:
        parts(lab, state)
    finally:
        launch.stop_fork_server()


def parts(lab: Lab, state: State) -> None:
    lab.part("allreduce_bandwidth", "The link on its own: all-reduce bandwidth", part_allreduce_bandwidth, state)
    lab.part("single", TITLES["single"], part_pattern, state, "single")
    for pattern in DISTRIBUTED_PATTERNS:
        lab.part(pattern, TITLES[pattern], part_pattern, state, pattern, after=("single",))
    lab.part("rank_failure", "A rank killed mid-step", part_rank_failure, state)
    lab.part("four_ranks", "Four ranks: ring or send-once", part_four_ranks, state)
    lab.part("two_d", "2-D parallelism: FSDP2 over tensor parallelism", part_two_d, state)
    lab.part("side_by_side", "The patterns side by side", part_side_by_side, state, after=("single",))
    lab.part("prediction", "Predicted against measured", part_prediction, state, after=("single",))
    lab.part("compiled", "torch.compile on every pattern", part_compiled, state, after=("single",))
    lab.part("pick", "Which pattern would I pick?", part_pick, state, after=("single",))
    # No `after`: a failed run's report says what failed (and the pick draws no conclusion).
    lab.part("run_report", "DISTRIBUTED_RUN.md", part_run_report, state)
