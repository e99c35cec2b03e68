"""Dynamo's recompilation log (TORCH_LOGS="recompiles"): captured in-process, then parsed.

With TORCH_LOGS="recompiles" (lab.toml sets it before torch is imported) Dynamo logs, for
every recompilation, the function and the guard of each cached graph that rejected the call:

    Recompiling function forward in /…/minigpt.py:117
        triggered by the following guard failure(s):
        - 0/0: tensor 'idx' size mismatch at index 0. expected 8, actual 16

`Capture` adds a handler to that log's logger, so the records arrive as they are emitted, one
record per recompilation; `parse` reads the same text from a captured list or from stderr
(where each line carries a "V1121 13:06:18 … [__recompiles]" prefix). Standard library only.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

# getArtifactLogger(module, "recompiles") names the logger "<module>.__recompiles".
LOGGER_NAMES = ("torch._dynamo.guards.__recompiles", "torch._dynamo.guards.__recompiles_verbose")

_PREFIX = re.compile(r"^.*?\[__recompiles(?:_verbose)?\] ?", re.M)
_HEADER = re.compile(r"Recompiling function (?P<function>\S+) in (?P<location>\S+)")
_FAILURE = re.compile(r"^\s*-\s+(?P<entry>\d+/\d+): (?P<guard>.+?)\s*$", re.M)
_TRAILING_COMMENT = re.compile(r"\s{2,}#.*$")
_SIZE_MISMATCH = re.compile(
    r"tensor '(?P<tensor>[^']+)' (?P<what>size|stride) mismatch at index (?P<dim>\d+)\. "
    r"expected (?P<expected>[^,]+), actual (?P<actual>\S+)")


@dataclass(frozen=True)
class GuardFailure:
    entry: str                 # the cached graph whose guards rejected the call, "frame/graph"
    guard: str                 # the failure as Dynamo wrote it
    tensor: str | None = None  # for a size or stride mismatch: which input,
    dim: int | None = None     # which dimension,
    expected: str | None = None
    actual: str | None = None

    def describe(self, dim_names: dict[int, str] | None = None) -> str:
        """"idx dim 0 (batch): 8 → 16", or the guard itself when it is not a size check."""
        if self.tensor is None:
            return self.guard
        name = (dim_names or {}).get(self.dim)
        where = f"{self.tensor} dim {self.dim}" + (f" ({name})" if name else "")
        return f"{where}: {self.expected} → {self.actual}"


@dataclass(frozen=True)
class Recompile:
    function: str
    location: str
    failures: tuple[GuardFailure, ...] = field(default_factory=tuple)

    @property
    def reason(self) -> GuardFailure | None:
        """The failure of the most recent graph (Dynamo lists it first)."""
        return self.failures[0] if self.failures else None


def parse_failure(entry: str, guard: str) -> GuardFailure:
    guard = _TRAILING_COMMENT.sub("", guard)  # Dynamo appends "  # <source line>  # <file:line>"
    match = _SIZE_MISMATCH.search(guard)
    if not match:
        return GuardFailure(entry, guard)
    return GuardFailure(entry, guard, tensor=match["tensor"], dim=int(match["dim"]),
                        expected=match["expected"].strip(), actual=match["actual"].rstrip("."))


def parse(text: str) -> list[Recompile]:
    """Every recompilation in a log: a captured message, several, or stderr with prefixes."""
    text = _PREFIX.sub("", text)
    headers = list(_HEADER.finditer(text))
    recompiles = []
    for i, header in enumerate(headers):
        end = headers[i + 1].start() if i + 1 < len(headers) else len(text)
        body = text[header.end():end]
        failures = tuple(parse_failure(m["entry"], m["guard"]) for m in _FAILURE.finditer(body))
        recompiles.append(Recompile(header["function"], header["location"], failures))
    return recompiles


class Capture(logging.Handler):
    """`with Capture() as log:` … `log.messages`: the recompilation records emitted meanwhile."""

    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())

    def recompiles(self) -> list[Recompile]:
        return [r for message in self.messages for r in parse(message)]

    def __enter__(self) -> Capture:
        for name in LOGGER_NAMES:
            logging.getLogger(name).addHandler(self)
        return self

    def __exit__(self, *exc: object) -> None:
        for name in LOGGER_NAMES:
            logging.getLogger(name).removeHandler(self)
