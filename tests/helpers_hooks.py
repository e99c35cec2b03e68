"""Loading an MkDocs hook the way MkDocs does, shared by the hook tests."""

from __future__ import annotations

import importlib.util
import types
from pathlib import Path

HOOKS = Path(__file__).resolve().parent.parent / "scripts" / "hooks"


def hook(name: str) -> types.ModuleType:
    """A hook loaded by path, as MkDocs does, under the name its path gives (scripts.hooks.x):
    mutmut switches a mutant on only in the module of that name (tests/mutation/run.py)."""
    spec = importlib.util.spec_from_file_location(f"scripts.hooks.{name}", HOOKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
