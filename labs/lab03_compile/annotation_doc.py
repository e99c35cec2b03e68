"""KERNEL_ANNOTATION.md: a walk through the saved kernel, written around extracted facts.

The sentences are templates; every name, index, buffer and line number in them comes from
an `annotate.Annotation`, so the walk-through stays true when Inductor's output changes.
"""

from __future__ import annotations

from labs.lab03_compile.annotate import SOFTMAX_STEPS, Annotation, Fact

TABLE_COLUMNS = ["line", "topic", "code", "detail", "file"]

# What each kind of fact means, for the walk-through. {detail} is the extracted value.
_MEANING = {
    "local_buffer": "allocates a scratch row for each thread, {detail}: this is where exp(x - max) "
                    "will live instead of a tensor.",
    "mask": "applies the causal mask: {detail}.",
    "scale": "the attention scale 1/sqrt(head_dim), baked in as a {detail}.",
    "parallel": "parallelism over rows: {detail}.",
    "accumulator": "starts a reduction: {detail}.",
    "block": "one block spans the whole row ({detail}): a persistent reduction, the row is read once.",
    "loop": "{detail}: this is a looped reduction.",
    "load": "reads the input: {detail}.",
    "step:max": "max: the row's maximum.",
    "tail": "{detail} (the row length is not a multiple of the vector width).",
    "reduce_all": "{detail}.",
    "reduce_max": "{detail}.",
    "reduce_sum": "{detail}.",
    "step:sub": "sub: x - max, the shift that keeps exp from overflowing.",
    "step:exp": "exp: exp(x - max).",
    "exp_again": "{detail}: cheaper than writing it to memory and reading it back.",
    "store_exp": "writes exp(x - max) for the next pass: {detail}.",
    "store_max": "stores the row's max, one number per row: {detail}.",
    "store_sum": "stores the row's sum, one number per row: {detail}.",
    "step:sum": "sum: the row's sum of exp(x - max).",
    "load_exp": "reads exp(x - max) back: {detail}.",
    "step:div": "div: exp(x - max) / sum, the softmax itself.",
    "store": "writes the output: {detail}.",
}


def table_rows(annotation: Annotation) -> list[list]:
    return [fact.as_row() for fact in annotation.facts]


def _walk_line(fact: Fact, kernel_file: str) -> str:
    meaning = _MEANING.get(fact.topic, "{detail}.").format(detail=fact.detail)
    return f"- **{kernel_file}:{fact.line}** `{fact.code}`  \n  {meaning}"


def render(annotation: Annotation, kernel_file: str, produced_by: str) -> str:
    a = annotation
    kernel_facts = [f for f in a.facts if f.file == "kernel" and f.line is not None]
    wrapper_facts = [f for f in a.facts if f.file == "output_code"]
    language = "C++ (OpenMP, vectorized)" if a.language == "cpp" else "Triton"
    source = {"provenance": "Inductor's provenance mapping (inductor_provenance_tracking_node_mappings.json)",
              "original_aten_comment": "the `Original ATen:` comment Inductor writes above the kernel",
              "ir_post_fusion": "the loop bodies of the fused node in ir_post_fusion.txt"}[a.fused_ops_source]
    out = [
        f"# Kernel annotation: `{a.kernel}`",
        "",
        f"The kernel saved as `{kernel_file}` is {language}. {produced_by} Every fact below was "
        "extracted by code (`labs/lab03_compile/annotate.py`) from Inductor's own files; a line "
        f"number without a file name is a line of `{kernel_file}`.",
        "",
        "## Which ATen ops were fused",
        "",
        f"From {source}: {', '.join(f'`{op}`' for op in a.fused_ops) or 'none found'}.",
        "",
        "Softmax is five steps; each one, and the first kernel line that computes it:",
        "",
        "| step | line | code |",
        "|---|---|---|",
    ]
    for step in SOFTMAX_STEPS:
        fact = a.steps.get(step)
        out.append(f"| {step} | {fact.line if fact else '—'} | `{fact.code if fact else 'not found'}` |")
    out += ["", "## Line by line", ""]
    out += [_walk_line(f, kernel_file) for f in kernel_facts]
    out += ["", "## Where the input is read", ""]
    if a.input_read:
        buffer = a.pointer_buffers.get(a.input_read.pointer, "?")
        out.append(f"Line {a.input_read.line}: `{a.input_read.pointer}` is `{buffer}` in the wrapper's "
                   f"`call()`, read at index `{a.input_read.index}`. The index walks a row with the "
                   f"inner variable and jumps between rows with the outer one.")
    out += ["", "## Where the output is written", ""]
    if a.output_write:
        buffer = a.pointer_buffers.get(a.output_write.pointer, "?")
        out.append(f"Line {a.output_write.line}: `{a.output_write.pointer}` is `{buffer}`, written at "
                   f"index `{a.output_write.index}`, the same layout as the input.")
    per_row = [s for s in a.stores if s.value in ("max", "sum")]
    if per_row:
        listed = ", ".join(f"the row {s.value} to `{s.pointer}[{s.index}]` (line {s.line}, "
                           f"`{a.pointer_buffers.get(s.pointer, '?')}`)" for s in per_row)
        out.append(f"It also writes one number per row: {listed}. The IR gave them buffers of their "
                   "own, so they leave the kernel.")
    out += ["", "## How the reductions are expressed", "", _reduction_text(a), ""]
    out += ["## What is not there", "", _absence_text(a, kernel_file), ""]
    if wrapper_facts:
        out.append("Lines of `output_code.py` behind this:")
        out.append("")
        out += [f"- **output_code.py:{f.line}** `{f.code}`  \n  {f.topic}: {f.detail}." for f in wrapper_facts]
        out.append("")
    return "\n".join(out)


def _lines(a: Annotation, *topics: str) -> str:
    found = [str(f.line) for f in a.facts if f.topic in topics and f.file == "kernel"]
    return ", ".join(found) or "—"


def _reduction_text(a: Annotation) -> str:
    if a.reduction_style == "cpp_vectorized":
        return (f"As vectorized accumulators (lines {_lines(a, 'accumulator')}): each reduction keeps "
                f"a vector of partial results, updated a vector at a time (max at line "
                f"{a.steps['max'].line if 'max' in a.steps else '—'}, sum at line "
                f"{a.steps['sum'].line if 'sum' in a.steps else '—'}), handles the row's tail with a "
                f"masked reduce (lines {_lines(a, 'tail')}), and folds the lanes into one number with "
                f"`vec_reduce_all` (lines {_lines(a, 'reduce_all')}). The two reductions are two "
                "passes over the row; the division is a third.")
    if a.reduction_style.startswith("triton"):
        kind = ("a persistent reduction: one block holds the whole row, so the row is read from "
                f"memory once (line {_lines(a, 'block')})" if a.reduction_style == "triton_persistent"
                else f"a looped reduction: the row is read in chunks (lines {_lines(a, 'loop')})")
        return (f"As {kind}. The max is `triton_helpers.max2` across the block (line "
                f"{_lines(a, 'reduce_max')}) and the sum is `tl.sum` (line {_lines(a, 'reduce_sum')}); "
                "each program handles XBLOCK rows.")
    return "No reduction was recognised in this kernel."


def _absence_text(a: Annotation, kernel_file: str) -> str:
    allocated = ", ".join(f"`{b}`" for b in a.allocated) or "none"
    in_ir = ", ".join(f"`{b.name}` ({b.role}, {list(b.size)})" for b in a.ir_buffers) or "none"
    absent = ", ".join(f"`{b.name}` ({b.role})" for b in a.absent) or "none"
    text = (f"The fused node in ir_post_fusion.txt writes {in_ir}; the wrapper's `call()` allocates "
            f"{allocated}. Buffers of the IR that no tensor backs: {absent}. ")
    if a.exp_home == "local_buffer":
        text += (f"exp(x - max) never becomes a tensor: it lives in each thread's scratch row "
                 f"(allocated at line {_lines(a, 'local_buffer')}, written at line {_lines(a, 'store_exp')}, "
                 f"read back at line {_lines(a, 'load_exp')}), one row at a time, which stays in cache. "
                 "That is the fusion's win: no batch × vocabulary tensor makes a round trip through "
                 "main memory between the operations.")
    elif a.exp_home == "registers":
        text += (f"exp(x - max) is never stored: it stays in registers and is computed again for the "
                 f"output (lines {_lines(a, 'step:exp', 'exp_again')}). That is the fusion's win: no "
                 "intermediate tensor is written and read back.")
    elif a.exp_home == "in_place":
        text += (f"exp(x - max) gets no new tensor: the kernel writes it over its own input, in place "
                 f"(line {_lines(a, 'store_exp')}), reads it back for the sum and the division (line "
                 f"{_lines(a, 'load_exp')}) and overwrites it again with the result. That saves an "
                 "allocation but not the round trip through memory: the kernel runs "
                 f"{a.parallel_loops} separate parallel loops, and exp(x - max) has to survive from "
                 "the one that computes it to the one that sums it.")
    else:
        text += "exp(x - max) is written to an output buffer: this kernel does not keep it local."
    return text
