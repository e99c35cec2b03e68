"""What a lab result depends on, hashed into a cache key.

The key covers the lab's own files, the shared helpers in labs/common, the preset, the
torch and triton versions and the device (its kind and its name), so a result is reused
only when re-running it would measure the same program on the same machine and stack.
Standard library only: the runner computes it without importing torch.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import platform
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

from labs.common.labmeta import LABS_DIR

SOURCE_SUFFIXES = {".py", ".toml", ".json", ".md", ".txt"}


def source_files(lab_id: str) -> list[Path]:
    folders = [LABS_DIR / lab_id, LABS_DIR / "common"]
    files = [p for folder in folders for p in folder.rglob("*")
             if p.is_file() and p.suffix in SOURCE_SUFFIXES and "__pycache__" not in p.parts]
    return sorted(files)


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


@lru_cache(maxsize=None)
def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


@lru_cache(maxsize=None)
def gpu_name() -> str | None:
    """The first GPU's name from nvidia-smi (no torch import), or None."""
    if not shutil.which("nvidia-smi"):
        return None
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=20, check=True).stdout
    except (subprocess.SubprocessError, OSError):
        return None
    names = [line.strip() for line in out.splitlines() if line.strip()]
    return names[0] if names else None


def device_name(device: str) -> str:
    return (gpu_name() or "CUDA GPU") if device == "cuda" else cpu_model()


def cache_key(lab_id: str, preset: str, device: str) -> str:
    parts = [
        source_hash(lab_id), preset, device, device_name(device),
        f"torch={package_version('torch')}", f"triton={package_version('triton')}",
    ]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:16]
