"""Lab distributed: predictions, the pick, comm and memory accounting, a killed rank, the smoke run."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest
import torch

from labs.common import measure
from labs.distributed import comm, gradcheck, launch, memory, pick, predict, report, timeline
from labs.distributed.settings import FOUR_RANK_VARIANT, Variant, settings_for
from labs.distributed.worker import GradientJob

LAB = "distributed"


# -- predicted communication volumes ---------------------------------------------------------

def _shape(**changes) -> predict.ModelShape:
    fields = dict(params=1_000_000, block_params=240_000, root_params=40_000, split_params_per_block=236_000,
                  n_layer=4, n_embd=128, vocab_size=32, batch_size=16, block_size=64)
    return predict.ModelShape(**(fields | changes))


def test_ddp_sends_two_times_n_minus_one_over_n_of_the_gradients():
    grads = 4 * 1_000_000
    assert predict.predicted_comm("ddp", _shape(), 2) == {"all_reduce": grads}            # 2 (n-1)/n = 1
    assert predict.predicted_comm("ddp", _shape(), 8)["all_reduce"] == pytest.approx(2 * 7 / 8 * grads)


def test_fsdp_is_one_and_a_half_times_ddp():
    for world in (2, 4, 8):
        fsdp = sum(predict.predicted_comm("fsdp2", _shape(), world).values())
        ddp = sum(predict.predicted_comm("ddp", _shape(), world).values())
        assert fsdp == pytest.approx(1.5 * ddp)


def test_tensor_parallel_moves_activations_not_gradients():
    shape = _shape()
    activation = shape.batch_size * shape.block_size * shape.n_embd * 4
    assert predict.predicted_comm("tensor_parallel", shape, 2) == {"all_reduce": 4 * shape.n_layer * activation}
    bigger_model = predict.predicted_comm("tensor_parallel", _shape(params=10**9), 2)
    assert bigger_model == predict.predicted_comm("tensor_parallel", shape, 2)   # parameters do not matter


def test_pipeline_sends_boundary_tensors_and_the_tied_gradient():
    shape = _shape()
    activation = shape.batch_size * shape.block_size * shape.n_embd * 4
    two = predict.predicted_comm("pipeline", shape, 2)
    assert two["send"] == activation                               # each rank sends one way
    assert two["all_reduce"] == shape.vocab_size * shape.n_embd * 4
    four = predict.predicted_comm("pipeline", shape, 4)
    assert four["send"] == pytest.approx(2 * 3 * activation / 4)   # 3 boundaries, both ways, mean over 4


def test_single_process_communicates_nothing_and_stages_cover_every_layer():
    assert predict.predicted_comm("single", _shape(), 2) == {}
    assert [len(r) for r in predict.stage_layers(5, 2)] == [3, 2]
    assert sum(_shape().stage_params(2)) == _shape().params + _shape().vocab_size * _shape().n_embd


def test_1f1b_holds_at_most_one_micro_batch_per_stage_in_flight():
    shape = _shape()
    gpipe = predict.predicted_memory("pipeline", shape, 2, 800, 400, microbatches=4, schedule="gpipe")
    one_f_one_b = predict.predicted_memory("pipeline", shape, 2, 800, 400, microbatches=4, schedule="1f1b")
    assert gpipe - one_f_one_b == pytest.approx(800 / 2 * (1 - 2 / 4))      # 2 of 4 micro-batches in flight
    same = predict.predicted_memory("pipeline", shape, 2, 800, 400, microbatches=2, schedule="1f1b")
    assert same == predict.predicted_memory("pipeline", shape, 2, 800, 400, microbatches=2, schedule="gpipe")


def test_memory_prediction_shards_state_for_fsdp_only():
    shape = _shape()
    ddp = predict.predicted_memory("ddp", shape, 2, activations_full=800, activations_split=400)
    fsdp = predict.predicted_memory("fsdp2", shape, 2, activations_full=800, activations_split=400)
    assert ddp - fsdp == pytest.approx(16 * shape.params / 2)


# -- the pick, with rows whose verdicts disagree ----------------------------------------------

def _stats(ms: float, spread: float = 0.02) -> measure.Stats:
    s = ms / 1e3
    return measure.Stats(median_s=s, q1_s=s * (1 - spread), q3_s=s * (1 + spread), min_s=s * 0.9,
                         max_s=s * 1.1, reps=20, clock="latency")


def _rows(**overrides) -> list[pick.Candidate]:
    base = {"single": (10.0, 100, True), "ddp": (6.0, 100, True), "fsdp2": (8.0, 60, True),
            "tensor_parallel": (4.0, 70, True), "pipeline": (10.1, 55, True)}
    base |= overrides
    return [pick.Candidate(name, _stats(ms), peak, ok) for name, (ms, peak, ok) in base.items()]


def test_pick_is_the_fastest_pattern_that_beats_one_process():
    choice = pick.choose(_rows(), budget_bytes=1000)
    assert (choice.pattern, choice.reason) == ("tensor_parallel", "faster")
    assert choice.verdicts["pipeline"] == "same" and choice.verdicts["ddp"] == "faster"


def test_pick_skips_a_faster_pattern_whose_loss_did_not_match():
    choice = pick.choose(_rows(tensor_parallel=(4.0, 70, False)), budget_bytes=1000)
    assert choice.pattern == "ddp"
    text = pick.sentence(choice, _rows(tensor_parallel=(4.0, 70, False)), "minigpt", "2 GPUs", 1000, "en")
    assert "I would pick DDP" in text and "loss mismatch" in text and "tensor parallelism 4 ms against 10 ms" in text


def test_pick_is_one_process_when_nothing_is_measurably_faster():
    rows = _rows(ddp=(10.1, 100, True), fsdp2=(12.0, 60, True), tensor_parallel=(30.0, 70, True))
    choice = pick.choose(rows, budget_bytes=1000)
    assert (choice.pattern, choice.reason) == ("single", "none_faster")
    assert "slower" in pick.sentence(choice, rows, "wide", "2 CPU processes", 1000, "en")


def test_pick_goes_by_memory_when_one_process_does_not_fit():
    rows = _rows(single=(10.0, 900, True), ddp=(6.0, 900, True), tensor_parallel=(4.0, 700, True))
    choice = pick.choose(rows, budget_bytes=500)
    assert (choice.pattern, choice.reason) == ("fsdp2", "memory")   # slower than one process, but it fits
    text = pick.sentence(choice, rows, "wide", "2 GPU", 500 * 2**30, "es")
    assert "elegiría FSDP2" in text and "no cabe" in text and "8 ms" in text
    assert pick.choose(rows, budget_bytes=10).reason == "none_fit"


def test_pick_compares_each_pattern_with_its_own_interleaved_reference():
    # The machine got busier after the single run: DDP's raw median (12 ms) is above the single
    # run's (10 ms), but one process timed in DDP's own rounds took 20 ms, so DDP is faster.
    rows = _rows(ddp=(12.0, 100, True), fsdp2=(30.0, 60, True), tensor_parallel=(30.0, 70, True),
                 pipeline=(30.0, 55, True))
    rows = [pick.Candidate(c.pattern, c.step, c.peak_bytes, c.loss_ok, _stats(20.0) if c.pattern == "ddp" else None)
            for c in rows]
    choice = pick.choose(rows, budget_bytes=1000)
    assert (choice.pattern, choice.reason) == ("ddp", "faster")
    assert choice.speedup == pytest.approx(20 / 12)


def test_memory_pick_ranks_every_candidate_in_one_unit():
    # No single-process row: DDP has a same-launch reference (speedup 1.5), FSDP2 has none. Mixing
    # the units would rank FSDP2's 1 / 0.004 s = 250 above DDP's 1.5; by step time FSDP2 (4 ms)
    # beats DDP (6 ms), and by speedup alone nothing could be said of FSDP2.
    rows = [pick.Candidate("ddp", _stats(6.0), 100, True, _stats(9.0)),
            pick.Candidate("fsdp2", _stats(4.0), 60, True)]
    assert pick.choose(rows, budget_bytes=1000).pattern == "fsdp2"
    slower = [pick.Candidate("ddp", _stats(6.0), 100, True, _stats(9.0)),
              pick.Candidate("fsdp2", _stats(7.0), 60, True)]
    assert pick.choose(slower, budget_bytes=1000).pattern == "ddp"   # by step time, not 1/0.007 s against 1.5
    both = [pick.Candidate("ddp", _stats(6.0), 100, True, _stats(9.0)),      # 1.5×
            pick.Candidate("fsdp2", _stats(4.0), 60, True, _stats(5.0))]     # 1.25×, though faster in ms
    assert pick.choose(both, budget_bytes=1000).pattern == "ddp"


def test_spanish_sentence_uses_decimal_commas():
    choice = pick.choose(_rows(), budget_bytes=1000)
    text = pick.sentence(choice, _rows(), "minigpt", "2 GPU", 1000, "es")
    assert "2,5 veces" in text and "10,1 ms" in text


# -- comm accounting on fakes -----------------------------------------------------------------

def test_classify_reads_the_volume_of_each_collective():
    t = torch.zeros(256)                                   # 1 KiB
    assert comm.classify("c10d.allreduce_", ([t, t], None), 2) == ("all_reduce", 2048, 2048.0)
    assert comm.classify("c10d._allgather_base_", (torch.zeros(512), t), 4) == ("all_gather", 2048, 1536.0)
    assert comm.classify("c10d._reduce_scatter_base_", (t, torch.zeros(512)), 2) == ("reduce_scatter", 2048, 1024.0)
    assert comm.classify("_c10d_functional.all_gather_into_tensor", (t, 4, "group"), 4)[1] == 4096
    assert comm.classify("c10d.send", ([t], None, 1, 0), 2) == ("send", 1024, 1024.0)
    assert comm.classify("c10d.recv_", ([t], None, 0, 0), 2) == ("recv", 1024, 0.0)
    assert comm.classify("aten.mm", (t, t), 2) is None


def test_counter_counts_collectives_dispatched_inside_it():
    class FakeOp:  # what the dispatcher hands the mode: an op with an overload packet
        _overloadpacket = "c10d.allreduce_"

        def __call__(self, *args, **kwargs):
            return args[0]

    counter = comm.CollectiveCounter(world=2)
    counter.__torch_dispatch__(FakeOp(), (torch.Tensor,), ([torch.zeros(4)],))
    counter.__torch_dispatch__(FakeOp(), (torch.Tensor,), ([torch.zeros(4)],))
    assert counter.tally.as_dict() == {"all_reduce": {"calls": 2, "payload_bytes": 32, "ring_bytes": 32.0}}
    merged = comm.merge_ranks([counter.tally.as_dict(), {}])
    assert merged["all_reduce"]["ring_bytes"] == 16.0


def test_payload_is_the_tensors_and_the_ring_multiplies_it():
    shape = _shape()
    grads = 4 * shape.params
    for world in (2, 4, 8):
        assert predict.predicted_payload("ddp", shape, world) == {"all_reduce": grads}   # n does not change it
        assert predict.predicted_comm("ddp", shape, world)["all_reduce"] == pytest.approx(2 * (world - 1) / world * grads)
    assert predict.predicted_payload("fsdp2", shape, 4) == {"all_gather": 2 * grads, "reduce_scatter": grads}
    tied = shape.vocab_size * shape.n_embd * 4
    four = predict.predicted_payload("pipeline", shape, 4)
    assert four["all_reduce"] == pytest.approx(2 * tied / 4)                     # first and last stage only
    assert predict.predicted_comm("pipeline", shape, 4)["all_reduce"] == pytest.approx(2 * tied / 4)  # a pair's ring


def test_a_receive_is_not_counted_again_and_sent_bytes_come_from_the_process(tmp_path):
    tally = {"send": {"calls": 1, "payload_bytes": 100, "ring_bytes": 100.0},
             "recv": {"calls": 1, "payload_bytes": 100, "ring_bytes": 0.0}}
    assert comm.sent_total(tally, "payload_bytes") == 100
    import os
    with comm.SentBytes("cpu") as sent, open(os.devnull, "wb") as sink:
        sink.write(b"x" * 2**20)
        sink.flush()
    if comm.bytes_written() is not None:                 # Linux: /proc/self/io counts every write()
        assert 2**20 <= sent.bytes < 2**20 + 64 * 1024
    with comm.SentBytes("cuda") as sent:                 # NCCL's transfers make no system call
        pass
    assert sent.bytes is None


@pytest.mark.parametrize("factor, passes", [(1.5, True), (1.0, False), (1.6, False)])
def test_the_four_rank_check_tells_a_ring_from_send_once(tmp_path, factor, passes):
    from labs.common.harness import Lab
    from labs.common.options import LabOptions
    grads, probe = 100_000, 2**20
    rank = {"collectives": {"all_reduce": int(1.5 * probe), "broadcast": None},
            "ddp": {"comm": {"all_reduce": {"calls": 1, "payload_bytes": grads, "ring_bytes": 1.5 * grads}},
                    "sent_bytes": factor * grads},
            "gradient": {}}
    lab = Lab(LabOptions("distributed", "cpu", "smoke", tmp_path / "out", tmp_path / "work"))
    report.four_ranks(lab, [rank] * 4, probe, "four_ranks")
    assert lab.result["checks"]["four_ranks_ddp_sends_ring_volume"]["passed"] is passes
    assert lab.result["metrics"]["four_ranks.ddp.sent_vs_send_once"]["value"] == pytest.approx(factor)
    rows = lab.result["tables"]["four_ranks_collectives"]["rows"]
    assert [row[0] for row in rows] == ["all_reduce"]          # a kind with no socket count claims nothing
    assert rows[0][-1] == pytest.approx(1.0)


# -- memory and timeline arithmetic -----------------------------------------------------------

def test_peak_counts_what_was_held_before_the_step_and_its_high_point():
    events = [(0, 100), (5, 50), (10, 30), (12, -30), (14, 80), (30, 999)]
    reading = memory.peak_from_events(events, start_ns=8, end_ns=20)
    assert reading == memory.MemoryReading(peak_bytes=230, held_bytes=150)


class _FakeCudaCounters:
    """The caching allocator's counters, moved by hand: allocate() and free() are tensors."""

    def __init__(self):
        self.allocated = self.peak = 0

    def allocate(self, nbytes: int) -> None:
        self.allocated += nbytes
        self.peak = max(self.peak, self.allocated)

    def free(self, nbytes: int) -> None:
        self.allocated -= nbytes

    def install(self, monkeypatch) -> None:
        monkeypatch.setattr(memory, "warm_up_cuda_libraries", lambda: None)
        monkeypatch.setattr(torch.cuda, "synchronize", lambda *a: None)
        monkeypatch.setattr(torch.cuda, "memory_allocated", lambda *a: self.allocated)
        monkeypatch.setattr(torch.cuda, "max_memory_allocated", lambda *a: self.peak)
        monkeypatch.setattr(torch.cuda, "max_memory_reserved", lambda *a: 2 * self.peak)
        monkeypatch.setattr(torch.cuda, "reset_peak_memory_stats", lambda *a: setattr(self, "peak", self.allocated))


@pytest.mark.parametrize("generation", ["young", "oldest"])
def test_an_earlier_runs_cyclic_garbage_does_not_lower_a_gpu_reading(monkeypatch, generation):
    """A spent model held by a reference cycle, freed by a collection inside the measured step,
    would be subtracted from that step's peak (the baseline counted it): it is freed first. A
    model that lived through a run sits in the collector's oldest generation when it is dropped,
    which a collection of the young generations alone (`gc.collect(0)`) does not reach."""
    import gc
    counters = _FakeCudaCounters()
    counters.install(monkeypatch)

    class Spent:   # 600 bytes of an earlier run's model, freed only when the collector finds its cycle
        def __init__(self):
            self.me = self
            counters.allocate(600)

        def __del__(self):
            counters.free(600)

    was_enabled = gc.isenabled()
    gc.disable()
    try:
        holder = [Spent()]
        if generation == "oldest":
            gc.collect()                # it survives, still held: moved to the oldest generation
        holder.clear()                  # the run ends: garbage, in a cycle
        watch = memory.MemoryWatch("cuda").start()
        counters.allocate(400)          # this run's model
        with watch.step():
            gc.collect()                # the collector, run by whatever allocates next
            counters.allocate(1000)     # the step's activations
            counters.free(1000)
        reading = watch.stop()
    finally:
        if was_enabled:
            gc.enable()
    assert (reading.held_bytes, reading.peak_bytes) == (400, 1400)


def test_a_checkpointed_model_is_freed_without_the_garbage_collector_and_computes_the_same():
    import gc
    import weakref

    from labs.common.minigpt import GPTConfig, MiniGPT
    from labs.distributed.patterns import checkpoint_blocks

    def model() -> MiniGPT:
        torch.manual_seed(0)
        return MiniGPT(GPTConfig(vocab_size=16, block_size=8, n_layer=2, n_head=2, n_embd=16))

    x = torch.randint(0, 16, (2, 8))
    plain, checkpointed = model(), model()
    checkpoint_blocks(checkpointed)
    for m in (plain, checkpointed):
        m(x, x)[1].backward()
    for (name, p), q in zip(plain.named_parameters(), checkpointed.parameters(), strict=True):
        assert torch.equal(p.grad, q.grad), name
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        alive = weakref.ref(checkpointed.blocks[0])
        del checkpointed, q, m
        assert alive() is None, "checkpoint_blocks left a reference cycle: the model waits for the collector"
    finally:
        if was_enabled:
            gc.enable()


def test_timeline_merges_close_spans_and_measures_overlap():
    assert timeline.merge([(0, 1), (1.05, 2), (5, 6)], gap=0.1) == [(0, 2), (5, 6)]
    assert timeline.overlap_ms([(0, 2), (5, 6)], [(1, 5.5)]) == pytest.approx(1.5)
    assert timeline.subtract([(0, 10)], [(2, 3), (5, 6)]) == [(0, 2), (3, 5), (6, 10)]


def test_nccl_time_before_the_last_rank_launched_is_waiting_not_transfer():
    # Rank 0 launched its all-reduce at 1 ms and rank 1 at 4 ms: nothing moved before 4 ms.
    per_rank = [[["AllReduce", 1.0, 5.0], ["SendRecv", 6.0, 7.0]],
                [["AllReduce", 4.0, 5.0], ["SendRecv", 6.5, 7.0]]]
    split = timeline.split_waiting(per_rank)
    assert split[0] == {"waiting": [(1.0, 4.0), (6.0, 6.5)], "transfer": [(4.0, 5.0), (6.5, 7.0)]}
    assert split[1] == {"waiting": [], "transfer": [(4.0, 5.0), (6.5, 7.0)]}
    # A middle pipeline stage runs more SendRecv kernels than its neighbours: not matched, not guessed.
    assert timeline.split_waiting([[["SendRecv", 0, 1]], [["SendRecv", 0, 1], ["SendRecv", 2, 3]]]) is None
    assert timeline.family("ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)") == "AllGather"


def test_the_measured_bubble_counts_only_compute_as_busy():
    assert timeline.bubble_share({"step_ms": 10.0, "compute_ms": 8.0}) == pytest.approx(0.2)
    assert timeline.bubble_share({"step_ms": 10.0, "compute_ms": 10.5}) == 0.0   # overlapping spans: never negative


@pytest.mark.parametrize("broken", ["profile", "lanes"])
def test_a_step_the_profiler_cannot_trace_still_counts_exactly_once(broken):
    from unittest import mock

    from labs.distributed import training

    class CountingTrainer:
        def __init__(self):
            self.optimizer = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=0.1)
            self.calls = 0

        def forward_backward(self, x, y):
            self.calls += 1
            return torch.tensor(1.0)

    trainer = CountingTrainer()
    with mock.patch.object(timeline, broken, side_effect=RuntimeError("no CUPTI here")):
        _, loss, trace = training._traced(trainer, (None, None), torch.device("cpu"))
    assert trainer.calls == 1 and loss.item() == 1.0 and "no CUPTI here" in trace["error"]


def test_loss_tolerance_grows_with_steps_and_tokens():
    small = Variant("x", 1, 1, 8, block_size=8, batch_size=2, microbatches=1)
    large = replace(small, batch_size=32)
    assert report.loss_tolerance(small, 10, 3.0) < report.loss_tolerance(large, 10, 3.0)
    assert report.loss_tolerance(small, 20, 3.0) == pytest.approx(2 * report.loss_tolerance(small, 10, 3.0))


# -- the initial model, built once per shape and copied -------------------------------------------

def _built_fresh(setup, vocab: int):
    """What new_model promises, written out: seeded, then built."""
    from labs.common.minigpt import GPTConfig, MiniGPT
    v = setup.variant
    torch.manual_seed(setup.settings.seed)
    return MiniGPT(GPTConfig(vocab_size=vocab, block_size=v.block_size, n_layer=v.n_layer, n_head=v.n_head,
                             n_embd=v.n_embd))


def _same_weights(a, b) -> bool:
    return all(torch.equal(x, y) for x, y in zip(a.state_dict().values(), b.state_dict().values(), strict=True))


def test_every_new_model_is_a_fresh_build_and_a_copy_of_no_other():
    from types import SimpleNamespace

    from labs.distributed import training
    settings = settings_for("smoke", "cpu")
    minigpt, wide = (SimpleNamespace(variant=v, settings=settings) for v in settings.variants)
    reseeded = SimpleNamespace(variant=minigpt.variant, settings=replace(settings, seed=settings.seed + 1))
    for setup in (minigpt, wide, reseeded, minigpt, wide):   # cached or not, each as if built now
        expected = _built_fresh(setup, 11)
        drawn_after_build = torch.rand(4)
        model = training.new_model(setup, 11)
        assert _same_weights(model, expected)
        assert torch.equal(torch.rand(4), drawn_after_build)     # the generator as the build leaves it
        assert model.lm_head.weight is model.tok_emb.weight        # the tied matrix stays one tensor
        with torch.no_grad():
            model.tok_emb.weight.add_(1.0)                         # a pattern's training must not leak
    assert not _same_weights(training.new_model(minigpt, 11), training.new_model(reseeded, 11))
    assert not _same_weights(training.new_model(minigpt, 11), training.new_model(minigpt, 12))


def test_a_cpu_memory_reading_counts_one_model_whether_or_not_the_rank_built_it_before(tmp_path):
    """The CPU reading counts allocations from its start: the rank's one build must come before
    it, or the first run of a shape would hold two models (the build and its copy)."""
    import queue

    from labs.distributed import training
    from labs.distributed.patterns import Setup
    settings = replace(settings_for("smoke", "cpu"), variants=(TINY,), compiled=(), check_steps=3)
    setup = Setup(0, 1, torch.device("cpu"), settings, TINY, compiled=False)
    ctx = launch.RankContext(0, 1, "cpu", tmp_path, queue.Queue())
    generator = torch.Generator().manual_seed(0)
    batches = [(torch.randint(0, 11, (TINY.batch_size, TINY.block_size), generator=generator),) * 2
               for _ in range(settings.check_steps)]
    held = []
    for cache in ("empty", "warm"):
        if cache == "empty":
            training._PRISTINE.clear()
        _, record = training.check_run(ctx, "single", setup, batches, 11)
        held.append(record["memory"]["held_bytes"])
    model_bytes = sum(p.numel() * p.element_size() for p in training.new_model(setup, 11).parameters())
    assert held[0] > model_bytes
    assert abs(held[0] - held[1]) < model_bytes / 2    # a few bytes apart, not a second model


# -- step 0's gradients against the float64 plain model ----------------------------------------

TINY = Variant("minigpt", n_layer=1, n_head=2, n_embd=16, block_size=16, batch_size=4, microbatches=2)


def _tiny_step(scale: float = 1.0, drop: str | None = None) -> gradcheck.Verdict:
    """One process's step 0 (the plain MiniGPT in float32), its gradients scaled by `scale`."""
    from labs.common.minigpt import GPTConfig, MiniGPT

    def model():
        torch.manual_seed(0)
        return MiniGPT(GPTConfig(vocab_size=11, block_size=16, n_layer=1, n_head=2, n_embd=16))

    x, y = torch.randint(0, 11, (4, 16)), torch.randint(0, 11, (4, 16))
    ref = gradcheck.reference(model(), x, y)
    ours = model()
    if drop:   # a parameter the pattern would not hand over: must be a problem, not a pass
        ours.ln_f.register_parameter(drop, None)
    sgd = torch.optim.SGD(ours.parameters(), lr=gradcheck.SGD_LR)

    def forward_backward():
        _, loss = ours(x, y)
        (scale * loss).backward()

    record = gradcheck.compare("single", ours, sgd.step, forward_backward, ref, TINY, 1, 2.0**-23)
    return gradcheck.merge([record])


def test_float32_step_zero_passes_and_a_gradient_one_percent_off_fails():
    correct = _tiny_step()
    assert correct.passed and correct.grad_err < correct.grad_tolerance / 10
    off = _tiny_step(scale=1.01)
    assert not off.passed and off.grad_err == pytest.approx(0.01, rel=1e-3) and off.param_ratio > 1
    assert not _tiny_step(scale=2.0).passed


def test_a_tensor_no_rank_compared_is_a_problem():
    verdict = _tiny_step(drop="bias")
    assert verdict.problems == ["ln_f.bias was compared by no rank"] and not verdict.passed


def test_tensor_parallel_rows_map_back_to_the_plain_order():
    from labs.distributed.patterns import tensor_parallel
    width, heads, world = 8, 4, 2
    qkv = torch.nn.Linear(width, 3 * width)
    plain_weight, plain_bias = qkv.weight.detach().clone(), qkv.bias.detach().clone()
    tensor_parallel.interleave_qkv_by_rank(qkv, heads, world)   # the pattern's own re-laying
    rows = gradcheck.qkv_plain_rows(heads, world, width)         # the check's, from the layout
    restored = torch.empty_like(plain_weight)
    restored[rows] = qkv.weight.detach()
    assert torch.equal(restored, plain_weight) and not torch.equal(qkv.weight, plain_weight)
    restored_bias = torch.empty_like(plain_bias)
    restored_bias[rows] = qkv.bias.detach()
    assert torch.equal(restored_bias, plain_bias)


def test_tolerance_grows_with_depth_tokens_and_a_coarser_float():
    base = gradcheck.tolerance(2, 32, 256, 2.0**-23)
    assert gradcheck.tolerance(4, 32, 256, 2.0**-23) > base
    assert gradcheck.tolerance(2, 32, 1024, 2.0**-23) == pytest.approx(2 * base)
    assert gradcheck.tolerance(2, 32, 256, 2.0**-10) > 1000 * base
    assert gradcheck.tolerance(4, 256, 1024, 2.0**-23) < 1e-3   # far below a 2x (or 1.01x) gradient


class DoubledGradients(GradientJob):
    """A sum where DDP takes a mean, on 2 ranks: every gradient twice its size."""

    def after_backward(self, module) -> None:
        for parameter in module.parameters():
            parameter.grad.mul_(2)


def _gradient_verdict(tmp_path, job_class, pattern: str, world: int, fields=(), variant=None):
    from labs.distributed import data
    settings = replace(settings_for("smoke", "cpu"), variants=(variant or TINY,), compiled=())
    path, vocab = data.save_batches(settings, tmp_path / "data")
    per_rank = launch.launch(job_class(pattern, settings, str(path), vocab, fields), world=world, device="cpu",
                             work=tmp_path / "ranks", label=pattern, collective_timeout_s=60, timeout_s=300,
                             threads=1)
    return gradcheck.merge([rank[(variant or TINY).name] for rank in per_rank])


# (pattern, ranks, Setup fields, variant): DDP; FSDP2 in bf16, whose tolerance is bf16's, far
# wider than float32's; 2-D on four ranks, the four-rank part's model.
PLANTED = [("ddp", 2, (), None), ("fsdp2", 2, (("bf16", True),), None),
           ("fsdp_tp", 4, (), replace(FOUR_RANK_VARIANT, name="minigpt"))]


@pytest.mark.parametrize("pattern, world, fields, variant", PLANTED, ids=["ddp", "fsdp2_bf16", "two_d"])
def test_doubled_gradients_fail_the_labs_gradient_check(tmp_path, pattern, world, fields, variant):
    from labs.common.harness import Lab
    from labs.common.options import LabOptions
    verdict = _gradient_verdict(tmp_path, DoubledGradients, pattern, world, fields, variant)
    lab = Lab(LabOptions("distributed", "cpu", "smoke", tmp_path / "out", tmp_path / "work"))
    report.gradient(lab, f"{pattern}.minigpt", verdict)
    checks = lab.result["checks"]
    assert not checks[f"grad_match.{pattern}.minigpt"]["passed"]
    # 2 g against g: 1.0, give or take bf16's own error
    assert checks[f"grad_match.{pattern}.minigpt"]["value"] == pytest.approx(1.0, rel=0.1 if fields else 1e-3)
    assert not checks[f"sgd_step_match.{pattern}.minigpt"]["passed"]
    assert checks[f"grad_layout.{pattern}.minigpt"]["passed"]      # the mapping is right; the arithmetic is not


@pytest.mark.parametrize("pattern, world, fields, variant", PLANTED[1:], ids=["fsdp2_bf16", "two_d"])
def test_the_new_patterns_pass_the_gradient_check_unplanted(tmp_path, pattern, world, fields, variant):
    verdict = _gradient_verdict(tmp_path, GradientJob, pattern, world, fields, variant)
    assert verdict.passed and verdict.grad_err > 0      # bf16 and split sums are not bit-exact
    if fields:   # bf16: well inside its tolerance, and far outside float32's
        assert verdict.grad_err < verdict.grad_tolerance / 2
        assert verdict.grad_err > 100 * gradcheck.tolerance(TINY.n_layer, TINY.n_embd, TINY.tokens(), 2.0**-23)


def test_bf16_tolerance_is_from_bf16s_epsilon_and_still_fails_a_doubled_or_half_off_gradient():
    assert gradcheck.BF16_EPS == 2.0**-7
    for layers in (2, 4, 6):
        assert gradcheck.bf16_tolerance(layers) == pytest.approx(4 * (2 * layers + 2) / 128)
    for layers in (7, 8, 16):          # 4 (2 L + 2) / 128 reaches 0.5 at 7 layers: capped below it
        assert gradcheck.bf16_tolerance(layers) == 0.45
    for layers in range(1, 33):        # a halved gradient (0.5) and a doubled one (1.0) fail at any depth
        assert gradcheck.bf16_tolerance(layers) < 0.5


def test_checkpointing_and_bf16_predictions():
    shape = _shape(vocab_size=0)
    activation = shape.batch_size * shape.block_size * shape.n_embd * 4
    full, root = 4 * 1_000_000 + 200_000, 200_000           # 4 blocks of 1 MB, a root of 0.2 MB
    kept = predict.checkpointed_activations(shape, full, root)
    assert kept == pytest.approx(root + 4 * activation + 1_000_000)
    assert predict.checkpointed_memory(shape, full, root) == pytest.approx(16 * shape.params + kept)
    assert predict.recompute_time_ratio(shape) == pytest.approx(4 / 3)   # no head: the whole forward again
    assert 1 < predict.recompute_time_ratio(_shape(vocab_size=50_000)) < 4 / 3
    fp32 = sum(predict.predicted_payload("fsdp2", shape, 2).values())
    assert sum(predict.fsdp2_bf16_payload(shape).values()) == pytest.approx(2 / 3 * fp32)
    assert predict.fsdp2_bf16_memory(shape, 2, 1000) == pytest.approx(16 * shape.params / 2 + 500)


def test_two_d_payload_splits_activations_over_tp_and_weights_over_dp():
    shape = _shape()
    one = predict.two_d_payload(shape, 1, 4)       # no data parallelism: tensor parallelism's all-reduces
    assert one["all_reduce"] == sum(predict.predicted_payload("tensor_parallel", shape, 4).values())
    two = predict.two_d_payload(shape, 2, 2)
    assert two["all_reduce"] == pytest.approx(one["all_reduce"] / 2)   # each row trains half the batch
    block = shape.split_params_per_block / 2 + shape.block_params - shape.split_params_per_block
    assert two["reduce_scatter"] == pytest.approx(4 * (shape.n_layer * block + shape.root_params))
    assert two["all_gather"] == pytest.approx(4 * (2 * shape.n_layer * block + shape.root_params))


def test_two_d_mesh_is_checked_against_the_four_ranks_before_anything_runs():
    from labs.distributed import validate
    assert validate.two_d_problems() == []
    assert validate.two_d_problems((2, 2), 4, FOUR_RANK_VARIANT) == []
    [product] = validate.two_d_problems((2, 1), 4, FOUR_RANK_VARIANT)
    assert "needs 2 ranks" in product and "TWO_D_MESH" in product
    assert validate.two_d_problems((1, 4), 4, FOUR_RANK_VARIANT) == []          # 4 heads over 4
    heads = validate.two_d_problems((1, 4), 4, replace(FOUR_RANK_VARIANT, n_head=6, n_embd=48))
    assert heads == ["2-D: 6 heads do not split over 4 tensor-parallel ranks: change TWO_D_MESH or "
                     "FOUR_RANK_VARIANT's n_head (settings.py)"]
    batch = validate.two_d_problems((4, 1), 4, replace(FOUR_RANK_VARIANT, batch_size=6))
    assert len(batch) == 1 and "a batch of 6 does not split over 4 data-parallel ranks" in batch[0]


# -- a run that cannot work is refused before anything is measured ----------------------------

def test_rank_counts_the_patterns_cannot_split_are_refused_one_line_each():
    from labs.distributed import validate
    smoke, full = settings_for("smoke", "cpu"), settings_for("full", "cpu")
    assert validate.problems(smoke, "", "cpu", 0) == (2, [])
    assert validate.problems(full, "4", "cpu", 0) == (4, [])      # 4 heads, 4 layers, batches of 16 and 32
    world, found = validate.problems(smoke, "3", "cpu", 0)
    assert world == 3 and len(found) == 8                         # per variant: batch, heads, layers, 1F1B
    assert all("rank counts that work for every pattern: 2 (set COURSE_RANKS)" in line for line in found)
    assert any("4 attention heads do not split over 3" in line for line in found)
    assert validate.problems(smoke, "4", "cpu", 0)[1] == [
        "minigpt: 2 attention heads do not split over 4 tensor-parallel ranks; rank counts that work for every "
        "pattern: 2 (set COURSE_RANKS)",
        "minigpt: 2 layers do not make 4 equal pipeline stages; rank counts that work for every pattern: 2 "
        "(set COURSE_RANKS)",
        "minigpt: 2 micro-batches cannot keep 4 pipeline stages busy under 1F1B (it needs at least one per "
        "stage); rank counts that work for every pattern: 2 (set COURSE_RANKS)",
        "wide: 2 layers do not make 4 equal pipeline stages; rank counts that work for every pattern: 2 "
        "(set COURSE_RANKS)",
        "wide: 2 micro-batches cannot keep 4 pipeline stages busy under 1F1B (it needs at least one per "
        "stage); rank counts that work for every pattern: 2 (set COURSE_RANKS)"]
    for text in ("2.5", "two", "0", "-2"):
        world, found = validate.problems(smoke, text, "cpu", 0)
        assert world is None and len(found) == 1 and repr(text) in found[0] and "one of 2" in found[0]
    assert validate.problems(smoke, " 2 ", "cpu", 0) == (2, [])   # a stray space is not a problem
    assert validate.problems(smoke, "1", "cpu", 0) == (1, [])     # one rank: the parts skip, and say why


def test_gpu_counts_and_micro_batches_are_checked_too():
    from labs.distributed import validate
    smoke = settings_for("smoke", "cuda")
    assert "no GPU is visible" in validate.problems(smoke, "", "cuda", 0)[1][0]
    assert validate.problems(smoke, "", "cuda", 2) == (2, [])
    assert validate.problems(smoke, "4", "cuda", 2)[1][0].startswith("COURSE_RANKS=4 asks for 4 GPU ranks, but 2")
    odd = replace(smoke, variants=(replace(smoke.variants[0], microbatches=3),))
    assert any("does not split into 3 micro-batches" in line for line in validate.problems(odd, "2", "cpu", 0)[1])


def test_three_ranks_are_refused_in_seconds_without_a_traceback(tmp_path):
    import os
    import subprocess
    import sys
    env = os.environ | {"COURSE_RANKS": "3", "COURSE_WORK_DIR": str(tmp_path / "work")}
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "labs.distributed", "--device", "cpu", "--preset", "smoke",
                           "--out", str(tmp_path / "out")], env=env, capture_output=True, text=True, timeout=120)
    elapsed = time.monotonic() - started
    assert proc.returncode == 2 and "Traceback" not in proc.stderr + proc.stdout
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 8 and all(line.startswith("distributed: refused: ") for line in lines)
    assert not (tmp_path / "out" / "manifest.json").exists()      # nothing measured, nothing written
    assert elapsed < 60     # importing torch on a busy machine; the old run took about 218 s to fail


def test_a_failed_run_says_what_failed_and_picks_nothing():
    from labs.distributed import run_report
    result = {"parts": {"single": {"status": "ok"}, "ddp": {"status": "failed", "reason": "RankFailure: rank 1 died"},
                        "fsdp2": {"status": "skipped", "reason": "needs part single"}},
              "checks": {"loss_match.tensor_parallel.wide": {"value": 0.5, "op": "<=", "threshold": 0.01,
                                                             "passed": False},
                         "loss_match.pipeline.wide": {"value": 0.0, "op": "<=", "threshold": 0.01, "passed": True}}}
    failures = pick.run_failures(result)
    assert failures == ["part ddp failed (RankFailure: rank 1 died)",
                        "check loss_match.tensor_parallel.wide failed (0.5 <= 0.01 is false)"]
    assert pick.run_failures({"parts": {"ddp": {"status": "skipped"}}, "checks": {}}) == []   # a skip is no failure
    sentences = {lang: pick.no_conclusion(failures, lang) for lang in ("en", "es")}
    for lang, words in (("en", ("This run failed", "draws no conclusion")), ("es", ("Esta ejecución falló", "no saca"))):
        text = run_report.render(lang, device="CPU", world=2, backend="gloo", threads=1, preset="smoke",
                                 settings=settings_for("smoke", "cpu"), results={}, prediction_rows=[],
                                 sentences={"minigpt": sentences[lang]}, failures=failures)
        assert all(word in text for word in words) and "- part ddp failed (RankFailure: rank 1 died)" in text
        assert "measurably faster" not in text and "de forma medible" not in text and "I would pick" not in text


# -- a rank killed mid-step --------------------------------------------------------------------

@pytest.mark.slow   # launches two ranks
def test_a_rank_killed_mid_step_fails_the_launch_fast_and_names_it(tmp_path):
    from labs.distributed import data
    from labs.distributed.worker import PatternJob
    tiny = Variant("minigpt", n_layer=1, n_head=2, n_embd=16, block_size=16, batch_size=4, microbatches=2)
    settings = replace(settings_for("smoke", "cpu"), variants=(tiny,), compiled=())
    path, vocab = data.save_batches(settings, tmp_path / "data")
    job = PatternJob("ddp", settings, str(path), vocab, kill=(1, 2))
    started = time.monotonic()
    with pytest.raises(launch.RankFailure) as failure:
        # A collective timeout far beyond the test's bound: only the parent's watch can be this fast.
        launch.launch(job, world=2, device="cpu", work=tmp_path / "ranks", label="ddp", collective_timeout_s=300,
                      timeout_s=300, threads=1)
    elapsed = time.monotonic() - started
    assert failure.value.rank == 1
    assert "rank 1 exited with exit code 1 while running ddp" in str(failure.value)
    assert "step 3: killed on purpose" in str(failure.value)
    assert failure.value.detected_after_s is not None and failure.value.detected_after_s < 5
    assert elapsed < 120   # process start-up on a busy machine included; never the 300 s timeout


# -- the smoke run -----------------------------------------------------------------------------

def test_smoke_run_passes_its_checks(lab_smoke):
    run = lab_smoke(LAB)
    failed = {k: c for k, c in run.manifest["checks"].items() if not c["passed"]}
    assert not failed, failed
    parts = run.manifest["parts"]
    assert all(p["status"] == "ok" for p in parts.values()), {k: p.get("reason") for k, p in parts.items()}
    assert run.metric("world_size") == 2 and run.metric("backend") == "gloo"
    checks = run.manifest["checks"]
    for pattern in ("ddp", "fsdp2", "tensor_parallel", "pipeline"):
        for variant in ("minigpt", "wide"):
            assert f"loss_match.{pattern}.{variant}" in checks
            assert f"comm_prediction.{pattern}.{variant}" in checks
            assert run.metric(f"{pattern}.{variant}.sent_vs_ring") > 0.99   # gloo's sockets: never less than a ring
    # every compiled run has its gradients checked like an eager one, not its loss alone
    compiled = [key.removeprefix("loss_match_compiled.") for key in checks if key.startswith("loss_match_compiled.")]
    assert compiled and all(f"grad_match.{key}.compiled" in checks for key in compiled), compiled
    for variant in ("minigpt", "wide"):   # 1F1B beside GPipe: the same checks
        assert {f"loss_match_1f1b.pipeline.{variant}", f"grad_match.pipeline.{variant}.1f1b"} <= set(checks)
        assert run.metric(f"pipeline.{variant}.1f1b.vs_gpipe") in ("faster", "slower", "same")
    for key in [f"{p}.{v}" for p in ("single", "ddp", "fsdp2", "tensor_parallel", "pipeline")
                for v in ("minigpt", "wide")] + ["ddp.four_ranks", "fsdp2.four_ranks", "tensor_parallel.four_ranks"]:
        assert {f"grad_match.{key}", f"sgd_step_match.{key}", f"grad_layout.{key}"} <= set(checks), key
    refusal = [row["problem"] for row in run.table("refusal_three_ranks")]   # the page quotes these lines
    assert len(refusal) == 8 and all("rank counts that work for every pattern: 2" in line for line in refusal)
    from course.results import validate_manifest
    validate_manifest(run.manifest, "distributed smoke")   # what the site will read: the schema's limits hold
    # Four gloo ranks: an all-reduce sends a ring's 1.5x its payload, not send-once's 1x.
    assert run.metric("four_ranks.all_reduce.sent_vs_payload") == pytest.approx(1.5, rel=0.02)
    assert run.metric("four_ranks.ddp.sent_vs_send_once") == pytest.approx(1.5, rel=0.05)
    assert run.metric("tensor_parallel.naive_failed") == "yes"
    assert "mixed torch.Tensor and DTensor" in run.metric("tensor_parallel.naive_error")
    assert run.metric("ddp.minigpt.compiled.graphs") >= 1
    assert run.metric("pick.minigpt") in ("single", "ddp", "fsdp2", "tensor_parallel", "pipeline")
    assert (run.out / "DISTRIBUTED_RUN.md").is_file() and (run.out / "DISTRIBUTED_RUN.es.md").is_file()


# Compiled patterns go through the same gradient check as eager ones (step 0 against float64,
# then one SGD step): a doubled gradient fails it, an unplanted compiled run passes it.
COMPILED = [("ddp", 2, (("compiled", True),), None), ("pipeline", 2, (("compiled", True),), replace(TINY, n_layer=2))]


@pytest.mark.parametrize("pattern, world, fields, variant", COMPILED, ids=["ddp", "pipeline"])
def test_compiled_patterns_fail_the_gradient_check_with_doubled_gradients(tmp_path, pattern, world, fields, variant):
    assert _gradient_verdict(tmp_path, DoubledGradients, pattern, world, fields, variant).grad_err \
        == pytest.approx(1.0, rel=1e-3)


@pytest.mark.parametrize("pattern, world, fields, variant", COMPILED, ids=["ddp", "pipeline"])
def test_compiled_patterns_pass_the_gradient_check(tmp_path, pattern, world, fields, variant):
    verdict = _gradient_verdict(tmp_path, GradientJob, pattern, world, fields, variant)
    assert verdict.passed and not verdict.problems
