"""Checks of meaning: they recompute from Inductor's files and fail when a fact is wrong.

- `step_lines_compute`: each line cited for a step computes that step's operation *from the
  lines of the steps it needs* (the division from an exp line and a sum line, exp from a
  sub line, sub from a max line...), followed through the kernel's variables and memory.
  A line that merely contains a `/` fails: the scale `x / 8.0` does not divide an exp by a sum.
- `output_store_writes_output`: the cited output store writes the value of the last step.
- `nodes_match_provenance`: the fused nodes claimed are those the provenance mapping gives.
- `pattern_matches_graph`: the pattern claimed (softmax, log-softmax or none) is the one the
  post-grad graph computes in this kernel; a log-softmax presented as a softmax fails, and so
  does any pattern claimed for a kernel that runs no such output node.
- `kernel_computes_output`: the kernel chosen for a pattern runs that pattern's output node.

Each takes the structured facts and the dump folder; none of them trusts the facts' own
bookkeeping. Standard library only.
"""

from __future__ import annotations

from pathlib import Path

from labs.common import inductor_output as io
from labs.common.kernel_facts import post_grad
from labs.common.kernel_facts.dataflow import REDUCTIONS, KernelGraph, Value
from labs.common.kernel_facts.facts import GraphFacts, KernelFacts
from labs.common.kernel_facts.patterns import fx_matches

# step -> (operations that compute it, steps whose lines its operands must come from)
REQUIRES = {
    "max": ({"amax", "prepare_softmax_online"}, ()),
    "sub": ({"sub"}, ("max",)),
    "exp": ({"exp"}, ("sub",)),
    "sum": ({"sum", "prepare_softmax_online"}, ("exp",)),
    "div": ({"div"}, ("exp", "sum")),
    "log": ({"log"}, ("sum",)),
    "sub_log": ({"sub"}, ("sub", "log")),
}
OUTPUT_STEP = {"softmax": "div", "log_softmax": "sub_log"}


def kernel_source(folder: Path, name: str) -> io.Kernel:
    kernels = io.parse_kernels((Path(folder) / "output_code.py").read_text())
    return next(k for k in kernels if k.name == name)


def step_lines_compute(facts: KernelFacts, kernel: io.Kernel) -> dict[str, bool]:
    """Step -> whether every line cited for it computes it from the steps it needs. Steps
    without stated lines (unknown, or in another kernel) are not judged."""
    graph = KernelGraph(kernel.source, kernel.language)
    cited = {s.step: set(s.lines) for s in facts.steps if s.lines}
    elsewhere = {s.step for s in facts.steps if s.other_kernel}
    verdicts = {}
    for step, lines in cited.items():
        ops, needs = REQUIRES[step]
        verdicts[step] = all(any(_computes(graph, v, ops, needs, cited, elsewhere) for v in graph.on_line(line))
                             for line in lines)
    return verdicts


def _computes(graph: KernelGraph, value: Value, ops: set[str], needs: tuple[str, ...],
              cited: dict[str, set[int]], elsewhere: set[str]) -> bool:
    if value.op not in ops:
        return False
    if value.op == "prepare_softmax_online":  # max and sum of exp in one reduction
        return True
    operands = graph.leaves(value) if value.op in REDUCTIONS else value.inputs

    def comes_from(step: str) -> bool:
        if step in elsewhere:  # computed by another kernel: it arrives as one of this kernel's inputs
            return any(graph.resolve(o).op == "load" and not graph.resolve(o).inputs for o in operands)
        return step in cited and any(graph.lines_of(o) & cited[step] for o in operands)
    return all(comes_from(step) for step in needs)


def output_store_writes_output(facts: KernelFacts, kernel: io.Kernel) -> bool | None:
    """Whether each cited output store writes a value computed on the last step's lines."""
    last = facts.step(OUTPUT_STEP.get(facts.pattern or "", ""))
    if not facts.output or not facts.output.get("stored") or not last or not last.lines:
        return None
    graph = KernelGraph(kernel.source, kernel.language)
    by_line = {s.line: s for s in graph.stores}
    return all(line in by_line and graph.lines_of(by_line[line].value) & set(last.lines)
               for line in facts.output["stored"])


def nodes_match_provenance(facts: KernelFacts, folder: Path) -> bool | None:
    provenance = io.load_provenance(folder)
    if provenance is None or facts.nodes is None or facts.nodes_source != "provenance":
        return None
    handle = facts.calls[0]["handle"] if facts.calls else None
    by_handle = provenance.nodes_of(facts.kernel)
    truth = by_handle.get(handle) or next(iter(by_handle.values()), [])
    return set(facts.nodes) == set(truth)


def _truth_nodes(facts: KernelFacts, folder: Path) -> set[str] | None:
    provenance = io.load_provenance(folder)
    if provenance is not None:
        by_handle = provenance.nodes_of(facts.kernel)
        handle = facts.calls[0]["handle"] if facts.calls else None
        return set(by_handle.get(handle) or next(iter(by_handle.values()), []))
    fragment = io.fragment_nodes((Path(folder) / "output_code.py").read_text(), facts.kernel)
    return set(fragment) if fragment else None


def pattern_matches_graph(facts: KernelFacts, folder: Path) -> bool:
    """An abstention (None) never fails; a claim must be what the graph computes here."""
    if facts.pattern is None:
        return True
    graph = post_grad.load(folder)
    nodes = _truth_nodes(facts, folder)
    if graph is None or nodes is None:
        return False  # a claim with nothing to support it
    here = [m for m in fx_matches(graph) if m.output.name in nodes]
    truth = here[0].pattern if here else "none"
    return facts.pattern == truth and (truth == "none" or facts.output_node == here[0].output.name)


def kernel_computes_output(graph_facts: GraphFacts, kernel_name: str, pattern: str, folder: Path) -> bool:
    graph = post_grad.load(folder)
    facts = graph_facts.kernel(kernel_name)
    nodes = _truth_nodes(facts, folder) if facts else None
    if graph is None or not nodes:
        return False
    return any(m.pattern == pattern and m.output.name in nodes for m in fx_matches(graph))


def verify(graph_facts: GraphFacts, folder: Path) -> dict[str, dict]:
    """Every check on every kernel: kernel -> {check name: True/False/None (not applicable)}."""
    results = {}
    for facts in graph_facts.kernels:
        kernel = kernel_source(folder, facts.kernel)
        steps = step_lines_compute(facts, kernel)
        results[facts.kernel] = {
            "step_lines": all(steps.values()) if steps else None,
            "output_store": output_store_writes_output(facts, kernel),
            "nodes": nodes_match_provenance(facts, folder),
            "pattern": pattern_matches_graph(facts, folder),
        }
    return results
