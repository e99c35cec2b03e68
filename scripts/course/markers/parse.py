"""The marker syntax: `{{ kind target name=value … }}` and its target `LAB/DEVICE:KEY`."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from labs.common.contract import DEVICES

# The kind is matched wider than any real kind (capitals, digits, hyphens), so that `{{ Metric … }}`
# or `{{ metric-x … }}` is reported as an unknown kind instead of printed as it stands.
MARKER = re.compile(r"\{\{\s*(?P<kind>[A-Za-z_][\w-]*)(?P<body>(?:[^}\n]|\}(?!\}))*)\}\}")
# An opening `{{` that no closing `}}` follows on its line: a marker someone forgot to close.
UNCLOSED = re.compile(r"\{\{(?![^\n]*\}\})")
TARGET = re.compile(r"^(?P<lab>[a-z][a-z0-9_]*)(?:/(?P<device>[a-z]+))?(?::(?P<key>[\w.\-]+))?$")


class MarkerError(Exception):
    """One marker that cannot be expanded; the message says what to do about it."""


class NotInOlderRun(MarkerError):
    """A key the lab writes today that a run made by older code of the lab does not hold.

    The page says so where the figure would be (that run's provenance line already says its
    code changed) instead of stopping the build: a GPU result made before a lab grew a table
    stays readable until the GPU is at hand again. A key missing from a run of today's code is
    still an error (a typo, or a lab that stopped writing it)."""

    def __init__(self, lab: str, device: str, key: str):
        super().__init__(f"{key!r} is not in the {device} run of {lab}, made by older code of the lab")
        self.lab, self.device, self.key = lab, device, key


@dataclass(frozen=True)
class Marker:
    kind: str
    text: str
    lab: str | None
    device: str | None
    key: str | None
    options: dict[str, str]


def parse_marker(kind: str, body: str, text: str) -> Marker:
    try:
        tokens = shlex.split(body)
    except ValueError as error:
        raise MarkerError(f"cannot parse its options ({error}); quote values that contain spaces") from None
    options, target = {}, None
    for token in tokens:
        if "=" in token:
            name, value = token.split("=", 1)
            options[name] = value
        elif target is None:
            target = token
        else:
            raise MarkerError(f"unexpected word {token!r}; options are written name=value")
    lab = device = key = None
    if target:
        match = TARGET.match(target)
        if not match:
            raise MarkerError(f"target {target!r} is not LAB, LAB/DEVICE, LAB:KEY or LAB/DEVICE:KEY")
        lab, device, key = match.group("lab"), match.group("device"), match.group("key")
        if device and device not in DEVICES:
            raise MarkerError(f"device {device!r} is not one of {', '.join(DEVICES)}")
    return Marker(kind=kind, text=text, lab=lab, device=device, key=key, options=options)
