"""Graph capture: torch.fx.symbolic_trace and torch.export, each checked against eager.

Both fail on data-dependent control flow (`if x.sum() > 0:`): a graph records one path, and
which path runs depends on values a tracer does not have. The errors here say where it
happened, so the fix (`torch.cond`, or making the condition a plain Python argument) can
be applied at the right line.
"""

from __future__ import annotations

import os
import re
import traceback

import torch
from torch import fx

from labs.capstone.numerics import relative_error

# Capture replays the same operations in the same order: any difference beyond float32
# rounding of a few reassociated sums means the graph is not the model.
CAPTURE_RTOL = 1e-5


class CaptureError(RuntimeError):
    """Capture failed or diverged from eager; the message names the node or line and a fix."""


def _user_frame() -> str:
    """The innermost frame outside torch: the model's own line that the tracer was running."""
    torch_dir = os.path.dirname(torch.__file__)
    for frame in reversed(traceback.extract_stack()):
        if not frame.filename.startswith(torch_dir) and frame.filename != __file__:
            return f"{os.path.basename(frame.filename)}:{frame.lineno} in {frame.name}: {(frame.line or '').strip()}"
    return "an unknown line"


class _NamingTracer(fx.Tracer):
    """symbolic_trace's tracer, raising a CaptureError that names the node the model
    branched or looped on instead of torch.fx's generic TraceError."""

    def to_bool(self, obj: fx.Proxy) -> bool:
        raise CaptureError(
            f"symbolic_trace cannot follow data-dependent control flow: the model branches on node "
            f"'{obj.node.name}' ({_describe(obj.node)}) at {_user_frame()}. Rewrite the branch "
            "with torch.cond, or pass the condition as a Python value (concrete_args).")

    def iter(self, obj: fx.Proxy):
        raise CaptureError(
            f"symbolic_trace cannot iterate over node '{obj.node.name}' ({_describe(obj.node)}), "
            f"whose length depends on data, at {_user_frame()}.")


def _describe(node: fx.Node) -> str:
    """`gt = gt(sum_1, 0)`: the node as one plain line of code."""
    target = node.target if isinstance(node.target, str) else getattr(node.target, "__name__", str(node.target))
    args = ", ".join(a.name if isinstance(a, fx.Node) else repr(a) for a in node.args)
    return f"{node.name} = {target}({args})"


def validate(model: torch.nn.Module, captured: torch.nn.Module, example: torch.Tensor,
             rtol: float = CAPTURE_RTOL) -> float:
    """Relative error of the captured graph against eager on `example`; raises past `rtol`."""
    with torch.no_grad():
        error = relative_error(captured(example), model(example))
    if not error <= rtol:  # also catches NaN
        raise CaptureError(f"the captured graph diverges from eager: relative error {error:.3g} > {rtol:g}")
    return error


def capture_fx(model: torch.nn.Module, example: torch.Tensor) -> fx.GraphModule:
    """Capture with symbolic tracing (module calls stay `call_module` nodes), validated."""
    tracer = _NamingTracer()
    try:
        graph = tracer.trace(model)
    except CaptureError:
        raise
    except Exception as error:  # anything else torch.fx refuses: say what, in one line
        first = str(error).strip().splitlines()[0] if str(error).strip() else ""
        raise CaptureError(f"symbolic_trace failed: {type(error).__name__}: {first}") from error
    gm = fx.GraphModule(tracer.root, graph, type(model).__name__)
    validate(model, gm, example)
    return gm


def capture_export(model: torch.nn.Module, example: torch.Tensor) -> fx.GraphModule:
    """Capture with torch.export (ATen-level ops, no Python left), validated."""
    try:
        exported = torch.export.export(model, (example,))
    except Exception as error:
        raise CaptureError(_describe_export_error(error)) from error
    gm = exported.module()
    validate(model, gm, example)
    return gm


def _describe_export_error(error: Exception) -> str:
    text = str(error)
    frame = re.search(r'File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<fn>\w+)\n\s*(?P<code>.+)', text)
    where = (f"{os.path.basename(frame['file'])}:{frame['line']} in {frame['fn']}: {frame['code'].strip()}"
             if frame else "a line export could not name")
    guard = re.search(r"Could not guard on data-dependent expression (?P<expr>[^\n]+?)(?: \(unhinted|\.?$)",
                      text, re.M)
    if guard:
        return (f"torch.export cannot follow data-dependent control flow at {where} (it would have to "
                f"guard on {guard['expr'].strip()}, a value known only at run time). Rewrite the branch "
                "with torch.cond.")
    first = text.strip().splitlines()[0] if text.strip() else ""
    return f"torch.export failed at {where}: {type(error).__name__}: {first}"


def op_nodes(gm: fx.GraphModule) -> int:
    """Nodes that compute: calls of functions, modules and methods (not inputs, attributes, output)."""
    return sum(1 for node in gm.graph.nodes if node.op in ("call_function", "call_module", "call_method"))
