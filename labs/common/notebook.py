"""Companion notebooks: jupytext "percent" scripts, split into cells and run cell by cell.

A notebook is a plain Python file whose cells start with `# %%` (code) or
`# %% [markdown]` (prose written as comments). `run_notebook` executes its code cells in
order, in a fresh Python process, and writes an .ipynb (nbformat 4, plain JSON) holding each
cell's printed output, so the site shows what the run printed. Standard library only: no
Jupyter is needed to run it, and the lab that runs it stays torch + numpy + stdlib.

    python -m labs.common.notebook NOTEBOOK.py OUT.ipynb [--cwd DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import subprocess
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path

CELL = re.compile(r"^# %%.*$", re.M)


@dataclass(frozen=True)
class Cell:
    header: str       # "# %% [markdown]" or "# %%"
    body: str         # the lines after the header, up to the next cell

    @property
    def is_markdown(self) -> bool:
        return "[markdown]" in self.header

    def markdown(self) -> str:
        """A markdown cell's prose: its lines without the leading `# `."""
        return "\n".join(line[2:] if line.startswith("# ") else line.lstrip("#")
                         for line in self.body.strip("\n").splitlines())


def split_cells(source: str) -> tuple[str, list[Cell]]:
    """The front matter (jupytext's header) and the cells, in order."""
    headers = list(CELL.finditer(source))
    front = source[:headers[0].start()] if headers else source
    cells = []
    for index, match in enumerate(headers):
        end = headers[index + 1].start() if index + 1 < len(headers) else len(source)
        cells.append(Cell(header=match.group(0), body=source[match.end():end]))
    return front, cells


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def execute(cells: list[Cell], notebook_path: str) -> list[dict]:
    """Run the code cells in one namespace, in this process; nbformat cells with outputs.
    Stops at the first cell that raises, which keeps its traceback as an error output."""
    namespace: dict = {"__name__": "__main__", "__file__": notebook_path}
    out, count = [], 0
    for cell in cells:
        if cell.is_markdown:
            out.append({"cell_type": "markdown", "metadata": {}, "source": _lines(cell.markdown())})
            continue
        count += 1
        code = cell.body.strip("\n")
        stdout, stderr, outputs = io.StringIO(), io.StringIO(), []
        failed = None
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            try:
                exec(compile(code, f"{notebook_path} [cell {count}]", "exec"), namespace)
            except BaseException as error:  # the notebook shows it, as Jupyter would
                failed = error
        for name, stream in (("stdout", stdout), ("stderr", stderr)):
            if stream.getvalue():
                outputs.append({"output_type": "stream", "name": name, "text": _lines(stream.getvalue())})
        if failed is not None:
            outputs.append({"output_type": "error", "ename": type(failed).__name__, "evalue": str(failed),
                            "traceback": traceback.format_exception(failed)})
        out.append({"cell_type": "code", "execution_count": count, "metadata": {}, "source": _lines(code),
                    "outputs": outputs})
        if failed is not None:
            break
    return out


def as_ipynb(cells: list[dict]) -> dict:
    return {"nbformat": 4, "nbformat_minor": 4, "cells": cells,
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                         "language_info": {"name": "python"}}}


def failed_cell(notebook: dict) -> int | None:
    """The execution count of the cell that raised, or None when every cell ran."""
    for cell in notebook["cells"]:
        if any(o["output_type"] == "error" for o in cell.get("outputs", [])):
            return cell["execution_count"]
    return None


def run_notebook(source: Path, target: Path, cwd: Path, env: dict[str, str] | None = None,
                 timeout_s: float = 1200) -> dict:
    """Execute `source` in a fresh process (cwd `cwd`) and write the executed .ipynb to `target`."""
    done = subprocess.run([sys.executable, "-m", "labs.common.notebook", str(source), str(target),
                           "--cwd", str(cwd)], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout_s)
    if not target.is_file():
        raise RuntimeError(f"the notebook runner wrote nothing (exit {done.returncode}): {done.stderr[-2000:]}")
    return json.loads(target.read_text(encoding="utf-8"))


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m labs.common.notebook")
    parser.add_argument("notebook", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--cwd", type=Path, default=Path.cwd())
    args = parser.parse_args()
    _, cells = split_cells(args.notebook.read_text(encoding="utf-8"))
    executed = as_ipynb(execute(cells, str(args.notebook)))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(executed, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 1 if failed_cell(executed) else 0


if __name__ == "__main__":
    sys.exit(main())
