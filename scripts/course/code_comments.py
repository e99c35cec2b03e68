"""Spanish comments in the lab code a Spanish page includes.

A page shows a lab's source with pymdownx.snippets (`--8<-- "labs/x/y.py:section"`). The code
stays in English on both sides; its comments and docstrings are prose, so a Spanish page shows
them in Spanish. Before Markdown reads a Spanish page, each include of a lab's Python file is
pointed at a copy of that file whose comments and docstrings are translated, inside the
sections the page shows (the whole file when it names none):

    labs/capstone/mlopt/fold.py:fold  ->  .work/snippets/es/labs/capstone/mlopt/fold.py:fold

pymdownx.snippets then cuts the section out of the copy exactly as it does for the English
page. The Spanish comes from `docs/translations/code_comments.es.toml`, the notebooks' format:

    [[text]]
    en = '''a comment as written after "# ", or a docstring's text without its indentation'''
    es = '''su traducción'''

A comment or docstring without a translation is an error that names the page, the file and
the text, and so is a docstring whose Spanish takes more or fewer lines than its English (the
page's line numbers, and a report's references to them, stay the file's); `unused_translations`
lists entries no page needs any more (a test keeps it empty).
Section markers (`# --8<-- [start:x]`) and tool directives (`# noqa`, `# type:`) stay as they are.
"""

from __future__ import annotations

import ast
import inspect
import io
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

from course.includes import INCLUDE, included_path
from course.notebooks import TRANSLATIONS, TranslationError, Translator, load_table
from labs.common.contract import write_text_atomic

TABLE = TRANSLATIONS / "code_comments.es.toml"
TABLE_NAME = "code_comments"
COPIES = Path(".work") / "snippets" / "es"   # relative to the folder of mkdocs.yml
SECTION = re.compile(r"-{1,}8<-{1,}[ \t]+\[[ \t]*(?P<type>start|end)[ \t]*:[ \t]*(?P<name>[a-z][-_0-9a-z]*)[ \t]*\]",
                     re.IGNORECASE)
SECTION_NAME = re.compile(r"[a-z][-_0-9a-z]*", re.IGNORECASE)
DIRECTIVES = ("noqa", "type:", "pragma", "fmt:")


@dataclass(frozen=True)
class Prose:
    """One comment or docstring of a file: where it is (1-based lines, 0-based columns) and its text."""
    kind: str                 # "comment" or "docstring"
    start: tuple[int, int]
    end: tuple[int, int]
    text: str                 # the comment after "# ", or the docstring's text as inspect.cleandoc gives it


def prose(source: str) -> list[Prose]:
    """Every comment and docstring of a Python file, in order."""
    found, strings = [], {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            text = token.string[1:].removeprefix(" ")
            if text.strip() and not SECTION.search(text) and not text.startswith(DIRECTIVES):
                found.append(Prose("comment", token.start, token.end, text))
        elif token.type == tokenize.STRING:
            strings.setdefault(token.start[0], token)   # tokenize counts characters; ast counts bytes
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str) and first.lineno in strings:
                token = strings[first.lineno]
                found.append(Prose("docstring", token.start, token.end, inspect.cleandoc(first.value.value)))
    return sorted(found, key=lambda p: p.start)


def shown_lines(source: str, section: str | None) -> range | None:
    """The lines (1-based) an include of `section` shows; every line without a section; None
    when the file has no such section."""
    lines = source.split("\n")
    if section is None:
        return range(1, len(lines) + 1)
    begin = None
    for number, line in enumerate(lines, start=1):
        match = SECTION.search(line)
        if match and match.group("name") == section:
            if match.group("type").lower() == "start" and begin is None:
                begin = number + 1
            elif match.group("type").lower() == "end" and begin is not None:
                return range(begin, number)
    return None


def _docstring(original: str, english: str, spanish: str, column: int) -> str:
    """A docstring's literal with `spanish` for its text: the same quotes, prefix and layout."""
    quote = '"""' if '"""' in original else "'''" if "'''" in original else original[-1]
    prefix = original[:original.index(quote)]
    if quote in spanish:
        raise TranslationError(f"{TABLE_NAME}: a translation cannot hold {quote}: {spanish[:60]!r}")
    if spanish.count("\n") != english.count("\n"):
        raise TranslationError(f"{TABLE_NAME}: the Spanish of {english[:60]!r} takes {spanish.count(chr(10)) + 1} "
                               f"lines, the English {english.count(chr(10)) + 1}: keep the number of lines, so "
                               "that the page's line numbers are the file's")
    indent = " " * column
    lines = spanish.split("\n")
    body = lines[0] + "".join(f"\n{indent}{line}" if line else "\n" for line in lines[1:])
    closing_alone = original[:-len(quote)].rstrip(" ").endswith("\n")
    return f"{prefix}{quote}{body}" + (f"\n{indent}{quote}" if closing_alone else quote)


def _between(lines: list[str], start: tuple[int, int], end: tuple[int, int]) -> str:
    """The text from `start` to `end`, (line, column) positions with 1-based lines."""
    (first, col), (last, end_col) = start, end
    if first == last:
        return lines[first - 1][col:end_col]
    return "\n".join([lines[first - 1][col:], *lines[first:last - 1], lines[last - 1][:end_col]])


def translate(source: str, shown: list[range], words: Translator) -> str:
    """`source` with every comment and docstring on the shown lines in Spanish; the code as it is."""
    lines = source.split("\n")
    for item in reversed(prose(source)):   # from the end, so earlier positions stay valid
        if not any(item.start[0] in r for r in shown):
            continue
        spanish = words.text(item.text, item.kind)
        (first, col), (last, end_col) = item.start, item.end
        if item.kind == "comment":
            lines[first - 1] = lines[first - 1][:col] + "# " + spanish + lines[first - 1][end_col:]
            continue
        literal = _between(lines, item.start, item.end)
        replaced = lines[first - 1][:col] + _docstring(literal, item.text, spanish, col) + lines[last - 1][end_col:]
        lines[first - 1:last] = replaced.split("\n")
    translated = "\n".join(lines)
    try:
        ast.parse(translated)
    except SyntaxError as error:  # a translation that breaks its literal (a backslash, say)
        raise TranslationError(f"{TABLE_NAME}: the translated file no longer parses ({error})") from None
    return translated


def comments_in_spanish(line: str, words: Translator) -> str:
    """One line of code that a page quotes (a table's cell), with its comments in Spanish and
    its code as it is: the same words as the listing of the file the line comes from."""
    found = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(line).readline):
            if token.type == tokenize.COMMENT:
                found.append(token)
    except (tokenize.TokenError, SyntaxError):
        pass  # a fragment (an open bracket): the comments read before it are all it has
    for token in reversed(found):   # from the end, so earlier columns stay valid
        text = token.string[1:].removeprefix(" ")
        if token.start[0] != 1 or not text.strip() or SECTION.search(text) or text.startswith(DIRECTIVES):
            continue
        spanish = words.text(text, "comment")
        line = line[:token.start[1]] + "# " + spanish + line[token.end[1]:]
    return line


def spanish_includes(markdown: str, base: Path, page: str, words: Translator) -> tuple[str, list[str]]:
    """A Spanish page's markdown with its includes of lab Python files pointed at translated
    copies (written under base/COPIES); and the problems, one line each, for the build to list."""
    problems: list[str] = []
    shown: dict[str, list[range]] = {}
    sources: dict[str, str] = {}   # each lab file read once, however many sections the page shows
    includes = [m for m in INCLUDE.finditer(markdown) if _is_lab_code(m.group("spec"))]
    for match in includes:
        spec = match.group("spec")
        path = included_path(spec)
        section = spec[len(path) + 1:] or None
        if not (base / path).is_file():
            continue  # check_includes reports it
        if section and not SECTION_NAME.fullmatch(section):
            problems.append(f"{page}: {spec}: lab code is shown translated by section or whole, not by "
                            f"line numbers; mark a section in {path} "
                            "(# --8<-- [start:name] ... # --8<-- [end:name]) and include it by name")
            continue
        if path not in sources:
            sources[path] = (base / path).read_text(encoding="utf-8")
        lines = shown_lines(sources[path], section)
        if lines is not None:
            shown.setdefault(path, []).append(lines)
    for path, ranges in shown.items():
        try:
            text = translate(sources[path], ranges, words)
        except TranslationError as error:
            problems.append(f"{page}: {path}: {error}")
            continue
        write_text_atomic(base / COPIES / path, text)

    def point(match: re.Match) -> str:
        spec = match.group("spec")
        path = included_path(spec)
        if path not in shown or any(p.startswith(f"{page}: {path}:") for p in problems) \
                or not SECTION_NAME.fullmatch(spec[len(path) + 1:] or "whole"):
            return match.group(0)
        return f'{match.group("indent")}--8<-- "{(COPIES / spec).as_posix()}"'

    return INCLUDE.sub(point, markdown), problems


def _is_lab_code(spec: str) -> bool:
    return included_path(spec).startswith("labs/") and included_path(spec).endswith(".py")


def translator() -> Translator:
    return Translator(load_table(TABLE), TABLE_NAME)


def unused_translations(docs: Path, base: Path) -> list[str]:
    """Entries of the table no Spanish page's include needs."""
    words = translator()
    for page in sorted((docs / "es").rglob("*.md")):
        _, problems = spanish_includes(page.read_text(encoding="utf-8"), base, page.as_posix(), words)
        if problems:
            raise TranslationError(problems[0])
    return sorted(set(words.table) - words.used)
