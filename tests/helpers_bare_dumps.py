"""A bare dump (output_code.py alone, as a GPU run without the recorder leaves it) written by hand:
an exp kernel and a softmax kernel, each under its own `# Graph fragment:`, and the claims the
checks of meaning judge against them."""

from __future__ import annotations

import os
from pathlib import Path

from labs.common.kernel_facts.records import KernelFacts

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
