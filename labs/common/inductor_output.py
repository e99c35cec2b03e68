"""Reading what Inductor wrote: the debug folders, the generated kernels and the wrapper.

Everything here parses text files, so it works on a dump from any machine (a CPU run here,
a GPU run brought back from elsewhere) and is tested on saved dumps. Standard library only.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

# `name = async_compile.cpp_pybinding([...], r'''<source>''')` or `.triton('name', '''<source>''')`
_KERNEL_DEF = re.compile(
    r"^(?P<name>\w+) = async_compile\.(?P<kind>cpp_pybinding|cpp|triton)\((?P<head>.*?)r?'''(?P<source>.*?)'''",
    re.S | re.M,
)
_ALLOCATION = re.compile(r"^\s*(?P<buf>buf\d+) = empty_strided_\w+\((?P<args>.*)\)\s*$", re.M)
# a call line's head: `cpp_fused_add_0(` or `triton_poi_fused_add_0.run(`
_CALL_HEAD = re.compile(r"(\w+)(?:\.run)?\(")
_BUFFER = re.compile(r"\bbuf\d+\b")


@dataclass(frozen=True)
class Kernel:
    name: str
    language: str          # "cpp" or "python" (Triton)
    source: str
    first_line: int        # 1-based line of the source's first line inside output_code.py


@dataclass
class GraphDump:
    """One compiled graph's debug folder (…/torchinductor/<graph>/)."""
    folder: Path
    kernels: list[Kernel] = field(default_factory=list)
    wrapper_call: str = ""
    allocated_buffers: list[str] = field(default_factory=list)
    kernel_calls: list[tuple[str, set[str]]] = field(default_factory=list)  # (kernel, buffers), in order
    kernel_ops: dict[str, list[str]] = field(default_factory=dict)   # kernel -> post-grad ops

    @property
    def output_code(self) -> Path:
        return self.folder / "output_code.py"


def graph_folders(debug_root: Path) -> list[Path]:
    """Every folder under `debug_root` that holds an output_code.py, oldest run first."""
    return sorted({p.parent for p in Path(debug_root).rglob("output_code.py")
                   if "torchinductor" in p.parts}, key=lambda p: str(p))


def parse_kernels(output_code: str) -> list[Kernel]:
    kernels = []
    for match in _KERNEL_DEF.finditer(output_code):
        kind = match.group("kind")
        source = match.group("source").strip("\n")
        first_line = output_code.count("\n", 0, match.start("source")) + 1
        if output_code[match.start("source")] == "\n":
            first_line += 1
        kernels.append(Kernel(name=match.group("name"),
                              language="python" if kind == "triton" else "cpp",
                              source=source, first_line=first_line))
    return kernels


def wrapper_call(output_code: str) -> str:
    """The body of the wrapper's `call()` (a method of Runner in recent PyTorch)."""
    match = re.search(r"^(?P<indent>[ \t]*)def call\(self, args\):\n|^(?P<indent2>[ \t]*)def call\(args\):\n",
                      output_code, re.M)
    if not match:
        return ""
    indent = len(match.group("indent") or match.group("indent2") or "")
    lines = []
    for line in output_code[match.start():].splitlines()[0:]:
        if lines and line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        lines.append(line)
    return "\n".join(lines).rstrip() + "\n"


def allocated_buffers(call_source: str) -> list[str]:
    """Buffers the wrapper allocates with empty_strided_* (in order)."""
    return [m.group("buf") for m in _ALLOCATION.finditer(call_source)]


@dataclass(frozen=True)
class CallSite:
    """One launch of a generated kernel in the wrapper: `cpp_fused_x_0(buf0, buf1)`."""
    kernel: str
    args: tuple[str, ...]        # positional arguments as written; keyword ones (stream=) left out
    buffers: frozenset[str]      # every bufN named anywhere on the line (views included)
    line: int                    # 1-based line in the text that was parsed
    handle: str | None = None    # "cpp_fused_x_0:2": the provenance handle in the comment above

    def argument_buffers(self, parameters: list[str]) -> dict[str, str]:
        """Kernel parameter -> the wrapper's tensor passed to it (its base name, views unwrapped)."""
        return {param: base_name(arg) for param, arg in zip(parameters, self.args)}


_HANDLE_COMMENT = re.compile(r"#\s*\[Provenance debug handles\]\s*(?P<handle>\S+)")


def call_sites(text: str, kernel_names: list[str]) -> list[CallSite]:
    """Every launch of one of `kernel_names` in `text` (call()'s body or a whole output_code.py),
    in order, with its arguments, line and provenance handle. Kernel sources inside the file
    are skipped: only lines after the last kernel definition count when there are any."""
    names = set(kernel_names)
    lines = text.splitlines()
    start = max((i for i, line in enumerate(lines) if line.startswith("async_compile.wait(")), default=-1) + 1
    sites, handle = [], None
    for number in range(start, len(lines)):
        stripped = lines[number].strip()
        if comment := _HANDLE_COMMENT.search(stripped):
            handle = comment.group("handle")
            continue
        head = _CALL_HEAD.match(stripped)
        if not head or head.group(1) not in names:
            continue
        args = tuple(a for a in call_arguments(stripped[head.end():]) if not re.match(r"^\w+\s*=", a))
        matched_handle = handle if handle and handle.split(":")[0] == head.group(1) else None
        sites.append(CallSite(head.group(1), args, frozenset(_BUFFER.findall(stripped)), number + 1,
                              matched_handle))
        handle = None
    return sites


def kernel_calls(call_source: str, kernel_names: list[str]) -> list[tuple[str, set[str]]]:
    """(kernel, buffers named anywhere on its call line) for each generated-kernel call, in call order.

    The whole line counts, so `reinterpret_tensor(buf1, ...)` arguments are read too, and a
    kernel called twice appears twice.
    """
    return [(site.kernel, set(site.buffers)) for site in call_sites(call_source, kernel_names)]


def _balanced(text: str, start: int, closers: str) -> str:
    """text[start:] up to the first character of `closers` (or an unmatched closing bracket)
    outside any brackets."""
    depth = 0
    for i in range(start, len(text)):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return text[start:i]
            depth -= 1
        elif c in closers and depth == 0:
            return text[start:i]
    return text[start:]


def split_arguments(text: str) -> list[str]:
    """`a, f(b, c), d` -> ["a", "f(b, c)", "d"]: commas outside brackets only."""
    args, start = [], 0
    while start <= len(text):
        part = _balanced(text, start, ",")
        if part.strip():
            args.append(part.strip())
        start += len(part) + 1
    return args


def call_arguments(call_tail: str) -> list[str]:
    """The arguments of a call, read from just after its opening parenthesis up to its closing
    one: `a, f(b, c), d) + 1` -> ["a", "f(b, c)", "d"]."""
    return split_arguments(_balanced(call_tail, 0, ""))


def base_name(argument: str) -> str:
    """`reinterpret_tensor(buf1, (4, 4), ...)` -> "buf1"; `buf2` -> "buf2"."""
    match = re.match(r"(?:reinterpret_tensor\()?\s*(\w+)", argument)
    return match.group(1) if match else argument


def kernel_parameters(kernel: Kernel) -> list[str]:
    """Parameter names in order: `kernel(const float* in_ptr0, ...)` or `def name(in_ptr0, ...)`."""
    if kernel.language == "cpp":
        match = re.search(r'extern "C"\s+void\s+kernel\((.*?)\)\s*\{', kernel.source, re.S)
        params = match.group(1).split(",") if match else []
        return [p.strip().split()[-1].lstrip("*") for p in params if p.strip()]
    match = re.search(r"^def \w+\((.*?)\):", kernel.source, re.M | re.S)
    params = match.group(1).split(",") if match else []
    return [p.split(":")[0].strip() for p in params if p.strip()]


def load_graph(folder: Path) -> GraphDump:
    folder = Path(folder)
    text = (folder / "output_code.py").read_text(encoding="utf-8")
    dump = GraphDump(folder=folder, kernels=parse_kernels(text), wrapper_call=wrapper_call(text))
    dump.allocated_buffers = allocated_buffers(dump.wrapper_call)
    dump.kernel_calls = kernel_calls(dump.wrapper_call, [kernel.name for kernel in dump.kernels])
    provenance = load_provenance(folder)
    if provenance is not None:
        for handle, ops in provenance.handle_nodes.items():
            dump.kernel_ops[handle.split(":")[0]] = sorted(set(ops))
    return dump


# -- the provenance mapping and the comments Inductor writes above a kernel ---------------------

PROVENANCE_FILE = "inductor_provenance_tracking_node_mappings.json"


@dataclass(frozen=True)
class Provenance:
    """inductor_provenance_tracking_node_mappings.json: which post-grad nodes each kernel launch
    runs (by handle, "cpp_fused_x_0:2"), and which source (pre-grad) node each came from."""
    handle_nodes: dict[str, list[str]]     # "kernel:N" -> post-grad node names
    post_to_pre: dict[str, list[str]]      # post-grad node -> source nodes

    def nodes_of(self, kernel: str) -> dict[str, list[str]]:
        """Handle -> nodes, for every launch of `kernel`."""
        return {h: nodes for h, nodes in self.handle_nodes.items() if h.split(":")[0] == kernel}

    def handles_of(self, node: str) -> list[str]:
        return [h for h, nodes in self.handle_nodes.items() if node in nodes]


def load_provenance(folder: Path) -> Provenance | None:
    path = Path(folder) / PROVENANCE_FILE
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    handles: dict[str, list[str]] = {}
    for key in ("cppCodeToPost", "tritonCodeToPost", "kernelCodeToPost"):
        for handle, nodes in data.get(key, {}).items():
            handles.setdefault(handle, [])
            handles[handle] += [n for n in nodes if n not in handles[handle]]
    return Provenance(handle_nodes=handles, post_to_pre={k: list(v) for k, v in data.get("postToPre", {}).items()})


# `#   %div : Tensor "f32[2, 600]..." = call_function[target=torch.ops.aten.div.Tensor](args = ...`
_FRAGMENT_NODE = re.compile(r"^#\s+%(?P<name>\w+) : .*= call_function\[target=(?P<target>[^\]]+)\]")


def comment_block(output_code: str, kernel_name: str) -> list[str]:
    """The comment lines just above `kernel_name = async_compile...` (Triton kernels carry their
    source nodes, ATen ops and graph fragment there; C++ kernels usually carry nothing)."""
    lines = output_code.splitlines()
    head = next((i for i, line in enumerate(lines) if line.startswith(f"{kernel_name} = async_compile")), None)
    block: list[str] = []
    for line in reversed(lines[:head] if head is not None else []):
        if not line.startswith("#"):
            break
        block.insert(0, line)
    return block


def fragment_nodes(output_code: str, kernel_name: str) -> list[str]:
    """Post-grad nodes the kernel's `# Graph fragment:` comment lists as computed (not placeholders)."""
    return [m.group("name") for line in comment_block(output_code, kernel_name)
            if (m := _FRAGMENT_NODE.match(line))]


def original_aten(output_code: str, kernel_name: str) -> list[str]:
    """The ops of the `Original ATen: [...]` comment above the kernel, or []."""
    for line in comment_block(output_code, kernel_name):
        if match := re.search(r"Original ATen: \[([^\]]*)\]", line):
            return [op.strip() for op in match.group(1).split(",") if op.strip()]
    return []


def find_kernel(dumps: list[GraphDump], pattern: str) -> tuple[GraphDump, Kernel] | None:
    """The first kernel whose name matches `pattern` (a regex), searching graphs in order."""
    regex = re.compile(pattern)
    for dump in dumps:
        for kernel in dump.kernels:
            if regex.search(kernel.name):
                return dump, kernel
    return None


def tree_listing(root: Path, limit: int = 400) -> list[tuple[str, int]]:
    """(relative path, size in bytes) of every file under `root`, sorted; at most `limit`."""
    root = Path(root)
    if not root.exists():
        return []
    files = sorted(p for p in root.rglob("*") if p.is_file())
    return [(p.relative_to(root).as_posix(), p.stat().st_size) for p in files[:limit]]


# -- the scheduler's IR dumps (ir_pre_fusion.txt, ir_post_fusion.txt) and library calls --------

# `op3: SchedulerNode(ComputedBuffer)`, `op0_op1: FusedSchedulerNode(SchedulerNode,SchedulerNode)`
_IR_NODE = re.compile(r"^(?P<name>\w+): (?P<kind>\w+)\((?P<detail>.*)\)\s*$")
# `op0_op1.snodes[0] =`: the next node header is a member of op0_op1
_IR_MEMBER_OF = re.compile(r"^(?P<group>\w+)\.snodes\[\d+\] =\s*$")
# `op4.node.kernel = extern_kernels.addmm`: a node that calls a library instead of generated code
_IR_EXTERN = re.compile(r"^(?P<name>\w+)\.node\.kernel = (?P<kernel>\S+)\s*$")
# `    buf3: ComputedBuffer` inside a node's `outputs = [...]`
_IR_OUTPUT = re.compile(r"^\s+(?P<buf>buf\d+): \w+\s*$")
# `    buf3.layout = FixedLayout('cpu', torch.float32, size=[2, 1], stride=[1, 2])`
_IR_LAYOUT = re.compile(r"^\s+(?P<buf>buf\d+)\.layout = \w+\(.*?size=\[(?P<size>[^\]]*)\]")
# a loop body's line: `        exp = ops.exp(sub)`, `        getitem = reduction[0]`
_IR_OP = re.compile(r"^\s+(?P<var>\w+) = ops\.(?P<op>\w+)\((?P<args>.*)\)\s*$")
_IR_ITEM = re.compile(r"^\s+(?P<var>\w+) = (?P<source>\w+)\[(?P<index>\d+)\]\s*$")
_EXTERN_CALL = re.compile(r"\bextern_kernels\.(?P<name>\w+)\(")
_REUSE = re.compile(r"^\s*(?P<buf>buf\d+) = .*#\s*reuse\s*$", re.M)


@dataclass
class SchedulerNode:
    """One top-level node of an IR dump: a single operation, or a group fused from several."""
    name: str                      # "op3", or "op0_op1_op2" for a fused group
    kind: str                      # SchedulerNode, FusedSchedulerNode, ExternKernelSchedulerNode, ...
    members: list[str] = field(default_factory=list)   # the single nodes inside, in order
    extern_kernel: str | None = None                    # e.g. "extern_kernels.addmm"
    buffers: list[str] = field(default_factory=list)    # buffers its nodes write
    sizes: dict[str, tuple] = field(default_factory=dict)   # buffer -> its layout's size
    roles: dict[str, str] = field(default_factory=dict)     # buffer -> the IR op whose value is stored there

    @property
    def is_extern(self) -> bool:
        return self.extern_kernel is not None or self.kind.startswith("ExternKernel")

    @property
    def is_nop(self) -> bool:
        return self.kind.startswith("Nop")


def scheduler_nodes(ir_text: str) -> list[SchedulerNode]:
    """The top-level nodes of ir_pre_fusion.txt or ir_post_fusion.txt, in schedule order."""
    top: list[SchedulerNode] = []
    owner: dict[str, SchedulerNode] = {}  # any node name -> the top-level node containing it
    member_of: str | None = None
    current: SchedulerNode | None = None
    groups: set[str] = set()
    body: dict[str, str] = {}  # a loop body's variable -> what computes it
    for line in ir_text.splitlines():
        if current is not None and (match := _IR_OP.match(line) or _IR_ITEM.match(line)):
            _read_body_line(match, body, current)
            continue
        if match := _IR_MEMBER_OF.match(line):
            member_of = match.group("group")
            groups.add(member_of)
        elif match := _IR_NODE.match(line):
            name = match.group("name")
            if member_of is not None and member_of in owner:
                current = owner[member_of]
                current.members.append(name)
                owner[name] = current
            else:
                current = SchedulerNode(name=name, kind=match.group("kind"))
                top.append(current)
                owner[name] = current
            member_of = None
        elif match := _IR_EXTERN.match(line):
            if match.group("name") in owner:
                owner[match.group("name")].extern_kernel = match.group("kernel")
        elif (match := _IR_OUTPUT.match(line)) and current is not None:
            if match.group("buf") not in current.buffers:
                current.buffers.append(match.group("buf"))
        elif (match := _IR_LAYOUT.match(line)) and current is not None:
            current.sizes[match.group("buf")] = tuple(
                int(part) if part.strip().lstrip("-").isdigit() else part.strip()
                for part in match.group("size").split(",") if part.strip())
    for node in top:
        node.members = [m for m in node.members if m not in groups] or [node.name]
    return top


def _read_body_line(match: re.Match, body: dict[str, str], node: SchedulerNode) -> None:
    """One line of a loop body: remember what computes each variable; a store records the role
    of its buffer (`exp`, `truediv`, a reduction's type such as `max`, `online_softmax_reduce[1]`)."""
    var = match.group("var")
    if "index" in match.groupdict():
        body[var] = f"{body.get(match.group('source'), match.group('source'))}[{match.group('index')}]"
        return
    op, args = match.group("op"), match.group("args")
    if op == "reduction":
        kind = re.search(r"'(\w+)'", args)
        body[var] = kind.group(1) if kind else "reduction"
    elif op in ("store", "store_reduction"):
        parts = split_arguments(args)
        if len(parts) >= 3:
            buffer = parts[0].strip("'\"")
            node.roles[buffer] = body.get(parts[2], parts[2])
    else:
        body[var] = op


def extern_kernel_calls(call_source: str) -> list[str]:
    """Library calls in the wrapper's call(), in order: ["extern_kernels.addmm", ...]."""
    return [f"extern_kernels.{m.group('name')}" for m in _EXTERN_CALL.finditer(call_source)]


def reused_buffers(call_source: str) -> list[str]:
    """Buffers call() takes over from a dead one instead of allocating (`buf1 = buf0; del buf0  # reuse`)."""
    return [m.group("buf") for m in _REUSE.finditer(call_source)]
