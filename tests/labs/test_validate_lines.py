"""The distributed lab's refusals before anything runs, held whole: the rank count a GPU run
takes when COURSE_RANKS is unset, the rank counts offered, and each line as a learner reads it.

Added for the survivors of mutmut's first run over labs/distributed/validate.py
(tests/mutation/REVIEW.md): an unset COURSE_RANKS on 3 or 4 GPUs, the offer's upper bound and the
lines' own words were not held.
"""

from __future__ import annotations

from types import SimpleNamespace

from labs.distributed import validate
from labs.distributed.settings import settings_for


def _settings(**sizes) -> SimpleNamespace:
    """What the shape rules read: the variants' sizes."""
    variant = dict(name="toy", batch_size=16, n_head=16, n_layer=16, microbatches=16) | sizes
    return SimpleNamespace(variants=[SimpleNamespace(**variant)])


def test_an_unset_rank_count_on_gpus_is_one_rank_per_gpu():
    full = settings_for("full", "cuda")
    assert validate.problems(full, "", "cuda", 4) == (4, [])
    world, found = validate.problems(full, "", "cuda", 3)
    assert world == 3
    assert found[0] == ("minigpt: a batch of 32 sequences does not split over 3 data-parallel ranks (DDP, FSDP2); "
                        "rank counts that work for every pattern: 2, 4 (set COURSE_RANKS)")


def test_no_gpu_is_refused_in_one_whole_line():
    assert validate.problems(settings_for("full", "cuda"), "", "cuda", 0) == (
        None, ["--device cuda, but no GPU is visible: run with --device cpu, or on a machine with a GPU"])


def test_the_rank_counts_offered_run_from_2_to_16_inclusive():
    assert validate.rank_counts_that_work(_settings()) == [2, 4, 8, 16]
    assert validate.rank_counts_that_work(_settings(), up_to=8) == [2, 4, 8]
    many = 17 * 16      # 272 sequences, heads, layers: they split over 2, 4, 8, 16 and 17, but 17 is past 16
    assert validate.rank_counts_that_work(_settings(batch_size=many, n_head=many, n_layer=many,
                                                    microbatches=many)) == [2, 4, 8, 16]


def test_a_shape_no_rank_count_splits_is_offered_none_in_every_line():
    world, found = validate.problems(_settings(batch_size=15, microbatches=15), "2", "cpu", 0)
    assert (world, found) == (2, [     # 15 sequences split over no rank count from 2 to 16
        "toy: a batch of 15 sequences does not split over 2 data-parallel ranks (DDP, FSDP2); rank counts that "
        "work for every pattern: none up to 16 (set COURSE_RANKS)"])
