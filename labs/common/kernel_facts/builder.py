"""Building a kernel's dataflow: each statement's Python AST becomes values linked to their inputs.

`Builder` is the half of `dataflow.KernelGraph` that reads statements in text order: it keeps
what each name means at each line (its most recent assignment above), what each pointer
holds (its most recent store above that this line can see), and turns every operation into
a `Value` with a normalised op (`exp`, `div`, `amax`, `load`, `copy` for anything that only
moves or casts a value). Standard library only.
"""

from __future__ import annotations

import ast
import math
from dataclasses import dataclass, field

from labs.common.kernel_facts.kernel_source import POINTER, Statement, branch, index_text, visible

REDUCTIONS = ("amax", "amin", "sum", "any", "welford", "prepare_softmax_online")
# Elementwise ops an accumulator update uses, per reduction.
_COMBINE = {"amax": {"maximum"}, "amin": {"minimum"}, "sum": {"add"}, "any": {"or"}, "welford": set(),
            "prepare_softmax_online": set()}
_SELF_UPDATE = {"maximum": "amax", "minimum": "amin", "add": "sum", "or": "any", "welford": "welford",
                "prepare_softmax_online": "prepare_softmax_online"}
_IDENTITY = {"amax": -math.inf, "amin": math.inf, "sum": 0, "any": 0}
_UNARY = {"exp": "exp", "exp_u20": "exp", "exp2": "exp2", "log": "log", "log1p": "log1p", "log2": "log2",
          "rsqrt": "rsqrt", "sqrt": "sqrt", "erf": "erf", "tanh": "tanh", "sigmoid": "sigmoid", "abs": "abs",
          "neg": "neg", "reciprocal": "reciprocal", "expm1": "expm1", "cos": "cos", "sin": "sin",
          "floor": "floor", "ceil": "ceil", "relu": "relu"}
_COPY = {"broadcast_to", "Vectorized", "VectorizedN", "VecMask", "static_cast", "convert", "to", "cast", "float",
         "reshape", "expand_dims", "view", "to_float", "_to", "make_tuple", "promote_to_tensor"}
_LOADS = {"loadu", "load", "from_", "load_indirect"}
_INDEX = {"program_id", "arange", "num_programs"}
_BINARY = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div", ast.FloorDiv: "floordiv",
           ast.Mod: "mod", ast.BitAnd: "and", ast.BitOr: "or", ast.BitXor: "xor", ast.Pow: "pow",
           ast.LShift: "lshift", ast.RShift: "rshift"}
_COMPARE = {ast.Lt: "lt", ast.LtE: "le", ast.Gt: "gt", ast.GtE: "ge", ast.Eq: "eq", ast.NotEq: "ne"}
_MODULES = {"at", "tl", "std", "libdevice", "tl_math", "triton_helpers", "c10", "math", "torch"}


@dataclass(eq=False)
class Value:
    op: str
    inputs: list[Value]
    line: int
    attrs: dict = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"Value({self.op}@{self.line})"


@dataclass(frozen=True)
class Store:
    pointer: str            # canonical (aliases followed)
    written_as: str         # the name the line uses
    index: str | None
    value: Value
    line: int
    transposed: bool = False


class Builder:
    """Reads statements in order into `values`, `loads`, `stores`, `aliases` and `arrays`."""

    def _start(self, source: str) -> None:
        self.source_lines = source.splitlines()
        self.values: list[Value] = []
        self.loads: list[Value] = []
        self.stores: list[Store] = []
        self.aliases: dict[str, str] = {}
        self.arrays: set[str] = set()
        self._env: dict[str, Value] = {}
        self._stores_to: dict[str, list[tuple[Store, Statement]]] = {}   # pointer -> its stores so far
        self._statement: Statement | None = None
        self._line = 0

    def canonical(self, pointer: str) -> str:
        return self.aliases.get(pointer, pointer)

    def resolve(self, value: Value) -> Value:
        raise NotImplementedError

    def _new(self, op: str, inputs: list[Value], **attrs) -> Value:
        value = Value(op, inputs, self._line, attrs)
        self.values.append(value)
        return value

    def _add(self, statement: Statement) -> None:
        self._line = statement.line
        self._statement = statement
        if statement.kind == "alias":
            self.aliases[statement.targets[0]] = self.canonical(statement.pointer)
        elif statement.kind == "array":  # a fresh scratch array: nothing written to it yet
            self.arrays.add(statement.targets[0])
            self._stores_to.pop(statement.targets[0], None)
            self._env.pop(statement.targets[0], None)  # the name now means the array, not an earlier value
        elif statement.kind == "store":
            value = self._build(statement.expr)
            pointer = self.canonical(statement.pointer)
            store = Store(pointer, statement.pointer, statement.index, value, statement.line, statement.transposed)
            self.stores.append(store)
            self._stores_to.setdefault(pointer, []).append((store, statement))
        else:
            value = self._build(statement.expr)
            names = statement.targets
            if len(names) == 1:
                value = self._self_update(value, names[0], statement.expr)
                if names[0].startswith(("tmp_acc", "_tmp")):
                    value.attrs["accumulator"] = True
                self._env[names[0]] = value
            else:
                for index, name in enumerate(names):
                    self._env[name] = self._new("getitem", [value], index=index)

    def _self_update(self, value: Value, target: str, expr: ast.expr) -> Value:
        """`acc = maximum(acc, x)` / `acc = acc + x`: an accumulator update is a reduction."""
        if value.op in _SELF_UPDATE and target in _direct_names(expr):
            value.op = _SELF_UPDATE[value.op]
        return value

    def _is_pointer(self, name: str) -> bool:
        return bool(POINTER.match(name)) or name in self.arrays or name in self.aliases

    def _load(self, pointer_expr: ast.expr) -> Value | None:
        base = pointer_expr.left if isinstance(pointer_expr, ast.BinOp) else pointer_expr
        if not (isinstance(base, ast.Name) and self._is_pointer(base.id)):
            return None
        pointer = self.canonical(base.id)
        line_text = self.source_lines[self._line - 1]
        index_inputs = [self._build(pointer_expr.right)] if isinstance(pointer_expr, ast.BinOp) else []
        indirect = not all(_only_indexes(self, v) for v in index_inputs)  # a gather: the index was loaded
        stored = self._read_back(pointer)
        value = self._new("load", [stored.value] if stored else [], pointer=pointer, written_as=base.id,
                          index=index_text(line_text, base.id), indirect=indirect,
                          source_line=stored.line if stored else None)
        self.loads.append(value)
        return value

    def _read_back(self, pointer: str) -> Store | None:
        """The store a load of `pointer` here reads: the most recent one it can see, except
        that a load in a vectorized body reads what the body above wrote, not the tail (and
        the other way round), when the most recent writes are such a pair."""
        seen = [(st, where) for st, where in reversed(self._stores_to.get(pointer, [])) if visible(where, self._statement)]
        if not seen:
            return None
        mine = branch(self._statement)
        if mine and branch(seen[0][1]) not in (None, mine) and len(seen) > 1 and branch(seen[1][1]) == mine:
            return seen[1][0]
        return seen[0][0]

    def _build(self, expr: ast.expr) -> Value:
        if isinstance(expr, ast.Name):
            if expr.id in self._env:
                return self._env[expr.id]
            if expr.id in self.arrays:  # `return tmpbuf;`: the scratch array's contents
                return self._load(expr)
            return self._new("symbol", [], name=expr.id)
        if isinstance(expr, ast.Constant):
            return self._new("const", [], value=expr.value)
        if isinstance(expr, ast.UnaryOp):
            inner = expr.operand
            if isinstance(expr.op, ast.Not) and isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) \
                    and inner.func.attr == "all_zero":  # `!v.all_zero()`: any lane of v set
                return self._build(inner.func.value)
            operand = self._build(expr.operand)
            if isinstance(expr.op, ast.USub) and operand.op == "const" and isinstance(operand.attrs["value"], (int, float)):
                return self._new("const", [], value=-operand.attrs["value"])
            op = {ast.USub: "neg", ast.Invert: "bitwise_not", ast.Not: "not", ast.UAdd: "copy"}[type(expr.op)]
            return self._new(op, [operand])
        if isinstance(expr, ast.BinOp):
            if loaded := self._load(expr):
                return loaded
            return self._new(_BINARY.get(type(expr.op), "binary"), [self._build(expr.left), self._build(expr.right)])
        if isinstance(expr, ast.Compare) and len(expr.ops) == 1:
            return self._new(_COMPARE.get(type(expr.ops[0]), "compare"),
                             [self._build(expr.left), self._build(expr.comparators[0])])
        if isinstance(expr, ast.BoolOp):
            return self._new("and" if isinstance(expr.op, ast.And) else "or", [self._build(v) for v in expr.values])
        if isinstance(expr, ast.IfExp):
            return self._new("where", [self._build(expr.test), self._build(expr.body), self._build(expr.orelse)])
        if isinstance(expr, ast.Subscript):
            if isinstance(expr.value, ast.Name) and self._is_pointer(expr.value.id):
                return self._load(ast.BinOp(expr.value, ast.Add(), expr.slice))
            return self._new("copy", [self._build(expr.value)])
        if isinstance(expr, ast.Attribute):  # `tmp_acc0.mean`: a field of a Welford accumulator
            return self._new("getitem", [self._build(expr.value)], index=expr.attr)
        if isinstance(expr, ast.Call):
            return self._call(expr)
        return self._new("other", [])

    def _call(self, call: ast.Call) -> Value:
        func = call.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        receiver = None
        if isinstance(func, ast.Attribute) and not _is_module(func.value):
            receiver = func.value  # a method: `tmp3.exp()`, `x.to(tl.float32)`
        args = ([receiver] if receiver is not None else []) + list(call.args)
        if name in _LOADS and args and (loaded := self._load(args[0])):
            return loaded
        if name in ("full", "zeros", "infinity", "lowest") or (name == "float" and _is_string(args)):
            return self._new("const", [], value=_constant(name, args))
        if name in ("Vectorized", "VectorizedN", "static_cast") and len(args) == 1:
            inner = self._build(args[0])
            return inner if inner.op == "const" else self._new("copy", [inner])
        if name in _COPY:
            return self._new("copy", [self._build(args[0])]) if args else self._new("const", [], value=0)
        if name in _INDEX:
            return self._new("index", [], name=name)
        if name in _UNARY:
            return self._new(_UNARY[name], [self._build(a) for a in args[:1]])
        if name in ("where", "blendv"):
            return self._where(name, args)
        if name in ("maximum", "max_propagate_nan", "max_masked_reduce"):
            return self._new("maximum", [self._build(a) for a in args[:2]])
        if name in ("minimum", "min_propagate_nan", "min_masked_reduce"):
            return self._new("minimum", [self._build(a) for a in args[:2]])
        if name == "any_masked_reduce":  # `any` over a row (the guard of a scaled softmax)
            return self._new("or", [self._build(a) for a in args[:2]])
        if name == "sum_masked_reduce":
            return self._new("add", [self._build(a) for a in args[:2]])
        if name in ("max2", "max", "amax"):
            return self._new("amax", [self._build(args[0])])
        if name in ("min2", "min"):
            return self._new("amin", [self._build(args[0])])
        if name == "sum":
            return self._new("sum", [self._build(args[0])])
        if name == "vec_reduce_all" and len(args) >= 2:
            kind = {"lambda_max": "amax", "lambda_min": "amin", "lambda_sum": "sum"}.get(ast.unparse(args[0]), "other")
            return self._new(kind if kind != "other" else "call:vec_reduce_all", [self._build(args[1])])
        if name.startswith("welford"):
            return self._new("welford", [self._build(a) for a in args if not isinstance(a, ast.Constant)])
        if name.startswith("online_softmax"):
            data = 3 if name.endswith("combine") else 2
            return self._new("prepare_softmax_online", [self._build(a) for a in args[:data]])
        return self._new(f"call:{name}", [self._build(a) for a in args if not isinstance(a, ast.Constant)])

    def _where(self, name: str, args: list[ast.expr]) -> Value:
        if name == "blendv":  # blendv(a, b, mask): b where mask, else a
            args = [args[2], args[1], args[0]] if len(args) == 3 else args
        if len(args) != 3:
            return self._new("where", [self._build(a) for a in args])
        if _mask_only(args[0]):  # Triton's guard around a block's out-of-range lanes: not an op
            return self._new("copy", [self._build(args[1])])
        return self._new("where", [self._build(a) for a in args])


def _direct_names(expr: ast.expr) -> set[str]:
    """Names that are direct operands of the top-level call or operator."""
    if isinstance(expr, ast.Call):
        operands = list(expr.args)
        if isinstance(expr.func, ast.Attribute) and not _is_module(expr.func.value):
            operands.append(expr.func.value)
    elif isinstance(expr, ast.BinOp):
        operands = [expr.left, expr.right]
    elif isinstance(expr, ast.BoolOp):
        operands = list(expr.values)
    else:
        operands = []
    return {o.id for o in operands if isinstance(o, ast.Name)}


def _is_module(expr: ast.expr) -> bool:
    root = expr
    while isinstance(root, ast.Attribute):
        root = root.value
    return isinstance(root, ast.Name) and root.id in _MODULES


def _mask_only(expr: ast.expr) -> bool:
    names = [n.id for n in ast.walk(expr) if isinstance(n, ast.Name)]
    return bool(names) and all(n.endswith("mask") for n in names) and not any(
        isinstance(n, ast.Call) for n in ast.walk(expr))


def _is_string(args: list[ast.expr]) -> bool:
    return bool(args) and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str)


def _constant(name: str, args: list[ast.expr]):
    if name == "infinity":
        return math.inf
    if name == "lowest":
        return -math.inf
    if name == "zeros":
        return 0
    if name == "float":
        return float(args[0].value)
    if len(args) >= 2:  # tl.full(shape, value, dtype)
        value = args[1]
        if isinstance(value, ast.Constant):
            return value.value
        if isinstance(value, ast.Call) and _is_string(value.args):
            return float(value.args[0].value)
        if isinstance(value, ast.UnaryOp) and isinstance(value.operand, ast.Constant):
            return -value.operand.value
    return None


def _only_indexes(graph: Builder, value: Value) -> bool:
    """True when an index expression is made of loop variables and constants only."""
    stack, seen = [value], set()
    while stack:
        v = graph.resolve(stack.pop())
        if id(v) in seen:
            continue
        seen.add(id(v))
        if v.op in ("load",) or v.op in REDUCTIONS:
            return False
        stack.extend(v.inputs)
    return True
