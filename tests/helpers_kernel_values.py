"""A kernel line's value written out as a tree of normalised ops, for the builder's tests."""

from __future__ import annotations

from labs.common.kernel_facts.dataflow import KernelGraph, Value


def tree(value: Value) -> str:
    """A value as its op applied to its inputs: `exp(sub(load in_ptr0[x0], ...))`."""
    if value.op == "const":
        return repr(value.attrs["value"])
    if value.op == "symbol":
        return value.attrs["name"]
    if value.op == "index":
        return f"{value.attrs['name']}()"
    if value.op == "load":
        read = f"load {value.attrs['pointer']}[{value.attrs['index']}]" + (" gathered" if value.attrs["indirect"] else "")
        return f"{read} <- {tree(value.inputs[0])}" if value.inputs else read
    if value.op == "getitem":
        return f"{tree(value.inputs[0])}.{value.attrs['index']}"
    return f"{value.op}({', '.join(tree(i) for i in value.inputs)})"


def line_value(graph: KernelGraph, line: int) -> Value:
    """The value a line computes: the last one built on it (its inputs are built first)."""
    return graph.on_line(line)[-1]
