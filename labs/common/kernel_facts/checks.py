"""Checks of meaning: they recompute from Inductor's files and fail when a fact is wrong.

- `step_lines_compute`: each line cited for a step computes that step's operation *from the
  lines of the steps it needs* (the division from an exp line and a sum line, exp from a
  sub line, sub from a max line...), followed through the kernel's variables and memory.
  A line that merely contains a `/` fails: the scale `x / 8.0` does not divide an exp by a sum.
- `output_store_writes_output`: the cited output store writes the value of the last step.
- `steps_complete`: no line that computes a step from the cited lines of the steps it needs
  is left out of that step's list.
- `pattern_computes`: numerically (`oracle.py`, torch): the post-grad graph is run on random
  inputs and the claimed output node must equal the reference op (softmax, log-softmax,
  layer norm, ...) of the claimed input, with the claimed dimension and scale; a kernel
  claimed to compute "none" must have no node equal to any of them. The recogniser that
  made the claim (`meaning.py`) is not consulted.
- `kernel_computes_output`: the kernel chosen for a pattern runs a node that is, numerically,
  that pattern.
- the text checks of `text_checks.py` (input lines, store labels, reduction lines, read-back
  sources, buffer fates, fused nodes, grouping by source), which read the kernel without its
  parser and the nodes without the provenance mapping they came from.

Each takes the structured facts and the dump folder; none of them trusts the facts' own
bookkeeping.
"""

from __future__ import annotations

from pathlib import Path

from labs.common import inductor_output as io
from labs.common.kernel_facts import oracle, post_grad, text_checks
from labs.common.kernel_facts.dataflow import REDUCTIONS, KernelGraph, Value
from labs.common.kernel_facts.patterns import unscaled
from labs.common.kernel_facts.records import GraphFacts, KernelFacts

# step -> (operations that compute it, steps whose lines its operands must come from)
REQUIRES = {
    "max": ({"amax", "prepare_softmax_online"}, ()),
    "sub": ({"sub"}, ("max",)),
    "exp": ({"exp", "exp2"}, ("sub",)),
    "sum": ({"sum", "prepare_softmax_online"}, ("exp",)),
    "div": ({"div"}, ("exp", "sum")),
    "log": ({"log"}, ("sum",)),
    "sub_log": ({"sub"}, ("sub", "log")),
}
OUTPUT_STEP = {"softmax": "div", "attention_softmax": "div", "log_softmax": "sub_log"}
# A claimed pattern -> the name the oracle finds it under (the oracle sees numbers, not where scores come from).
FAMILY = {"attention_softmax": "softmax"}


def kernel_source(folder: Path, name: str) -> io.Kernel:
    kernels = io.parse_kernels((Path(folder) / "output_code.py").read_text(encoding="utf-8"))
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
        verdicts[step] = all(any(_computes(graph, v, ops, needs, cited, elsewhere) for v in _line_values(graph, line))
                             for line in lines)
    return verdicts


def _line_values(graph: KernelGraph, line: int) -> list[Value]:
    """The values a line computes, and the reductions it is one update of: Triton splits an
    update over two lines (`tmp5 = maximum(_tmp4, x)`, then the masked write into `_tmp4`)."""
    own = graph.on_line(line)
    return own + [r for r in graph.values if r.op in REDUCTIONS and r not in own and line in graph.lines_of(r)]


def _computes(graph: KernelGraph, value: Value, ops: set[str], needs: tuple[str, ...],
              cited: dict[str, set[int]], elsewhere: set[str]) -> bool:
    if value.op not in ops:
        return False
    if value.op == "prepare_softmax_online":  # max and sum of exp in one reduction
        return True
    operands = graph.leaves(value) if value.op in REDUCTIONS else value.inputs
    if value.op in ("exp", "exp2"):  # exp2(y · log2(e)), exp(where(guard, y, y′)): y is the step it needs
        operands = [unscaled(graph, o) for o in operands]

    def comes_from(step: str) -> bool:
        if step in elsewhere:  # computed by another kernel: it arrives as one of this kernel's inputs
            return any(graph.resolve(o).op == "load" and not graph.resolve(o).inputs for o in operands)
        return step in cited and any(graph.lines_of(o) & cited[step] for o in operands)
    return all(comes_from(step) for step in needs)


def steps_complete(facts: KernelFacts, kernel: io.Kernel) -> bool | None:
    """Whether every line that computes a step from the cited lines of its inputs is cited:
    for max and sum, every line folded into a cited reduction; for the others, every value of
    the step's operation whose operands come from the needed steps' lines."""
    cited = {s.step: set(s.lines) for s in facts.steps if s.lines}
    if not cited:
        return None
    graph = KernelGraph(kernel.source, kernel.language)
    elsewhere = {s.step for s in facts.steps if s.other_kernel}
    for step, lines in cited.items():
        ops, needs = REQUIRES[step]
        for value in graph.values:
            if value.op in REDUCTIONS and value.line in lines and value.op in ops:
                if not graph.lines_of(value) <= lines:
                    return False
            elif needs and value.op in ops and value.op not in REDUCTIONS and value.line not in lines \
                    and _computes(graph, value, ops, needs, cited, elsewhere):
                return False
    return True


def output_store_writes_output(facts: KernelFacts, kernel: io.Kernel) -> bool | None:
    """Whether each cited output store writes a value computed on the last step's lines."""
    last = facts.step(OUTPUT_STEP.get(facts.pattern or "", ""))
    if facts.pattern == "cross_entropy":
        return None  # its output is the loss; the log-softmax's value is consumed, not stored
    if not facts.output or not facts.output.get("stored") or not last or not last.lines:
        return None
    graph = KernelGraph(kernel.source, kernel.language)
    by_line = {s.line: s for s in graph.stores}
    return all(line in by_line and graph.lines_of(by_line[line].value) & set(last.lines)
               for line in facts.output["stored"])


def _truth_nodes(facts: KernelFacts, folder: Path) -> set[str] | None:
    provenance = io.load_provenance(folder)
    if provenance is not None:
        by_handle = provenance.nodes_of(facts.kernel)
        handle = facts.calls[0]["handle"] if facts.calls else None
        return set(by_handle.get(handle) or next(iter(by_handle.values()), []))
    fragment = io.fragment_nodes((Path(folder) / "output_code.py").read_text(encoding="utf-8"), facts.kernel)
    return set(fragment) if fragment else None


_EVALUATED: dict[tuple, tuple] = {}   # (folder, the graph files' stamps) -> (graph, values, findings by nodes)


def _oracle(folder: Path, nodes: set[str], kernel: str | None = None) -> tuple[post_grad.PostGradGraph | None,
                                                                                  list[oracle.Finding], dict]:
    """The oracle's findings for a kernel's nodes, and every node's value; the graph is run once
    per dump (a bare dump: the kernel's graph fragment, once per kernel)."""
    folder = Path(folder)
    stamps = tuple((folder / n).stat().st_mtime_ns if (folder / n).is_file() else None
                   for n in (post_grad.GRAPH_FILE, post_grad.TRANSFORMED_FILE, "output_code.py"))
    key = (str(folder.resolve()), stamps)
    if key not in _EVALUATED:
        graph = post_grad.load(folder)
        _EVALUATED[key] = (graph, oracle.evaluate(graph) if graph is not None else None, {})
    graph, values, by_nodes = _EVALUATED[key]
    if graph is None and kernel is not None:
        fragment_key = (*key, kernel)
        if fragment_key not in _EVALUATED:
            text = (folder / "output_code.py").read_text(encoding="utf-8")
            fragment = post_grad.from_fragment(io.comment_block(text, kernel))
            _EVALUATED[fragment_key] = (fragment, oracle.evaluate(fragment), {})
        graph, values, by_nodes = _EVALUATED[fragment_key]
    if graph is None:
        return None, [], {}
    frozen = frozenset(nodes)
    if frozen not in by_nodes:
        by_nodes[frozen] = oracle.headline(oracle.computed(graph, values, sorted(nodes)), graph)
    return graph, by_nodes[frozen], values


def pattern_computes(facts: KernelFacts, folder: Path) -> bool | None:
    """An abstention (None) never fails; a claim must hold numerically: the output node equals
    the reference op of the input node (with the claimed dim and scale), or, for "none", no node
    of the kernel equals any reference op of what feeds it."""
    if facts.pattern is None:
        return True
    nodes = _truth_nodes(facts, folder)
    graph, found, values = _oracle(folder, nodes, facts.kernel) if nodes is not None else (None, [], {})
    if graph is None:
        return False  # a claim with nothing to support it
    if facts.pattern != "none" and values.get(facts.output_node) is None:
        return None  # the graph at hand cannot be run up to the claimed node (a fragment missing a constant)
    if facts.pattern == "none":
        if not any(values.get(n) is not None for n in nodes if n in graph.nodes):
            return None  # nothing of the kernel could be run: "none" is neither confirmed nor refuted
        return not found
    claim = next((c for c in facts.claims if c["output_node"] == facts.output_node), {})
    detail = claim.get("detail", {})
    for f in found:
        if f.pattern != FAMILY.get(facts.pattern, facts.pattern) or f.output != facts.output_node:
            continue
        if facts.input_node not in f.inputs[:1]:
            continue
        if f.pattern == "gelu":  # erf or tanh: they differ by ~1e-3, so the numbers tell them apart
            if f.detail.get("approximate") == detail.get("approximate"):
                return True
            continue
        if f.pattern not in ("softmax", "log_softmax"):
            return True
        if "dim" in detail and [f.detail.get("dim")] != list(detail["dim"]):
            continue
        if "scale" in detail and abs(f.detail.get("scale", 1.0) - detail["scale"]) > 1e-4 * abs(detail["scale"]):
            continue
        return True
    return False


def kernel_computes_output(graph_facts: GraphFacts, kernel_name: str, pattern: str, folder: Path) -> bool:
    facts = graph_facts.kernel(kernel_name)
    nodes = _truth_nodes(facts, folder) if facts else None
    graph, found, _ = _oracle(folder, nodes, kernel_name) if nodes else (None, [], {})
    if graph is None:
        return False
    return any(f.pattern == FAMILY.get(pattern, pattern) for f in found)


def verify(graph_facts: GraphFacts, folder: Path) -> dict[str, dict]:
    """Every check on every kernel: kernel -> {check name: True/False/None (not applicable)}."""
    results = {}
    output_code = (Path(folder) / "output_code.py").read_text(encoding="utf-8")
    for facts in graph_facts.kernels:
        kernel = kernel_source(folder, facts.kernel)
        steps = step_lines_compute(facts, kernel)
        results[facts.kernel] = {
            "step_lines": all(steps.values()) if steps else None,
            "steps_complete": steps_complete(facts, kernel),
            "output_store": output_store_writes_output(facts, kernel),
            "nodes": text_checks.fused_nodes(facts, graph_facts.kernels, folder),
            "pattern": pattern_computes(facts, folder),
            "input_lines": text_checks.input_lines(facts, kernel),
            "store_labels": text_checks.store_labels(facts, kernel),
            "reduction_lines": text_checks.reduction_lines(facts, kernel),
            "read_back_sources": text_checks.read_back_sources(facts, kernel),
            "buffer_fates": text_checks.buffer_fates(facts, output_code),
            "grouping": text_checks.grouping(facts, folder),
        }
    return results
