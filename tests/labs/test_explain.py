"""`python -m labs.explain`: each bad input stops with one line that says what to do, and a
small module is explained end to end on CPU (report, structured facts, kernels)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = "labs/explain/examples.py"

BROKEN = '''
import torch
from torch import nn

class NeedsArgs(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.fc = nn.Linear(width, width)

    def forward(self, x):
        return self.fc(x)

class Breaks(nn.Module):
    def forward(self, x):
        y = x.softmax(-1)
        if y.sum() > 0:          # data-dependent control flow: a graph break
            y = y * 2
        return y

NOT_A_MODULE = 3
'''


def run(*args: str, cwd: Path = ROOT, timeout: int = 600) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for name in ("TORCH_LOGS", "TORCH_COMPILE_DEBUG", "TORCH_TRACE", "INDUCTOR_PROVENANCE"):
        env.pop(name, None)
    return subprocess.run([sys.executable, "-m", "labs.explain", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def broken(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("learner") / "model.py"
    path.write_text(BROKEN)
    return path


def one_line_error(args: list[str], capsys) -> str:
    """Run the command in this process (no compile happens before these errors)."""
    from labs.explain import cli
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.startswith("explain:")]
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize("args, says", [
    (["nowhere.py:Model", "--input", "8,64"], ["no file nowhere.py", "PATH.py:Model"]),
    ([f"{EXAMPLES}", "--input", "8,64"], ["PATH.py:ClassName"]),
    ([f"{EXAMPLES}:Missing", "--input", "8,64"], ["has no Missing", "RMSNorm"]),
    ([f"{EXAMPLES}:RMSNorm", "--input", "8x64"], ["not a shape", "--input 8,64"]),
    ([f"{EXAMPLES}:RMSNorm", "--input", "8,32"], ["RMSNorm failed on inputs (8, 32)", "pass --input"]),
    ([f"{EXAMPLES}:RMSNorm"], ["no --input"]),
], ids=["file", "no-class", "class", "shape", "forward", "no-input"])
def test_bad_input_gets_one_line_that_says_what_to_do(args, says, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    line = one_line_error(args, capsys)
    for text in says:
        assert text in line, line


def test_a_class_that_needs_arguments_or_is_not_a_module(broken, capsys):
    assert "--kwargs" in one_line_error([f"{broken}:NeedsArgs", "--input", "4,8"], capsys)
    assert "not a torch.nn.Module" in one_line_error([f"{broken}:NOT_A_MODULE", "--input", "4,8"], capsys)


def test_graph_breaks_are_listed(broken, capsys):
    line = one_line_error([f"{broken}:Breaks", "--input", "4,8"], capsys)
    assert "graph break" in line and "model.py:" in line and "--allow-graph-breaks" in line


def test_cuda_without_a_gpu_says_so(capsys, monkeypatch):
    import torch
    if torch.cuda.is_available():
        pytest.skip("this machine has a GPU")
    monkeypatch.chdir(ROOT)
    line = one_line_error([f"{EXAMPLES}:RMSNorm", "--input", "8,32,64", "--device", "cuda"], capsys)
    assert "no CUDA GPU" in line and "--device cpu" in line


@pytest.mark.slow   # compiles a module
def test_a_small_module_is_explained_end_to_end(tmp_path):
    """In its own process, as a learner runs it: `python -m labs.explain ...`."""
    proc = run(f"{EXAMPLES}:RMSNorm", "--input", "4,16,64", "--out", str(tmp_path), "--budget", "0.2",
               "--lang", "es", "--threads", "1")
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "RMSNorm: 1 graph(s), 1 kernel(s)" in proc.stdout
    report = (tmp_path / "REPORT.es.md").read_text()
    assert "## Tiempos" in report and "una normalización RMS" in report and "softmax" not in report.lower()
    assert "examples.py:" in report and "bytes" in report  # the learner's line, and the kernel's memory traffic
    data = json.loads((tmp_path / "explain.json").read_text())
    [graph] = data["graphs"]
    [kernel] = graph["facts"]["kernels"]
    assert kernel["pattern"] == "rms_norm" and not kernel["steps"] and kernel["reductions"][0]["kind"] == "sum"
    assert all(v is not False for v in graph["checks"][kernel["kernel"]].values())
    assert (tmp_path / "kernels" / f"{kernel['kernel']}.cpp").is_file()
    assert (tmp_path / graph["folder"] / "kernel_facts.json").is_file()
    assert data["timing"]["compiled"]["reps"] >= 3 and data["timing"]["compile_s"] > 0
