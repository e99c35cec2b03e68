"""Dataflow inside one generated kernel: which value each line computes, from which values.

`KernelGraph` turns a kernel's statements into values (one per operation, several per line
when calls nest) linked to the values they consume. A name means its most recent assignment
above the line that uses it; a load means the most recent store to the same pointer above
it, or the kernel's input when there is none (that is how exp(x − max) written to a scratch
row or over the input is followed to the line that reads it back). Casts, broadcasts, splats
and the masks Triton puts around a reduction are transparent.

Reductions are written as accumulators: `tmp_acc0_vec = at::vec::maximum(tmp_acc0_vec, x)`
and its masked tail, folded by `vec_reduce_all` (C++), or `triton_helpers.max2`, `tl.sum`,
`online_softmax_reduce` (Triton). A reduction's *root* is the value the rest of the kernel
uses; its lines are the root's and every accumulator update folded into it; its leaves are
the values it reduces. Standard library only.
"""

from __future__ import annotations

from labs.common.kernel_facts.builder import _COMBINE, _IDENTITY, REDUCTIONS, Builder, Store, Value
from labs.common.kernel_facts.kernel_source import statements

__all__ = ["REDUCTIONS", "KernelGraph", "Store", "Value"]


class KernelGraph(Builder):
    def __init__(self, source: str, language: str):
        self._start(source)
        for statement in statements(source, language):
            self._add(statement)
        self._keys: dict[int, tuple] = {}
        self._leaves: dict[int, tuple[list[Value], set[int]]] = {}

    # -- queries -----------------------------------------------------------------------------

    def resolve(self, value: Value) -> Value:
        """Through copies and through memory: the value that was computed."""
        while True:
            if (value.op == "copy" and value.inputs) or (value.op == "load" and value.inputs):
                value = value.inputs[0]
            else:
                return value

    def on_line(self, line: int) -> list[Value]:
        return [v for v in self.values if v.line == line]

    def leaves(self, root: Value) -> list[Value]:
        return self._fold(root)[0]

    def lines_of(self, value: Value) -> set[int]:
        """The lines that compute `value`: its own, and for a reduction every folded update."""
        value = self.resolve(value)
        return self._fold(value)[1] if value.op in REDUCTIONS else {value.line}

    def key(self, value: Value) -> tuple:
        """Structural identity: two values with the same key compute the same thing (a row
        recomputed for the output, the vectorized body and its scalar tail)."""
        value = self.resolve(value)
        cached = self._keys.get(id(value))
        if cached is not None:
            return cached
        if value.op == "load":
            result: tuple = ("load", value.attrs["pointer"])
        elif value.op in ("const", "index", "symbol"):
            result = (value.op, repr(value.attrs.get("value", value.attrs.get("name"))))
        elif value.op in REDUCTIONS:
            result = (value.op, frozenset(self.key(leaf) for leaf in self.leaves(value)))
        elif value.op == "getitem":
            result = ("getitem", value.attrs["index"], self.key(value.inputs[0]))
        else:
            result = (value.op, tuple(self.key(i) for i in value.inputs))
        self._keys[id(value)] = result
        return result

    def reduction_roots(self) -> list[Value]:
        """Reductions whose result is used outside any other reduction of the same kind."""
        folded = {id(v) for root in self.values if root.op in REDUCTIONS
                  for v in self._fold(root)[2] if v is not root}
        return [v for v in self.values if v.op in REDUCTIONS and id(v) not in folded]

    # -- reductions ---------------------------------------------------------------------------

    def _fold(self, root: Value) -> tuple[list[Value], set[int], list[Value]]:
        """(leaves, lines, folded values) of the reduction rooted at `root`."""
        cached = self._leaves.get(id(root))
        if cached is not None:
            return cached
        kind, leaves, lines, folded, seen = root.op, [], {root.line}, [root], {id(root)}
        stack = list(root.inputs)
        while stack:
            raw = stack.pop()
            value = self.resolve(raw)
            if id(value) in seen:
                continue
            seen.add(id(value))
            if value.op == "const" and (value.attrs.get("accumulator") or value.attrs.get("value") == _IDENTITY.get(kind)):
                continue
            through_item = value.op == "getitem" and self.resolve(value.inputs[0]).op == kind
            if through_item or value.op == kind or (
                    value.op in _COMBINE[kind] and any(self._accumulates(i, kind) for i in value.inputs)):
                lines.add(value.line)
                lines |= self._accumulator_writes(raw)
                folded.append(value)
                stack.extend(value.inputs)
            else:
                leaves.append(value)
        result = (sorted(leaves, key=lambda v: v.line), lines, folded)
        self._leaves[id(root)] = result
        return result

    def _accumulates(self, value: Value, kind: str) -> bool:
        value = self.resolve(value)
        return bool(value.attrs.get("accumulator")) or value.op == kind

    @staticmethod
    def _accumulator_writes(value: Value) -> set[int]:
        """Lines that copy an update into its accumulator on the way to it: Triton's
        `_tmp4 = tl.where(r0_mask & xmask, tmp5, _tmp4)` after `tmp5 = maximum(_tmp4, x)`."""
        lines = set()
        while value.op == "copy" and value.inputs:
            if value.attrs.get("accumulator"):
                lines.add(value.line)
            value = value.inputs[0]
        return lines
