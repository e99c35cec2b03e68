"""One Python environment per PyTorch release, built from pinned wheels and kept for reuse.

    .work/kernel_history/envs/torch-2.11.0/     a venv with torch==2.11.0 and nothing else
    .work/kernel_history/envs/torch-2.11.0/install.json   how long it took, how big it is

The release the lab itself runs under ("installed") needs no environment: its python is
`sys.executable`. Any other release is looked up here; pip runs only when the lab is asked to
build (`KERNEL_HISTORY_BUILD=1`, or `python -m labs.kernel_history.envs build 2.11.0`), never
during a plain run or `make site`: a release whose environment is missing is a row with the
command that builds it. A build happens in a `.partial` folder renamed into place once torch
imports, so a killed install never looks like a finished one.

Standard library only: this runs before any torch is chosen.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from labs.common.atomic import write_json_atomic
from labs.common.labmeta import LABS_DIR

INSTALLED = "installed"          # the release of the python running the lab
INSTALL_FILE = "install.json"
BUILD_VARIABLE = "KERNEL_HISTORY_BUILD"
ROOT_VARIABLE = "KERNEL_HISTORY_ENVS"
# A CUDA build of torch with its NVIDIA wheels is several GB; pip may take minutes on a slow link.
INSTALL_TIMEOUT_S = 1800


@dataclass
class ReleaseEnv:
    """Where one release's python is, or why there is none."""
    release: str                  # "2.11.0", or the installed version
    python: str | None            # the interpreter to run the probe with; None: unavailable
    reason: str | None = None     # why python is None, in one line
    install_s: float | None = None    # how long the first install took (None: not built here)
    size_bytes: int | None = None     # the environment's size on disk
    installed: bool = False           # True for the release the lab itself runs under


def envs_root() -> Path:
    """KERNEL_HISTORY_ENVS, else .work/kernel_history/envs at the repository's root."""
    configured = os.environ.get(ROOT_VARIABLE)
    return Path(configured) if configured else LABS_DIR.parent / ".work" / "kernel_history" / "envs"


def installed_release() -> str:
    """The torch version of the running python, read without importing torch."""
    try:
        return importlib.metadata.version("torch")
    except importlib.metadata.PackageNotFoundError:
        return "none"


def env_folder(release: str, root: Path | None = None) -> Path:
    return (root or envs_root()) / f"torch-{release}"


def build_command(release: str) -> str:
    return f"python -m labs.kernel_history.envs build {release}"


def locate(release: str, build: bool = False, root: Path | None = None) -> ReleaseEnv:
    """The environment of `release`: the running python for INSTALLED, a finished venv,
    a fresh build when `build` is set, or a reason."""
    if release == INSTALLED:
        return ReleaseEnv(installed_release(), sys.executable, installed=True)
    folder = env_folder(release, root)
    if (folder / INSTALL_FILE).is_file():
        record = json.loads((folder / INSTALL_FILE).read_text(encoding="utf-8"))
        return ReleaseEnv(release, str(folder / "bin" / "python"),
                          install_s=record.get("install_s"), size_bytes=record.get("size_bytes"))
    if not build:
        return ReleaseEnv(release, None, f"environment not built: run `{build_command(release)}` "
                                         f"(or the lab with {BUILD_VARIABLE}=1)")
    return build_env(release, root)


def build_env(release: str, root: Path | None = None) -> ReleaseEnv:
    """Create the venv and pip-install torch==release into it; a failure is a reason, not a raise."""
    folder = env_folder(release, root)
    partial = folder.with_name(folder.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    started = time.perf_counter()
    try:
        subprocess.run([sys.executable, "-m", "venv", str(partial)], check=True,
                       capture_output=True, text=True, timeout=300)
        python = partial / "bin" / "python"
        pip = subprocess.run([str(python), "-m", "pip", "install", "--no-input", "--no-cache-dir", "--only-binary=:all:",
                              f"torch=={release}"], capture_output=True, text=True,
                             timeout=INSTALL_TIMEOUT_S)
        if pip.returncode != 0:
            return ReleaseEnv(release, None, "install failed: " + _last_error(pip.stderr or pip.stdout))
        check = subprocess.run([str(python), "-c", "import torch; print(torch.__version__)"],
                               capture_output=True, text=True, timeout=300)
        if check.returncode != 0:
            return ReleaseEnv(release, None, "installed but torch does not import: " + _last_error(check.stderr))
    except (subprocess.SubprocessError, OSError) as error:
        return ReleaseEnv(release, None, f"install failed: {type(error).__name__}: {error}")
    install_s = round(time.perf_counter() - started, 1)
    size = folder_size(partial)
    write_json_atomic(partial / INSTALL_FILE, {"release": release, "torch": check.stdout.strip(),
                                              "install_s": install_s, "size_bytes": size,
                                              "python": sys.version.split()[0]})
    shutil.rmtree(folder, ignore_errors=True)
    partial.rename(folder)
    return ReleaseEnv(release, str(folder / "bin" / "python"), install_s=install_s, size_bytes=size)


def folder_size(folder: Path) -> int:
    """Bytes of the regular files under `folder` (symlinks not followed)."""
    total = 0
    for base, _dirs, files in os.walk(folder):
        for name in files:
            path = Path(base) / name
            if not path.is_symlink():
                total += path.stat().st_size
    return total


def _last_error(text: str) -> str:
    """pip's last meaningful line ("ERROR: No matching distribution found for torch==9.9")."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("ERROR")]
    return (errors or lines or ["no output"])[-1][:300]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m labs.kernel_history.envs",
                                     description="Build or list the per-release environments.")
    parser.add_argument("action", choices=["build", "list"])
    parser.add_argument("releases", nargs="*", help="versions such as 2.11.0 (build: required)")
    args = parser.parse_args(argv)
    if args.action == "build" and not args.releases:
        parser.error("name the releases to build, e.g. `build 2.11.0 2.12.1`")
    releases = args.releases or sorted(p.name.removeprefix("torch-") for p in envs_root().glob("torch-*")
                                       if (p / INSTALL_FILE).is_file())
    for release in releases:
        env = locate(release, build=args.action == "build")
        print(json.dumps(asdict(env)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
