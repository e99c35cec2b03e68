"""The kernel annotator on saved Inductor dumps: facts against a person's reading, dataflow
properties on every fixture (GPU ones included, with no hand-written expectations), checks of
meaning that must fail on a wrong line, a wrong kernel or a log-softmax sold as a softmax,
and abstention when a file is missing."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from labs.common import inductor_output as io
from labs.common.kernel_facts import checks, document, facts, score, text_checks
from labs.common.kernel_facts.meaning import STEP_PATTERN
from labs.common.kernel_facts.words import STEP
from tests.helpers_kernel_sources import ONLINE_LOOPED, SECOND_HALF

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
DUMPS = sorted(p for p in FIXTURES.iterdir() if (p / "output_code.py").is_file())
WITH_EXPECTED = [p for p in DUMPS if (p / score.EXPECTED_FILE).is_file()]
# What each example module (labs/explain/examples.py) must come out as, on any device: what the
# module's source computes, read by a person (the two look-alikes compute no such pattern).
KIND_PATTERNS = {"causal_attention": {"attention_softmax"}, "softmax_dim0": {"softmax"},
                 "log_softmax_nll": {"cross_entropy"}, "layer_norm": {"layer_norm"}, "gelu_mlp": {"gelu"},
                 "rms_norm": {"rms_norm"}, "scaled_softmax": {"softmax"}, "hand_softmax": {"softmax"},
                 "exp2_softmax": {"softmax"}, "wide_softmax": {"softmax"}, "cross_entropy": {"cross_entropy"},
                 "swiglu_mlp": {"swiglu"}, "conv_bn_silu": {"silu"}, "gelu_tanh_mlp": {"gelu"},
                 "wrong_dim_lookalike": set(), "other_numerator_lookalike": set()}
KINDS = [p for p in DUMPS if p.name.split("-", 2)[-1] in KIND_PATTERNS]


def kind(folder: Path) -> str:
    return folder.name.split("-", 2)[-1]


def ids(folders: list[Path]) -> list[str]:
    return [f.name for f in folders]


@pytest.fixture(scope="module")
def analysed() -> dict[Path, facts.GraphFacts]:
    return {folder: facts.analyze(folder) for folder in DUMPS}


# -- against a person's reading -----------------------------------------------------------

@pytest.mark.parametrize("folder", WITH_EXPECTED, ids=ids(WITH_EXPECTED))
def test_every_fact_is_the_one_a_reader_wrote_down(folder):
    counts = score.score(folder)
    assert counts["wrong"] == 0 and counts["missed"] == 0, "\n".join(counts["problems"])
    assert counts["correct"] + counts["unchecked"] == counts["stated"]


def test_every_module_kind_has_a_cpu_fixture_with_expectations():
    cpu = {kind(p) for p in WITH_EXPECTED if p.name.startswith("cpu-")}
    assert set(KIND_PATTERNS) <= cpu and len(KIND_PATTERNS) >= 12


# -- dataflow properties, on every fixture -----------------------------------------------------

@pytest.mark.parametrize("folder", DUMPS, ids=ids(DUMPS))
def test_every_check_of_meaning_passes_on_the_facts_as_extracted(folder, analysed):
    verdicts = checks.verify(analysed[folder], folder)
    failed = {k: v for k, v in verdicts.items() if False in v.values()}
    assert not failed


@pytest.mark.parametrize("folder", DUMPS, ids=ids(DUMPS))
def test_cited_loads_and_stores_name_their_pointer_on_their_line(folder, analysed):
    sources = {k.name: k.source.splitlines() for k in io.parse_kernels((folder / "output_code.py").read_text())}
    for kf in analysed[folder].kernels:
        lines = sources[kf.kernel]
        for entry in kf.loads + kf.stores:
            for line, *_ in entry["at"]:
                assert entry["pointer"] in lines[line - 1], (kf.kernel, entry["pointer"], line)


@pytest.mark.parametrize("folder", DUMPS, ids=ids(DUMPS))
def test_buffers_said_absent_never_appear_in_call(folder, analysed):
    call = io.wrapper_call((folder / "output_code.py").read_text())
    for kf in analysed[folder].kernels:
        for buffer in kf.ir_buffers or []:
            if buffer["in_call"] == "absent":
                assert not re.search(rf"\b{buffer['name']}\b", call), buffer


@pytest.mark.parametrize("folder", KINDS, ids=ids(KINDS))
def test_each_module_kind_is_recognised_for_what_it_computes(folder, analysed):
    graph = analysed[folder]
    claimed = {kf.pattern for kf in graph.kernels} - {"none", None}
    assert claimed == KIND_PATTERNS[kind(folder)]
    for kf in graph.kernels:
        if STEP_PATTERN.get(kf.pattern):
            assert all(step.lines or step.other_kernel for step in kf.steps), [(s.step, s.lines) for s in kf.steps]
            assert kf.output_node == graph.pattern_kernel(kf.pattern).output_node
        else:
            assert not kf.steps and kf.exp_home is None


@pytest.mark.parametrize("folder", KINDS, ids=ids(KINDS))
def test_kernels_without_a_pattern_get_no_softmax_words(folder, analysed):
    sources = {k.name: k.source for k in io.parse_kernels((folder / "output_code.py").read_text())}
    for kf in analysed[folder].kernels:
        if STEP_PATTERN.get(kf.pattern):
            continue
        for lang in ("en", "es"):
            text = document.document(kf, lang, "kernel.cpp", "", sources[kf.kernel])
            assert not any(words in text for words in STEP[lang].values()), (kf.kernel, lang)
            assert "exp(x − max)" not in text


@pytest.mark.parametrize("folder", KINDS, ids=ids(KINDS))
def test_fixture_says_where_it_came_from(folder):
    readme = (folder / "README.md").read_text()
    assert "torch " in readme and "python -m labs.explain.fixtures" in readme
    assert (folder / "post_grad_graph.json").is_file() and (folder / io.PROVENANCE_FILE).is_file()


@pytest.mark.parametrize("folder", KINDS, ids=ids(KINDS))
def test_recorded_graph_and_printed_graph_agree(folder):
    from labs.common.kernel_facts import post_grad
    recorded = post_grad.from_json(json.loads((folder / "post_grad_graph.json").read_text()))
    printed = post_grad.from_transformed((folder / "fx_graph_transformed.py").read_text())
    computed = {n: node.op for n, node in recorded.nodes.items() if node.target != "placeholder"}
    assert computed == {n: node.op for n, node in printed.nodes.items() if node.target != "placeholder"}


# -- checks that must fail ----------------------------------------------------------------

ATTENTION = FIXTURES / "cpu-torch2.13-causal_attention"
LOG_SOFTMAX = FIXTURES / "cpu-torch2.13-log_softmax_nll"


def _softmax_kernel(folder: Path, analysed) -> tuple[facts.KernelFacts, io.Kernel]:
    kf = next(k for k in analysed[folder].kernels if STEP_PATTERN.get(k.pattern))
    return kf, checks.kernel_source(folder, kf.kernel)


def test_a_line_that_divides_by_the_scale_is_not_the_softmax_divide(analysed):
    kf, kernel = _softmax_kernel(ATTENTION, analysed)
    scale = [n for n, line in enumerate(kernel.source.splitlines(), 1) if " / " in line and n not in kf.step("div").lines]
    assert scale, "the attention kernel divides by sqrt(head_dim) somewhere"
    wrong = replace(kf, steps=[replace(s, lines=scale[:1]) if s.step == "div" else s for s in kf.steps])
    assert checks.step_lines_compute(wrong, kernel)["div"] is False
    assert checks.step_lines_compute(kf, kernel)["div"] is True


def test_a_shifted_line_fails(analysed):
    kf, kernel = _softmax_kernel(ATTENTION, analysed)
    wrong = replace(kf, steps=[replace(s, lines=[n + 1 for n in s.lines]) for s in kf.steps])
    assert not any(checks.step_lines_compute(wrong, kernel).values())


def test_a_softmax_claimed_for_the_wrong_kernel_fails(analysed):
    graph = analysed[ATTENTION]
    real, _ = _softmax_kernel(ATTENTION, analysed)
    other = next(k for k in graph.kernels if k.pattern == "none")
    wrong = replace(other, pattern="softmax", output_node=real.output_node, input_node=real.input_node,
                    steps=real.steps, claims=real.claims)
    assert not checks.pattern_computes(wrong, ATTENTION)
    assert not checks.kernel_computes_output(graph, other.kernel, "softmax", ATTENTION)
    assert not all(checks.step_lines_compute(wrong, checks.kernel_source(ATTENTION, other.kernel)).values())


def test_a_log_softmax_presented_as_a_softmax_fails(analysed):
    kf, kernel = _softmax_kernel(LOG_SOFTMAX, analysed)
    assert kf.pattern == "cross_entropy"
    inner = next(c for c in kf.claims if c["pattern"] == "log_softmax")
    as_softmax = replace(kf, pattern="softmax", output_node=inner["output_node"],
                         steps=[replace(s, step="div") if s.step == "sub_log" else s
                                for s in kf.steps if s.step != "log"])
    assert not checks.pattern_computes(as_softmax, LOG_SOFTMAX)
    assert checks.pattern_computes(kf, LOG_SOFTMAX)
    assert checks.step_lines_compute(as_softmax, kernel)["div"] is False
    assert not checks.kernel_computes_output(analysed[LOG_SOFTMAX], kf.kernel, "softmax", LOG_SOFTMAX)


def test_the_loss_sum_count_and_mean_are_not_softmax_steps(analysed):
    kf, _ = _softmax_kernel(LOG_SOFTMAX, analysed)
    cited = {n for s in kf.steps for n in s.lines}
    loss = [r for r in kf.reductions if r["step"] is None]
    assert len(loss) == 2 and not cited & {n for r in loss for n in r["lines"]}
    assert kf.output == {"stored": [], "consumed_by": kf.output["consumed_by"]} and kf.output["consumed_by"]


def test_fused_nodes_other_than_the_graph_files_say_fail(analysed):
    kernels = analysed[ATTENTION].kernels
    kf, _ = _softmax_kernel(ATTENTION, analysed)
    assert text_checks.fused_nodes(kf, kernels, ATTENTION)
    assert not text_checks.fused_nodes(replace(kf, nodes=kf.nodes[:-1]), kernels, ATTENTION)
    assert not text_checks.fused_nodes(replace(kf, nodes=[*kf.nodes, "no_such_node"]), kernels, ATTENTION)
    copies = kernels[0]  # the q, k, v copies, before the scores' kernel
    assert "exp" not in copies.nodes and text_checks.fused_nodes(copies, kernels, ATTENTION)
    assert not text_checks.fused_nodes(replace(copies, nodes=[*copies.nodes, "exp"]), kernels, ATTENTION)


# -- abstention --------------------------------------------------------------------------------

def _copy_without(folder: Path, tmp_path: Path, *names: str) -> Path:
    copy = tmp_path / folder.name
    shutil.copytree(folder, copy)
    for name in names:
        (copy / name).unlink(missing_ok=True)
    return copy


def test_without_the_ir_dump_ir_facts_are_unknown(tmp_path):
    folder = _copy_without(ATTENTION, tmp_path, "ir_post_fusion.txt", facts.FACTS_FILE)
    graph = facts.analyze(folder)
    for kf in graph.kernels:
        assert kf.ir_buffers is None and kf.ir_nodes is None and "no_ir" in kf.unknown
        assert score.flat(kf)["ir"] == score.UNKNOWN
    kf = graph.pattern_kernel("attention_softmax")
    assert all(s.lines for s in kf.steps)  # the kernel itself still says which line is which
    for lang, heading in (("en", "## Not stated"), ("es", "## No se afirma")):
        text = document.document(kf, lang, "kernel.cpp", "", checks.kernel_source(folder, kf.kernel).source)
        assert heading in text and "ir_post_fusion.txt" in text.split(heading)[1]


def test_without_provenance_nothing_is_claimed_about_what_a_cpu_kernel_computes(tmp_path):
    folder = _copy_without(ATTENTION, tmp_path, io.PROVENANCE_FILE, facts.FACTS_FILE)
    graph = facts.analyze(folder)
    assert graph.pattern_kernel("attention_softmax") is None
    for kf in graph.kernels:
        assert kf.nodes is None and kf.pattern is None and not kf.steps
        text = document.document(kf, "en", "kernel.cpp", "", checks.kernel_source(folder, kf.kernel).source)
        assert "## The steps" not in text and "computes a softmax" not in text


def test_without_the_post_grad_graph_nothing_is_claimed(tmp_path):
    folder = _copy_without(ATTENTION, tmp_path, "post_grad_graph.json", "fx_graph_transformed.py", facts.FACTS_FILE)
    graph = facts.analyze(folder)
    assert all(kf.pattern is None and "no_graph" in kf.unknown for kf in graph.kernels)
    assert all(kf.reductions or kf.pattern is None for kf in graph.kernels)


def test_facts_survive_their_json(analysed, tmp_path):
    graph = analysed[ATTENTION]
    facts.write(graph, tmp_path)
    assert facts.read(tmp_path) == graph


# -- the readers, on small pieces ------------------------------------------------------------

def test_cpp_statements_become_python_with_the_same_operands():
    from labs.common.kernel_facts.kernel_source import to_python
    assert to_python("auto tmp0 = at::vec::Vectorized<float>::loadu(in_ptr0 + static_cast<int64_t>(x1 + 600L*x0), "
                     "static_cast<int64_t>(16))") == \
        "auto tmp0 = at.vec.Vectorized.loadu(in_ptr0 + static_cast(x1 + 600*x0), static_cast(16))"
    assert to_python("auto tmp6 = tmp4 ? tmp2 : tmp5") == "auto tmp6 = (tmp2 if tmp4 else tmp5)"
    assert to_python("auto tmp8 = decltype(tmp7)::blendv(tmp5, tmp7, tmp1.template cast<float,1>())") == \
        "auto tmp8 = blendv(tmp5, tmp7, tmp1.cast())"
    assert "lambda_max" in to_python("tmp_acc0 = max_propagate_nan(tmp_acc0, at::vec::vec_reduce_all<float, 1>("
                                     "[](at::vec::Vectorized<float>& x, at::vec::Vectorized<float>& y) "
                                     "{ return at::vec::maximum(x, y); }, tmp_acc0_vec))")


VECTOR_AND_TAIL = """\
extern "C"  void  kernel(float* in_out_ptr0)
{
    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(100L); x1+=static_cast<int64_t>(16L))
    {
        if(C10_LIKELY(x1 >= static_cast<int64_t>(0) && x1 < static_cast<int64_t>(96L)))
        {
            auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x1), static_cast<int64_t>(16));
            auto tmp1 = tmp0.exp();
            tmp1.store(in_out_ptr0 + static_cast<int64_t>(x1));
        }
        if(C10_UNLIKELY(x1 >= static_cast<int64_t>(96L) && x1 < static_cast<int64_t>(100L)))
        {
            auto tmp0 = at::vec::Vectorized<float>::loadu(in_out_ptr0 + static_cast<int64_t>(x1), static_cast<int64_t>(4L));
            auto tmp1 = tmp0.exp();
            tmp1.store(in_out_ptr0 + static_cast<int64_t>(x1), static_cast<int64_t>(4L));
        }
    }
    for(int64_t x1=static_cast<int64_t>(0L); x1<static_cast<int64_t>(100L); x1+=static_cast<int64_t>(1L))
    {
        auto tmp0 = in_out_ptr0[static_cast<int64_t>(x1)];
    }
}
"""


def test_the_tail_does_not_read_what_the_vector_body_wrote():
    from labs.common.kernel_facts.dataflow import KernelGraph
    graph = KernelGraph(VECTOR_AND_TAIL, "cpp")
    tail_load = next(v for v in graph.loads if v.line == 13)
    assert not tail_load.inputs  # the tail reads the input, not the exp line 9 wrote
    later = next(v for v in graph.loads if v.line == 20)
    assert graph.resolve(later).op == "exp"  # after the loop, the exp is what is there


def test_a_looped_online_softmax_is_found_with_its_lines():
    from labs.common.kernel_facts.dataflow import KernelGraph
    from labs.common.kernel_facts.patterns import kernel_matches
    graph = KernelGraph(ONLINE_LOOPED, "python")
    [match] = kernel_matches(graph)
    lines = {step: sorted(set().union(*(graph.lines_of(v) for v in values))) for step, values in match.steps.items()}
    assert (match.pattern, match.form) == ("softmax", "online")
    assert lines == {"max": [18, 21, 22, 23], "sum": [18, 21, 22, 23], "sub": [32], "exp": [33], "div": [34]}
    [reduction] = graph.reduction_roots()
    assert reduction.op == "prepare_softmax_online" and [v.line for v in graph.leaves(reduction)] == [16]


def test_steps_computed_by_another_kernel_are_inputs_here():
    from labs.common.kernel_facts.dataflow import KernelGraph
    from labs.common.kernel_facts.patterns import kernel_matches
    graph = KernelGraph(SECOND_HALF, "python")
    assert not kernel_matches(graph)  # without the graph's word, a loaded max is just a load
    [match] = kernel_matches(graph, frozenset({"max", "exp", "sum"}))
    lines = {step: sorted(v.line for v in values) for step, values in match.steps.items()}
    assert match.pattern == "log_softmax"
    assert (lines["sub"], lines["log"], lines["sub_log"]) == ([15], [16], [17])
    steps = [facts.Step("max", ["amax"], [], "first"), facts.Step("sub", ["sub"], [15]),
             facts.Step("exp", ["exp"], [], "first"), facts.Step("sum", ["sum_1"], [], "first"),
             facts.Step("log", ["log"], [16]), facts.Step("sub_log", ["sub_1"], [17])]
    kernel = io.Kernel("triton_per_fused_nll_loss_forward_1", "python", SECOND_HALF, 1)
    claimed = facts.KernelFacts(kernel.name, "python", "triton_persistent", [], ["sub_1"], "provenance",
                                pattern="log_softmax", steps=steps)
    assert checks.step_lines_compute(claimed, kernel) == {"sub": True, "log": True, "sub_log": True}
    steps[1] = facts.Step("sub", ["sub"], [17])  # the final subtraction is not x − max
    assert checks.step_lines_compute(claimed, kernel)["sub"] is False
