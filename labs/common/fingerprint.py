"""What a lab result depends on, hashed into a cache key.

The key covers the lab's own files, the shared helpers in labs/common, the preset, the
torch and triton versions, and the machine as far as it changes the numbers: the device
kind, the CPU model, the cores this process may use, the thread settings, and on a GPU its
name, count, driver and CUDA version. A committed result is therefore reused only on a
machine that would measure the same thing; a learner's laptop always measures itself.
Standard library only: the runner computes it without importing torch.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import platform
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

from labs.common.labmeta import LABS_DIR, load_lab_meta

SOURCE_SUFFIXES = {".py", ".toml", ".json", ".md", ".txt"}
# Variables that change how many threads a lab's timings use.
THREAD_VARIABLES = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "COURSE_TIMING_THREADS")


# `from labs.<other lab> import …` or `import labs.<other lab>…` at the start of a line.
_LAB_IMPORT = re.compile(r"^\s*(?:from|import)\s+labs\.(\w+)", re.MULTILINE)


def _files_of(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*")
            if p.is_file() and p.suffix in SOURCE_SUFFIXES and "__pycache__" not in p.parts]


def lab_folders(lab_id: str) -> list[Path]:
    """The lab's folder, labs/common, and every other lab's folder it imports from, followed
    through their own imports: a lab that borrows Lab 03's TinyHead is stale when it changes."""
    found = [LABS_DIR / lab_id, LABS_DIR / "common"]
    pending = [LABS_DIR / lab_id]
    while pending:
        folder = pending.pop()
        for path in (p for p in _files_of(folder) if p.suffix == ".py"):
            for name in _LAB_IMPORT.findall(path.read_text(errors="replace", encoding="utf-8")):
                other = LABS_DIR / name
                if other.is_dir() and other not in found:
                    found.append(other)
                    pending.append(other)
    return found


def source_files(lab_id: str) -> list[Path]:
    return sorted(p for folder in lab_folders(lab_id) for p in _files_of(folder))


def source_hash(lab_id: str) -> str:
    digest = hashlib.sha256()
    for path in source_files(lab_id):
        digest.update(path.relative_to(LABS_DIR).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def package_version(name: str) -> str | None:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return None


@cache
def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def usable_cores() -> int:
    """Cores this process may run on (a container or taskset may allow fewer than exist)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


@cache
def gpus() -> tuple[dict[str, str], ...]:
    """Name, driver and memory of each NVIDIA GPU, from nvidia-smi (no torch import)."""
    if not shutil.which("nvidia-smi"):
        return ()
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,memory.total",
                              "--format=csv,noheader"], capture_output=True, text=True, timeout=20,
                             check=True).stdout
    except (subprocess.SubprocessError, OSError):
        return ()
    rows = [[cell.strip() for cell in line.split(",")] for line in out.splitlines() if line.strip()]
    return tuple({"name": r[0], "driver": r[1] if len(r) > 1 else "", "memory": r[2] if len(r) > 2 else ""}
                 for r in rows)


def gpu_name() -> str | None:
    found = gpus()
    return found[0]["name"] if found else None


def device_name(device: str) -> str:
    return (gpu_name() or "CUDA GPU") if device == "cuda" else cpu_model()


def machine_fingerprint(device: str) -> dict[str, object]:
    """The facts about this machine that change a lab's numbers on `device`."""
    facts: dict[str, object] = {
        "device": device, "cpu_model": cpu_model(), "cores": usable_cores(),
        "threads": {name: os.environ.get(name, "") for name in THREAD_VARIABLES},
    }
    if device == "cuda":
        facts["gpus"] = [dict(g) for g in gpus()]
        facts["cuda_visible_devices"] = os.environ.get("CUDA_VISIBLE_DEVICES", "")
    return facts


def key_variables(lab_id: str) -> dict[str, str]:
    """The values of the variables the lab declares in lab.toml (`key_variables`) as changing
    its result, e.g. which releases Kernel history probes: another value is another result."""
    return {name: os.environ.get(name, "") for name in load_lab_meta(lab_id, LABS_DIR).key_variables}


def cache_key(lab_id: str, preset: str, device: str) -> str:
    parts = {
        "sources": source_hash(lab_id), "preset": preset,
        "machine": machine_fingerprint(device),
        "torch": package_version("torch"), "triton": package_version("triton"),
    }
    if variables := key_variables(lab_id):  # absent when none is declared: earlier keys hold
        parts["variables"] = variables
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:16]
