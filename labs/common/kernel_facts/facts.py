"""Structured facts about every kernel of one compiled graph, joined from Inductor's own files.

    graph = facts.analyze(debug_folder)       # GraphFacts, JSON-able
    facts.write(graph, folder)                # kernel_facts.json beside the dump
    graph = facts.read(folder)

What a kernel computes comes from the post-grad graph (`patterns.fx_matches`), which kernel
runs which graph node from the provenance mapping (or, for Triton, the `Graph fragment`
comment above the kernel), which line computes each step from the kernel's dataflow
(`patterns.kernel_matches`), and which buffers the scheduler planned from
ir_post_fusion.txt, every scheduler node of the kernel included. Whatever a source is missing
for stays None ("unknown"), with the reason in `unknown`. Standard library only.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path

from labs.common import inductor_output as io
from labs.common.kernel_facts import kernel_lines, meaning, post_grad, traffic
from labs.common.kernel_facts.patterns import STEPS, Match, fx_matches
from labs.common.kernel_facts.records import GraphFacts, KernelFacts, Step

FACTS_FILE = "kernel_facts.json"


def analyze(folder: Path) -> GraphFacts:
    folder = Path(folder)
    output_code = (folder / "output_code.py").read_text(encoding="utf-8")
    kernels = io.parse_kernels(output_code)
    sites = io.call_sites(output_code, [k.name for k in kernels])
    graph = post_grad.load(folder)
    provenance = io.load_provenance(folder)
    ir_path = folder / "ir_post_fusion.txt"
    ir_nodes = io.scheduler_nodes(ir_path.read_text(encoding="utf-8")) if ir_path.is_file() else None
    matches = fx_matches(graph) if graph else []
    recognised = meaning.recognise(graph) if graph else []
    context = _Context(output_code, sites, graph, provenance, ir_nodes, matches, recognised,
                       {k.name: io.kernel_parameters(k) for k in kernels})
    facts = [_kernel_facts(kernel, context) for kernel in kernels]
    patterns = [_pattern_entry(r, facts) for r in recognised]
    sources = {"post_grad_graph": graph.source if graph else None, "provenance": provenance is not None,
               "ir_post_fusion": ir_nodes is not None}
    return GraphFacts(folder.name, sources, patterns, facts)


@dataclass
class _Context:
    output_code: str
    sites: list[io.CallSite]
    graph: post_grad.PostGradGraph | None
    provenance: io.Provenance | None
    ir_nodes: list[io.SchedulerNode] | None
    matches: list[Match]
    recognised: list[meaning.Recognised]
    parameters: dict[str, list[str]]   # kernel -> its parameters, in order


def _pattern_entry(r: meaning.Recognised, kernels: list[KernelFacts]) -> dict:
    home = next((k.kernel for k in kernels if k.nodes and r.output in k.nodes), None)
    return {"pattern": r.pattern, "output_node": r.output, "input_node": r.inputs[0] if r.inputs else None,
            "detail": _jsonable(r.detail), "kernel": home}


def _jsonable(detail: dict) -> dict:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in detail.items()}


def _kernel_facts(kernel: io.Kernel, c: _Context) -> KernelFacts:
    sites = [s for s in c.sites if s.kernel == kernel.name]
    parameters = io.kernel_parameters(kernel)
    calls = [{"handle": s.handle, "line": s.line, "buffers": s.argument_buffers(parameters)} for s in sites]
    nodes, source = _nodes(kernel, sites, c)
    facts = KernelFacts(kernel.name, kernel.language, _style(kernel), calls, nodes, source,
                        parallel_loops=kernel.source.count("#pragma omp for"))
    if nodes is None:
        facts.unknown.append("no_nodes")
    elif c.graph is not None:
        facts.node_targets = {n: c.graph.nodes[n].target for n in nodes if n in c.graph.nodes}
    if nodes is not None and c.provenance is not None:
        for node in nodes:
            for pre in c.provenance.post_to_pre.get(node, []):
                facts.source_nodes.setdefault(pre, []).append(node)
    buffers = calls[0]["buffers"] if calls else {}
    if nodes is not None and c.graph is not None:
        facts.origins = _origins(nodes, c.graph, c.output_code)
    step_pattern = _my_pattern(facts, c)
    kernel_lines.describe(facts, kernel, buffers, step_pattern)
    dtypes = {n.name: n.dtype for n in c.graph.nodes.values() if n.dtype} if c.graph else {}
    facts.traffic = traffic.traffic(facts, kernel, c.output_code, dtypes)
    facts.ir_nodes, facts.ir_buffers = _ir(sites[0] if sites else None, c)
    if facts.ir_buffers is None:
        facts.unknown.append("no_ir")
    return facts


def _nodes(kernel: io.Kernel, sites: list[io.CallSite], c: _Context) -> tuple[list[str] | None, str]:
    if c.provenance is not None:
        by_handle = c.provenance.nodes_of(kernel.name)
        first = sites[0].handle if sites else None
        if first in by_handle:
            return list(by_handle[first]), "provenance"
        if by_handle:
            return list(next(iter(by_handle.values()))), "provenance"
    fragment = io.fragment_nodes(c.output_code, kernel.name)
    return (fragment, "graph_fragment") if fragment else (None, "unknown")


def _my_pattern(facts: KernelFacts, c: _Context) -> str | None:
    """What the kernel computes, by meaning (`meaning.recognise`): sets `pattern` (the outermost
    pattern whose output node the kernel runs; "none" when there is none; None when unknowable),
    `claims`, and for a softmax or log-softmax (a cross-entropy's included) the steps with their
    nodes. Returns the pattern whose steps the kernel's lines should show, if any."""
    graph, recognised, matches = c.graph, c.recognised, c.matches
    if graph is None and facts.language == "python":
        # a bare output_code.py: the kernel's "# Graph fragment:" comment is its part of the graph
        graph = post_grad.from_fragment(io.comment_block(c.output_code, facts.kernel))
        recognised, matches = meaning.recognise(graph), fx_matches(graph)
        if not recognised:  # a fragment can show a pattern, never prove there is none
            graph = None
        else:
            facts.unknown.append("pattern_from_fragment")
    if graph is None:
        facts.unknown.append("no_graph")
        return None
    if facts.nodes is None:
        facts.unknown.append("no_pattern_without_nodes")
        return None
    mine = meaning.for_kernel(recognised, graph, facts.nodes)
    facts.claims = [{"pattern": r.pattern, "output_node": r.output, "inputs": r.inputs, "detail": _jsonable(r.detail),
                     "where": graph.nodes[r.output].where} for r in mine]
    if not mine:
        facts.pattern = "none"
        return None
    head = mine[0]
    facts.pattern, facts.output_node = head.pattern, head.output
    facts.input_node = head.inputs[0] if head.inputs else None
    step_pattern = meaning.STEP_PATTERN.get(head.pattern)
    if step_pattern is None:
        return None
    inner = next((r for r in mine if r.pattern in meaning.STEP_PATTERN and r.pattern != "cross_entropy"), None)
    spelled = next((m for m in matches if inner and m.output.name == inner.output), None)
    online = any(graph.nodes[n].op == "prepare_softmax_online" for n in facts.nodes if n in graph.nodes)
    facts.form = spelled.form if spelled else "online" if online else "two_pass"
    for step in STEPS[step_pattern]:
        names = [n.name for n in spelled.steps.get(step, [])] if spelled else []
        if not names and spelled and spelled.form == "online":
            # the online form has no exp node of its own for the sum: prepare_softmax_online
            # computes exp inside its reduction, so the step lives where that node runs
            names = [n.name for n in spelled.steps.get("max", [])]
        inside = [n for n in names if n in facts.nodes]
        other = None
        if names and not inside and c.provenance is not None:
            handles = [h for n in names for h in c.provenance.handles_of(n)]
            other = handles[0].split(":")[0] if handles else None
        where = sorted({graph.nodes[n].where for n in names if n in graph.nodes and graph.nodes[n].where})
        facts.steps.append(Step(step, names, None if inside or not names else [], other, where))
    if not spelled:  # recognised by meaning only: the spelled steps have no nodes; the kernel's lines may still show them
        facts.unknown.append("steps_without_nodes")
    return step_pattern


_CODE = re.compile(r"^\s*# File: (?P<where>\S+?:\d+) in \S+, code: (?P<code>.*)$", re.M)


def _origins(nodes: list[str], graph: post_grad.PostGradGraph, output_code: str) -> list[dict]:
    """The learner's lines this kernel's nodes came from, with the code Inductor quotes for each."""
    code = {m.group("where"): m.group("code").strip() for m in _CODE.finditer(output_code)}
    grouped: dict[str, list[str]] = {}
    for name in nodes:
        node = graph.nodes.get(name)
        if node is not None and node.where:
            grouped.setdefault(node.where, []).append(name)
            code.setdefault(node.where, node.code)
    return [{"where": where, "code": code.get(where), "nodes": names} for where, names in grouped.items()]


def _style(kernel: io.Kernel) -> str:
    source = kernel.source
    if kernel.language == "cpp":
        if re.search(r"tmp_acc\d+_vec", source):
            return "cpp_vectorized"
        return "cpp_scalar" if "tmp_acc" in source else "cpp_pointwise"
    if "persistent_reduction" in source:
        return "triton_persistent"
    if "triton_heuristics.reduction" in source or "for r0_offset in range" in source:
        return "triton_looped"
    return "triton_pointwise"


_ASSIGNED = re.compile(r"^\s*(?P<buf>buf\d+) = (?P<rhs>.*)$")


def _ir(site: io.CallSite | None, c: _Context) -> tuple[list[str] | None, list[dict] | None]:
    """Every scheduler node that became this kernel, and each buffer those nodes write: its
    size, what the IR stores there, and what call() does with it. A node belongs to the kernel
    when a buffer it writes is passed to the launch, directly or as the memory a passed buffer
    took over (`buf4 = buf2; del buf2  # reuse`), and no other launch writes it (a row max
    that the next kernel reads is the node of the kernel that wrote it)."""
    if c.ir_nodes is None or site is None:
        return None, None
    call = io.wrapper_call(c.output_code)
    assigned = {m.group("buf"): m.group("rhs") for line in call.splitlines() if (m := _ASSIGNED.match(line))}
    mine = set(site.buffers)
    frontier = list(mine)
    while frontier:  # walk the reuse chains back to the buffers whose memory was taken over
        taken = re.match(r"(?:reinterpret_tensor\()?(buf\d+)\b", assigned.get(frontier.pop(), ""))
        if taken and taken.group(1) not in mine:
            mine.add(taken.group(1))
            frontier.append(taken.group(1))
    others = {b for s in c.sites if s is not site and s.kernel != site.kernel for b in _written(s, c)}
    nodes = [n for n in c.ir_nodes if not n.is_extern and set(n.buffers) & mine and not set(n.buffers) & others]
    buffers = []
    for node in nodes:
        for name in node.buffers:
            buffers.append({"name": name, "size": list(node.sizes.get(name, ())), "role": node.roles.get(name, "?"),
                            "node": node.name, "in_call": _in_call(name, site, assigned, call)})
    return [n.name for n in nodes], buffers


def _written(site: io.CallSite, c: _Context) -> set[str]:
    """The buffers a launch passes to the kernel's output parameters (out_ptrN, in_out_ptrN)."""
    parameters = c.parameters.get(site.kernel, [])
    return {b for p, b in site.argument_buffers(parameters).items() if p.startswith(("out_ptr", "in_out_ptr"))}


def _in_call(name: str, site: io.CallSite, assigned: dict[str, str], call: str) -> str:
    if name in site.buffers:
        return "argument"
    rhs = assigned.get(name)
    if rhs is not None:
        if rhs.startswith("empty_strided"):
            return "allocated"
        source = re.match(r"(?:reinterpret_tensor\()?(buf\d+)", rhs)
        return f"reuses {source.group(1)}" if source else "assigned"
    return "mentioned" if re.search(rf"\b{name}\b", call) else "absent"


# -- JSON -----------------------------------------------------------------------------------

def write(graph: GraphFacts, folder: Path) -> Path:
    path = Path(folder) / FACTS_FILE
    path.write_text(json.dumps(asdict(graph), indent=1) + "\n", encoding="utf-8")
    return path


def read(folder_or_file: Path) -> GraphFacts:
    path = Path(folder_or_file)
    data = json.loads((path / FACTS_FILE if path.is_dir() else path).read_text(encoding="utf-8"))
    return from_dict(data)


def from_dict(data: dict) -> GraphFacts:
    kernels = []
    for k in data["kernels"]:
        k = dict(k)
        k["steps"] = [Step(**s) for s in k.get("steps", [])]
        kernels.append(KernelFacts(**k))
    return GraphFacts(data["folder"], data["sources"], data["patterns"], kernels)
