"""The distributed lab's predictions on a small made-up shape, each figure worked out by hand in
the comment beside it (not with the lab's helpers).

Added for the survivors of mutmut's first run over labs/distributed/predict.py
(tests/mutation/REVIEW.md): the pipeline's stage sizes, the recompute ratio, the bf16 and 2-D
payloads and two memory formulas could each change with the fast tier green.
"""

from __future__ import annotations

import pytest

from labs.distributed import predict

# 4 blocks of 100 parameters (80 of them split by tensor parallelism), 600 outside the blocks:
# token and position tables (584) and the final LayerNorm (2 d = 16). d = 8, V = 50, T = 16, B = 6.
SHAPE = predict.ModelShape(params=1000, block_params=100, root_params=600, split_params_per_block=80,
                           n_layer=4, n_embd=8, vocab_size=50, batch_size=6, block_size=16)


@pytest.mark.parametrize("n_layer, world, sizes", [
    (4, 1, [(0, 4)]),
    (4, 2, [(0, 2), (2, 4)]),
    (5, 2, [(0, 3), (3, 5)]),              # the first stage takes the extra block
    (4, 3, [(0, 2), (2, 3), (3, 4)]),
])
def test_stages_take_consecutive_blocks(n_layer, world, sizes):
    assert [(r.start, r.stop) for r in predict.stage_layers(n_layer, world)] == sizes


@pytest.mark.parametrize("world, counts", [
    (1, [1000]),              # one stage: every parameter once (the tie is one matrix)
    (2, [784, 616]),          # 2 blocks + 584 embeddings; 2 blocks + 16 LayerNorm + 400 head copy (V d)
    (3, [784, 100, 516]),     # 2 blocks + 584; 1 block; 1 block + 16 + 400
])
def test_stage_parameters_put_embeddings_first_and_the_head_copy_last(world, counts):
    assert SHAPE.stage_params(world) == counts


def test_the_recompute_ratio_counts_the_blocks_forward_once_more_in_three_forwards():
    # a block: 24 d^2 + 4 T d = 1536 + 512 = 2048 FLOPs per token, 8192 for 4; the head 2 d V = 800
    assert predict.recompute_time_ratio(SHAPE) == pytest.approx(1 + 8192 / (3 * (8192 + 800)))


@pytest.mark.parametrize("pattern, kwargs, expected", [
    ("single", {}, 16 * 1000 + 1000),                         # 16 bytes a parameter, A(B) whole
    ("ddp", {}, 16 * 1000 + 500),                             # A(B / 2)
    ("fsdp2", {}, 16 * 1000 / 2 + 500),
    ("tensor_parallel", {}, 16 * (320 / 2 + 1000 - 320) + 1000 / 2),
    ("pipeline", {}, 16 * 784 + 1000 / 2),                    # the biggest stage; GPipe: all in flight
    ("pipeline", {"microbatches": 4, "schedule": "1f1b"}, 16 * 784 + 2 / 4 * 1000 / 2),
])
def test_each_patterns_predicted_peak(pattern, kwargs, expected):
    assert predict.predicted_memory(pattern, SHAPE, 2, 1000, 500, **kwargs) == pytest.approx(expected)


def test_fsdp2_in_bf16_gathers_half_the_bytes_and_reduces_float32_gradients():
    # all-gathers twice a step (forward and backward) at 2 bytes; one reduce-scatter at 4
    assert predict.fsdp2_bf16_payload(SHAPE) == {"all_gather": 4 * 1000, "reduce_scatter": 4 * 1000}


def test_the_two_d_payload_counts_whole_sequences_per_data_parallel_rank():
    # dp 4, tp 2: a block keeps 80 / 2 + 20 = 60; the rank's shard 4 x 60 + 600 = 840.
    # A row's batch is 6 // 4 = 1 whole sequence: 1 x 16 x 8 floats, 512 bytes.
    assert predict.two_d_payload(SHAPE, dp=4, tp=2) == {
        "all_reduce": 4 * 4 * 512, "all_gather": 4 * (2 * 4 * 60 + 600), "reduce_scatter": 4 * 840}
