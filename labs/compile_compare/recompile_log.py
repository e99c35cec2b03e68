"""Dynamo's recompilation log (TORCH_LOGS="recompiles"): switched on, captured, parsed.

With the "recompiles" log on, Dynamo logs, for every recompilation, the function and the
guard of each cached graph that rejected the call:

    Recompiling function forward in /…/minigpt.py:117
        triggered by the following guard failure(s):
        - 0/0: tensor 'idx' size mismatch at index 0. expected 8, actual 16

`logged()` switches that log on at run time (`torch._logging.set_logs(recompiles=True)`, what
TORCH_LOGS="recompiles" does at import) for the block only, and `Capture` adds a handler to its
logger, so the records arrive as they are emitted, one per recompilation. Logging slows every
compile and call it touches, so nothing is timed inside the block (`labs.common.measure`
refuses to). `parse` reads the same text from a captured list or from stderr (where each line
carries a "V1121 13:06:18 … [__recompiles]" prefix). Standard library only, except `logged`.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Iterator
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


def _torch_loggers() -> dict[str, tuple[list[logging.Handler], int, bool]]:
    """Handlers, level and propagation of every torch logger, to put back as they were."""
    names = ["torch"] + [n for n in logging.root.manager.loggerDict if n.startswith("torch.")]
    return {name: (list(logger.handlers), logger.level, logger.propagate)
            for name in names if isinstance(logger := logging.getLogger(name), logging.Logger)}


@contextlib.contextmanager
def logged() -> Iterator[Capture]:
    """`with logged() as log:` the recompilations inside the block, captured; off afterwards.

    torch's `set_logs` rebuilds the handlers of every torch logger, both when it switches the
    log on and when `set_logs()` switches everything back off; the handlers, levels and
    propagation the lab had (its torch.log file) are restored after it. `set_logs()` also
    leaves an idle structured-trace handler behind, which would remove itself at the next
    traced event; it is removed at once, so the timings after the block are clean.
    """
    import torch._logging
    from torch._logging import _internal
    before = _torch_loggers()
    torch._logging.set_logs(recompiles=True)
    for name in before:  # while it is on, the log reaches the capture, not the terminal
        logger = logging.getLogger(name)
        for handler in list(logger.handlers):
            if type(handler) is logging.StreamHandler:
                logger.removeHandler(handler)
    try:
        with Capture() as log:
            yield log
    finally:
        torch._logging.set_logs()
        for name, (handlers, level, propagate) in before.items():
            logger = logging.getLogger(name)
            for handler in list(logger.handlers):
                logger.removeHandler(handler)
            for handler in handlers:
                logger.addHandler(handler)
            logger.setLevel(level)
            logger.propagate = propagate
        for handler in list(_internal.trace_log.handlers):
            idle = isinstance(handler, _internal.LazyTraceHandler) and handler.root_dir is None \
                and handler.stream is None
            if idle:
                _internal.trace_log.removeHandler(handler)
