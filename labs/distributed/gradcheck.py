"""Step 0's gradients, and the parameters after one SGD step, against a reference no pattern touches.

The loss check compares trajectories under AdamW, which normalises each gradient by its own
size: doubling every gradient barely moves the loss (issue 25 measured 1e-6 over 8 steps, within
the loss check's tolerance). This check looks at the
quantity such a bug changes. The reference is the plain MiniGPT (`labs.common.minigpt`), in
float64, one forward and backward on the whole global batch, then p - lr g: none of the
patterns' code, not even the single-process pattern's, computes it. Each pattern is built as
it trains, runs step 0's forward and backward, then one `torch.optim.SGD` step (SGD moves a
parameter by lr x its gradient, so a wrong gradient scale shows; AdamW would hide it).

Every rank compares what it holds, under the plain model's parameter names, with the
reference: a sharded parameter is gathered whole (`DTensor.full_tensor`), a pipeline stage's
blocks are renumbered from the stages' block counts, the last stage's copy of the tied matrix
is compared with the embedding, and tensor parallelism's re-laid QKV rows are put back in the
plain order. That mapping is itself checked: before step 0 the mapped parameters must equal the
plain model's bit for bit (they are copies), and every reference tensor must be compared by
some rank.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import torch
import torch.distributed as dist

from labs.distributed.settings import TWO_D_MESH

# One SGD step with a learning rate of 1: the update is then as large as the gradient, far above
# the float32 rounding of the parameter itself, so the parameter check sees the update.
SGD_LR = 1.0
# How many rounding errors of headroom the tolerance allows over the estimate below; measured
# errors sat 10 to 100 times under the estimate on CPU, and a gradient 1 % off is 100 times over.
SAFETY = 4.0


def matmul_eps(device: torch.device) -> float:
    """Unit rounding of the pattern's float32 arithmetic: 2^-23, or TF32's 2^-10 on a GPU that allows it."""
    if device.type == "cuda" and torch.get_float32_matmul_precision() != "highest":
        return 2.0**-10
    return 2.0**-23


def tolerance(n_layer: int, n_embd: int, tokens: int, eps: float) -> float:
    """Largest |g - g_ref| / max|g_ref| a correct float32 pattern may show against float64.

    Reduction order is the only thing a correct pattern changes: data parallelism sums each
    rank's tokens then adds the ranks' sums, tensor parallelism splits the inner products.
    A float32 sum of N terms is off by about sqrt(N) eps of its terms' size (a random walk of
    rounding errors). The longest sums are over the batch's tokens (weight gradients) and over
    the MLP's 4 d features; backward passes 2 L + 2 such products in a chain (two per block,
    the head and the embedding), and each step of the chain adds its own error.
    """
    longest = max(tokens, 4 * n_embd)
    return SAFETY * (2 * n_layer + 2) * math.sqrt(longest) * eps


# bfloat16's machine epsilon, in the convention of the 2^-23 above: 8 significand bits.
BF16_EPS = 2.0**-7


BF16_CAP = 0.45   # below 0.5: a gradient halved (an error of 0.5) or doubled (1.0) fails at any depth


def bf16_tolerance(n_layer: int) -> float:
    """The same bound for bfloat16 arithmetic with float32 accumulation (FSDP2's mixed precision).

    A bf16 product's inner sum runs in float32, so no sqrt(N) random walk at bf16's size: what
    bf16 adds is one rounding of each product's inputs and output, eps_bf16 relative, per product
    of the 2 L + 2 in backward's chain. With 4 layers that is about 0.3 of the gradient's size; it
    grows with depth, so it is capped at BF16_CAP: a wrong gradient scale, 2x either way, still
    fails (8 layers would otherwise allow 0.56, and a halved gradient would pass). A gradient
    10 % off would not.
    """
    return min(SAFETY * (2 * n_layer + 2) * BF16_EPS, BF16_CAP)


# -- the reference ---------------------------------------------------------------------------

@dataclass
class Reference:
    initial: dict[str, torch.Tensor]      # float32, the model every pattern starts from
    grads: dict[str, torch.Tensor]        # float64
    after_sgd: dict[str, torch.Tensor]    # float64: initial - SGD_LR x grads


def reference(model: torch.nn.Module, x: torch.Tensor, y: torch.Tensor) -> Reference:
    """The plain model, in float64, on the whole batch. `model` is spent."""
    initial = {name: p.detach().clone() for name, p in model.named_parameters()}
    model = model.double()
    _, loss = model(x, y)
    loss.backward()
    grads = {name: p.grad.detach() for name, p in model.named_parameters()}
    after = {name: initial[name].double() - SGD_LR * grads[name] for name in grads}
    return Reference(initial, grads, after)


# -- what a pattern holds, under the plain model's names ---------------------------------------

def qkv_plain_rows(n_head: int, world: int, width: int) -> torch.Tensor:
    """For tensor parallelism's QKV rows (rank by rank: that rank's q, k, v heads), the plain
    model's row each one is: written from the layout, not with the pattern's re-laying code."""
    head_dim, per_rank = width // n_head, n_head // world
    return torch.tensor([part * width + (rank * per_rank + head) * head_dim + d
                         for rank in range(world) for part in range(3)
                         for head in range(per_rank) for d in range(head_dim)])


def plain_name(name: str, pattern: str, block_offset: int) -> str:
    """A pattern module's parameter name as the plain model names it."""
    parts = name.split(".")
    if pattern == "pipeline" and parts[0] == "blocks":
        parts[1] = str(int(parts[1]) + block_offset)
    name = ".".join(parts)
    return "tok_emb.weight" if name == "lm_head.weight" else name   # the tied matrix (a stage's copy)


def held(module: torch.nn.Module, pattern: str, variant, world: int,
         which: Callable[[torch.nn.Parameter], torch.Tensor | None]) -> dict[str, torch.Tensor]:
    """{plain name: full float32 tensor} of what this rank holds (`which`: the parameter or its
    gradient). Collective: every rank calls it, in the same order."""
    from torch.distributed.tensor import DTensor
    offset = 0
    if pattern == "pipeline":   # a stage's blocks come after the earlier stages' blocks
        counts = [None] * world
        dist.all_gather_object(counts, len(module.blocks))
        offset = sum(counts[:dist.get_rank()])
    out = {}
    for name, parameter in module.named_parameters():
        value = which(parameter)
        if value is None:
            raise RuntimeError(f"{pattern}: {name} has no gradient after backward")
        if isinstance(value, DTensor):
            value = value.full_tensor()
        value = value.detach()
        if pattern in ("tensor_parallel", "fsdp_tp") and name.endswith(("attn.qkv.weight", "attn.qkv.bias")):
            tp = world if pattern == "tensor_parallel" else TWO_D_MESH[1]   # 2-D: the tp dimension's ranks
            plain = torch.empty_like(value)
            plain[qkv_plain_rows(variant.n_head, tp, variant.n_embd).to(value.device)] = value
            value = plain
        out[plain_name(name, pattern, offset)] = value
    return out


# -- the comparison ------------------------------------------------------------------------------

def relative_errors(ours: dict[str, torch.Tensor], theirs: dict[str, torch.Tensor],
                    scale: dict[str, torch.Tensor]) -> dict[str, float]:
    """max |ours - theirs| / max |scale|, per tensor both hold (an all-zero scale counts as 1)."""
    errors = {}
    for name, value in ours.items():
        size = scale[name].abs().max().item() or 1.0
        errors[name] = (value.double() - theirs[name].double()).abs().max().item() / size
    return errors


def sgd_tolerances(ref: Reference, grad_tolerance: float, eps: float) -> dict[str, float]:
    """Per tensor: the gradient's tolerance, plus the float32 rounding of the parameter itself
    (up to eps |p| on each side) relative to the step's size, SGD_LR max|g|."""
    return {name: grad_tolerance + 2 * eps * ref.initial[name].abs().max().item()
            / max(SGD_LR * ref.grads[name].abs().max().item(), 1e-30) for name in ref.grads}


def compare(pattern: str, module: torch.nn.Module, optimizer_step: Callable[[], None],
            forward_backward: Callable[[], None], ref: Reference, variant, world: int,
            eps: float, grad_tolerance: float | None = None) -> dict:
    """Run step 0 on the pattern and compare; JSON-ready, this rank's view. `grad_tolerance`
    replaces float32's (`tolerance`) for a pattern computing in a lower precision; the SGD
    check adds float32's parameter rounding to it either way."""
    start = held(module, pattern, variant, world, lambda p: p)
    layout = {name: (value.double() - ref.initial[name].double()).abs().max().item()
              if name in ref.initial and value.shape == ref.initial[name].shape else None
              for name, value in start.items()}
    forward_backward()
    grads = held(module, pattern, variant, world, lambda p: p.grad)
    optimizer_step()
    after = held(module, pattern, variant, world, lambda p: p)
    known = [name for name in grads if layout.get(name) is not None]
    tol = grad_tolerance or tolerance(variant.n_layer, variant.n_embd, variant.tokens(), eps)
    return {"reference_names": sorted(ref.grads), "compared": sorted(grads),
            "layout_mismatch": sorted(name for name, diff in layout.items() if diff is None or diff > 0),
            "grad_err": relative_errors({n: grads[n] for n in known}, ref.grads, ref.grads),
            "param_err": relative_errors({n: after[n] for n in known}, ref.after_sgd,
                                         {n: SGD_LR * ref.grads[n] for n in known}),
            "param_tolerance": {n: t for n, t in sgd_tolerances(ref, tol, eps).items() if n in known},
            "grad_tolerance": tol}


@dataclass(frozen=True)
class Verdict:
    grad_err: float          # worst relative gradient error over tensors and ranks
    grad_tolerance: float
    param_ratio: float       # worst (parameter error / its tolerance) after one SGD step
    param_err: float
    worst_tensor: str
    problems: list[str]      # mapping problems: tensors not compared or not equal at step 0

    @property
    def passed(self) -> bool:
        return not self.problems and self.grad_err <= self.grad_tolerance and self.param_ratio <= 1.0


def merge(per_rank: list[dict]) -> Verdict:
    """The worst over ranks; a reference tensor no rank compared is a problem, not a pass."""
    grad, param, ratio = {}, {}, {}
    problems = set()
    for record in per_rank:
        problems.update(f"{name} differs from the plain model before step 0" for name in record["layout_mismatch"])
        for name, err in record["grad_err"].items():
            grad[name] = max(err, grad.get(name, 0.0))
            param[name] = max(record["param_err"][name], param.get(name, 0.0))
            ratio[name] = max(record["param_err"][name] / record["param_tolerance"][name], ratio.get(name, 0.0))
    missing = set(per_rank[0]["reference_names"]) - set(grad)
    problems.update(f"{name} was compared by no rank" for name in missing)
    worst = max(grad, key=lambda n: grad[n] / per_rank[0]["grad_tolerance"]) if grad else "none"
    return Verdict(grad_err=max(grad.values(), default=0.0), grad_tolerance=per_rank[0]["grad_tolerance"],
                   param_ratio=max(ratio.values(), default=0.0), param_err=max(param.values(), default=0.0),
                   worst_tensor=worst, problems=sorted(problems))
