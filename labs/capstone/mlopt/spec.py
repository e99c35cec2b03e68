"""What mlopt accepts on its command line, checked before torch is even imported.

A model is code plus weights, and both must be trusted for what they are:

- code is named, never unpickled: a built-in architecture (`resnet18`, `chain_mlp`) or a
  factory you wrote, `package.module:function`, imported like any module you run;
- weights are an optional state dict read with `torch.load(..., weights_only=True)`, which
  loads tensors and refuses to run code. A pickled whole model (`torch.save(model)`) needs
  `weights_only=False`, which executes whatever the file contains: mlopt never does that.
"""

from __future__ import annotations

import re
from pathlib import PurePath

BUILTIN = {
    "resnet18": "labs.capstone.resnet:resnet18",
    "chain_mlp": "labs.capstone.mlopt.models:chain_mlp",
}
_FACTORY = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")


class ModelSpecError(ValueError):
    """A model, weights or shape argument mlopt cannot use; the message says what would work."""


def factory_path(spec: str) -> str:
    """'resnet18' -> its factory; 'pkg.mod:fn' as given; anything else is an error."""
    if spec in BUILTIN:
        return BUILTIN[spec]
    # A file's path (model.py:net, ./models/net.py:net) before the dotted form: `model.py` would
    # otherwise read as a module `py` inside a package `model`.
    module, colon, function = spec.rpartition(":")
    if colon and (module.endswith(".py") or "/" in module or "\\" in module):
        path = PurePath(module.replace("\\", "/"))
        raise ModelSpecError(f"{spec!r} is a file path; mlopt imports a factory as package.module:function, the "
                             f"module named as Python imports it: here {path.stem}:{function} with "
                             f"{str(path.parent) if str(path.parent) != '.' else 'its folder'} as the current "
                             "folder or on PYTHONPATH")
    if _FACTORY.match(spec):
        return spec
    raise ModelSpecError(f"unknown model {spec!r}: use a built-in ({', '.join(BUILTIN)}) or a factory "
                         "you wrote, as package.module:function (a .pt file alone is not a model: "
                         "pass its state dict with --weights)")


def parse_shape(text: str) -> tuple[int, ...]:
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or not all(re.fullmatch(r"[0-9]+", p) and p.strip("0") for p in parts):
        raise ModelSpecError(f"--input-shape {text!r} is not a list of positive integers separated by "
                             "commas, such as 1,3,224,224")
    if any(len(p.lstrip("0")) > 18 for p in parts):  # beyond any memory (and int() refuses 4,300 digits)
        raise ModelSpecError(f"--input-shape has a size of {max(len(p.lstrip('0')) for p in parts)} digits, "
                             "beyond any machine's memory; give sizes such as 1,3,224,224")
    return tuple(int(p) for p in parts)
