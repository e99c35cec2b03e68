"""The records' look-ups, on records written by hand: a kernel's step by name, a graph's kernel
by name, and the kernel that runs the graph's n-th softmax (an attention softmax counts as one)."""

from __future__ import annotations

from labs.common.kernel_facts.records import GraphFacts, KernelFacts, Step


def _kernel(name: str, steps: list[Step] | None = None) -> KernelFacts:
    return KernelFacts(name, "cpp", "cpp_vectorized", [], [], "provenance", steps=steps or [])


def _graph(patterns: list[tuple[str, str | None]]) -> GraphFacts:
    kernels = [_kernel(k) for k in ("cpp_fused_0", "cpp_fused_1", "cpp_fused_2")]
    return GraphFacts("dump", {}, [{"pattern": p, "output_node": f"out{i}", "kernel": k}
                                   for i, (p, k) in enumerate(patterns)], kernels)


def test_a_step_is_found_by_its_name_and_a_missing_one_is_none():
    kernel = _kernel("k", [Step("max", ["amax"], [3]), Step("sub", ["sub"], [4]), Step("sub_log", ["sub_1"], [9])])
    assert kernel.step("sub").lines == [4]
    assert kernel.step("sub_log").nodes == ["sub_1"]
    assert kernel.step("div") is None
    assert _kernel("k").step("max") is None


def test_a_kernel_is_found_by_its_name_and_an_unknown_one_is_none():
    graph = _graph([])
    assert graph.kernel("cpp_fused_1") is graph.kernels[1]
    assert graph.kernel("cpp_fused_3") is None


def test_the_nth_softmax_is_the_nth_with_a_kernel_counting_attention_softmaxes():
    graph = _graph([("softmax", "cpp_fused_2"), ("layer_norm", "cpp_fused_0"), ("softmax", None),
                    ("attention_softmax", "cpp_fused_1")])
    assert graph.pattern_kernel() is graph.kernels[2]
    assert graph.pattern_kernel("softmax", 0) is graph.kernels[2]
    # the softmax without a kernel is skipped; the attention softmax is the second
    assert graph.pattern_kernel("softmax", 1) is graph.kernels[1]
    assert graph.pattern_kernel("softmax", 2) is None
    assert graph.pattern_kernel("attention_softmax") is graph.kernels[1]
    assert graph.pattern_kernel("attention_softmax", 1) is None
    assert graph.pattern_kernel("layer_norm") is graph.kernels[0]


def test_a_pattern_is_not_found_under_another_of_its_family():
    graph = _graph([("softmax", "cpp_fused_0"), ("log_softmax", "cpp_fused_2")])
    assert graph.pattern_kernel("attention_softmax") is None  # a softmax is no attention softmax
    assert graph.pattern_kernel("log_softmax") is graph.kernels[2]
    assert graph.pattern_kernel("softmax", 1) is None         # a log-softmax is no softmax
    assert graph.pattern_kernel("cross_entropy") is None
