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
- `grouping`: each source-node group is what the provenance file's `postToPre` says,
  re-read as JSON, and contains every node of the kernel that maps to that source node.
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
    for pattern in (r"tl\.store\([^,]+,\s*(\w+)", r"(\w+)\.store\(", r"^\s*\w+\[[^\]]*\]\s*=\s*(\w+)\s*;"):
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


def grouping(facts, folder: Path) -> bool | None:
    path = Path(folder) / io.PROVENANCE_FILE
    if not facts.source_nodes or not path.is_file():
        return None
    post_to_pre = json.loads(path.read_text()).get("postToPre", {})
    nodes = set(facts.nodes or [])
    for pre, posts in facts.source_nodes.items():
        if any(p not in nodes or pre not in post_to_pre.get(p, []) for p in posts):
            return False
        if {n for n in nodes if pre in post_to_pre.get(n, [])} != set(posts):
            return False
    return True
