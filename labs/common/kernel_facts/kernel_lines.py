"""The kernel-side half of the facts: lines, loads, stores and reductions, by dataflow.

`describe` reads one kernel's source into a `KernelGraph`, finds there the pattern the
post-grad graph says this kernel computes (`patterns.kernel_matches`), and fills a
`KernelFacts` with the line of each step, the input reads, the output write, where exp(x − max)
lives, and every load, store and reduction. A step's lines are all the values that compute
the same thing: the vectorized body and its scalar tail, or exp recomputed for the output.
If the kernel's dataflow does not show the pattern, the step lines stay None: no first match
to fall back on. Standard library only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from labs.common.inductor_output import Kernel
from labs.common.kernel_facts.dataflow import KernelGraph, Value
from labs.common.kernel_facts.patterns import Match, kernel_matches

if TYPE_CHECKING:
    from labs.common.kernel_facts.records import KernelFacts

_NOT_COMPUTED = ("copy", "load", "symbol", "const", "index")


def describe(facts: KernelFacts, kernel: Kernel, buffers: dict[str, str], step_pattern: str | None) -> None:
    """`step_pattern`: softmax or log_softmax when the graph says the kernel computes one
    (a cross-entropy's log-softmax included), else None."""
    graph = KernelGraph(kernel.source, kernel.language)
    twins = _twins(graph)
    match = _kernel_match(facts, graph, step_pattern)
    step_keys: dict[tuple, str] = {}
    if match is not None:
        for step in facts.steps:
            values = match.steps.get(step.step, [])
            for value in values:
                step_keys.setdefault(graph.key(value), step.step)
            if step.lines is None and values and not step.other_kernel:
                step.lines = sorted({line for v in values for twin in twins.get(graph.key(v), [v])
                                     for line in graph.lines_of(twin)})
        _output_and_input(facts, graph, match, buffers)
        _exp(facts, graph, match)
    facts.loads = _loads(graph, buffers)
    facts.stores = _stores(graph, buffers, step_keys)
    facts.reductions = [{"kind": root.op, "lines": sorted(graph.lines_of(root)),
                         "step": step_keys.get(graph.key(root))} for root in graph.reduction_roots()]


def _kernel_match(facts: KernelFacts, graph: KernelGraph, step_pattern: str | None) -> Match | None:
    if step_pattern is None:
        return None
    external = frozenset(s.step for s in facts.steps if s.other_kernel)
    found = [m for m in kernel_matches(graph, external) if m.pattern == step_pattern]
    if len(found) == 1:
        return found[0]
    facts.unknown.append(f"steps_found:{len(found)}")
    return None


def _twins(graph: KernelGraph) -> dict[tuple, list[Value]]:
    """Computed values grouped by what they compute."""
    groups: dict[tuple, list[Value]] = {}
    for value in graph.values:
        if value.op not in _NOT_COMPUTED:
            groups.setdefault(graph.key(value), []).append(value)
    return groups


def _buffer(graph: KernelGraph, buffers: dict[str, str], pointer: str) -> str | None:
    return buffers.get(pointer) or buffers.get(graph.canonical(pointer))


def _output_and_input(facts: KernelFacts, graph: KernelGraph, match: Match, buffers: dict[str, str]) -> None:
    out = graph.key(match.output)
    stored = sorted(s.line for s in graph.stores if s.pointer not in graph.arrays
                    and graph.key(s.value) == out)
    if stored:
        facts.output = {"stored": stored}
    else:
        users = {v.line for v in graph.values if v.op not in _NOT_COMPUTED and graph.key(v) != out
                 and any(graph.key(i) == out for i in v.inputs)}
        facts.output = {"stored": [], "consumed_by": sorted(users)}
    pointers = _loaded_pointers(graph, match.input)
    lines = sorted(v.line for v in graph.loads if v.attrs["pointer"] in pointers and not v.inputs)
    facts.input = {"pointers": {p: _buffer(graph, buffers, p) for p in sorted(pointers)}, "lines": lines}


def _loaded_pointers(graph: KernelGraph, start: Value) -> set[str]:
    """The kernel inputs a value is computed from (reductions not entered)."""
    found, stack, seen = set(), [start], set()
    while stack:
        value = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        if value.op == "load" and not value.inputs:
            found.add(value.attrs["pointer"])
        elif value.op not in ("amax", "sum", "prepare_softmax_online"):
            stack.extend(value.inputs)
    return found


def _exp(facts: KernelFacts, graph: KernelGraph, match: Match) -> None:
    """Where exp(x − max) goes: a scratch row, back over the input, an output, or nowhere."""
    exp_keys = {graph.key(v) for v in match.steps.get("exp", [])}
    if not exp_keys:
        return
    stores = [s for s in graph.stores if s.pointer not in graph.arrays and graph.key(s.value) in exp_keys]
    pointers = {s.pointer for s in stores}
    if not stores:
        facts.exp_home = "registers"
    elif any(p.startswith("local_buffer") for p in pointers):
        facts.exp_home = "local_buffer"
    elif any(p.startswith("in_out_ptr") for p in pointers):
        facts.exp_home = "in_place"
    else:
        facts.exp_home = "buffer"
    out = graph.resolve(match.output)
    if match.pattern == "softmax" and len(out.inputs) == 2:
        numerator, total = graph.resolve(out.inputs[0]), graph.resolve(out.inputs[1])
        if total.op == "sum":  # the division's exp is not the one the sum read: computed twice
            facts.exp_recomputed = all(numerator is not leaf for leaf in graph.leaves(total))


def _loads(graph: KernelGraph, buffers: dict[str, str]) -> list[dict]:
    """By pointer as written: its buffer, and each load as [line, index, line of the store it
    reads back, or None for the kernel's input]."""
    grouped: dict[str, dict] = {}
    for load in graph.loads:
        pointer = load.attrs["written_as"]
        if graph.canonical(pointer) in graph.arrays:
            continue
        entry = grouped.setdefault(pointer, {"pointer": pointer, "buffer": _buffer(graph, buffers, pointer),
                                             "indirect": False, "at": []})
        entry["at"].append([load.line, load.attrs["index"], load.attrs["source_line"]])
        entry["indirect"] = entry["indirect"] or load.attrs["indirect"]
    return sorted(grouped.values(), key=lambda e: e["at"][0][0])


def _stores(graph: KernelGraph, buffers: dict[str, str], step_keys: dict[tuple, str]) -> list[dict]:
    """By pointer as written: its buffer, and each store as [line, index, what it writes: the
    pattern step whose value it is, else the operation that computed it]."""
    grouped: dict[str, dict] = {}
    for store in graph.stores:
        if store.pointer in graph.arrays:
            continue
        entry = grouped.setdefault(store.written_as, {"pointer": store.written_as,
                                                      "buffer": _buffer(graph, buffers, store.written_as), "at": []})
        value = graph.resolve(store.value)
        entry["at"].append([store.line, store.index, step_keys.get(graph.key(value)) or value.op])
        if store.transposed:
            entry.setdefault("transposed", []).append(store.line)
    return sorted(grouped.values(), key=lambda e: e["at"][0][0])
