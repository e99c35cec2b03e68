"""The seed's five backend pitfalls, each reproduced and measured.

1. guards: a graph compiled for one shape is compiled again for another, unless a
   dimension is marked dynamic;
2. aliasing: views and in-place ops share storage, and a liveness analysis that ignores it
   gets the peak wrong;
3. autograd: the fused kernel has no backward, so memfuse refuses graphs that need one;
4. tile sizes: the rules a Triton tile must obey (tiles.py);
5. precision: accumulating a long dot product in float16 instead of float32.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import fx, nn

from labs.capstone.memfuse import liveness
from labs.capstone.memfuse.backend import REFUSAL, MemfuseBackend
from labs.capstone.memory import peak_bytes
from labs.capstone.numerics import relative_error


class MLPBlock(nn.Module):
    """GPT-2's MLP with its residual: LayerNorm, Linear up, GELU (tanh), Linear down, add."""

    def __init__(self, width: int):
        super().__init__()
        self.ln = nn.LayerNorm(width)
        self.fc = nn.Linear(width, 4 * width)
        self.act = nn.GELU(approximate="tanh")
        self.proj = nn.Linear(4 * width, width)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.proj(self.act(self.fc(self.ln(x))))


# -- 1. guards ----------------------------------------------------------------------------------

@dataclass
class GuardRun:
    policy: str
    rows: tuple[int, ...]
    compiles: int
    reasons: list[str]


POLICIES = ("static", "automatic", "mark_dynamic")


def recompile_reasons(since: int) -> list[str]:
    """Why Dynamo compiled again, guard by guard, for the compiles after the first `since`."""
    metrics = torch._dynamo.utils.get_compilation_metrics()[since:]
    return [m.recompile_reason for m in metrics if getattr(m, "recompile_reason", None)]


def guard_run(model: nn.Module, policy: str, rows: tuple[int, ...], width: int, device: str) -> GuardRun:
    """Call a memfuse-compiled model on batches of `rows` rows under one shape policy."""
    torch._dynamo.reset()
    backend = MemfuseBackend(fallback="eager")
    compiled = torch.compile(model, backend=backend, dynamic=False if policy == "static" else None)
    since = len(torch._dynamo.utils.get_compilation_metrics())
    with torch.no_grad():
        for n in rows:
            x = torch.randn(n, width, device=device)
            if policy == "mark_dynamic":
                torch._dynamo.mark_dynamic(x, 0)
            compiled(x)
    return GuardRun(policy, rows, len(backend.records), recompile_reasons(since))


# -- 2. aliasing --------------------------------------------------------------------------------

class AliasingGraph(nn.Module):
    """A view that outlives its base's last direct use, and an in-place update."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        big = x * 2                # a new tensor the size of x
        first_row = big[:1]        # a view: keeps all of `big` alive until the end
        y = x + 1                  # a new tensor
        y.add_(1)                  # in place: no new memory
        z = y * 3                  # a new tensor
        return z + first_row


@dataclass
class AliasingResult:
    naive: liveness.Liveness
    aware: liveness.Liveness
    measured_bytes: int
    tensor_bytes: int


def aliasing(rows: int, device: str) -> AliasingResult:
    x = torch.randn(rows, 1024, device=device)
    gm = fx.symbolic_trace(AliasingGraph())
    liveness.propagate(gm, x)
    naive = liveness.estimate_peak_memory(gm, alias_aware=False)
    aware = liveness.estimate_peak_memory(gm, alias_aware=True)
    for node in gm.graph.nodes:  # drop the real values propagate kept before measuring
        node.meta.pop("val", None)
    with torch.no_grad():
        measured = peak_bytes(lambda: gm(x), device)
    return AliasingResult(naive, aware, measured.bytes, x.numel() * x.element_size())


# -- 3. autograd --------------------------------------------------------------------------------

def training_refusal(model: nn.Module, width: int, device: str) -> str:
    """Compile for training; return the error memfuse raised, or '' if it did not refuse."""
    torch._dynamo.reset()
    compiled = torch.compile(model.train(), backend=MemfuseBackend(fallback="eager"))
    try:
        compiled(torch.randn(4, width, device=device)).sum().backward()
    except Exception as error:  # Dynamo wraps the backend's error: keep memfuse's own sentence
        text = str(error)
        start = text.find(REFUSAL)
        return text[start:].splitlines()[0] if start >= 0 else f"{type(error).__name__}: {text.splitlines()[0]}"
    finally:
        model.eval()
    return ""


# -- 5. precision -------------------------------------------------------------------------------

def accumulation_errors(rows: int, cols: int, depth: int, block_k: int = 64) -> dict[str, float]:
    """Relative error, against float64, of a float16 matmul accumulated tile by tile in float32
    (what the kernel does) and in float16 (a kernel that keeps its accumulator in the input type).
    Each tile's product is exact enough in float32, as a tensor core computes it."""
    generator = torch.Generator().manual_seed(depth)
    a = torch.randn(rows, depth, generator=generator).half()
    b = (torch.randn(depth, cols, generator=generator) / depth ** 0.5).half()
    reference = a.double() @ b.double()
    acc32 = torch.zeros(rows, cols)
    acc16 = torch.zeros(rows, cols, dtype=torch.float16)
    for k in range(0, depth, block_k):
        part = a[:, k:k + block_k].float() @ b[k:k + block_k].float()
        acc32 += part
        acc16 = (acc16.float() + part).half()   # the running sum rounded to float16 every step
    return {"float32": relative_error(acc32.half(), reference), "float16": relative_error(acc16, reference)}
