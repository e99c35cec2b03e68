"""Loading a script of scripts/ (not a package) as a module, shared by the benchmark tests."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def script(name: str) -> types.ModuleType:
    """scripts/<name>.py as the module <name>, registered in sys.modules first: its dataclasses
    look their module up there while the file runs."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
