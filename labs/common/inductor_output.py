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


def kernel_calls(call_source: str, kernel_names: list[str]) -> list[tuple[str, set[str]]]:
    """(kernel, buffers named anywhere on its call line) for each generated-kernel call, in call order.

    The whole line counts, so `reinterpret_tensor(buf1, ...)` arguments are read too, and a
    kernel called twice appears twice.
    """
    names = set(kernel_names)
    calls = []
    for line in call_source.splitlines():
        stripped = line.strip()
        head = _CALL_HEAD.match(stripped)
        if head and head.group(1) in names:
            calls.append((head.group(1), set(_BUFFER.findall(stripped))))
    return calls


def load_graph(folder: Path) -> GraphDump:
    folder = Path(folder)
    text = (folder / "output_code.py").read_text()
    dump = GraphDump(folder=folder, kernels=parse_kernels(text), wrapper_call=wrapper_call(text))
    dump.allocated_buffers = allocated_buffers(dump.wrapper_call)
    dump.kernel_calls = kernel_calls(dump.wrapper_call, [kernel.name for kernel in dump.kernels])
    mapping = folder / "inductor_provenance_tracking_node_mappings.json"
    if mapping.is_file():
        data = json.loads(mapping.read_text())
        for key in ("cppCodeToPost", "tritonCodeToPost", "kernelCodeToPost"):
            for handle, ops in data.get(key, {}).items():
                dump.kernel_ops[handle.split(":")[0]] = sorted(set(ops))
    return dump


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
    for line in ir_text.splitlines():
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
        elif ((match := _IR_OUTPUT.match(line)) and current is not None
              and match.group("buf") not in current.buffers):
            current.buffers.append(match.group("buf"))
    for node in top:
        node.members = [m for m in node.members if m not in groups] or [node.name]
    return top


def extern_kernel_calls(call_source: str) -> list[str]:
    """Library calls in the wrapper's call(), in order: ["extern_kernels.addmm", ...]."""
    return [f"extern_kernels.{m.group('name')}" for m in _EXTERN_CALL.finditer(call_source)]


def reused_buffers(call_source: str) -> list[str]:
    """Buffers call() takes over from a dead one instead of allocating (`buf1 = buf0; del buf0  # reuse`)."""
    return [m.group("buf") for m in _REUSE.finditer(call_source)]
