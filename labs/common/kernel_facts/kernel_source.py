"""A generated kernel's source as a list of statements, each with its line and a Python AST.

Triton kernels are Python: `ast` reads them as they are. Inductor's C++ writes one simple
statement per line (`auto tmp3 = tmp0 - tmp2;`, `tmp4.store(ptr + idx);`, `out_ptr0[x0] = tmp;`),
so each such line is rewritten into the equivalent Python expression (templates, `::`,
lambdas, ternaries and literal suffixes removed) and parsed by the same `ast`. Control flow
(`for`, `if`, braces, pragmas) carries no dataflow between values and is skipped. Line
numbers are 1-based lines of the kernel's source, as saved to kernel.cpp / kernel.py.
Standard library only.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

# Kernel arguments and scratch buffers that hold memory, never a value.
POINTER = re.compile(r"^(?:in_out_ptr\d+|in_ptr\d+|out_ptr\d+|local_buffer_data_\d+)$")


@dataclass(frozen=True)
class Statement:
    line: int
    kind: str                    # "assign", "store", "alias" or "array" (a local array used as a pointer)
    targets: tuple[str, ...]     # assign: the names written (a tuple assignment writes several)
    expr: ast.expr | None        # assign: the value; store: the value written
    pointer: str | None = None   # store: where; alias: the pointer the name stands for
    index: str | None = None     # store: the index expression as written
    text: str = ""               # the whole line, stripped
    blocks: tuple[tuple[int, str], ...] = ()   # C++: the enclosing blocks, outermost first, as (id, kind)
    transposed: bool = False     # store: written through a transpose (`transpose_mxn` from a scratch tile)


def visible(store: Statement, load: Statement) -> bool:
    """Whether a store earlier in the text can be what a later load reads. Inductor's C++
    splits a vectorized loop into a main and a tail `if` (C10_LIKELY / C10_UNLIKELY) over
    disjoint elements: what one branch writes, the other branch never reads."""
    common = 0
    for a, b in zip(store.blocks, load.blocks):
        if a != b:
            break
        common += 1
    return len(store.blocks) <= common or not store.blocks[common][1].startswith("if")


def branch(statement: Statement) -> str | None:
    """"if_likely" inside a vectorized body, "if_unlikely" inside its tail, else None."""
    return next((kind for _, kind in reversed(statement.blocks) if kind in ("if_likely", "if_unlikely")), None)


def statements(source: str, language: str) -> list[Statement]:
    return _triton(source) if language == "python" else _cpp(source)


def index_text(line: str, pointer: str) -> str | None:
    """The index of `pointer + idx` or `pointer[idx]` in `line`, as written, casts and outer
    parentheses removed: `static_cast<int64_t>(x1 + 600L*x0)` -> `x1 + 600L*x0`."""
    match = re.search(rf"\b{re.escape(pointer)}\s*(\+|\[)", line)
    if not match:
        return None
    closers = "]" if match.group(1) == "[" else ","
    depth, end = 0, len(line)
    for i in range(match.end(), len(line)):
        c = line[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            if depth == 0:
                end = i
                break
            depth -= 1
        elif c in closers and depth == 0:
            end = i
            break
    text = line[match.end():end].replace("static_cast<int64_t>", "").strip()
    while text.startswith("(") and text.endswith(")") and _wraps(text):
        text = text[1:-1].strip()
    return text


def _wraps(text: str) -> bool:
    """True when the first '(' of `text` closes at its last character."""
    depth = 0
    for i, c in enumerate(text):
        depth += c == "("
        depth -= c == ")"
        if depth == 0:
            return i == len(text) - 1
    return False


# -- Triton ------------------------------------------------------------------------------------

def _triton(source: str) -> list[Statement]:
    tree = ast.parse(source)
    kernel = next((f for f in tree.body if isinstance(f, ast.FunctionDef)), None)
    if kernel is None:
        return []
    lines = source.splitlines()
    found: list[Statement] = []

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            text = lines[node.lineno - 1].strip()
            if isinstance(node, (ast.For, ast.While, ast.If)):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Assign) and len(node.targets) == 1:
                names = _target_names(node.targets[0])
                if names:
                    found.append(Statement(node.lineno, "assign", names, node.value, text=text))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value:
                found.append(Statement(node.lineno, "assign", (node.target.id,), node.value, text=text))
            elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                call = node.value
                if _func_name(call) == "store" and len(call.args) >= 2:
                    pointer = _pointer_of(call.args[0])
                    if pointer:
                        found.append(Statement(node.lineno, "store", (), call.args[1], pointer,
                                               index_text(text, pointer), text))

    visit(kernel.body)
    return found


def _target_names(target: ast.expr) -> tuple[str, ...]:
    if isinstance(target, ast.Name):
        return (target.id,)
    if isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name) for e in target.elts):
        return tuple(e.id for e in target.elts)
    return ()


def _func_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _pointer_of(expr: ast.expr, arrays: set[str] = frozenset()) -> str | None:
    """`ptr + (idx)` or `ptr` -> "ptr" when it names a pointer (or a scratch array)."""
    if isinstance(expr, ast.BinOp) and isinstance(expr.left, ast.Name):
        expr = expr.left
    if isinstance(expr, ast.Name) and (POINTER.match(expr.id) or expr.id in arrays):
        return expr.id
    return None


# -- C++ ---------------------------------------------------------------------------------------

_SKIP = re.compile(r"^(?:for\s*\(|if\s*\(|else\b|#|\{|\}|return\b|TORCH_CHECK|int tid|std::atomic|"
                   r"inductor_cpu_|extern\b|kernel\(|const |float\* |int64_t\* )")
_STORE_METHOD = re.compile(r"^(?P<value>\w+)\.store\((?P<rest>.*)\)$")
_STORE_INDEX = re.compile(r"^(?P<ptr>\w+)\[(?P<index>.*)\]\s*=(?!=)\s*(?P<value>.+)$")
_ASSIGN = re.compile(r"^(?:(?P<type>.+?)\s+)?(?P<target>[A-Za-z_]\w*)\s*=(?!=)\s*(?P<value>.+)$")
# `alignas(...) float tmp0[16*16];`, `__at_align__ std::array<float, 16> tmpbuf;`: scratch arrays
# that a transpose or a gather fills and loads read
_ARRAY = re.compile(r"^(?:alignas\(.*\)\s*|__at_align__\s+)?(?:[\w:]+|std::array<[^>]*>)\s+(?P<name>\w+)(?:\[[^\]]*\])?$")
# `transpose_mxn(in_ptr0 + idx, ld, tmp0, 16)`: copies from a pointer into a scratch array
_TRANSPOSE = re.compile(r"^(?:at\.vec\.)?transpose_mxn\((?P<args>.*)\)$")


def _cpp(source: str) -> list[Statement]:
    found: list[Statement] = []
    stack: list[tuple[int, str]] = []
    header = "block"          # the kind of the next block: the `for`/`if` line just before its brace
    lambda_target = None      # `auto tmp12 =` followed by `[&] { ...; return x; } ();`
    arrays: set[str] = set()
    for number, raw in enumerate(source.splitlines(), start=1):
        text = raw.strip()
        closes = text.startswith("}")
        if closes:
            if stack:
                stack.pop()
            text = text[1:].strip()   # `} else {` closes one block and opens the next
        if re.match(r"^(?:if|else if)\s*\(|^else\b", text):
            # the vectorized body (C10_LIKELY) and its tail (C10_UNLIKELY) cover disjoint elements
            header = "if_likely" if "C10_LIKELY" in text else "if_unlikely" if "C10_UNLIKELY" in text else "if"
        elif re.match(r"^for\s*\(", text):
            header = "for"
        if text == "{" or (text.endswith("{") and text.count("{") > text.count("}")):
            stack.append((number, "lambda" if lambda_target and header == "block" else header))
            header = "block"
            continue
        if closes:
            continue
        if match := re.match(r"^auto (\w+) =$", text):
            lambda_target = match.group(1)
            continue
        if lambda_target and (match := re.match(r"^return (.*);$", text)):
            text = f"auto {lambda_target} = {match.group(1)};"
            lambda_target = None
        if not text.endswith(";") or _SKIP.match(text):
            continue
        body = to_python(text[:-1].strip())
        statement = _cpp_statement(number, body, text, arrays)
        if statement is not None:
            if statement.kind == "array":
                arrays.add(statement.targets[0])
            found.append(Statement(statement.line, statement.kind, statement.targets, statement.expr,
                                   statement.pointer, statement.index, raw.strip(), tuple(stack), statement.transposed))
    return found


def _cpp_statement(number: int, body: str, text: str, arrays: set[str]) -> Statement | None:
    if match := _ARRAY.match(text[:-1].strip()):
        return Statement(number, "array", (match.group("name"),), None, text=text)
    try:
        if match := _TRANSPOSE.match(body):
            args = ast.parse(f"f({match.group('args')})", mode="eval").body.args
            if len(args) >= 3 and isinstance(args[2], ast.Name) and args[2].id in arrays:
                source = args[0].left if isinstance(args[0], ast.BinOp) else args[0]
                pointer = source.id if isinstance(source, ast.Name) else None
                load = ast.Call(ast.Name("loadu"), [args[0]], [])  # the copy reads its source
                return Statement(number, "store", (), load, args[2].id, None, text) if pointer else None
            destination = _pointer_of(args[2]) if len(args) >= 3 else None
            if destination and isinstance(args[0], ast.Name) and args[0].id in arrays:
                # a tile computed in a scratch array, written to memory transposed
                return Statement(number, "store", (), ast.Name(args[0].id), destination,
                                 index_text(text, destination), text, transposed=True)
        if match := _STORE_METHOD.match(body):
            pointer_arg = ast.parse(match.group("rest"), mode="eval").body
            first = pointer_arg.elts[0] if isinstance(pointer_arg, ast.Tuple) else pointer_arg
            pointer = _pointer_of(first, arrays)
            if pointer:
                return Statement(number, "store", (), ast.Name(match.group("value")), pointer,
                                 index_text(text, pointer), text)
            return None
        if (match := _STORE_INDEX.match(body)) and (POINTER.match(match.group("ptr")) or match.group("ptr") in arrays):
            pointer = match.group("ptr")
            return Statement(number, "store", (), ast.parse(match.group("value"), mode="eval").body,
                             pointer, index_text(text, pointer), text)
        if match := _ASSIGN.match(body):
            value = match.group("value").strip()
            if POINTER.match(value):  # `auto in_ptr1 = in_out_ptr0;`
                return Statement(number, "alias", (match.group("target"),), None, value, text=text)
            return Statement(number, "assign", (match.group("target"),),
                             ast.parse(value, mode="eval").body, text=text)
    except SyntaxError:
        return None  # a statement this reader does not understand says nothing, rather than something wrong
    return None


def to_python(text: str) -> str:
    """Rewrite one C++ expression or statement as Python that `ast` parses with the same meaning
    for dataflow: names, calls, operators and constants survive; types do not."""
    text = re.sub(r"\[\]\s*\([^)]*\)\s*\{\s*return\s+(?P<body>[^;]*);\s*\}", _lambda_name, text)
    text = re.sub(r"decltype\(\w+\)::", "", text)
    text = re.sub(r"decltype\(\w+\)\(", "(", text)
    text = text.replace(".template ", ".")
    previous = None
    while previous != text:  # innermost template arguments first: Vectorized<float>, VecMask<float,1>
        previous = text
        text = re.sub(r"(?<=\w)<[^<>()=;]*>", "", text)
        text = re.sub(r"(?<=\w)<[^<>=;]*>(?=\()", "", text)  # transpose_mxn<float,static_cast(16),...>(
    text = text.replace("::", ".")
    text = re.sub(r"(?<![\w.])(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)[LlUuFf]+\b", r"\1", text)
    text = re.sub(r"\.from\(", ".from_(", text)
    text = re.sub(r"\b(\w+)\.data\(\)", r"\1", text)  # `tmpbuf.data()`: the array as a pointer
    text = text.replace("&&", " and ").replace("||", " or ")
    text = re.sub(r"!(?!=)", " not ", text)
    return _ternary(text)


def _lambda_name(match: re.Match) -> str:
    body = match.group("body")
    if "max" in body:
        return "lambda_max"
    if "min" in body:
        return "lambda_min"
    if "+" in body:
        return "lambda_sum"
    if "welford" in body:
        return "lambda_welford"
    return "lambda_other"


def _ternary(text: str) -> str:
    """`c ? a : b` at the top level -> `(a if c else b)`."""
    depth, question = 0, None
    for i, c in enumerate(text):
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "?" and depth == 0:
            question = i
        elif c == ":" and depth == 0 and question is not None:
            head, cond = _split_assignment(text[:question])
            return f"{head}({_ternary(text[question + 1:i].strip())} if {cond} else {_ternary(text[i + 1:].strip())})"
    return text


def _split_assignment(text: str) -> tuple[str, str]:
    """`auto tmp6 = tmp4 ` -> ("auto tmp6 = ", "tmp4")."""
    match = re.match(r"^(.*?=(?!=)\s*)(.*)$", text)
    return (match.group(1), match.group(2).strip()) if match else ("", text.strip())
