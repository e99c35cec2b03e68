"""Graph breaks: found with torch._dynamo.explain, named, and proved gone with fullgraph=True."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
import torch._dynamo

# A break's kind, from Dynamo's reason (first match wins). The texts are Dynamo's own; a new
# torch may word them differently: then the kind is "other" and the lab's check on the kinds
# fails loudly rather than mislabelling a break.
KINDS = (
    ("print", re.compile(r"builtin operator `print`|\bprint\b.*builtin", re.I)),
    ("item", re.compile(r"Tensor\.item\(\)|capture_scalar_outputs", re.I)),
    ("data_dependent_branch", re.compile(r"generic_jump|data[- ]dependent (branch|control)", re.I)),
    ("untraceable_call", re.compile(r"marked as skipped|does not know how to trace the builtin", re.I)),
)

# How each kind is fixed in step_variants.loss_without_breaks, for COMPILE_LOG.md, per language.
FIXES = {
    "en": {
        "print": "Remove the print from the compiled region; log from the training loop instead.",
        "item": "Keep the value a tensor inside the step; call .item() outside, every N steps, "
                "where the host-device sync it implies is paid rarely.",
        "data_dependent_branch": "Compute both branches and select with torch.where: one graph, "
                                 "no Python decision on a tensor's value.",
        "untraceable_call": "Move the call (here a timer) out of the compiled region: time the step "
                            "from the loop around it.",
        "other": "Read Dynamo's reason; move the call out of the region or make it traceable.",
    },
    "es": {
        "print": "Quitar el print de la región compilada; registrar desde el bucle de entrenamiento.",
        "item": "Mantener el valor como tensor dentro del paso; llamar a .item() fuera, cada N pasos, "
                "donde la sincronización host-dispositivo que implica se paga pocas veces.",
        "data_dependent_branch": "Calcular las dos ramas y elegir con torch.where: un solo grafo, "
                                 "ninguna decisión de Python sobre el valor de un tensor.",
        "untraceable_call": "Sacar la llamada (aquí un temporizador) de la región compilada: medir el "
                            "paso desde el bucle que lo rodea.",
        "other": "Leer el motivo de Dynamo; sacar la llamada de la región o hacerla trazable.",
    },
}


@dataclass(frozen=True)
class Break:
    kind: str
    reason: str     # Dynamo's reason, in one line
    file: str       # where in the user's code the trace stopped
    line: int
    code: str       # that line's source


@dataclass(frozen=True)
class Explained:
    graph_count: int
    graph_break_count: int   # explain counts graphs minus one: breaks that split a graph
    breaks: tuple[Break, ...]


def classify(reason: str) -> str:
    for kind, pattern in KINDS:
        if pattern.search(reason):
            return kind
    return "other"


def summary(reason: str) -> str:
    """Dynamo's reason in one line: its first line, plus its "Explanation:" line if it has one."""
    lines = [line.strip() for line in reason.strip().splitlines() if line.strip()]
    if not lines:
        return ""
    explanation = next((line.removeprefix("Explanation:").strip() for line in lines[1:]
                        if line.startswith("Explanation:")), "")
    return f"{lines[0]}: {explanation}" if explanation else lines[0]


def _user_frame(stack: list[Any], prefer_file: str | None) -> Any | None:
    """The innermost frame in `prefer_file` (the step's own code), else the innermost one."""
    if not stack:
        return None
    if prefer_file:
        mine = [f for f in stack if Path(f.filename).name == Path(prefer_file).name]
        if mine:
            return mine[-1]
    return stack[-1]


def breaks_from(break_reasons: list[Any], prefer_file: str | None = None) -> tuple[Break, ...]:
    """Dynamo's GraphCompileReason list (or look-alikes) as Break records."""
    found = []
    for item in break_reasons:
        frame = _user_frame(list(getattr(item, "user_stack", []) or []), prefer_file)
        reason = str(getattr(item, "reason", ""))
        found.append(Break(kind=classify(reason), reason=summary(reason),
                           file=Path(frame.filename).name if frame else "?",
                           line=int(frame.lineno) if frame else 0,
                           code=(frame.line or "").strip() if frame else ""))
    return tuple(found)


def explain(fn: Callable[..., Any], *args: Any, prefer_file: str | None = None) -> Explained:
    torch._dynamo.reset()
    output = torch._dynamo.explain(fn)(*args)
    return Explained(graph_count=output.graph_count, graph_break_count=output.graph_break_count,
                     breaks=breaks_from(output.break_reasons, prefer_file))


@dataclass(frozen=True)
class FullgraphOutcome:
    raised: bool
    error_type: str = ""       # e.g. "torch._dynamo.exc.Unsupported"
    message: str = ""          # its first line


def try_fullgraph(fn: Callable[..., Any], *args: Any) -> FullgraphOutcome:
    """Compile with fullgraph=True and call: a graph break must raise instead of splitting.

    backend="eager": the break is found by Dynamo's trace, before any kernel would be generated.
    """
    torch._dynamo.reset()  # a graph already cached for fn would be reused without tracing
    try:
        torch.compile(fn, fullgraph=True, dynamic=False, backend="eager")(*args)
    except Exception as error:  # Dynamo's Unsupported, or whatever this torch raises instead
        kind = type(error)
        message = str(error).strip().splitlines()
        return FullgraphOutcome(True, f"{kind.__module__}.{kind.__qualname__}", message[0] if message else "")
    return FullgraphOutcome(False)
