"""The capstone: mlopt's passes and CLI, memfuse's analysis and backend, llm_bench's metrics,
and a smoke run of the whole lab. Each test fails if what it guards breaks."""

from __future__ import annotations

import json

import pytest
import torch
import torch.nn as nn
from torch.fx import symbolic_trace

from labs.capstone.llm_bench import compile_events, runner
from labs.capstone.llm_bench.backends import StreamingBackend, floats_as_constants
from labs.capstone.llm_bench.base import GenerationConfig, GenerationResult
from labs.capstone.llm_bench.metrics import TokenTimes, percentile, summarize
from labs.capstone.llm_bench.models import LoadedModel
from labs.capstone.memfuse import bench, grouping, liveness, pitfalls, tiles
from labs.capstone.memfuse.backend import REFUSAL, MemfuseBackend
from labs.capstone.memfuse.ops import FUSED_OP
from labs.capstone.memory import MemoryPeak
from labs.capstone.mlopt import cli
from labs.capstone.mlopt.capture import CaptureError, capture_export, capture_fx
from labs.capstone.mlopt.dce import DeadCodePass
from labs.capstone.mlopt.fold import ConvBatchNormFoldPass
from labs.capstone.mlopt.fusion import FUSED_CLASS, FusionPass
from labs.capstone.mlopt.models import chain_mlp
from labs.capstone.mlopt.pipeline import build_pipeline
from labs.capstone.parts_mlopt import BranchOnData
from labs.common import minigpt

LAB = "capstone"


def ops(gm) -> int:
    return sum(1 for n in gm.graph.nodes if n.op in ("call_function", "call_method", "call_module"))


# -- mlopt: fusion (the seed's three tests, then its edge cases) --------------------------------

class TwoLayerMLP(nn.Module):
    def forward(self, x):
        x = torch.relu(x)
        return torch.sigmoid(x)


def test_fusion_finds_chain():
    analysis = FusionPass().analyze(symbolic_trace(TwoLayerMLP()))
    assert analysis["num_fusible_groups"] == 1 and analysis["total_fusible_ops"] == 2


def test_fusion_preserves_output():
    model = TwoLayerMLP()
    fused = FusionPass().apply(symbolic_trace(model))
    x = torch.randn(4, 16)
    assert torch.allclose(model(x), fused(x), atol=1e-6)


def test_fusion_reduces_node_count():
    gm = symbolic_trace(TwoLayerMLP())
    before = ops(gm)
    assert ops(FusionPass().apply(gm)) == before - 1


class Identity(nn.Module):
    def forward(self, x):
        return x


class SingleOp(nn.Module):
    def forward(self, x):
        return torch.relu(x)


@pytest.mark.parametrize("model", [Identity(), SingleOp()], ids=["empty_graph", "single_op"])
def test_fusion_leaves_graphs_without_chains_alone(model):
    gm = symbolic_trace(model)
    code = gm.code
    assert FusionPass().analyze(gm)["num_fusible_groups"] == 0
    assert FusionPass().apply(gm).code == code


def test_fusion_of_an_already_fused_graph_changes_nothing():
    gm = FusionPass().apply(symbolic_trace(TwoLayerMLP()))
    code = gm.code
    assert FusionPass().analyze(gm)["num_fusible_groups"] == 0
    assert FusionPass().apply(gm).code == code


def test_fused_node_keeps_every_input_and_keyword():
    """torch.add(h, x, alpha=0.5) -> sigmoid -> * 2: the fused node must read h *and* x, and
    the sub-graph must keep alpha; the seed's rewrite (args[0] only) fails both."""
    model = chain_mlp()
    gm = FusionPass().apply(symbolic_trace(model))
    fused = [n for n in gm.graph.nodes if n.op == "call_module" and type(gm.get_submodule(n.target)).__name__ == FUSED_CLASS]
    chain = next(n for n in fused if "add" in gm.get_submodule(n.target).fused_ops)
    assert len(chain.args) == 2
    add = next(n for n in gm.get_submodule(chain.target).graph.nodes if n.target is torch.add)
    assert add.kwargs == {"alpha": 0.5}
    x = torch.randn(3, 64)
    with torch.no_grad():
        assert torch.equal(gm(x), model(x))


def test_fusion_does_not_treat_size_arithmetic_as_a_tensor_chain():
    class Sizes(nn.Module):
        def forward(self, x):
            return x.view(x.size(0) * 2, -1)
    assert FusionPass().analyze(symbolic_trace(Sizes()))["num_fusible_groups"] == 0


# -- mlopt: folding and dead code ---------------------------------------------------------------

def conv_bn(training: bool = False) -> nn.Sequential:
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(3, 8, 3, bias=True), nn.BatchNorm2d(8), nn.ReLU())
    with torch.no_grad():
        bn = model[1]
        bn.running_mean.uniform_(-1, 1), bn.running_var.uniform_(0.5, 2)
        bn.weight.uniform_(0.5, 1.5), bn.bias.uniform_(-1, 1)
    return model.train(training)


def test_fold_matches_conv_then_batch_norm():
    model = conv_bn()
    gm = ConvBatchNormFoldPass().apply(symbolic_trace(model))
    assert not any(isinstance(m, nn.BatchNorm2d) for m in gm.modules())
    x = torch.randn(2, 3, 16, 16)
    with torch.no_grad():
        assert (gm(x) - model(x)).abs().max().item() <= 1e-5 * model(x).abs().max().item()


class WritesAnInputOthersRead(nn.Module):
    """The chain mul → relu → sigmoid → add would move past x.add_(1), which changes what x is."""
    def forward(self, x, y):
        a = x * 2
        x.add_(1)
        b = torch.relu(a)
        return torch.sigmoid(b) + x.mul_(y)


class WritesItsOwnIntermediate(nn.Module):
    def forward(self, x):
        return (x + 1).relu_().sigmoid()


class WritesAnInputAtTheHead(nn.Module):
    def forward(self, x):
        y = x.mul_(2).relu()
        return y + x


@pytest.mark.parametrize(("model", "groups", "refusals"), [
    (WritesAnInputOthersRead(), 0, 3), (WritesItsOwnIntermediate(), 1, 0), (WritesAnInputAtTheHead(), 1, 1)],
    ids=["in_place_between", "in_place_private", "in_place_head"])
def test_fusion_refuses_in_place_writes_others_can_see_and_matches_eager(model, groups, refusals):
    analysis = FusionPass().analyze(symbolic_trace(model))
    assert analysis["num_fusible_groups"] == groups and len(analysis["refused"]) == refusals
    assert all("in place" in reason for reason in analysis["refused"])
    inputs = [torch.randn(4, 8, generator=torch.Generator().manual_seed(i)) for i in range(2)]
    inputs = inputs[:len(list(symbolic_trace(model).graph.find_nodes(op="placeholder")))]
    expected = model(*[t.clone() for t in inputs])
    fused = FusionPass().apply(symbolic_trace(model))
    assert torch.allclose(fused(*[t.clone() for t in inputs]), expected, atol=1e-6)


def _bn_after(conv: nn.Module, channels: int, affine: bool) -> nn.Module:
    norm = (nn.BatchNorm1d, nn.BatchNorm2d)[conv.weight.dim() - 3](channels, affine=affine)
    generator = torch.Generator().manual_seed(channels)
    with torch.no_grad():
        norm.running_mean.copy_(torch.rand(channels, generator=generator) - 0.5)
        norm.running_var.copy_(0.5 + torch.rand(channels, generator=generator))
        if affine:
            norm.weight.copy_(0.5 + torch.rand(channels, generator=generator))
            norm.bias.copy_(torch.rand(channels, generator=generator) - 0.5)
    return nn.Sequential(conv, norm).eval()


@pytest.mark.parametrize("affine", [True, False], ids=["affine", "not_affine"])
@pytest.mark.parametrize("conv", [
    lambda: nn.ConvTranspose2d(4, 6, 3, stride=2), lambda: nn.ConvTranspose2d(4, 6, 3, groups=2, bias=False),
    lambda: nn.ConvTranspose1d(4, 6, 3), lambda: nn.Conv2d(4, 6, 3, groups=2)],
    ids=["transposed", "transposed_grouped", "transposed_1d", "grouped"])
def test_fold_handles_transposed_convs_and_batch_norm_without_affine(conv, affine):
    torch.manual_seed(0)
    model = _bn_after(conv(), 6, affine)
    x = torch.randn(2, 4, 5, 5) if model[0].weight.dim() == 4 else torch.randn(2, 4, 7)
    folded = ConvBatchNormFoldPass().apply(symbolic_trace(model))
    assert not any(isinstance(m, nn.modules.batchnorm._BatchNorm) for m in folded.modules())
    assert torch.allclose(folded(x), model(x), atol=1e-5)


def test_fold_refuses_training_mode_and_shared_outputs():
    gm = symbolic_trace(conv_bn(training=True))
    analysis = ConvBatchNormFoldPass().analyze(gm)
    assert analysis["num_foldable_pairs"] == 0 and "training mode" in analysis["refused"][0]

    class Shared(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv, self.bn = nn.Conv2d(3, 3, 1), nn.BatchNorm2d(3)

        def forward(self, x):
            y = self.conv(x)
            return self.bn(y) + y
    analysis = ConvBatchNormFoldPass().analyze(symbolic_trace(Shared().eval()))
    assert analysis["num_foldable_pairs"] == 0 and "used elsewhere" in analysis["refused"][0]


def test_dce_removes_a_dead_chain_and_keeps_in_place_writes():
    class Dead(nn.Module):
        def forward(self, x):
            unused = torch.relu(x * 2)   # noqa: F841 - dead: two nodes
            x.add_(1)                    # no user, but it writes into x
            return x + 1
    gm = symbolic_trace(Dead())
    assert DeadCodePass().analyze(gm)["num_dead_nodes"] == 2
    gm = DeadCodePass().apply(gm)
    assert [n.target for n in gm.graph.nodes if n.op != "placeholder" and n.op != "output"] == \
        ["add_", next(n.target for n in gm.graph.nodes if n.name == "add")]
    assert torch.equal(gm(torch.zeros(2)), torch.full((2,), 2.0))


def test_build_pipeline_names_the_passes_it_knows():
    with pytest.raises(ValueError, match="choose from fusion, fold, dce"):
        build_pipeline(["fusion", "quantization"])


# -- mlopt: capture -----------------------------------------------------------------------------

def test_capture_failure_names_the_node_and_the_line():
    with pytest.raises(CaptureError) as fx_error:
        capture_fx(BranchOnData(), torch.randn(4))
    assert "'gt'" in str(fx_error.value) and "x.sum() > 0" in str(fx_error.value)
    with pytest.raises(CaptureError, match=r"torch\.cond") as export_error:
        capture_export(BranchOnData(), torch.randn(4))
    assert "x.sum() > 0" in str(export_error.value)


# -- mlopt: the command line --------------------------------------------------------------------

def run_cli(capsys, *arguments):
    code = cli.run(list(arguments))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("arguments, expected", [
    (["resnet19"], "unknown model 'resnet19'"),
    (["resnet18", "--input-shape", "1,x,224,224"], "such as 1,3,224,224"),
    (["chain_mlp", "--input-shape", "2,3"], "check --input-shape"),
    (["chain_mlp", "--input-shape", "2,64", "--passes", "fusion,quantize"], "choose from"),
])
def test_cli_errors_are_one_line_that_says_what_to_do(capsys, arguments, expected):
    code, _, err = run_cli(capsys, *arguments, "--budget-s", "0")
    assert code == 2 and len(err.strip().splitlines()) == 1 and err.startswith("mlopt: error: ")
    assert expected in err


def test_cli_writes_a_verified_report(capsys, tmp_path):
    report = tmp_path / "out.json"
    code, out, _ = run_cli(capsys, "chain_mlp", "--input-shape", "4,64", "--passes", "fold,fusion,dce",
                           "--budget-s", "0.05", "--report", str(report))
    assert code == 0 and "verification" in out
    data = json.loads(report.read_text())
    assert data["passes_applied"] == ["fold", "fusion", "dce"]
    assert data["verification"]["passed"] and data["verification"]["relative_error"] <= data["verification"]["tolerance"]
    assert data["nodes_after"] < data["nodes_before"]
    assert [p["name"] for p in data["pass_reports"]] == ["fold", "fusion", "dce"]
    assert data["pass_reports"][1]["analysis"]["num_fusible_groups"] >= 1
    assert data["timing"]["eager_ms"] > 0 and data["timing"]["verdict"] in {"faster", "slower", "same"}


def test_cli_loads_weights_only_as_a_state_dict(capsys, tmp_path):
    model = chain_mlp(seed=1)
    state, pickled = tmp_path / "state.pt", tmp_path / "model.pt"
    torch.save(model.state_dict(), state)
    torch.save(model, pickled)                     # a whole pickled model: code, not tensors
    assert run_cli(capsys, "chain_mlp", "--input-shape", "2,64", "--weights", str(state), "--budget-s", "0")[0] == 0
    code, _, err = run_cli(capsys, "chain_mlp", "--input-shape", "2,64", "--weights", str(pickled), "--budget-s", "0")
    assert code == 2 and "weights_only=True" in err and len(err.strip().splitlines()) == 1


# -- memfuse: liveness, grouping, the backend ---------------------------------------------------

def test_liveness_of_a_hand_built_graph_with_known_peak():
    """AliasingGraph on a 256 x 1024 float32 input (1 MiB tensors): `big`, `y` and `z` are alive
    together (`big` through its view), 3 MiB; the naive analysis frees `big` early and counts
    the in-place add as a new tensor: 2 MiB plus the 4 KiB view."""
    gm = symbolic_trace(pitfalls.AliasingGraph())
    liveness.propagate(gm, torch.randn(256, 1024))
    mib = 2**20
    aware = liveness.estimate_peak_memory(gm)
    naive = liveness.estimate_peak_memory(gm, alias_aware=False)
    assert (aware.peak_bytes, aware.peak_node) == (3 * mib, "mul_1")
    assert naive.peak_bytes == 2 * mib + 4096
    assert aware.input_bytes == mib


def test_liveness_needs_example_values():
    with pytest.raises(ValueError, match="propagate"):
        liveness.estimate_peak_memory(symbolic_trace(TwoLayerMLP()))


def test_backend_fuses_linear_gelu_only_when_the_linear_has_no_other_user():
    class Residual(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(16, 16)

        def forward(self, x):
            h = self.fc(x)
            return torch.nn.functional.gelu(h) + h     # the pre-activation is read twice
    for model, fused in ((pitfalls.MLPBlock(16).eval(), 1), (Residual().eval(), 0)):
        torch._dynamo.reset()
        backend = MemfuseBackend(fallback="eager")
        x = torch.randn(8, 16)
        with torch.no_grad():
            assert torch.allclose(torch.compile(model, backend=backend)(x), model(x), atol=1e-6)
        record = backend.records[0]
        assert sum(g.kind == "linear_gelu" for g in record.groups) == fused
        assert record.dispatch[:fused] == ["aten: linear + gelu"] * fused
        if fused:
            assert record.after.peak_bytes < record.before.peak_bytes


def test_rewrite_puts_the_fused_operator_in_the_graph():
    torch._dynamo.reset()
    graphs = []

    def keep(gm, example_inputs):
        grouping.fuse_linear_gelu(gm)
        graphs.append(gm)
        return gm.forward
    with torch.no_grad():
        torch.compile(pitfalls.MLPBlock(16).eval(), backend=keep)(torch.randn(4, 16))
    targets = [n.target for n in graphs[0].graph.nodes]
    assert FUSED_OP in targets and torch.nn.functional.gelu not in targets


def test_backend_refuses_training_graphs_with_a_clear_message():
    torch._dynamo.reset()
    model = pitfalls.MLPBlock(16).train()
    with pytest.raises(Exception, match=REFUSAL) as error:
        torch.compile(model, backend=MemfuseBackend(fallback="eager"))(torch.randn(4, 16))
    assert "torch.no_grad()" in str(error.value)


def test_recompiles_are_reported_with_their_guard():
    block = pitfalls.MLPBlock(16).eval()
    static = pitfalls.guard_run(block, "static", (8, 4, 8, 12), 16, "cpu")
    marked = pitfalls.guard_run(block, "mark_dynamic", (8, 4, 8, 12), 16, "cpu")
    assert static.compiles == 3 and len(static.reasons) == 2
    assert "size mismatch at index 0. expected 8, actual 4" in static.reasons[0]
    assert marked.compiles == 1 and marked.reasons == []


def _restarts_of_a_dynamic_compile(wrap) -> int:
    """Restarts while a dynamic=True compile of a LayerNorm (its eps is a Python float) runs
    inside `wrap`; aot_eager: the restart comes before any kernel is written."""
    torch._dynamo.reset()
    norm = nn.LayerNorm(8)
    compiled = torch.compile(lambda x: norm(x), dynamic=True, backend="aot_eager")
    before = compile_events.restarts()
    wrap(lambda: compiled(torch.randn(3, 8)))()
    restarts = compile_events.restarts() - before
    torch._dynamo.reset()     # what the restart taught Dynamo stays out of later tests
    return restarts


def test_serving_parts_compile_each_step_once():
    # the near miss first: the same compile without the patch restarts, and the counter sees it
    assert _restarts_of_a_dynamic_compile(lambda run: run) == 1
    assert _restarts_of_a_dynamic_compile(floats_as_constants) == 0


def test_tile_rules():
    assert tiles.problems(tiles.Tile(64, 64, 32, 4, 3), 2) == []
    assert "power of two" in tiles.problems(tiles.Tile(96, 64, 32, 4, 3), 2)[0]
    assert "below 16" in tiles.problems(tiles.Tile(64, 64, 8, 4, 3), 2)[0]
    assert "shared memory" in tiles.problems(tiles.Tile(256, 256, 128, 8, 4), 2)[0]
    assert all(not tiles.problems(t, 2) for t in tiles.CANDIDATES)
    assert all(tiles.problems(t, 2) for t in tiles.REJECTED_EXAMPLES)


def _case(rows: int, dtype: str, ratio_default: float, ratio_max: float | None) -> bench.CaseResult:
    def stats(seconds):
        return bench.measure.Stats(seconds, seconds, seconds, seconds, seconds, 5, "device")
    return bench.CaseResult(rows, dtype, "cuda", memfuse=stats(1.0), default=stats(ratio_default),
                            max_autotune=stats(ratio_max) if ratio_max else None, error=0.0, tolerance=1.0,
                            default_strategy="", max_strategy=None, compile_s={})


def test_target_summary_reads_every_row():
    mixed = [_case(512, "float16", 1.2, 0.8), _case(2048, "float16", 0.95, 0.85), _case(8192, "bfloat16", 1.0, 1.1)]
    default = bench.target_summary(mixed, "default")
    assert (default["met"], default["cases"], default["verdict"]) == (3, 3, "met")
    tuned = bench.target_summary(mixed, "max_autotune")
    assert (tuned["met"], tuned["verdict"], tuned["worst_case"]) == (1, "missed", "M=512 float16")
    assert tuned["worst_ratio"] == pytest.approx(0.8) and tuned["shortfall"] == pytest.approx(0.1)
    cpu = [_case(64, "float32", 1.0, None)]
    assert bench.target_summary(cpu, "max_autotune")["verdict"] == "not_measured"


def test_gpt2_summary_reads_every_measured_row(tmp_path):
    from labs.capstone.parts_llm import GPT2_COLUMNS, record_gpt2_summary
    from labs.common.harness import Lab
    from labs.common.options import LabOptions
    lab = Lab(LabOptions("capstone", "cuda", "full", tmp_path, tmp_path))

    def row(backend, workload, measured, ttft, seed_ttft, tpot, share):
        values = dict.fromkeys(GPT2_COLUMNS)
        values.update(backend=backend, workload=workload, measured=measured, ttft_p50_ms=ttft,
                      seed_ttft_ms=seed_ttft, tpot_p50_ms=tpot, copy_share=share, achieved_gbs=share)
        return [values[c] for c in GPT2_COLUMNS]
    rows = [row("eager", "chat_short", "yes", 10.0, 8.0, 6.0, 20.0),
            row("eager", "summarize", "yes", 40.0, 10.0, 6.5, 18.0),
            row("static_kv", "chat_short", "yes", 9.0, 2.0, 1.5, 70.0),
            row("static_kv", "summarize", "yes", 30.0, 6.0, 2.6, 65.0),
            row("compile_default", "summarize", "no", None, None, None, None)]
    for r in rows[:4]:
        r[GPT2_COLUMNS.index("timed_compiles")], r[GPT2_COLUMNS.index("timed_graphs")] = 0, 0
    rows[2][GPT2_COLUMNS.index("timed_graphs")] = 3      # a capture inside the timed window
    record_gpt2_summary(lab, rows)
    metric = lambda key: lab.result["metrics"][key]["value"]
    assert (metric("gpt2.cells"), metric("gpt2.unmeasured_cells")) == (4, 1)
    assert metric("gpt2.timed_compile_events") == 3
    assert (metric("gpt2.best_share_backend"), metric("gpt2.best_share_workload")) == ("static_kv", "chat_short")
    assert metric("gpt2.static_over_eager_tpot") == pytest.approx(6.5 / 2.6)   # the smaller of 4 and 2.5
    assert (metric("gpt2.seed_ttft_low"), metric("gpt2.seed_ttft_high")) == (pytest.approx(0.2), pytest.approx(0.8))


# -- llm_bench: metrics from per-token timestamps -----------------------------------------------

def test_ttft_and_tpot_come_from_the_token_timestamps():
    times = TokenTimes(start=0.0, stamps=(0.250, 0.260, 0.270, 0.280))
    assert times.ttft_s == pytest.approx(0.250) and times.tpot_s == pytest.approx(0.010)
    assert times.e2e_s == pytest.approx(0.280)
    assert times.e2e_s / 4 != pytest.approx(times.ttft_s)  # the seed's e2e / n is not TTFT
    assert TokenTimes(0.0, (0.5,)).tpot_s is None
    with pytest.raises(ValueError):
        TokenTimes(1.0, (0.5,))


def test_summary_percentiles_and_throughput():
    runs = [TokenTimes(0.0, (0.1, 0.2)), TokenTimes(0.0, (0.3, 0.4))]
    summary = summarize(runs)
    assert summary.ttft_p50_ms == pytest.approx(200) and summary.e2e_p50_ms == pytest.approx(300)
    assert summary.throughput_tok_s == pytest.approx(4 / 0.6)
    assert percentile([1, 2, 3, 4], 50) == 2.5
    assert (summary.itl_n, summary.itl_p50_ms) == (2, pytest.approx(100))


@pytest.mark.parametrize(("generations", "has_p95", "has_itl_p99"), [(2, False, False), (19, False, False),
                                                                     (20, True, False), (50, True, True)])
def test_a_percentile_is_published_only_with_enough_samples(generations, has_p95, has_itl_p99):
    # each generation: 3 tokens, so 2 inter-token gaps; the 99th of ITL needs 100 gaps
    runs = [TokenTimes(0.0, (0.01 * (i + 1), 0.01 * (i + 1) + 0.002, 0.01 * (i + 1) + 0.004))
            for i in range(generations)]
    summary = summarize(runs)
    assert (summary.ttft_p95_ms is not None, summary.e2e_p95_ms is not None) == (has_p95, has_p95)
    assert (summary.itl_p99_ms is not None) == has_itl_p99 and summary.itl_n == 2 * generations
    assert summary.generations == generations and summary.ttft_p50_ms is not None
    if has_p95:
        assert summary.ttft_p95_ms == pytest.approx(percentile([0.01e3 * (i + 1) for i in range(generations)], 95))


def test_a_sweep_budget_too_small_for_every_cell_is_refused_with_the_smallest_that_works():
    import dataclasses

    from labs.capstone.settings import MIN_CELL_S, gpt2_cell_budget_s, settings_for
    full = settings_for("full", "cuda")
    cells = len(full.gpt2_backends) * len(full.gpt2_workloads)
    assert cells == 16 and gpt2_cell_budget_s(full) == pytest.approx(full.llm_budget_s / 16)
    enough = dataclasses.replace(full, llm_budget_s=cells * MIN_CELL_S)
    assert gpt2_cell_budget_s(enough) == pytest.approx(MIN_CELL_S)
    with pytest.raises(ValueError, match=rf"at least {cells * MIN_CELL_S:g} s") as refused:
        gpt2_cell_budget_s(dataclasses.replace(full, llm_budget_s=cells * MIN_CELL_S * 0.99))
    assert "\n" not in str(refused.value)
    for preset in ("smoke", "full"):
        for device in ("cpu", "cuda"):
            gpt2_cell_budget_s(settings_for(preset, device))   # every preset measures every cell


def test_a_failing_gpt2_cell_is_a_row_with_its_reason(tmp_path, monkeypatch):
    import dataclasses

    from labs.capstone import parts_llm
    from labs.capstone.settings import settings_for
    from labs.common.harness import Lab
    from labs.common.options import LabOptions
    lab = Lab(LabOptions("capstone", "cpu", "smoke", tmp_path, tmp_path))
    settings = dataclasses.replace(settings_for("smoke", "cpu"), gpt2_workloads=("chat_short", "summarize"),
                                   llm_budget_s=0.4, gpt2_token_scale=0.05)
    real = parts_llm.run_cell

    def out_of_memory_on_summarize(backend, workload, *args, **kwargs):
        if workload == "summarize":
            raise torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 2.00 GiB\nmore detail")
        return real(backend, workload, *args, **kwargs)
    monkeypatch.setattr(parts_llm, "run_cell", out_of_memory_on_summarize)
    with pytest.raises(RuntimeError, match="gpt2_every_cell_measured"):
        parts_llm.part_llm_gpt2(lab, settings, None, deadline=float("inf"))
    table = lab.result["tables"]["llm_gpt2"]
    rows = [dict(zip(table["columns"], r)) for r in table["rows"]]
    assert [(r["workload"], r["measured"]) for r in rows] == [("chat_short", "yes"), ("summarize", "no")]
    assert rows[1]["reason"] == "OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"
    assert rows[0]["reason"] == "" and rows[0]["timed_compiles"] == 0



def test_a_sweep_whose_every_cell_fails_records_every_reason(tmp_path, monkeypatch):
    from labs.capstone import parts_llm
    from labs.capstone.settings import settings_for
    from labs.common.harness import Lab
    from labs.common.options import LabOptions
    lab = Lab(LabOptions("capstone", "cpu", "smoke", tmp_path, tmp_path))

    def capture_fails(*_args, **_kwargs):
        raise RuntimeError("CUDA graph capture failed")
    monkeypatch.setattr(parts_llm, "run_cell", capture_fails)
    with pytest.raises(RuntimeError, match="gpt2_every_cell_measured"):
        parts_llm.part_llm_gpt2(lab, settings_for("smoke", "cpu"), None, deadline=float("inf"))
    table = lab.result["tables"]["llm_gpt2"]
    assert [r[table["columns"].index("reason")] for r in table["rows"]] == ["RuntimeError: CUDA graph capture failed"]
    assert lab.result["metrics"]["gpt2.cells"]["value"] == 0


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


class FakeBackend(StreamingBackend):
    """A backend whose prefill takes 50 ms and each decode step 10 ms of a fake clock."""

    def name(self):
        return "fake"

    def _prefill(self, ids):
        self.clock.now += 0.050
        return torch.tensor([[7]]), 0

    def _decode(self, token, state):
        self.clock.now += 0.010
        return torch.tensor([[7 if state < 2 else 3]]), state + 1


def test_streaming_loop_stamps_each_token_when_it_arrives():
    config = minigpt.GPTConfig(vocab_size=10, block_size=32, n_layer=1, n_head=1, n_embd=4)
    backend = FakeBackend(clock=FakeClock())
    backend.loaded = LoadedModel("fake", minigpt.MiniGPT(config), torch.float32)
    result = backend.generate([1, 2, 3], GenerationConfig(max_new_tokens=10, stop_token=3))
    assert result.token_ids == [7, 7, 7, 3] and result.output_tokens == 4
    assert result.ttft_ms == pytest.approx(50) and result.tpot_ms == pytest.approx(10)
    assert result.e2e_ms == pytest.approx(80)
    with pytest.raises(ValueError, match="exceed"):
        backend.generate([1] * 30, GenerationConfig(max_new_tokens=5))


class EchoBackend:
    """Generates each prompt back, on a device it only claims: what run_cell sees of a backend."""

    def __init__(self, device):
        self.device = device

    def name(self):
        return "echo"

    def uses_cuda_graphs(self):
        return False

    def generate(self, prompt, config):
        return GenerationResult(prompt, 1, [0], TokenTimes(0.0, (0.001,)))


@pytest.mark.parametrize("device", ["cpu", "cuda"])
def test_a_cells_first_results_are_one_per_prompt_in_order(device, monkeypatch):
    # on a GPU the memory peak is measured on a generation of its own (after the cell's warm-up,
    # which is the peak's warm-up too): it may not slip into the results the page compares
    def fake_peak(fn, _device, warm_up=True):
        if warm_up:
            fn()
        fn()
        return MemoryPeak(0, "fake")
    monkeypatch.setattr(runner, "peak_bytes", fake_peak)
    prompts = ["a", "b", "c"]
    cell = runner.run_cell(EchoBackend(device), "echo", prompts, GenerationConfig(max_new_tokens=1), 0.0,
                           min_generations=3)
    assert [r.output_text for r in cell.results[:3]] == prompts


# -- the whole lab, smoke preset ----------------------------------------------------------------

def test_every_check_passes(lab_smoke):
    run = lab_smoke(LAB)
    checks = run.manifest["checks"]
    expected = {"capture_failure_names_the_node", "mlopt_matches_eager", "cli_report_verified",
                "cli_bad_input_one_line", "memfuse_dispatches_fused_op", "memfuse_matches_float64",
                "guards_each_recompile_reported", "guards_mark_dynamic_compiles_once",
                "liveness_matches_measured_peak", "backend_refuses_training", "float32_accumulation_more_accurate",
                "kernel_matches_float64", "minigpt_ttft_before_e2e", "minigpt_backends_agree",
                "gpt2_ttft_before_e2e", "gpt2_tokens_as_requested", "minigpt_compiled_once", "gpt2_compiled_once"}
    assert expected <= set(checks)
    assert not {k: c for k, c in checks.items() if not c["passed"]}
    assert all(p["status"] == "ok" for p in run.manifest["parts"].values())


def test_smoke_run_measures_what_the_pages_quote(lab_smoke):
    run = lab_smoke(LAB)
    tables = run.manifest["tables"]
    passes = [dict(zip(tables["mlopt_passes"]["columns"], r)) for r in tables["mlopt_passes"]["rows"]]
    assert [p["pass"] for p in passes] == ["fold", "fusion", "dce"]
    assert passes[0]["found"] == 20 and passes[0]["nodes_after"] == passes[0]["nodes_before"] - 20
    assert all(p["speedup"] > 0 and p["verdict"] in {"faster", "slower", "same"} for p in passes)
    minigpt_rows = [dict(zip(tables["llm_minigpt"]["columns"], r)) for r in tables["llm_minigpt"]["rows"]]
    assert all(r["ttft_p50_ms"] < r["e2e_p50_ms"] for r in minigpt_rows)
    assert run.metric("aliasing.naive_mib") < run.metric("aliasing.aware_mib")
    for name in ("REPORT.md", "REPORT.es.md", "mlopt/report.json", "mlopt/resnet18_optimized_graph.py",
                 "memfuse/inductor_default.py"):
        assert (run.out / name).is_file(), name
    report = json.loads((run.out / "mlopt/report.json").read_text())
    assert report["verification"]["passed"] and report["model"] == "resnet18"


# -- the Day-70 report: counts and verdicts from the rows, through the claims --------------------

def _bench_result(ratios: list[tuple[int, float]]) -> dict:
    columns = ["rows", "dtype", "vs_default", "vs_max_autotune", "vs_library"]
    return {"lab": "capstone", "device": "cuda", "parts": {"memfuse_kernel_bench": {"status": "ok"}},
            "metrics": {"bench.target": {"value": 0.9, "unit": "×"}},
            "tables": {"kernel_bench": {"columns": columns,
                                        "rows": [[m, "float16", r, None, None] for m, r in ratios]}}}


@pytest.mark.parametrize(("ratios", "en", "es"), [
    ([(512, 1.2), (2048, 0.89), (8192, 1.0)], "target missed; 2 of 3 cases reached it",
     "objetivo no cumplido; 2 de 3 casos"),
    ([(512, 0.5), (2048, 0.89)], "target missed; 0 of 2 cases reached it", "objetivo no cumplido; 0 de 2"),
    ([(512, 1.2), (2048, 0.9)], "target met in 2 of 2 cases", "objetivo cumplido en 2 de 2 casos")])
def test_report_counts_and_verdict_agree_with_the_rows(ratios, en, es):
    from labs.capstone import report
    english = report.english(report.Facts(_bench_result(ratios), "en"), "GPU", "full")
    spanish = report.spanish(report.Facts(_bench_result(ratios), "es"), "GPU", "full")
    assert en in english and es in spanish
    other = "target met in" if "missed" in en else "target missed"
    assert other not in english.split("Against max-autotune")[0]


@pytest.mark.parametrize("device, said", [("cpu", 1), ("cuda", 2)])
def test_a_cpu_report_says_the_default_modes_verdict_once(device, said):
    # On a CPU max-autotune is not measured and the best Inductor mode is the default: the report,
    # like the page, says that verdict once; a GPU report says it for the default and again as
    # the best mode ("the only one this run measured" where max-autotune failed).
    from labs.capstone import report
    result = _bench_result([(512, 1.2), (2048, 0.95)]) | {"device": device}
    english = report.english(report.Facts(result, "en"), "machine", "full")
    spanish = report.spanish(report.Facts(result, "es"), "machine", "full")
    kernel_en = english.split("Speed target:")[1].split("\n")[0]       # the kernel section's paragraph
    kernel_es = spanish.split("Objetivo de velocidad:")[1].split("\n")[0]
    assert kernel_en.count("target met in 2 of 2 cases") == said
    assert kernel_es.count("objetivo cumplido en 2 de 2 casos") == said


def test_report_of_the_committed_gpu_run_counts_the_cases_that_met_the_target():
    """The sentence against Inductor's default mode, from the committed GPU run: the count of
    cases is worked out here from the benchmark's rows, not with the claim's code."""
    from labs.capstone import report
    from tests.manifests import committed
    manifest = committed("capstone", "cuda").manifest
    table = manifest["tables"]["kernel_bench"]
    ratios = [float(row[table["columns"].index("vs_default")]) for row in table["rows"]
              if row[table["columns"].index("vs_default")] not in (None, "", "—")]
    goal = float(manifest["metrics"]["bench.target"]["value"])
    met, count = sum(r >= goal for r in ratios), len(ratios)
    assert count > 0
    english = report.english(report.Facts(manifest, "en"), "H100", "full")
    spanish = report.spanish(report.Facts(manifest, "es"), "H100", "full")
    if met == count:
        assert f"Against Inductor's default mode: target met in {met} of {count} cases" in english
        assert f"Frente al modo por defecto de Inductor: objetivo cumplido en {met} de {count} casos" in spanish
    else:
        assert f"Against Inductor's default mode: target missed; {met} of {count} cases reached it" in english
        assert f"{met} de {count} casos {'lo alcanzó' if met == 1 else 'lo alcanzaron'}" in spanish
    assert f"missed in {met} of {count}" not in english
    from labs.capstone.claims import CLAIMS
    for project in ("mlopt", "memfuse", "llm_bench"):     # the page's Day-70 paragraphs, word for word
        assert f"**{project}.** {CLAIMS['day70'](manifest, project).en}" in english


class ShapeShiftingBackend(EchoBackend):
    """Runs a compiled function on a new shape from its third call on: a recompile that falls
    inside run_cell's timed loop (warm-up is one call per prompt)."""

    def __init__(self):
        super().__init__("cpu")
        self.calls = 0
        self.step = torch.compile(lambda t: t * 2, backend="eager")

    def generate(self, prompt, config):
        self.calls += 1
        self.step(torch.ones(4 if self.calls < 3 else 5))
        return super().generate(prompt, config)


@pytest.mark.parametrize(("shift", "expected"), [(True, 1), (False, 0)], ids=["recompiles", "steady"])
def test_a_recompile_inside_the_timed_window_is_counted(shift, expected, monkeypatch):
    torch._dynamo.reset()
    monkeypatch.setattr(runner, "peak_bytes", lambda fn, _device, warm_up=True: MemoryPeak(0, "fake"))
    backend = ShapeShiftingBackend()
    if not shift:
        backend.calls = -100
    cell = runner.run_cell(backend, "echo", ["a"], GenerationConfig(max_new_tokens=1), 0.0, min_generations=3)
    assert cell.warmup_events.compiles == 1
    assert cell.timed_events.compiles == expected and cell.timed_events.graphs_recorded == 0


class GraphRecordingBackend(EchoBackend):
    """Claims CUDA graphs; each generation past `record_from` records one more graph (a path the
    warm-up did not walk), seen through a patched count of recorded graphs."""

    def __init__(self, record_from):
        super().__init__("cuda")
        self.calls, self.record_from, self.recorded = 0, record_from, 0

    def uses_cuda_graphs(self):
        return True

    def generate(self, prompt, config):
        self.calls += 1
        self.recorded += self.calls > self.record_from
        return super().generate(prompt, config)


@pytest.mark.parametrize(("record_from", "expected"), [(3, 2), (5, 0)], ids=["records_while_timed", "warm"])
def test_a_cuda_graph_recorded_inside_the_timed_window_is_counted(record_from, expected, monkeypatch):
    # warm-up: 2 calls (CUDA graphs: each prompt twice); the memory peak's call: the 3rd; timed: 4th and 5th
    from labs.capstone.llm_bench import compile_events
    backend = GraphRecordingBackend(record_from)
    monkeypatch.setattr(runner, "peak_bytes", lambda fn, _device, warm_up=True: (fn(), MemoryPeak(0, "fake"))[1])
    monkeypatch.setattr(compile_events, "_graphs_recorded", lambda _device: backend.recorded)
    cell = runner.run_cell(backend, "echo", ["a"], GenerationConfig(max_new_tokens=1), 0.0, min_generations=2)
    assert backend.calls == 5 and cell.warmup_events.graphs_recorded == 0
    assert cell.timed_events.graphs_recorded == expected and cell.timed_events.compiles == 0


@pytest.mark.parametrize(("events", "passes"), [((0, 0), True), ((0, 1), False), ((1, 0), False)],
                         ids=["warm", "one_graph", "one_compile"])
def test_work_of_the_warm_up_inside_a_timed_window_fails_the_gpt2_part(events, passes, tmp_path, monkeypatch):
    import dataclasses

    from labs.capstone import parts_llm
    from labs.capstone.llm_bench.compile_events import Events
    from labs.capstone.settings import settings_for
    from labs.common.harness import Lab
    from labs.common.options import LabOptions
    lab = Lab(LabOptions("capstone", "cpu", "smoke", tmp_path, tmp_path))
    real = parts_llm.run_cell
    monkeypatch.setattr(parts_llm, "run_cell", lambda *args, **kwargs: dataclasses.replace(
        real(*args, **kwargs), timed_events=Events(*events)))
    settings = dataclasses.replace(settings_for("smoke", "cpu"), gpt2_token_scale=0.05)
    if passes:
        parts_llm.part_llm_gpt2(lab, settings, None, deadline=float("inf"))
    else:
        with pytest.raises(RuntimeError, match="gpt2_warm_before_timing: 1 == 0 is false"):
            parts_llm.part_llm_gpt2(lab, settings, None, deadline=float("inf"))
    assert lab.result["checks"]["gpt2_warm_before_timing"]["passed"] is passes


class StampingBackend(EchoBackend):
    """Every generation has `tokens` tokens, hence tokens - 1 inter-token gaps."""

    def __init__(self, tokens):
        super().__init__("cpu")
        self.tokens, self.calls = tokens, 0

    def generate(self, prompt, config):
        self.calls += 1
        stamps = tuple(0.001 * (i + 1) for i in range(self.tokens))
        return GenerationResult(prompt, self.tokens, [0] * self.tokens, TokenTimes(0.0, stamps))


@pytest.mark.parametrize(("tokens", "generations"), [(6, 20), (5, 25), (2, 100)],
                         ids=["20_for_p95", "25_for_100_gaps", "100_for_100_gaps"])
def test_a_cell_stops_once_its_published_percentiles_have_their_samples(tokens, generations, monkeypatch):
    monkeypatch.setattr(runner, "peak_bytes", lambda fn, _device, warm_up=True: MemoryPeak(0, "fake"))
    cell = runner.run_cell(StampingBackend(tokens), "stamps", ["a"], GenerationConfig(max_new_tokens=tokens),
                           budget_s=1e9, min_generations=2)
    assert cell.summary.generations == generations
    assert cell.summary.ttft_p95_ms is not None and cell.summary.itl_p99_ms is not None


def test_a_cell_without_enough_samples_stops_at_its_budget(monkeypatch):
    monkeypatch.setattr(runner, "peak_bytes", lambda fn, _device, warm_up=True: MemoryPeak(0, "fake"))
    cell = runner.run_cell(StampingBackend(1), "stamps", ["a"], GenerationConfig(max_new_tokens=1),
                           budget_s=0.0, min_generations=3)
    assert cell.summary.generations == 3 and cell.summary.itl_n == 0


class RecordedDecoder:
    """Stands in for the compiled prefill and decode step; logs each call beside the step marks."""

    def __init__(self, log):
        self.log = log

    def prefill(self, _decoder, ids, _positions):
        self.log.append("prefill")
        return torch.ones(1, 1, dtype=torch.long)

    def decode(self, _decoder, ids, _positions):
        self.log.append("decode")
        return ids + 1


@pytest.mark.parametrize("graphs", [True, False], ids=["cuda_graphs", "no_graphs"])
def test_static_kv_marks_a_new_cuda_graph_step_before_every_decode_step(graphs, monkeypatch):
    """One decode graph, replayed: each step starts a cudagraph-trees generation of its own (marked
    only per request, the tree records a chain of graphs, one per step)."""
    from labs.capstone.llm_bench import models
    from labs.capstone.llm_bench.backends import StaticKVBackend
    log = []
    monkeypatch.setattr(torch.compiler, "cudagraph_mark_step_begin", lambda: log.append("mark"))
    backend = StaticKVBackend(device="cpu")
    monkeypatch.setattr(StaticKVBackend, "uses_cuda_graphs", lambda self: graphs)
    backend.loaded = models.gpt2_small_shaped("cpu", torch.float32, 1, 32, 2)
    backend.decoder = object()
    fake = RecordedDecoder(log)
    backend.prefill_fn, backend.decode_fn = fake.prefill, fake.decode
    result = backend.generate([1, 2, 3], GenerationConfig(max_new_tokens=4))
    assert result.token_ids == [1, 2, 3, 4]
    steps = ["prefill", "decode", "decode", "decode"]
    expected = ["mark", "prefill"] + ["mark", "decode"] * 3 if graphs else steps
    assert log == expected


# -- llm_bench: several requests in flight -------------------------------------------------------

@pytest.mark.parametrize(("target", "share"), [((1e9, 1e9), 100.0), ((0.0, 1e9), 0.0), ((1e9, 0.0), 0.0)],
                         ids=["met", "ttft_missed", "tpot_missed"])
def test_goodput_counts_only_the_requests_within_the_latency_target(target, share):
    from labs.capstone.llm_bench import concurrency, models
    loaded = models.gpt2_small_shaped("cpu", torch.float32, 1, 32, 2)
    result = concurrency.run_batch_size(loaded, 4, 5, 3, concurrency.Target(*target), budget_s=0.0)
    assert (result.batch, result.batches, result.requests, result.itl_n) == (4, 2, 8, 4)
    assert result.met_share == share
    assert result.goodput_tok_s == pytest.approx(result.throughput_tok_s if share else 0.0)
    assert result.itl_p99_ms is None          # 4 gaps cannot support a 99th percentile


def test_a_static_batch_streams_one_stamp_per_step_and_matches_single_requests():
    from labs.capstone.llm_bench import concurrency, models
    from labs.capstone.llm_bench.decoder import GrowingCacheDecoder
    loaded = models.gpt2_small_shaped("cpu", torch.float32, 1, 32, 2)
    step = GrowingCacheDecoder(loaded.model)
    ids = torch.randint(100, (3, 5), generator=torch.Generator().manual_seed(0))
    clock = FakeClock()
    times = concurrency.generate_batch(step, ids, 4, clock)
    assert len(times.stamps) == 4
    # each request of the batch decodes as it would alone (greedy, same prompt)
    alone = [step(ids[i:i + 1], [])[0].item() for i in range(3)]
    assert step(ids, [])[0].flatten().tolist() == alone


def test_the_lab_refuses_a_too_small_sweep_budget_before_any_part_runs(tmp_path, monkeypatch):
    import dataclasses

    from labs.capstone import lab as capstone_lab
    from labs.capstone.settings import settings_for
    from labs.common.harness import Lab
    from labs.common.options import LabOptions
    small = dataclasses.replace(settings_for("smoke", "cpu"), llm_budget_s=0.01)
    monkeypatch.setattr(capstone_lab, "settings_for", lambda preset, device: small)
    lab = Lab(LabOptions("capstone", "cpu", "smoke", tmp_path, tmp_path))
    with pytest.raises(ValueError, match=r"set llm_budget_s to at least 0\.2 s"):
        capstone_lab.run(lab)
    assert lab.result["parts"] == {} and lab.result["metrics"] == {}


def test_cells_past_the_deadline_are_rows_that_say_so(tmp_path):
    from labs.capstone import parts_llm
    from labs.capstone.settings import settings_for
    from labs.common.harness import Lab
    from labs.common.options import LabOptions
    lab = Lab(LabOptions("capstone", "cpu", "smoke", tmp_path, tmp_path))
    with pytest.raises(RuntimeError, match="gpt2_every_cell_measured"):
        parts_llm.part_llm_gpt2(lab, settings_for("smoke", "cpu"), None, deadline=0.0)
    table = lab.result["tables"]["llm_gpt2"]
    rows = [dict(zip(table["columns"], r)) for r in table["rows"]]
    assert [(r["measured"], r["reason"]) for r in rows] == [("no", "the lab's deadline left too little time for "
                                                                    "this cell")]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_page_renders_from_the_smoke_run_without_a_marker_error(lab_smoke, tmp_path, lang):
    """Every table column, metric and claim the page names exists in a run of this code (a CPU
    run: the page's GPU markers either say there is no GPU run or are the same tables)."""
    import shutil
    from pathlib import Path

    from course.markers import PageContext, expand
    from course.results import ResultStore
    run = lab_smoke(LAB)
    shutil.copytree(run.out, tmp_path / LAB / "cpu")
    page = Path(__file__).resolve().parents[2] / "docs" / lang / "labs" / f"{LAB}.md"
    expansion = expand(page.read_text(), PageContext(page=f"{lang}/labs/{LAB}.md", lang=lang), ResultStore(tmp_path))
    assert expansion.errors == []
    said = {"en": "target met in", "es": "objetivo cumplido en"}[lang]
    assert said in expansion.markdown or {"en": "target missed", "es": "objetivo no cumplido"}[lang] in \
        expansion.markdown


def test_the_gpu_sweep_keeps_reduce_overheads_recordings_within_the_labs_budget():
    """reduce-overhead records one CUDA graph per KV-cache length (twice warmed per workload),
    the GPU sweep's largest cost: the full GPU preset's workloads stay at or under 128 output
    tokens in all (0.3 of the seed's, 288, ran the lab past its 10-minute command)."""
    import dataclasses

    from labs.capstone.llm_bench import workloads
    from labs.capstone.settings import settings_for

    def lengths(settings) -> int:
        return sum(workloads.WORKLOADS[w].scaled(settings.gpt2_token_scale).max_new_tokens
                   for w in settings.gpt2_workloads)
    full = settings_for("full", "cuda")
    assert len(full.gpt2_workloads) == 4 and lengths(full) <= 128
    assert lengths(dataclasses.replace(full, gpt2_token_scale=0.3)) == 288 > 128   # the old preset: refused
