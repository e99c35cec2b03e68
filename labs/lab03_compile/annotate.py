"""Facts about a fused softmax kernel, extracted from Inductor's own files.

Given one graph's dump (output_code.py, ir_post_fusion.txt and, when Inductor wrote it,
inductor_provenance_tracking_node_mappings.json) and the kernel to read, `annotate` finds:

- which ATen ops were fused: the provenance mapping, else the `Original ATen:` comment above
  the kernel, else the operations in the fused node's loop bodies in ir_post_fusion.txt;
- the five steps of a softmax, max, sub, exp, sum and div: the kernel line computing each;
- where the input is read and the output written: pointer, index expression and line;
- how the reductions are expressed: C++ vectorized accumulators folded by vec_reduce_all
  (masked_reduce for the tail), or Triton's max2/tl.sum in a persistent or looped reduction;
- what is absent: buffers the fused node writes in the IR that the wrapper's call() never
  allocates, and where their values live instead (a per-thread local buffer, registers).

Each fact carries its line number in the saved kernel file (the kernel's source, as Part C
writes it), or in output_code.py for facts about the wrapper. Works on C++ and Triton dumps
from any machine: it only reads text. Standard library only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from labs.common.inductor_output import GraphDump, Kernel

SOFTMAX_STEPS = ("max", "sub", "exp", "sum", "div")

# How each softmax step shows up in a kernel line, C++ and Triton alike.
_STEP_PATTERNS = {
    "max": re.compile(r"at::vec::maximum\(|max_masked_reduce\(|triton_helpers\.max2\(|"
                      r"triton_helpers\.maximum\(|online_softmax_(?:reduce|combine)\("),
    "sub": re.compile(r"\btmp\d+\s*=\s*tmp\d+\s*-\s*tmp\d+\s*;?\s*$"),
    "exp": re.compile(r"\.exp(?:_u20)?\(\)|std::exp\(|libdevice\.exp\(|tl_math\.exp\(|tl\.exp\("),
    "sum": re.compile(r"tmp_acc\d+(?:_vec)?\s*=\s*tmp_acc\d+(?:_vec)?\s*\+|sum_masked_reduce\(|tl\.sum\(|"
                      r"online_softmax_(?:reduce|combine)\("),
    "div": re.compile(r"\btmp\d+\s*=\s*\(?tmp\d+\s*/\s*tmp\d+\)?\s*;?\s*$"),
}
# ATen (or post-grad node) names that carry each step; prepare_softmax_online is the GPU's
# one-pass max-and-sum, _softmax the softmax op whose decomposition ends in div.
_STEP_ATEN = {
    "max": {"amax", "max", "prepare_softmax_online"},
    "sub": {"sub"},
    "exp": {"exp"},
    "sum": {"sum", "prepare_softmax_online"},
    "div": {"div", "_softmax"},
}
_POINTER = r"(?:in_out_ptr\d+|in_ptr\d+|out_ptr\d+|local_buffer_data_\d+)"
_ACCESS = re.compile(rf"(?P<ptr>{_POINTER})\s*(?P<op>\+|\[)")


@dataclass(frozen=True)
class Fact:
    topic: str           # a short identifier: step:max, load, store, reduction, absent, ...
    line: int | None     # 1-based line in `file`
    code: str            # that line, stripped
    detail: str          # the extracted value: an op list, an index expression, a buffer
    file: str = "kernel"  # "kernel" (the saved kernel) or "output_code" (the wrapper)

    def as_row(self) -> list:
        return [self.line, self.topic, self.code, self.detail, self.file]


@dataclass(frozen=True)
class Access:
    kind: str            # "load" or "store"
    pointer: str
    index: str
    line: int
    code: str
    value: str | None = None   # for a store: the softmax step whose result it writes


@dataclass(frozen=True)
class IRBuffer:
    name: str
    size: tuple[int | str, ...]
    role: str            # what the node stores there: max, sum, exp, div, ...


@dataclass
class Annotation:
    kernel: str
    language: str                       # cpp or python (Triton)
    fused_ops: list[str]
    fused_ops_source: str               # provenance | original_aten_comment | ir_post_fusion
    steps: dict[str, Fact]              # softmax step -> first kernel line computing it
    loads: list[Access]
    stores: list[Access]
    input_read: Access | None
    output_write: Access | None
    pointer_buffers: dict[str, str]     # kernel argument -> wrapper buffer
    reduction_style: str                # cpp_vectorized | triton_persistent | triton_looped | none
    reduction_facts: list[Fact]
    ir_buffers: list[IRBuffer]
    allocated: list[str]
    absent: list[IRBuffer]
    exp_home: str                       # local_buffer | registers | in_place | buffer
    parallel_loops: int = 1             # `#pragma omp for` loops (C++), or 1 (a Triton program)
    facts: list[Fact] = field(default_factory=list)

    @property
    def steps_found(self) -> list[str]:
        return [s for s in SOFTMAX_STEPS if s in self.steps]

    @property
    def is_softmax(self) -> bool:
        return len(self.steps_found) == len(SOFTMAX_STEPS)


# -- small parsers -------------------------------------------------------------------------

def _balanced(text: str, start: int, closers: str) -> str:
    """text[start:] up to the first character of `closers` outside any parentheses."""
    depth = 0
    for i in range(start, len(text)):
        c = text[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            if depth == 0:
                return text[start:i]
            depth -= 1
        elif c in closers and depth == 0:
            return text[start:i]
    return text[start:]


def clean_index(expression: str) -> str:
    """`static_cast<int64_t>(x1 + 600L*x0)` or `(r0_1 + 600*x0)` -> `x1 + 600L*x0`."""
    text = expression.replace("static_cast<int64_t>", "").strip()
    while text.startswith("(") and text.endswith(")") and _balanced(text, 1, "") == text[1:-1]:
        text = text[1:-1].strip()
    return text


def accesses(kernel: Kernel) -> list[Access]:
    """Every load and store through a pointer argument or a local buffer, in line order;
    each store knows which softmax step produced the value it writes (see `producer`)."""
    lines = kernel.source.splitlines()
    found = []
    for number, line in enumerate(lines, start=1):
        for match in _ACCESS.finditer(line):
            pointer = match.group("ptr")
            if match.group("op") == "[":
                index = _balanced(line, match.end(), "]")
                after = line[match.end() + len(index) + 1:]
                is_store = bool(re.match(r"\s*=(?!=)", after))
            else:
                index = _balanced(line, match.end(), ",")
                before = line[:match.start()]
                is_store = bool(re.search(r"(?:\.store\(|tl\.store\()\s*$", before))
                if not is_store and not re.search(r"(?:loadu\(|load\(|tl\.load\()\s*$", before):
                    continue  # pointer arithmetic that neither loads nor stores
            value = producer(lines, number, _stored_variable(line)) if is_store else None
            found.append(Access("store" if is_store else "load", pointer, clean_index(index),
                                number, line.strip(), value))
    return found


def _stored_variable(line: str) -> str | None:
    """`tmp4.store(...)`, `out[i] = static_cast<float>(tmp_acc0);`, `tl.store(ptr, tmp15, mask)`."""
    for pattern in (r"\b(tmp\w*)\.store\(", r"\]\s*=\s*(?:static_cast<\w+>\()?(tmp\w*)",
                    r"tl\.store\([^,]+,\s*(tmp\w*)"):
        match = re.search(pattern, line)
        if match:
            return match.group(1)
    return None


def producer(lines: list[str], number: int, variable: str | None) -> str | None:
    """The softmax step computing `variable`, from the last line before `number` assigning it."""
    if not variable:
        return None
    assignment = re.compile(rf"^\s*(?:auto\s+)?{re.escape(variable)}\s*=(?!=)")
    for line in reversed(lines[:number - 1]):
        if assignment.search(line):
            steps = [step for step, pattern in _STEP_PATTERNS.items() if pattern.search(line)]
            return steps[-1] if steps else None  # sub's pattern never matches an exp or a div line
    return None


def _index_variables(index: str) -> set[str]:
    return set(re.findall(r"\b(?:x\d+|r0_\d+|r\d+|y\d+)\b", index))


def kernel_signature(kernel: Kernel) -> list[str]:
    """Parameter names in order: `kernel(const float* in_ptr0, ...)` or `def name(in_ptr0, ...)`."""
    if kernel.language == "cpp":
        match = re.search(r'extern "C"\s+void\s+kernel\((.*?)\)\s*\{', kernel.source, re.S)
        params = match.group(1).split(",") if match else []
        return [p.strip().split()[-1].lstrip("*") for p in params if p.strip()]
    match = re.search(r"^def \w+\((.*?)\):", kernel.source, re.M | re.S)
    params = match.group(1).split(",") if match else []
    return [p.split(":")[0].strip() for p in params if p.strip()]


def _call_arguments(call_source: str, name: str) -> list[str]:
    """Arguments of `name(...)` or `name.run(...)` in call(), split at top-level commas."""
    match = re.search(rf"\b{re.escape(name)}(?:\.run)?\(", call_source)
    if not match:
        return []
    inside = _balanced(call_source, match.end(), "")
    args, depth, current = [], 0, ""
    for c in inside:
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        if c == "," and depth == 0:
            args.append(current.strip())
            current = ""
        else:
            current += c
    if current.strip():
        args.append(current.strip())
    return [a for a in args if "=" not in a]  # keyword arguments (stream=) are not buffers


def pointer_buffers(kernel: Kernel, call_source: str) -> dict[str, str]:
    """Kernel parameter -> the wrapper's buffer passed to it (buf4, arg0_1, ...)."""
    params = kernel_signature(kernel)
    args = _call_arguments(call_source, kernel.name)
    mapping = {}
    for param, arg in zip(params, args):
        if not re.fullmatch(_POINTER, param):
            continue  # sizes such as xnumel are not buffers
        base = re.match(r"(?:reinterpret_tensor\()?(\w+)", arg)
        mapping[param] = base.group(1) if base else arg
    # An in-place kernel reads its input through an alias: `auto in_ptr1 = in_out_ptr0;`
    for alias, target in re.findall(rf"auto ({_POINTER}) = ({_POINTER});", kernel.source):
        if target in mapping:
            mapping[alias] = mapping[target]
    return mapping


# -- which ops were fused ----------------------------------------------------------------

def _normalise_op(name: str) -> str:
    name = name.split(".")[-2] if name.count(".") >= 2 else name.split(".")[-1]
    return re.sub(r"_\d+$", "", name.replace("_default", "").replace("_tensor", ""))


def original_aten_comment(output_code: str, kernel: Kernel) -> list[str]:
    """The ops in the `# ... Original ATen: [...]` comment just above the kernel's definition."""
    head = output_code[:output_code.find(f"{kernel.name} = async_compile")]
    block = head[head.rfind("\n\n"):] if "\n\n" in head else head
    match = re.search(r"Original ATen: \[([^\]]*)\]", block)
    return [op.strip() for op in match.group(1).split(",") if op.strip()] if match else []


def fused_ops(dump: GraphDump, kernel: Kernel, output_code: str,
              node: list[IRSection]) -> tuple[list[str], str]:
    """The ATen ops this kernel fuses, and where that list came from."""
    if kernel.name in dump.kernel_ops:
        return list(dump.kernel_ops[kernel.name]), "provenance"
    comment = original_aten_comment(output_code, kernel)
    if comment:
        return comment, "original_aten_comment"
    ops = sorted({op for section in node[1:] for op in section.ops})
    return ops, "ir_post_fusion"


def steps_in_ops(ops: list[str]) -> set[str]:
    names = {_normalise_op(op) for op in ops}
    return {step for step, aliases in _STEP_ATEN.items() if names & aliases}


# -- the IR after fusion -----------------------------------------------------------------

@dataclass
class IRSection:
    name: str                  # op4, or op2_op3_op4 for a fused node
    kind: str                  # SchedulerNode, FusedSchedulerNode, ExternKernelSchedulerNode...
    writes: list[str]
    body: str
    layouts: dict[str, tuple]

    @property
    def fused(self) -> bool:
        return "Fused" in self.kind

    @property
    def ops(self) -> list[str]:
        ops = re.findall(r"= ops\.(\w+)\(", self.body)
        ops += re.findall(r"ops\.reduction\([^,]+,[^,]+,\s*'(\w+)'", self.body)
        return [op for op in ops if op not in {"load", "store", "store_reduction", "index_expr",
                                               "constant", "reduction"}]


_SECTION = re.compile(r"^(?P<name>op[\w]*): (?P<kind>\w+)\(", re.M)


def parse_ir(ir_text: str) -> list[IRSection]:
    sections = []
    starts = list(_SECTION.finditer(ir_text))
    for i, match in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(ir_text)
        text = ir_text[match.start():end]
        writes_match = re.search(rf"^{re.escape(match.group('name'))}\.writes = (.*?)\n(?=\S)",
                                 text, re.M | re.S)
        writes = re.findall(r"(?:MemoryDep\('|name=')(buf\d+)", writes_match.group(1)) if writes_match else []
        layouts = {m.group(1): tuple(int(s) if s.strip().isdigit() else s.strip()
                                     for s in m.group(2).split(",") if s.strip())
                   for m in re.finditer(r"(buf\d+)\.layout = \w+\([^)]*?size=\[([^\]]*)\]", text)}
        sections.append(IRSection(match.group("name"), match.group("kind"), writes, text, layouts))
    return sections


def _fused_node_for(sections: list[IRSection], buffers: set[str]) -> list[IRSection]:
    """The fused node writing any of `buffers` (or the first fused node), with its members."""
    fused = [s for s in sections if s.fused]
    chosen = next((s for s in fused if buffers & set(s.writes)), fused[0] if fused else None)
    if chosen is None:
        return []
    members = set(chosen.name.split("_op"))
    members = {m if m.startswith("op") else "op" + m for m in members}
    return [chosen] + [s for s in sections if s.name in members and not s.fused]


def buffer_role(section: IRSection, buffer: str) -> str:
    """What a node stores into `buffer`: a reduction's type, or the op producing the value."""
    body = section.body
    reduction = re.search(r"ops\.reduction\([^,]+,[^,]+,\s*'(\w+)'", body)
    stored = re.search(rf"ops\.store(?:_reduction)?\('{buffer}',\s*[^,]+,\s*(\w+)", body)
    if reduction and reduction.group(1) == "online_softmax_reduce" and stored:
        return "max" if stored.group(1) == "getitem" else "sum"
    if reduction and stored and "store_reduction" in body:
        return reduction.group(1)
    if stored:
        return {"truediv": "div"}.get(stored.group(1), stored.group(1))
    return "?"


def ir_buffers(sections: list[IRSection], buffers: set[str]) -> list[IRBuffer]:
    node = _fused_node_for(sections, buffers)
    if not node:
        return []
    fused, members = node[0], node[1:]
    found = []
    for name in fused.writes:
        writer = next((m for m in members if name in m.writes), fused)
        size = fused.layouts.get(name) or writer.layouts.get(name) or ()
        found.append(IRBuffer(name, size, buffer_role(writer, name)))
    return found


# -- reductions ------------------------------------------------------------------------

def reduction_facts(kernel: Kernel) -> tuple[str, list[Fact]]:
    lines = kernel.source.splitlines()
    facts = []

    def add(topic: str, pattern: str, detail: str, first_only: bool = False) -> None:
        for number, line in enumerate(lines, start=1):
            if re.search(pattern, line):
                facts.append(Fact(topic, number, line.strip(), detail))
                if first_only:
                    return

    if kernel.language == "cpp":
        add("parallel", r"#pragma omp for", "OpenMP splits the rows across threads", True)
        # The widest loop step is the vector width (the row loop steps by 1).
        steps = [int(w) for w in re.findall(r"x\d+\+=static_cast<int64_t>\((\d+)L?\)", kernel.source)]
        add("accumulator", r"tmp_acc\d+_vec = at::vec::Vectorized<float>\(",
            f"vector accumulator, {max(steps, default='?')} floats wide")
        add("tail", r"(?:max|sum)_masked_reduce\(", "masked reduce of the row's tail")
        add("reduce_all", r"vec_reduce_all", "folds the vector lanes into one scalar")
        style = "cpp_vectorized" if any(f.topic == "accumulator" for f in facts) else \
            ("cpp_scalar" if "tmp_acc" in kernel.source else "none")
        return style, facts
    persistent = "persistent_reduction" in kernel.source
    add("parallel", r"tl\.program_id\(0\)", "one program per XBLOCK rows", True)
    if persistent:
        block = re.search(r"R0_BLOCK: tl\.constexpr = (\d+)", kernel.source)
        length = re.search(r"r0_numel = (\d+)", kernel.source)
        add("block", r"R0_BLOCK: tl\.constexpr = \d+",
            f"R0_BLOCK {block.group(1) if block else '?'} >= row length {length.group(1) if length else '?'}", True)
    else:
        add("loop", r"for r0_offset in range\(", "the row is read in R0_BLOCK chunks")
    add("reduce_max", r"triton_helpers\.max2\(|online_softmax", "row max across the block")
    add("reduce_sum", r"tl\.sum\(", "row sum across the block")
    style = "triton_persistent" if persistent else (
        "triton_looped" if "for r0_offset" in kernel.source else "none")
    return style, facts


# -- putting it together ---------------------------------------------------------------

def annotate(dump: GraphDump, kernel: Kernel) -> Annotation:
    output_code = dump.output_code.read_text()
    ir_path = dump.folder / "ir_post_fusion.txt"
    sections = parse_ir(ir_path.read_text() if ir_path.is_file() else "")
    mapping = pointer_buffers(kernel, dump.wrapper_call)
    kernel_buffers = set(mapping.values())
    node = _fused_node_for(sections, kernel_buffers)
    ops, ops_source = fused_ops(dump, kernel, output_code, node)

    steps = {step: lines[0] for step, lines in step_lines(kernel).items()}
    all_access = accesses(kernel)
    loads = [a for a in all_access if a.kind == "load"]
    stores = [a for a in all_access if a.kind == "store"]
    inputs = [a for a in loads if a.pointer.startswith("in")]
    outputs = [a for a in stores if not a.pointer.startswith("local_buffer")]
    # The input read is the first load of an argument; the output is the first store of the
    # division's result (failing that, the store whose index walks the most dimensions).
    input_read = inputs[0] if inputs else None
    divided = [a for a in outputs if a.value == "div"]
    output_write = divided[0] if divided else max(
        outputs, key=lambda a: len(_index_variables(a.index)), default=None)

    style, reductions = reduction_facts(kernel)
    buffers = ir_buffers(sections, kernel_buffers)
    allocated = list(dump.allocated_buffers)
    absent = [b for b in buffers if b.name not in allocated and b.name not in kernel_buffers]
    exp_home = _exp_home([a for a in stores if a.value == "exp"])

    annotation = Annotation(
        kernel=kernel.name, language=kernel.language, fused_ops=ops, fused_ops_source=ops_source,
        steps=steps, loads=loads, stores=stores, input_read=input_read, output_write=output_write,
        pointer_buffers=mapping, reduction_style=style, reduction_facts=reductions,
        ir_buffers=buffers, allocated=allocated, absent=absent, exp_home=exp_home,
        parallel_loops=max(1, kernel.source.count("#pragma omp for")))
    annotation.facts = _facts(annotation, kernel, output_code)
    return annotation


def _exp_home(exp_stores: list[Access]) -> str:
    """Where exp(x - max) goes: nowhere (registers, recomputed when needed), a thread's
    scratch row, the input's own buffer (written in place), or an output buffer."""
    if not exp_stores:
        return "registers"
    pointer = exp_stores[0].pointer
    if pointer.startswith("local_buffer"):
        return "local_buffer"
    return "in_place" if pointer.startswith("in_out_ptr") else "buffer"


def step_lines(kernel: Kernel) -> dict[str, list[Fact]]:
    """Softmax step -> every kernel line computing it (Triton recomputes exp for the output)."""
    found: dict[str, list[Fact]] = {}
    for number, line in enumerate(kernel.source.splitlines(), start=1):
        for step, pattern in _STEP_PATTERNS.items():
            if pattern.search(line):
                found.setdefault(step, []).append(Fact(f"step:{step}", number, line.strip(), step))
    return found


def _call_line(output_code: str, kernel_name: str) -> tuple[int | None, str]:
    """The line of call() that launches the kernel: its arguments are the buffers it touches."""
    pattern = re.compile(rf"^\s*{re.escape(kernel_name)}(?:\.run)?\(")
    for number, line in enumerate(output_code.splitlines(), start=1):
        if pattern.search(line):
            return number, line.strip()
    return None, ""


_HOME_WORDS = {"local_buffer": "a per-thread scratch row", "registers": "registers (recomputed, never stored)",
               "in_place": "the input's own buffer, overwritten in place", "buffer": "an output buffer"}


def _facts(a: Annotation, kernel: Kernel, output_code: str) -> list[Fact]:
    def where(access: Access) -> str:
        buffer = a.pointer_buffers.get(access.pointer)
        return f"{access.pointer}[{access.index}]" + (f" ({buffer})" if buffer else "")

    lines = kernel.source.splitlines()
    facts = [Fact("fused_ops", None, "", f"{', '.join(a.fused_ops)} (from {a.fused_ops_source})")]
    if a.input_read:
        facts.append(Fact("load", a.input_read.line, a.input_read.code, where(a.input_read)))
    if a.output_write:
        facts.append(Fact("store", a.output_write.line, a.output_write.code, where(a.output_write)))
    for number, line in enumerate(lines, start=1):
        if size := re.search(r"make_unique<float \[\]>\((\d+)L?\)", line):
            facts.append(Fact("local_buffer", number, line.strip(), f"{size.group(1)} floats per thread"))
        elif re.search(r"blendv\(|\.to\(tl\.int1\)", line):
            facts.append(Fact("mask", number, line.strip(), "masked_fill: -inf where the mask is off"))
        elif scale := re.search(r"static_cast<float>\((\d*\.\d+)\)|^\s*tmp\d+ = (\d*\.\d+)$", line):
            facts.append(Fact("scale", number, line.strip(), f"constant {scale.group(1) or scale.group(2)}"))
    facts = _first_of_each(facts)
    facts += list(a.steps.values())
    facts += [Fact("exp_again", f.line, f.code, "exp(x - max) recomputed, not stored")
              for f in step_lines(kernel).get("exp", [])[1:] if a.exp_home == "registers"]
    facts += a.reduction_facts
    for access in a.stores:
        if access.value in ("max", "sum") and access is not a.output_write:
            facts.append(Fact(f"store_{access.value}", access.line, access.code, where(access)))
    exp_stores = [x for x in a.stores if x.value == "exp"]
    if exp_stores:
        facts.append(Fact("store_exp", exp_stores[0].line, exp_stores[0].code, where(exp_stores[0])))
        reread = [x for x in a.loads if x.pointer == exp_stores[0].pointer and x.line > exp_stores[0].line]
        if reread:
            facts.append(Fact("load_exp", reread[0].line, reread[0].code, where(reread[0])))
    facts += _wrapper_facts(a, output_code)
    order = {"fused_ops": 0}
    return sorted(facts, key=lambda f: (f.file != "kernel", order.get(f.topic, 1), f.line or 0))


def _first_of_each(facts: list[Fact]) -> list[Fact]:
    """Keep the first mask and scale line: later ones repeat them for another pass."""
    seen, kept = set(), []
    for fact in facts:
        if fact.topic in ("mask", "scale") and fact.topic in seen:
            continue
        seen.add(fact.topic)
        kept.append(fact)
    return kept


def _wrapper_facts(a: Annotation, output_code: str) -> list[Fact]:
    """Facts about call(): which buffers it allocates for this kernel, which it never does."""
    facts = []
    line, code = _call_line(output_code, a.kernel)
    numbered = list(enumerate(output_code.splitlines(), start=1))
    for buffer in dict.fromkeys(a.pointer_buffers.values()):
        for number, text in numbered:
            if re.match(rf"\s*{buffer} = empty_strided_\w+\(", text):
                facts.append(Fact("allocated", number, text.strip(), buffer, file="output_code"))
                break
    exp_buffers = [b for b in a.ir_buffers if b.role == "exp"]
    home = _HOME_WORDS[a.exp_home]
    detail = (f"{exp_buffers[0].name} holds exp(x - max) in the IR; call() never allocates it: it "
              f"lives in {home}" if exp_buffers else
              f"exp(x - max) has no buffer even in the IR (inlined into the division); it lives in {home}")
    facts.append(Fact("no_exp_buffer", line, code, detail, file="output_code"))
    for buffer in a.absent:
        if buffer.role != "exp":
            facts.append(Fact("absent", line, code, f"{buffer.name} {list(buffer.size)} ({buffer.role}) is "
                              "in ir_post_fusion.txt, not allocated in call()", file="output_code"))
    return facts


def facts_matching(annotation: Annotation, kernel_text: str) -> int:
    """How many kernel facts point at a line of `kernel_text` that really holds their code."""
    lines = kernel_text.splitlines()
    return sum(1 for f in annotation.facts
               if f.file == "kernel" and f.line is not None and 0 < f.line <= len(lines)
               and lines[f.line - 1].strip() == f.code)
