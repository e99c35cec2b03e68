"""The block compiled for inference and for training, in a process of its own, for its trace.

    TORCH_TRACE=DIR python -m labs.inside_compile.traced_compile --preset full --device cpu

TORCH_TRACE is read once, when torch is imported, and then traces every compile of the
process. The lab's own process compiles with Inductor's dumps on and must stay free of a
trace it did not ask for, so the structured trace comes from this child: `start` launches it
with TORCH_TRACE (and an empty Inductor cache, so that every stage is traced, not a cache
hit) in the child's environment only. It compiles what the lab compiles, the same way: one
compiled module, inference (eval, no_grad) and then training (a recompile, then backward).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from labs.common.labmeta import LABS_DIR


def compile_both_modes(preset: str, device: str) -> None:
    import torch

    from labs.common.measure import search_vector_isa
    from labs.inside_compile.block import make_block, make_input
    from labs.inside_compile.settings import SEED, SETTINGS

    if device == "cpu":   # as the lab's own process does: its test programs from the machine's folder
        search_vector_isa()
    settings = SETTINGS[preset]
    model = make_block(settings.d_model, settings.d_hidden, device, SEED)
    x = make_input(settings.input_shape, device, SEED)
    compiled = torch.compile(model, dynamic=False)
    model.eval()
    with torch.no_grad():
        compiled(x)
    model.train()
    compiled(x).sum().backward()
    if device == "cuda":
        torch.cuda.synchronize()


@dataclass
class Child:
    """A running traced_compile process, and where its trace and its output go."""
    process: subprocess.Popen
    trace_dir: Path
    log_path: Path
    log: IO[str]

    def wait(self, timeout_s: float) -> str:
        """Wait for the child; return "" when it succeeded, else why not (with its output's tail)."""
        try:
            code = self.process.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            code = None
        finally:
            self.log.close()
        if code == 0:
            return ""
        tail = self.log_path.read_text(errors="replace", encoding="utf-8")[-1500:]
        status = "did not finish in time" if code is None else f"exited with {code}"
        return f"the traced compile {status}: {tail}"

    def stop(self) -> None:
        """End the child if nobody waited for it (a resumed run restored its part)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.log.close()


def start(preset: str, device: str, work: Path) -> Child:
    """Launch the child with TORCH_TRACE and a fresh Inductor cache in its environment only."""
    trace_dir, log_path = work / "torch_trace", work / "traced_compile.log"
    trace_dir.mkdir(parents=True, exist_ok=True)
    repo = LABS_DIR.parent
    env = dict(os.environ, TORCH_TRACE=str(trace_dir),
               TORCHINDUCTOR_CACHE_DIR=str(work / "trace-inductor-cache"),
               TRITON_CACHE_DIR=str(work / "trace-triton-cache"),
               TORCH_COMPILE_DEBUG_DIR=str(work / "trace-debug"),
               PYTHONPATH=os.pathsep.join(filter(None, [str(repo), os.environ.get("PYTHONPATH")])))
    for name in ("TORCH_LOGS", "TORCH_COMPILE_DEBUG"):  # the trace only: no other log in the child
        env.pop(name, None)
    log = log_path.open("w", encoding="utf-8")
    process = subprocess.Popen([sys.executable, "-m", "labs.inside_compile.traced_compile", "--preset", preset,
                                "--device", device], cwd=repo, env=env, stdout=log, stderr=subprocess.STDOUT)
    return Child(process, trace_dir, log_path, log)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", choices=("smoke", "full"), required=True)
    parser.add_argument("--device", choices=("cpu", "cuda"), required=True)
    args = parser.parse_args()
    if not os.environ.get("TORCH_TRACE"):
        sys.exit("set TORCH_TRACE to a folder: this process exists to write the structured trace there")
    compile_both_modes(args.preset, args.device)


if __name__ == "__main__":
    main()
