"""The process environment of a lab run, and the provenance recorded with its result.

`prepare()` must run before torch is imported: TORCH_LOGS, TORCH_COMPILE_DEBUG and
Inductor's cache folder are read once, at import time.
"""

from __future__ import annotations

import datetime
import getpass
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from labs.common import fingerprint
from labs.common.labmeta import LABS_DIR

if TYPE_CHECKING:
    from labs.common.options import LabOptions


def default_device() -> str:
    """cuda when torch sees a GPU, else cpu; DEVICE in the environment overrides."""
    wanted = os.environ.get("DEVICE", "").strip().lower()
    if wanted in ("cpu", "cuda"):
        return wanted
    if not fingerprint.gpu_name():
        return "cpu"  # no NVIDIA driver: don't pay for importing torch to learn that
    # Ask a child process: importing torch here would read TORCH_LOGS, the cache folders and
    # TORCH_TRACE before prepare() has set them.
    probe = subprocess.run([sys.executable, "-c", "import torch; print(torch.cuda.is_available())"],
                           capture_output=True, text=True, timeout=300)
    return "cuda" if probe.stdout.strip() == "True" else "cpu"


def prepare(options: LabOptions, lab_env: dict[str, str]) -> None:
    """Point every folder torch writes to inside the run's work folder; set the lab's variables.

    Values already in the environment win, so the runner (or a learner) can override them.
    """
    work = options.work
    folders = {
        "TORCHINDUCTOR_CACHE_DIR": work / "inductor-cache",  # fresh cache: kernels are always dumped
        "TORCH_COMPILE_DEBUG_DIR": work / "debug",
        "TRITON_CACHE_DIR": work / "triton-cache",
        "TMPDIR": work / "tmp",                           # Inductor's precompiled headers land here
        "HOME": work / "home",
        "IPYTHONDIR": work / "home" / ".ipython",
    }
    for name, folder in folders.items():
        os.environ.setdefault(name, str(folder))
        Path(os.environ[name]).mkdir(parents=True, exist_ok=True)
    tempfile.tempdir = os.environ["TMPDIR"]  # gettempdir() may already have cached /tmp
    share_precompiled_headers(Path(os.environ["TMPDIR"]))
    for name, value in lab_env.items():  # "{work}" names this run's work folder
        os.environ.setdefault(name, value.replace("{work}", str(work)))


# Inductor keeps its precompiled C++ header (CPU kernels include it) in
# TMPDIR/torchinductor_<user>/precompiled_headers, meant to outlive the process. Each run's
# TMPDIR is fresh, so every lab process built it again (about 7 s of g++ on 2 cores): that
# one folder is shared instead. A header's file name hashes its preprocessed source, the
# compiler's version and its command line, so another release's or flag set's is never reused.
HEADERS_VARIABLE = "COURSE_PRECOMPILED_HEADERS"


def shared_headers_dir() -> Path:
    """COURSE_PRECOMPILED_HEADERS, else .work/precompiled-headers at the repository's root."""
    configured = os.environ.get(HEADERS_VARIABLE)
    return Path(configured) if configured else LABS_DIR.parent / ".work" / "precompiled-headers"


def share_precompiled_headers(tmp: Path) -> None:
    """Make `tmp`'s Inductor header folder a link to the shared one (Inductor's own user-name
    rule); a folder already there (a header built before) is left alone."""
    user = re.sub(r'[\\/:*?"<>|]', "_", _user_name())
    link = tmp / f"torchinductor_{user}" / "precompiled_headers"
    if link.exists() or link.is_symlink():
        return
    shared = shared_headers_dir()
    try:
        shared.mkdir(parents=True, exist_ok=True)
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(shared, target_is_directory=True)
    except OSError:
        pass  # a read-only checkout: each process builds its own header, as before


# Inductor's C++ backend learns which vector instruction sets (AVX-512, AVX2, ...) its kernels
# may use by building one small test program per set in the cache folder of the moment and
# loading each in a child process; it remembers the answer for the process only. A cold
# compile's cache folder is new, so every lab process built them again (about 7 s on 2 cores):
# `measure.search_vector_isa` builds them in this folder instead, kept between processes as
# Inductor's own default cache keeps them. One subfolder per torch release.
VECTOR_ISA_VARIABLE = "COURSE_VECTOR_ISA"


def shared_vector_isa_dir(torch_version: str) -> Path | None:
    """COURSE_VECTOR_ISA, else .work/vector-isa at the repository's root; one folder per release,
    made here. None when it cannot be made (a read-only checkout): each process then builds
    the programs in its own cache, as before."""
    configured = os.environ.get(VECTOR_ISA_VARIABLE)
    root = Path(configured) if configured else LABS_DIR.parent / ".work" / "vector-isa"
    try:
        (root / torch_version).mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return root / torch_version


def _user_name() -> str:
    try:
        return getpass.getuser()
    except (KeyError, ModuleNotFoundError, OSError):
        return f"uid_{os.getuid()}" if hasattr(os, "getuid") else "unknown_user"


def git_commit() -> tuple[str | None, bool]:
    """The commit the lab code came from and whether labs/ had uncommitted changes.

    COURSE_COMMIT overrides, for copies of the tree without .git (the GPU machine).
    """
    if os.environ.get("COURSE_COMMIT"):
        return os.environ["COURSE_COMMIT"], os.environ.get("COURSE_COMMIT_DIRTY") == "1"
    if not shutil.which("git"):
        return None, False
    root = LABS_DIR.parent
    try:
        sha = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                             text=True, timeout=10, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--", "labs"],
                               capture_output=True, text=True, timeout=10, check=True).stdout.strip()
    except (subprocess.SubprocessError, OSError):
        return None, False
    return sha or None, bool(dirty)


def provenance(options: LabOptions, wall_s: float) -> dict[str, Any]:
    torch = sys.modules.get("torch")
    measure = sys.modules.get("labs.common.measure")
    commit, dirty = git_commit()
    gpu, gpu_count, cuda = None, 0, None
    if torch is not None and options.device == "cuda" and torch.cuda.is_available():
        gpu, gpu_count, cuda = torch.cuda.get_device_name(0), torch.cuda.device_count(), torch.version.cuda
    timed_with = measure.threads_used() if measure else []
    device_methods = measure.device_methods_used() if measure else {}
    gpus = fingerprint.gpus()
    return {
        "torch": fingerprint.package_version("torch"),
        "triton": fingerprint.package_version("triton"),
        "python": platform.python_version(),
        "device": options.device,
        "device_name": gpu or fingerprint.device_name(options.device),
        "cpu_model": fingerprint.cpu_model(),
        "cpu_threads": torch.get_num_threads() if torch is not None else os.cpu_count(),
        # the intra-op threads CPU timings ran with (several if parts differed); None: no CPU timing
        "timing_threads": ", ".join(str(n) for n in timed_with) or None,
        # device-time figures by method: replayed CUDA graph, or queued calls (launch gaps in)
        "device_time_methods": device_methods or None,
        "cores": fingerprint.usable_cores(),
        "gpu_name": gpu,
        "gpu_count": gpu_count,
        "gpu_driver": gpus[0]["driver"] if gpus and options.device == "cuda" else None,
        "cuda": cuda,
        "commit": commit,
        "commit_dirty": dirty,
        "date_utc": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "preset": options.preset,
        "wall_s": round(wall_s, 2),
        "cache_key": fingerprint.cache_key(options.lab_id, options.preset, options.device),
        "source_hash": fingerprint.source_hash(options.lab_id),
    }
