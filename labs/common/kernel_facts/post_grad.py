"""The post-grad FX graph: what Inductor was asked to compute, node by node, with dataflow.

Two sources, one shape. `post_grad_graph.json` is what `recorder.GraphRecorder` (a
`post_grad_custom_post_pass`) saw; `fx_graph_transformed.py` is the same graph as Inductor
prints it into the debug folder after its post-grad passes, parsed here with `ast`. Names
match the provenance mapping's, which is what lets a kernel be joined to the nodes it runs.
Standard library only.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

GRAPH_FILE = "post_grad_graph.json"
TRANSFORMED_FILE = "fx_graph_transformed.py"


@dataclass
class FxNode:
    name: str
    target: str                       # "aten.amax.default", "prims.prepare_softmax_online.default", "getitem"
    args: list = field(default_factory=list)      # {"node": name} for a node, else a literal (or its repr)
    kwargs: dict = field(default_factory=dict)
    shape: list | None = None
    dtype: str | None = None          # "float32", "int64", "bool"; None: not recorded
    where: str | None = None          # the learner's line it came from, "file.py:35"; None: unknown
    code: str | None = None           # that line's code, as Inductor quotes it

    @property
    def op(self) -> str:
        """The short op name: "amax", "sum", "div", "getitem", "prepare_softmax_online"."""
        parts = self.target.split(".")
        return parts[1] if len(parts) >= 3 else parts[-1]

    @property
    def inputs(self) -> list[str]:
        """Names of the nodes among the positional arguments, in order (lists flattened)."""
        found: list[str] = []

        def walk(value) -> None:
            if isinstance(value, dict) and "node" in value:
                found.append(value["node"])
            elif isinstance(value, (list, tuple)):
                for item in value:
                    walk(item)
        walk(self.args)
        return found


@dataclass
class PostGradGraph:
    nodes: dict[str, FxNode]          # in graph order
    source: str                       # which file it was read from

    def users(self, name: str) -> list[FxNode]:
        return [n for n in self.nodes.values() if name in n.inputs]

    def to_json(self) -> dict:
        return {"format": "post_grad_graph/1",
                "nodes": [{"name": n.name, "target": n.target, "args": n.args, "kwargs": n.kwargs,
                           "shape": n.shape, "dtype": n.dtype, "where": n.where, "code": n.code} for n in self.nodes.values()]}


def load(folder: Path) -> PostGradGraph | None:
    """The graph of one debug folder: the recorder's JSON, else fx_graph_transformed.py, else None."""
    folder = Path(folder)
    printed = from_transformed((folder / TRANSFORMED_FILE).read_text(encoding="utf-8")) \
        if (folder / TRANSFORMED_FILE).is_file() else None
    if (folder / GRAPH_FILE).is_file():
        graph = from_json(json.loads((folder / GRAPH_FILE).read_text(encoding="utf-8")), GRAPH_FILE)
        for name, node in graph.nodes.items():  # a recording older than dtype and lines: the print has them
            twin = printed.nodes.get(name) if printed else None
            if twin is not None:
                node.dtype = node.dtype or twin.dtype
                node.where = node.where or twin.where
                node.code = node.code or twin.code
        return graph
    return printed


def from_json(data: dict, source: str = GRAPH_FILE) -> PostGradGraph:
    nodes = {d["name"]: FxNode(d["name"], d["target"], d.get("args", []), d.get("kwargs", {}), d.get("shape"),
                               d.get("dtype"), d.get("where"), d.get("code"))
             for d in data["nodes"]}
    return PostGradGraph(nodes, source)


# -- fx_graph_transformed.py ------------------------------------------------------------------

def from_transformed(text: str) -> PostGradGraph:
    """Parse Inductor's readable print of the post-grad graph (a GraphModule's forward)."""
    # Inductor may print a class name that is not Python (`class <lambda>(torch.nn.Module):`).
    tree = ast.parse(re.sub(r"^class [^(\n]*\(", "class GraphModule(", text, flags=re.M))
    forward = next((f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name == "forward"), None)
    nodes: dict[str, FxNode] = {}
    if forward is None:
        return PostGradGraph(nodes, TRANSFORMED_FILE)
    known = {a.arg for a in forward.args.args if a.arg != "self"}
    for arg in forward.args.args:
        if arg.arg != "self":
            nodes[arg.arg] = FxNode(arg.arg, "placeholder", shape=_shape(arg.annotation), dtype=_dtype(arg.annotation))
    origins = _origins(text)
    for statement in forward.body:
        target, value, annotation = _assignment(statement)
        if target is None:
            continue
        node = _node(target, value, known, annotation)
        if node is not None:
            node.dtype = _dtype(annotation)
            node.where, node.code = origins.get(statement.lineno, (None, None))
            nodes[target] = node
            known.add(target)
    return PostGradGraph(nodes, TRANSFORMED_FILE)


def _assignment(statement: ast.stmt) -> tuple[str | None, ast.expr | None, ast.expr | None]:
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
        return statement.target.id, statement.value, statement.annotation
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
        return statement.targets[0].id, statement.value, None
    return None, None, None


def _node(name: str, value: ast.expr | None, known: set[str], annotation: ast.expr | None) -> FxNode | None:
    shape = _shape(annotation)
    if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name):  # x[0]: a getitem
        return FxNode(name, "getitem", [{"node": value.value.id}, _literal(value.slice, known)], shape=shape)
    if not isinstance(value, ast.Call):
        return None
    dotted = ast.unparse(value.func)
    target = dotted.removeprefix("torch.ops.")
    if target in ("operator.getitem", "getitem"):
        target = "getitem"
    args = [_literal(a, known) for a in value.args]
    kwargs = {k.arg: _literal(k.value, known) for k in value.keywords if k.arg}
    return FxNode(name, target, args, kwargs, shape)


def _literal(expr: ast.expr, known: set[str]):
    """A node reference as {"node": name}, a literal as itself, anything else as its source text."""
    if isinstance(expr, ast.Name) and expr.id in known:
        return {"node": expr.id}
    if isinstance(expr, (ast.List, ast.Tuple)):
        return [_literal(e, known) for e in expr.elts]
    try:
        return ast.literal_eval(expr)
    except ValueError:
        return ast.unparse(expr)


_FILE_COMMENT = re.compile(r"^\s*# File: (?P<file>\S+?):(?P<line>\d+) in [^,]*(?:, code: (?P<code>.*))?$")
_DTYPES = {"f32": "float32", "f16": "float16", "bf16": "bfloat16", "f64": "float64", "i64": "int64",
           "i32": "int32", "b8": "bool", "u8": "uint8", "i8": "int8"}


def _origins(text: str) -> dict[int, tuple[str, str | None]]:
    """Line of the print -> the learner's `file:line` of the `# File:` comment above it (Inductor
    prints one before each run of nodes that came from the same source line)."""
    found, current = {}, None
    for number, line in enumerate(text.splitlines(), start=1):
        match = _FILE_COMMENT.match(line)
        if match:
            current = (f"{match.group('file')}:{match.group('line')}", (match.group("code") or "").strip() or None)
        elif not line.strip():
            current = None  # a blank line ends the run the comment named
        else:
            found[number] = current
    return {n: w for n, w in found.items() if w}


def _dtype(annotation: ast.expr | None) -> str | None:
    if not isinstance(annotation, ast.Constant) or not isinstance(annotation.value, str):
        return None
    return _DTYPES.get(annotation.value.split("[", 1)[0])


def _shape(annotation: ast.expr | None) -> list | None:
    """`"f32[2, 600]"` -> [2, 600] (symbolic sizes stay strings)."""
    if not isinstance(annotation, ast.Constant) or not isinstance(annotation.value, str):
        return None
    match = re.search(r"\[([^\]]*)\]", annotation.value)
    if not match:
        return None
    return [int(p) if p.strip().isdigit() else p.strip() for p in match.group(1).split(",") if p.strip()]


# -- a Triton kernel's "# Graph fragment:" comment -----------------------------------------------

_FRAGMENT_LINE = re.compile(r'^#\s+%(?P<name>\w+) : (?:Tensor "(?P<type>[^"]*)")?\s*(?:\[num_users=\d+\])?\s*= '
                            r'(?:PlaceHolder\[target=\w+\]|call_function\[target=(?P<target>[^\]]+)\]'
                            r'\(args = (?P<args>.*), kwargs = (?P<kwargs>\{.*\})\))\s*$')


def from_fragment(comment_lines: list[str]) -> PostGradGraph:
    """The nodes a Triton kernel's `# Graph fragment:` comment lists (what a bare output_code.py
    has instead of the post-grad graph): its computed nodes, and its inputs as placeholders.
    Only this kernel's part of the graph: enough to say what it computes, not what it does not."""
    nodes: dict[str, FxNode] = {}
    for line in comment_lines:
        match = _FRAGMENT_LINE.match(line)
        if not match:
            continue
        name, type_ = match.group("name"), match.group("type")
        annotation = ast.Constant(type_) if type_ else None
        if match.group("target") is None:
            nodes[name] = FxNode(name, "placeholder", shape=_shape(annotation), dtype=_dtype(annotation))
            continue
        known = set(nodes)
        try:
            args = ast.parse(re.sub(r"%(\w+)", r"\1", match.group("args")), mode="eval").body
            kwargs = ast.parse(re.sub(r"(\w+): ", r"'\1': ", re.sub(r"%(\w+)", r"\1", match.group("kwargs"))),
                               mode="eval").body
        except SyntaxError:
            continue
        values = [_literal(a, known) for a in (args.elts if isinstance(args, ast.Tuple) else [args])]
        keywords = {k.value: _literal(v, known) for k, v in zip(kwargs.keys, kwargs.values)
                    if isinstance(k, ast.Constant)} if isinstance(kwargs, ast.Dict) else {}
        target = match.group("target").removeprefix("torch.ops.")
        target = "getitem" if target in ("operator.getitem", "<built-in function getitem>") else target
        nodes[name] = FxNode(name, target, values, keywords, _shape(annotation), _dtype(annotation))
    _link_items(nodes)
    return PostGradGraph(nodes, "graph_fragment")


_MULTI = ("prepare_softmax_online", "var_mean")


def _link_items(nodes: dict[str, FxNode]) -> None:
    """A fragment lists the two results of a two-result reduction computed in the kernel
    (prepare_softmax_online's max and sum, var_mean's var and mean) as placeholders named
    `getitem*`: FX names them in order of their index. With exactly one such reduction and two
    such placeholders, they are its items 0 and 1; otherwise they stay inputs (unknown)."""
    multi = [n for n in nodes.values() if n.op in _MULTI]
    items = [n for n in nodes.values() if n.target == "placeholder" and re.fullmatch(r"getitem(_\d+)?", n.name)]
    if len(multi) != 1 or len(items) != 2:
        return
    items.sort(key=lambda n: int(n.name.rpartition("_")[2]) if "_" in n.name else -1)
    linked = {item.name: FxNode(item.name, "getitem", [{"node": multi[0].name}, index], shape=item.shape,
                                dtype=item.dtype) for index, item in enumerate(items)}
    order = [n for n in nodes if n not in linked]
    at = order.index(multi[0].name) + 1
    order[at:at] = list(linked)  # after the reduction they are items of, as in the graph
    rebuilt = {name: linked.get(name, nodes[name]) for name in order}
    nodes.clear()
    nodes.update(rebuilt)
