"""Capturing what Inductor writes: the debug dumps of the compiles inside a block, and which
files each compile added.

Capture and timing are separate phases (see `labs.common.measure`): `dumps()` switches
Inductor's debug trace and its provenance tracking on for the compiles inside the block only,
at run time, so no environment variable leaves them on for the rest of the process; the
timings that follow refuse to run while they are on.

Several models may compile in one process into the same debug and cache folders, so each
compile is bracketed by two snapshots of those folders (`Capture`); the difference is that
model's dump: its graph folders (each with output_code.py) and the kernels it put in the cache.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from labs.common import inductor_output


@contextlib.contextmanager
def dumps() -> Iterator[None]:
    """Inductor's per-graph debug folders (FX graphs, IR before and after fusion,
    output_code.py), its kernel-to-node provenance, and the post-grad graph each compile saw
    (`post_grad_graph.json`, written by kernel_facts' recorder pass), for compiles inside the
    block. kernel_facts.recorder.capturing does the same in a fresh cache, for one module."""
    from torch._inductor import config as inductor_config

    from labs.common.kernel_facts.recorder import GraphRecorder, recording_settings
    with inductor_config.patch(recording_settings(GraphRecorder())):
        yield


def roots() -> dict[str, Path]:
    """The folders the harness pointed Inductor at, by the name the tree listing shows."""
    found = {"debug": Path(os.environ["TORCH_COMPILE_DEBUG_DIR"]),
             "inductor-cache": Path(os.environ["TORCHINDUCTOR_CACHE_DIR"])}
    if os.environ.get("TRITON_CACHE_DIR"):  # on a GPU, Triton's compiled kernels (cubin, ptx)
        found["triton-cache"] = Path(os.environ["TRITON_CACHE_DIR"])
    return found


def snapshot() -> dict[str, int]:
    """'<root>/<relative path>' -> size in bytes, for every file under every root."""
    files = {}
    for label, root in roots().items():
        for relpath, size in inductor_output.tree_listing(root, limit=100_000):
            files[f"{label}/{relpath}"] = size
    return files


@dataclass
class Capture:
    """The files one compile added: use as `with Capture() as written: compiled(x)`."""
    before: dict[str, int] = field(default_factory=dict)
    files: dict[str, int] = field(default_factory=dict)

    def __enter__(self) -> Capture:
        self.before = snapshot()
        return self

    def __exit__(self, *exc) -> None:
        after = snapshot()
        self.files = {path: size for path, size in after.items() if self.before.get(path) != size}

    @property
    def graph_folders(self) -> list[Path]:
        """Debug folders of the graphs compiled inside the bracket, in order."""
        debug = roots()["debug"]
        folders = {(debug / path.split("/", 1)[1]).parent for path in self.files
                   if path.startswith("debug/") and path.endswith("/output_code.py")
                   and "/torchinductor/" in path}
        return sorted(folders, key=str)

    def listing(self) -> str:
        """The tree as text: one line per file, with its size."""
        lines, current_root = [], None
        for path in sorted(self.files):
            root, relpath = path.split("/", 1)
            if root != current_root:
                lines.append(f"{root}/")
                current_root = root
            lines.append(f"  {relpath}  ({self.files[path]:,} bytes)")
        return "\n".join(lines) + "\n"

    def counts_by_suffix(self) -> list[list]:
        """[[suffix, files, bytes], ...], most files first."""
        counts: dict[str, list[int]] = {}
        for path, size in self.files.items():
            name = Path(path).name
            suffix = Path(name).suffix if "." in name.lstrip(".") else "(none)"
            entry = counts.setdefault(suffix, [0, 0])
            entry[0] += 1
            entry[1] += size
        return sorted(([s, n, b] for s, (n, b) in counts.items()), key=lambda row: (-row[1], row[0]))
