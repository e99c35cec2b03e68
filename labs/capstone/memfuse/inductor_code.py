"""Inductor's code for the same Linear + GELU subgraph: captured, trimmed, classified.

`torch._inductor.utils.run_and_get_code` returns the module Inductor generated for a call
without any logging switched on, so the capture can be the compile itself. What the page
shows is the generated kernels followed by the wrapper's `call()`: which library calls it
makes, which kernels it launches, which buffers it allocates and reuses.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from labs.common import inductor_output


def compile_and_capture(fn: Callable[..., Any], *args: Any) -> tuple[Any, str]:
    """Call a torch.compile'd `fn` for the first time; return its result and Inductor's code."""
    from torch._inductor.utils import run_and_get_code
    result, codes = run_and_get_code(fn, *args)
    return result, "\n\n".join(codes)


def listing(code: str) -> str:
    """The kernels, then `call()`: the part of output_code.py that says what runs."""
    parts = [f"# kernel {k.name}\n{k.source.rstrip()}\n" for k in inductor_output.parse_kernels(code)]
    parts.append("# call()\n" + inductor_output.wrapper_call(code))   # the page says what it is, in its language
    return "\n".join(parts)


def strategy(code: str) -> str:
    """How Inductor computed the matmul and where the GELU went, as an identifier:
    "template+epilogue" (a Triton matmul template with the GELU in its epilogue), or
    "<library call>+<language> gelu" (a library matmul, then a generated GELU kernel)."""
    kernels = inductor_output.parse_kernels(code)
    if any("tem_" in k.name for k in kernels):
        return "template+epilogue"
    library = re.search(r"extern_kernels\.(\w+)\(", inductor_output.wrapper_call(code))
    if library:
        language = "C++" if any(k.language == "cpp" for k in kernels) else "Triton"
        return f"{library.group(1)}+{language} gelu"
    return "unrecognized"


def kernel_count(code: str) -> int:
    return len(inductor_output.parse_kernels(code))
