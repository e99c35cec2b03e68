"""Memory traffic of one kernel: bytes read and written, passes over each tensor, transposed writes.

    facts.traffic = traffic(facts, kernel, output_code, graph)

A tensor's size comes from call(): `bufN = empty_strided_*((shape), (stride), torch.dtype)`,
a buffer that takes over another's memory (`buf3 = buf2; del buf2  # reuse`) has that one's
size, and an argument's from `assert_size_stride(argN, (shape), ...)` with the dtype the
post-grad graph records for it. A *pass* over a tensor is one load (or store) site in the
kernel: the vectorized body and its tail (C10_LIKELY / C10_UNLIKELY), which cover disjoint
elements of the same loop, are one pass. Bytes are size × passes: what the kernel moves if
nothing stays in cache, an upper bound. A gather (an index that was itself loaded) reads an
unknown part of its tensor and is counted apart; scratch rows (`local_buffer_data_*`) are not
tensors. Standard library only.
"""

from __future__ import annotations

import math
import re

from labs.common import inductor_output as io
from labs.common.kernel_facts.kernel_source import branch, statements

_BYTES = {"float32": 4, "float16": 2, "bfloat16": 2, "float64": 8, "int64": 8, "int32": 4, "bool": 1, "uint8": 1,
          "int8": 1}
_ALLOC = re.compile(r"^\s*(?P<buf>\w+) = empty_strided_\w+\(\((?P<shape>[^)]*)\), \([^)]*\), torch\.(?P<dtype>\w+)\)",
                    re.M)
_REUSE = re.compile(r"^\s*(?P<buf>buf\d+) = (?P<old>buf\d+); del", re.M)
_VIEW = re.compile(r"^\s*(?P<buf>buf\d+) = reinterpret_tensor\((?P<old>buf\d+), \((?P<shape>[^)]*)\)", re.M)
_ASSERT = re.compile(r"assert_size_stride\((?P<arg>\w+), \((?P<shape>[^)]*)\)")


def _numel(shape: str) -> int | None:
    parts = [p.strip() for p in shape.split(",") if p.strip()]
    if not all(p.isdigit() for p in parts):
        return None  # a symbolic size
    return math.prod(int(p) for p in parts)


def tensor_bytes(output_code: str, dtypes: dict[str, str]) -> dict[str, int]:
    """Buffer or argument name -> its size in bytes, from call()."""
    call = io.wrapper_call(output_code)
    sizes: dict[str, int] = {}
    element: dict[str, int] = {}
    for m in _ALLOC.finditer(call):
        n = _numel(m.group("shape"))
        element[m.group("buf")] = _BYTES.get(m.group("dtype"), 4)
        if n is not None:
            sizes[m.group("buf")] = n * element[m.group("buf")]
    for m in _ASSERT.finditer(call):
        n = _numel(m.group("shape"))
        if n is not None:
            sizes[m.group("arg")] = n * _BYTES.get(dtypes.get(m.group("arg")) or "float32", 4)
    for line in call.splitlines():  # in order: a reuse may follow a reuse
        if (m := _REUSE.match(line)) and m.group("old") in sizes:
            sizes[m.group("buf")], element[m.group("buf")] = sizes[m.group("old")], element.get(m.group("old"), 4)
        elif (m := _VIEW.match(line)) and m.group("old") in element and _numel(m.group("shape")) is not None:
            element[m.group("buf")] = element[m.group("old")]
            sizes[m.group("buf")] = _numel(m.group("shape")) * element[m.group("old")]
    return sizes


def traffic(facts, kernel: io.Kernel, output_code: str, dtypes: dict[str, str]) -> dict:
    sizes = tensor_bytes(output_code, dtypes)
    tails = {s.line for s in statements(kernel.source, kernel.language) if branch(s) == "if_unlikely"}
    read: dict[str, dict] = {}
    written: dict[str, dict] = {}
    gathers = 0
    for entry in facts.loads:
        if entry["buffer"] is None:
            continue
        if entry["indirect"]:
            gathers += 1
            continue
        _add(read, entry, [line for line, *_ in entry["at"]], tails, sizes)
    for entry in facts.stores:
        if entry["buffer"] is not None:
            _add(written, entry, [line for line, *_ in entry["at"]], tails, sizes)
    transposed = sum(len(e.get("transposed", [])) for e in facts.stores if e["buffer"] is not None)
    known = all(v["bytes"] is not None for v in [*read.values(), *written.values()])
    return {"read": read, "written": written,
            "bytes_read": sum(v["bytes"] for v in read.values()) if known else None,
            "bytes_written": sum(v["bytes"] for v in written.values()) if known else None,
            "passes": max([v["passes"] for v in read.values()], default=0),
            "transposed_writes": transposed, "gathers": gathers}


def _add(into: dict, entry: dict, lines: list[int], tails: set[int], sizes: dict[str, int]) -> None:
    buffer = entry["buffer"]
    slot = into.setdefault(buffer, {"passes": 0, "bytes": 0, "lines": []})
    passes = len([n for n in lines if n not in tails]) or len(lines)  # a body and its tail are one pass
    slot["passes"] += passes
    slot["lines"] += lines
    size = sizes.get(buffer)
    slot["bytes"] = None if size is None or slot["bytes"] is None else size * slot["passes"]
