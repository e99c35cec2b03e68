"""Every knob of the kernel history, per preset: smoke runs in the test suite, full is what the site shows."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from labs.common.labmeta import DEVICES
from labs.common.settings_rules import all_of, divides, keyed_by, non_empty, positive
from labs.kernel_history.envs import INSTALLED

SEED = 7
MODULES = ("tinyhead", "attention", "layernorm", "gelu_mlp", "train_step")
# Overrides the preset's releases for this device: "installed" or a comma list such as
# "2.11.0,installed" (the lead's quiet-machine run, or a result made with the installed one only).
RELEASES_VARIABLE = "KERNEL_HISTORY_RELEASES"


@dataclass(frozen=True)
class Shapes:
    rows: int
    """TinyHead's and LayerNorm's rows (tokens)."""
    batch: int
    """Sequences for the MiniGPT pieces."""
    seq: int
    """Tokens per sequence (the MiniGPT's block_size)."""
    n_embd: int
    """The MiniGPT's width; LayerNorm's too."""
    n_head: int
    """Attention heads of the MiniGPT pieces; they split n_embd evenly."""
    vocab: int
    """The training step's vocabulary (TinyHead keeps the seed's 600)."""

    def __post_init__(self) -> None:
        for name in ("rows", "batch", "seq", "n_embd", "n_head", "vocab"):
            positive(f"shapes.{name}", getattr(self, name))
        divides("shapes.n_head", self.n_head, self.n_embd, "shapes.n_embd")


@dataclass(frozen=True)
class Settings:
    releases: dict[str, tuple[str, ...]]
    """The torch releases probed, per device; INSTALLED is the running python's torch."""
    modules: tuple[str, ...]
    """The modules each release compiles, names from MODULES."""
    shapes: Shapes
    """The modules' input shapes."""
    budget_s: float
    """Time budget of each eager-against-compiled comparison."""
    probe_timeout_s: int
    """One release's whole probe (every module), in its own process."""

    def __post_init__(self) -> None:
        keyed_by("releases", self.releases, DEVICES)
        for device, releases in self.releases.items():
            non_empty(f"releases[{device!r}]", releases)
        all_of("modules", self.modules, MODULES)
        positive("budget_s", self.budget_s)
        positive("probe_timeout_s", self.probe_timeout_s)


SETTINGS = {
    # The installed release only, two small modules: the test suite runs it on 2 shared cores.
    "smoke": Settings(releases={"cpu": (INSTALLED,), "cuda": (INSTALLED,)},
                      modules=("tinyhead", "layernorm"),
                      shapes=Shapes(rows=64, batch=2, seq=16, n_embd=32, n_head=2, vocab=32),
                      budget_s=0.2, probe_timeout_s=240),
    # Four CUDA-built releases from the package index beside the installed CPU build (2.15.0 is
    # on the index but this machine's pip constraints stop at 2.14.1); the installed one on a GPU.
    "full": Settings(releases={"cpu": ("2.10.0", "2.11.0", "2.12.1", INSTALLED, "2.14.1"),
                               "cuda": (INSTALLED,)},
                     modules=MODULES,
                     shapes=Shapes(rows=1024, batch=8, seq=64, n_embd=128, n_head=4, vocab=64),
                     budget_s=0.5, probe_timeout_s=900),
}


def releases_for(settings: Settings, device: str) -> tuple[str, ...]:
    """The preset's releases for the device, unless KERNEL_HISTORY_RELEASES names others."""
    wanted = os.environ.get(RELEASES_VARIABLE, "").strip()
    if wanted:
        return tuple(name.strip() for name in wanted.split(",") if name.strip())
    return settings.releases[device]


def version_key(release: str) -> tuple[int, ...]:
    """(2, 13, 0) for "2.13.0+cpu": releases sort by number, whatever their local tag."""
    numbers = re.match(r"(\d+(?:\.\d+)*)", release)
    return tuple(int(n) for n in numbers.group(1).split(".")) if numbers else ()


def base_version(release: str) -> str:
    return release.split("+", 1)[0]
