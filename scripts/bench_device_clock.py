"""Benchmark: does a device-time figure repeat? The two ways `measure.device_time` can run a call.

    python scripts/bench_device_clock.py [--rounds 3] [--budget 0.3]

For Lab 03's four cases (TinyHead at batch 2 and at 65,536 rows, the MiniGPT's forward at
batch 1 and 16, each eager and compiled), it measures the device time `rounds` times with
each method: "graph" (the call captured once as a CUDA graph and replayed, what the labs use)
and "queued" (calls queued back to back between CUDA events, the method before it). It prints
every round's median and how far the rounds spread ((max - min) / min): a launch-bound call
spreads with the host's speed when queued, and should not when replayed. Then it says which
kinds of call can be captured at all. Needs a CUDA GPU.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # the repository root: labs.common
from labs.common import measure, minigpt
from labs.common.grammar import build_corpus
from labs.inductor_kernels.inputs import LogitsOnly, minigpt_input, tinyhead_input
from labs.inductor_kernels.settings import TINYHEAD_FEATURES, TINYHEAD_VOCAB
from labs.inductor_kernels.tinyhead import TinyHead


def cases() -> dict[str, tuple[torch.nn.Module, torch.Tensor]]:
    tinyhead = TinyHead(d=TINYHEAD_FEATURES, vocab=TINYHEAD_VOCAB).cuda().eval()
    config = minigpt.config_for(minigpt.PRESETS["full"], build_corpus())
    gpt = minigpt.MiniGPT(config).cuda().eval()
    return {"TinyHead (2, 64)": (tinyhead, tinyhead_input(2, "cuda")),
            "TinyHead 65,536 rows": (tinyhead, tinyhead_input(65_536, "cuda")),
            "MiniGPT batch 1": (LogitsOnly(gpt), minigpt_input(gpt, 1, "cuda")),
            "MiniGPT batch 16": (LogitsOnly(gpt), minigpt_input(gpt, 16, "cuda"))}


def spread(values: list[float]) -> float:
    return (max(values) - min(values)) / min(values)


def repeatability(rounds: int, budget_s: float) -> None:
    """Each round measures both methods, one after the other, so both see the same host."""
    print(f"{'case':22} {'side':9} {'method':7} {'medians per round (µs)':34} spread")
    with torch.no_grad():
        for name, (model, x) in cases().items():
            compiled = torch.compile(model, dynamic=False)
            for side, fn in (("eager", lambda m=model, x=x: m(x)), ("compiled", lambda c=compiled, x=x: c(x))):
                medians: dict[bool, list[float]] = {True: [], False: []}
                for _ in range(rounds):
                    for graph in medians:
                        stats = measure.device_time(fn, "cuda", budget_s=budget_s, graph=graph)
                        medians[graph].append(stats.median_s * 1e6)
                for graph, values in medians.items():
                    shown = " ".join(f"{m:9.1f}" for m in values)
                    print(f"{name:22} {side:9} {'graph' if graph else 'queued':7} {shown:34} {spread(values):6.1%}")


def capturable() -> None:
    """Which calls replay as a graph, and which fall back to queued calls."""
    x = torch.randn(64, 64, device="cuda")
    linear = torch.nn.Linear(64, 64).cuda()
    optimizer = torch.optim.AdamW(linear.parameters())
    graphed = torch.compile(lambda t: (t @ t).relu(), mode="reduce-overhead")

    def train_step() -> None:
        optimizer.zero_grad()
        linear(x).sum().backward()
        optimizer.step()

    calls = {"compiled forward": torch.compile(lambda: (x @ x).softmax(-1)),
             "eager training step, AdamW": train_step,
             "reads a value to the host (.item())": lambda: (x.sum().item(), x + 1),
             "reduce-overhead (already a CUDA graph)": lambda: graphed(x)}
    for name, fn in calls.items():
        method = measure.device_time(fn, "cuda", budget_s=0.05).method
        print(f"{name:42} {method}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--budget", type=float, default=0.3, help="seconds per measurement")
    args = parser.parse_args()
    if not torch.cuda.is_available():
        sys.exit("bench_device_clock needs a CUDA GPU: on a CPU there is no device clock.")
    print(f"{torch.cuda.get_device_name(0)}, torch {torch.__version__}")
    repeatability(args.rounds, args.budget)
    capturable()


if __name__ == "__main__":
    main()
