"""The checks of meaning on a bare dump: an output_code.py alone, as a GPU run without the
recorder leaves it, where the oracle runs each kernel's `# Graph fragment:` comment instead of
the recorded graph. Two kernels of one dump are judged each against its own fragment, and a
dump rewritten in place is run again. The fragments are written by hand: a softmax of x over
one dim (amax, sub, exp, sum, div) and a plain exp of y."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from labs.common.kernel_facts import checks
from labs.common.kernel_facts.records import GraphFacts, KernelFacts

SOFTMAX_KERNEL, EXP_KERNEL = "triton_per_fused__softmax_0", "triton_poi_fused_exp_1"
ROW = 'Tensor "f32[4, 8][8, 1]cuda:0"'
REDUCED = {1: 'Tensor "f32[4, 1][1, 1]cuda:0"', 0: 'Tensor "f32[1, 8][8, 1]cuda:0"'}


def node(name: str, tensor: str, target: str, args: str) -> str:
    return (f"#   %{name} : {tensor}[num_users=1] = call_function[target=torch.ops.aten.{target}]"
            f"(args = ({args}), kwargs = {{}})")


def softmax_fragment(dim: int) -> list[str]:
    return ["# Graph fragment:",
            f"#   %x : {ROW} = PlaceHolder[target=x]",
            node("amax", REDUCED[dim], "amax.default", f"%x, [{dim}], True"),
            node("sub", ROW, "sub.Tensor", "%x, %amax"),
            node("exp", ROW, "exp.default", "%sub,"),
            node("sum_1", REDUCED[dim], "sum.dim_IntList", f"%exp, [{dim}], True"),
            node("div", ROW, "div.Tensor", "%exp, %sum_1"),
            "#   return %div"]


EXP_FRAGMENT = ["# Graph fragment:",
                f"#   %y : {ROW} = PlaceHolder[target=y]",
                node("exp_1", ROW, "exp.default", "%y,"),
                "#   return %exp_1"]


def triton_kernel(name: str, fragment: list[str]) -> str:
    return "\n".join([*fragment, f"{name} = async_compile.triton('{name}', '''", "@triton.jit",
                      f"def {name}(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):",
                      "    pass", "''', device_str='cuda')", ""])


def write_bare_dump(folder: Path, softmax_dim: int = 1, stamp_ns: int = 1_700_000_000_000_000_000) -> Path:
    """The exp kernel first, then the softmax kernel; output_code.py is the only file."""
    path = folder / "output_code.py"
    path.write_text(triton_kernel(EXP_KERNEL, EXP_FRAGMENT) + "\n" + triton_kernel(SOFTMAX_KERNEL,
                                                                                    softmax_fragment(softmax_dim)),
                    encoding="utf-8")
    os.utime(path, ns=(stamp_ns, stamp_ns))
    return folder


def softmax_claim(dim: int = 1) -> KernelFacts:
    return KernelFacts(SOFTMAX_KERNEL, "python", "triton_persistent", [], None, "graph_fragment",
                       pattern="softmax", output_node="div", input_node="x",
                       claims=[{"pattern": "softmax", "output_node": "div", "detail": {"dim": (dim,)}}])


def exp_claim() -> KernelFacts:
    """The exp kernel claims no pattern: nothing in it is a softmax, a norm, an activation."""
    return KernelFacts(EXP_KERNEL, "python", "triton_poi", [], None, "graph_fragment", pattern="none")


@pytest.fixture(autouse=True)
def empty_oracle_cache(monkeypatch):
    monkeypatch.setattr(checks, "_EVALUATED", {})


def test_each_kernel_of_a_bare_dump_is_judged_against_its_own_fragment(tmp_path):
    folder = write_bare_dump(tmp_path)
    # the exp kernel is judged first: its fragment must not stand in for the softmax kernel's
    assert checks.pattern_computes(exp_claim(), folder) is True
    assert checks.pattern_computes(softmax_claim(dim=1), folder) is True
    assert checks.pattern_computes(softmax_claim(dim=0), folder) is False   # near miss: another dim
    assert checks.pattern_computes(exp_claim(), folder) is True             # and back again


def test_a_bare_dump_rewritten_in_place_is_run_again(tmp_path):
    folder = write_bare_dump(tmp_path, softmax_dim=1)
    assert checks.pattern_computes(softmax_claim(dim=1), folder) is True
    # the same kernel names, now a softmax over dim 0; only output_code.py's stamp tells
    write_bare_dump(tmp_path, softmax_dim=0, stamp_ns=1_800_000_000_000_000_000)
    assert checks.pattern_computes(softmax_claim(dim=1), folder) is False
    assert checks.pattern_computes(softmax_claim(dim=0), folder) is True


def test_the_kernel_chosen_for_a_pattern_in_a_bare_dump_runs_it(tmp_path):
    folder = write_bare_dump(tmp_path)
    graph = GraphFacts(str(folder), {"output_code": True}, [], [exp_claim(), softmax_claim()])
    assert checks.kernel_computes_output(graph, SOFTMAX_KERNEL, "softmax", folder) is True
    assert checks.kernel_computes_output(graph, SOFTMAX_KERNEL, "attention_softmax", folder) is True
    assert checks.kernel_computes_output(graph, SOFTMAX_KERNEL, "log_softmax", folder) is False
    assert checks.kernel_computes_output(graph, EXP_KERNEL, "softmax", folder) is False
