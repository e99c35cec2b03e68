"""Checks of line-level facts against the raw text, with no part of the extractor's parser.

The facts come from `dataflow.KernelGraph` (each statement's AST, followed through names and
memory). These checks read the same kernel as plain lines with a few regular expressions,
and call() and the provenance file as text and JSON, so that a fact the parser got wrong is
not confirmed by the same parser:

- `input_lines`: each cited input line loads from an input pointer; every load of that
  pointer above the kernel's first store to it is cited.
- `store_labels`: the value each store writes is computed, on its defining line, by an
  operation the label names (exp for "exp", a division for "div", an accumulator for "sum"...).
- `reduction_lines`: each cited reduction line updates or folds an accumulator, and every
  accumulator update of the kernel belongs to some cited reduction.
- `read_back_sources`: a load said to read back line N reads a pointer that line N stores
  to, above it; a load said to read the input has no store to its pointer above it in the
  same loop nest's branch.
- `buffer_fates`: what call() does with each planned buffer, found again by regex in call().
- `fused_nodes`: the nodes claimed for a kernel (read from the provenance mapping) against
  the graph files instead: the kernel's `# Graph fragment:` comment where Inductor writes one
  (GPU), and the recorded graph, where no node a kernel must compute next to them may be left
  to no kernel.
- `grouping`: the by-source groups (also from the provenance mapping) against the printed
  graph's `# File: …:line` comments: one line per group, every node with a line grouped.
- `steps_complete`: every line that computes a step's operation from the cited lines of
  the steps it needs is itself cited (a step list with a line left out fails).
Standard library only.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from labs.common import inductor_output as io

_POINTER = r"(?:in_out_ptr\d+|in_ptr\d+|out_ptr\d+|local_buffer_data_\d+)"
_STORE = re.compile(rf"\.store\(|\btl\.store\(|^\s*{_POINTER}\[[^\]]*\]\s*=(?!=)")
_ALIAS = re.compile(rf"^\s*auto (\w+) = ({_POINTER});")
# an accumulator update: assigned without a type (a declaration is its initial value)
_ACCUMULATOR = re.compile(r"^\s*(?:tmp_acc\d+(?:_vec|_arr)?|_tmp\d+(?:_max|_sum|_mean|_m2|_weight)?)\s*=(?!=)")
_FOLD = re.compile(r"vec_reduce_all|tl\.sum\(|triton_helpers\.(?:max2|min2|online_softmax_reduce|welford)|"
                   r"\bsum\(|tmp_acc\d+|_tmp\d+|welford|max_masked_reduce|sum_masked_reduce")
# a label -> what its defining line must contain
_LABEL_TEXT = {
    "exp": r"\bexp\b|\.exp\(|exp_u20|exp2",
    "div": r"/|\bdiv\b|reciprocal",
    "sum": r"tmp_acc|_tmp\d+|\bsum\b|reduce",
    "max": r"tmp_acc|_tmp\d+|max|reduce",
    "amax": r"tmp_acc|_tmp\d+|max|reduce",
    "sub": r" - |\bsub\b",
    "sub_log": r" - |\bsub\b",
    "log": r"\blog\b|\.log\(",
    "mul": r"\*|\bmul\b",
    "add": r"\+|\badd\b",
    "welford": r"welford|tmp_acc|_tmp",
}


def _lines(kernel: io.Kernel) -> list[str]:
    return kernel.source.splitlines()


def _names(lines: list[str], pointer: str) -> set[str]:
    """A pointer and every name `auto in_ptr1 = in_out_ptr0;` makes for the same memory."""
    aliases = {m.group(1): m.group(2) for t in lines if (m := _ALIAS.match(t))}
    root = aliases.get(pointer, pointer)
    return {root} | {a for a, r in aliases.items() if r == root}


def _any(names: set[str]) -> str:
    return "(?:" + "|".join(re.escape(n) for n in sorted(names)) + ")"


def _stores_to(text: str, names: set[str]) -> bool:
    p = _any(names)
    return bool(re.search(rf"\.store\(\s*{p}\b|\btl\.store\(\s*{p}\b|^\s*{p}\[[^\]]*\]\s*=(?!=)|"
                          rf"transpose_mxn\([^,]+,[^,]+,\s*{p}\b", text))


def _loads_from(text: str, names: set[str]) -> bool:
    """`p + idx` or `p[idx]` read on the line, other than as the target of a store."""
    p = _any(names)
    reads = re.findall(rf"\b{p}\s*(?:\+|\[)", text)
    return len(reads) > (1 if _stores_to(text, names) else 0)


def input_lines(facts, kernel: io.Kernel) -> bool | None:
    if not facts.input or not facts.input.get("pointers"):
        return None
    lines = _lines(kernel)
    cited = set(facts.input["lines"])
    names = [_names(lines, p) for p in facts.input["pointers"]]
    for n in cited:
        if not (0 < n <= len(lines)) or not any(_loads_from(lines[n - 1], ns) for ns in names):
            return False
    for ns in names:
        first_store = next((n for n, t in enumerate(lines, 1) if _stores_to(t, ns)), len(lines) + 1)
        before = {n for n, t in enumerate(lines, 1) if n < first_store and _loads_from(t, ns)}
        if not before <= cited:
            return False
    return True


def _defining_line(lines: list[str], name: str, before: int) -> str | None:
    pattern = re.compile(rf"(?:\bauto\s+|^\s*|\b\w+\s+){re.escape(name)}\s*=(?!=)|\b{re.escape(name)}\s*,\s*\w+\s*=")
    for n in range(before - 1, 0, -1):
        if pattern.search(lines[n - 1]):
            return lines[n - 1]
    return None


def _stored_name(text: str) -> str | None:
    if "tl.store(" in text:
        arguments = io.call_arguments(text[text.index("tl.store(") + len("tl.store("):])
        value = re.match(r"\s*(\w+)", arguments[1]) if len(arguments) > 1 else None
        return value.group(1) if value else None   # `tmp12.to(tl.float32)` stores tmp12
    for pattern in (r"(\w+)\.store\(", r"^\s*\w+\[[^\]]*\]\s*=\s*(\w+)\s*;"):
        match = re.search(pattern, text)
        if match:
            return match.group(1)
    return None


def store_labels(facts, kernel: io.Kernel) -> bool | None:
    lines = _lines(kernel)
    judged = False
    for entry in facts.stores:
        for line, _index, label in entry["at"]:
            expected = _LABEL_TEXT.get(label)
            name = _stored_name(lines[line - 1]) if 0 < line <= len(lines) else None
            if expected is None or name is None:
                continue
            definition = _defining_line(lines, name, line)
            if name.startswith(("tmp_acc", "_tmp")):  # the accumulator itself is stored: a reduction
                definition = name
            if definition is None:
                continue
            judged = True
            rhs = definition.split("=", 1)[-1]
            if not re.search(expected, rhs if definition != name else name):
                return False
    return True if judged else None


def reduction_lines(facts, kernel: io.Kernel) -> bool | None:
    lines = _lines(kernel)
    cited = {n for r in facts.reductions for n in r["lines"]}
    if any(not (0 < n <= len(lines)) or not _FOLD.search(lines[n - 1]) for n in cited):
        return False
    updates = {n for n, t in enumerate(lines, 1) if _ACCUMULATOR.search(t)
               and not re.search(r"=\s*tl\.(?:full|zeros)\(", t)}
    return updates <= cited if (cited or updates) else None


def read_back_sources(facts, kernel: io.Kernel) -> bool | None:
    lines = _lines(kernel)
    judged = False
    for entry in facts.loads:
        names = _names(lines, entry["pointer"])
        for line, _index, source in entry["at"]:
            judged = True
            if source is not None:
                if not (0 < source <= len(lines)) or not _stores_to(lines[source - 1], names):
                    return False
                if source > line and not _in_loop_above(lines, line):
                    return False
            elif kernel.language == "python" and any(_stores_to(lines[n - 1], names) for n in range(1, line)):
                return False
    return True if judged else None


def _in_loop_above(lines: list[str], line: int) -> bool:
    return any(re.match(r"\s*(for\s*\(|for \w+ in )", t) for t in lines[:line - 1])


def buffer_fates(facts, output_code: str) -> bool | None:
    if facts.ir_buffers is None:
        return None
    call = io.wrapper_call(output_code)
    launches = [line for line in call.splitlines() if re.search(rf"\b{re.escape(facts.kernel)}\b", line)]
    for buffer in facts.ir_buffers:
        name, fate = buffer["name"], buffer["in_call"]
        present = re.search(rf"\b{name}\b", call)
        if fate == "absent" and present:
            return False
        if fate == "argument" and not any(re.search(rf"\b{name}\b", line) for line in launches):
            return False
        if fate == "allocated" and not re.search(rf"^\s*{name} = empty_strided", call, re.M):
            return False
        if fate.startswith("reuses "):
            other = fate.split()[1]
            if not re.search(rf"^\s*{name} = (?:reinterpret_tensor\()?{other}\b", call, re.M):
                return False
    return True


# -- fused nodes and grouping: from the graph files, never from the provenance mapping --------

_GRAPH_FILE, _TRANSFORMED_FILE = "post_grad_graph.json", "fx_graph_transformed.py"
# Ops Inductor leaves to a library call (their nodes belong to no generated kernel), and views
# and item selections that only re-describe memory (no kernel computes them on their own).
_EXTERN = {"mm", "addmm", "bmm", "baddbmm", "convolution", "_scaled_dot_product_flash_attention",
           "_scaled_dot_product_efficient_attention", "_scaled_dot_product_cudnn_attention"}
_VIEWS = {"view", "reshape", "_unsafe_view", "permute", "expand", "t", "transpose", "squeeze", "unsqueeze",
          "split", "split_with_sizes", "slice", "select", "as_strided", "alias", "getitem"}
# An operation that no kernel can compute without writing its name (Triton's libdevice.exp,
# C++'s .exp() or exp_u20, tl.sqrt_rn...).
_OP_TEXT = {"exp": r"exp", "exp2": r"exp2", "log": r"log", "tanh": r"tanh", "erf": r"erf", "sqrt": r"sqrt",
            "rsqrt": r"sqrt"}  # C++ writes rsqrt as 1 / std::sqrt
_FRAGMENT_LINE = re.compile(r"^#\s+%(\w+) : .*= call_function\[")
_FILE_COMMENT = re.compile(r"^\s*# File: (.+?:\d+) in ")
_NODE_LINE = re.compile(r"^\s+(\w+)(?:: \"[^\"]*\")? = ")


def _fragment(output_code: str, kernel: str) -> set[str] | None:
    """The computed nodes of the `# Graph fragment:` comment above the kernel's definition (GPU)."""
    lines = output_code.splitlines()
    head = next((i for i, t in enumerate(lines) if t.startswith(f"{kernel} = async_compile")), None)
    if head is None:
        return None
    block = []
    for t in reversed(lines[:head]):
        if not t.startswith("#"):
            break
        block.append(t)
    found = {m.group(1) for t in block if (m := _FRAGMENT_LINE.match(t))}
    return found or None


def _computed_nodes(folder: Path) -> tuple[dict[str, set[str]], set[str]] | None:
    """Every node of the recorded graph that a generated kernel must compute -> the nodes it
    reads and is read by; an extern call, a view, a placeholder or a dead node is none of them.
    Outputs are read from `return` in the printed graph."""
    graph_path, printed = Path(folder) / _GRAPH_FILE, Path(folder) / _TRANSFORMED_FILE
    if not graph_path.is_file() or not printed.is_file():
        return None
    nodes = json.loads(graph_path.read_text(encoding="utf-8"))["nodes"]
    returned = set(re.findall(r"\b\w+\b", next((t for t in printed.read_text(encoding="utf-8").splitlines()
                                                 if t.strip().startswith("return ")), "")))
    reads = {n["name"]: set(re.findall(r'"node": "(\w+)"', json.dumps([n["args"], n["kwargs"]]))) for n in nodes}
    users: dict[str, set[str]] = {}
    for name, inputs in reads.items():
        for i in inputs:
            users.setdefault(i, set()).add(name)
    computed, ops = {}, {}
    for n in nodes:
        parts = n["target"].split(".")
        op = ops[n["name"]] = parts[1] if len(parts) == 3 else n["target"]
        if op in ("placeholder", "output") or op in _EXTERN or op in _VIEWS:
            continue
        if n["name"] in users or n["name"] in returned:
            computed[n["name"]] = reads[n["name"]] | users.get(n["name"], set())
    return computed, set(reads), ops


def kernel_text(folder: Path, kernel: str) -> str | None:
    """The kernel's source as output_code.py holds it: from its definition to the next one."""
    text = (Path(folder) / "output_code.py").read_text(encoding="utf-8")
    start = text.find(f"{kernel} = async_compile")
    if start < 0:
        return None
    end = text.find(" = async_compile", start + len(kernel) + 16)
    return text[start:end if end > 0 else len(text)]


def fused_nodes(facts, kernels: list, folder: Path) -> bool | None:
    """The nodes claimed for a kernel, against the graph files rather than the provenance
    mapping they came from: on a GPU, exactly the computed nodes of the kernel's `# Graph
    fragment:` comment; on any device, nodes the recorded graph has, each exp, log, tanh, erf
    or square root among them written in the kernel's source, and no node that a kernel must
    compute (not an extern call, a view or a dead node) next to one claimed here left unclaimed
    by every kernel of the graph. (A C++ kernel claiming a plain node of another kernel, a
    `clone`, passes: the CPU files do not say which kernel runs it.)"""
    if facts.nodes is None:
        return None
    judged = False
    if facts.nodes_source != "graph_fragment":  # a fragment is what those nodes came from
        fragment = _fragment((Path(folder) / "output_code.py").read_text(encoding="utf-8"), facts.kernel)
        if fragment is not None:
            if set(facts.nodes) != fragment:
                return False
            judged = True
    graph = _computed_nodes(folder)
    if graph is None:
        return True if judged else None
    computed, known, ops = graph
    mine = set(facts.nodes)
    if not mine <= known:
        return False
    source = kernel_text(folder, facts.kernel)
    if source is not None and any(not re.search(_OP_TEXT[ops[n]], source) for n in mine if ops[n] in _OP_TEXT):
        return False  # a node whose operation the kernel never writes (an exp claimed for a copy kernel)
    claimed = {n for k in kernels if k.kernel != facts.kernel for n in (k.nodes or [])} | mine
    unclaimed = {n for n, neighbours in computed.items() if n not in claimed and neighbours & mine}
    return not unclaimed


def _locations(folder: Path) -> dict[str, str | None] | None:
    """Node -> the learner's file:line it was traced from, as the printed graph's `# File:`
    comments say (None under `# No stacktrace found`)."""
    path = Path(folder) / _TRANSFORMED_FILE
    if not path.is_file():
        return None
    where, found = None, {}
    for t in path.read_text(encoding="utf-8").splitlines():
        if m := _FILE_COMMENT.match(t):
            where = m.group(1)
        elif t.strip().startswith("#") or not t.strip():
            where = None if "No stacktrace" in t or not t.strip() else where
        elif (m := _NODE_LINE.match(t)) and not t.strip().startswith(("def ", "return ")):
            found[m.group(1)] = where
    return found


def grouping(facts, folder: Path) -> bool | None:
    """Each source-node group, against where the printed graph says its nodes were traced
    from: a group's nodes come from one line of the learner's file, every node of the kernel
    with a line is in exactly one group, and no group holds a node the kernel does not run.
    (Two groups on one line, `(q @ k.T) / s`, cannot be told apart this way.)"""
    locations = _locations(folder)
    if not facts.source_nodes or locations is None:
        return None
    nodes = set(facts.nodes or [])
    grouped = [p for posts in facts.source_nodes.values() for p in posts]
    if len(grouped) != len(set(grouped)) or not set(grouped) <= nodes:
        return False
    for posts in facts.source_nodes.values():
        if len({locations.get(p) for p in posts} - {None}) > 1:
            return False
    return all(n in grouped for n in nodes if locations.get(n))
