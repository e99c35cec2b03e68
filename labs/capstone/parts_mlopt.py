"""Project A's parts: capture, the passes on ResNet-18, and the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import torch
from torch import nn

import labs
from labs.capstone import resnet
from labs.capstone.memory import module_bytes, peak_bytes
from labs.capstone.mlopt.capture import CAPTURE_RTOL, CaptureError, capture_export, capture_fx, op_nodes
from labs.capstone.mlopt.optimize import optimize
from labs.capstone.recording import clock_of, require
from labs.capstone.settings import SEED, Settings
from labs.common import measure
from labs.common.harness import Lab

PASSES = ["fold", "fusion", "dce"]


class BranchOnData(nn.Module):
    """The capture failure case: which branch runs depends on the input's values."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if x.sum() > 0:
            return torch.relu(x)
        return torch.sigmoid(x)


def resnet_input(settings: Settings, device: str) -> torch.Tensor:
    return torch.randn(settings.resnet_input, generator=torch.Generator().manual_seed(SEED)).to(device)


def part_mlopt_capture(lab: Lab, settings: Settings) -> None:
    model = resnet.resnet18(SEED).to(lab.device)
    x = resnet_input(settings, lab.device)
    for name, capture in (("fx", capture_fx), ("export", capture_export)):
        lab.progress(f"capture with {name}")
        started = time.perf_counter()
        gm = capture(model, x)
        lab.metric(f"capture.{name}_s", time.perf_counter() - started, "s")
        lab.metric(f"capture.{name}_nodes", len(gm.graph.nodes))
        lab.metric(f"capture.{name}_ops", op_nodes(gm))
        with torch.no_grad():
            lab.metric(f"capture.{name}_error", (gm(x) - model(x)).abs().max().item())
        lab.write_artifact(f"{name}_graph", f"mlopt/resnet18_{name}_graph.py", gm.code.strip() + "\n", "python")
    lab.metric("capture.rtol", CAPTURE_RTOL)
    failures = {}
    for name, capture in (("fx", capture_fx), ("export", capture_export)):
        try:
            capture(BranchOnData(), torch.randn(8))
            failures[name] = ""
        except CaptureError as error:
            failures[name] = str(error)
        lab.metric(f"capture.{name}_failure", failures[name])
    # The symbolic tracer must name the node (`gt`, the comparison) and the line it came from.
    named = "'gt'" in failures["fx"] and "x.sum() > 0" in failures["fx"] and "x.sum() > 0" in failures["export"]
    lab.check("capture_failure_names_the_node", int(named), "==", 1,
              label={"en": "Capture of data-dependent control flow fails with the node and line named",
                     "es": "La captura de un flujo de control dependiente de los datos falla nombrando el nodo y la línea"})
    require(lab, "capture_failure_names_the_node")


def part_mlopt_resnet18(lab: Lab, settings: Settings) -> None:
    model = resnet.resnet18(SEED).to(lab.device)
    x = resnet_input(settings, lab.device)
    lab.metric("resnet.input", " × ".join(str(s) for s in settings.resnet_input))
    lab.metric("resnet.params", sum(p.numel() for p in model.parameters()))
    lab.progress("fold, fusion, dce, each timed before and after")
    result = optimize(model, x, PASSES, device=lab.device, budget_s=settings.pass_budget_s)
    report, gm = result.report, result.graph
    rows = []
    for p in report["pass_reports"]:
        found = next(v for k, v in p["analysis"].items() if k.startswith("num_"))
        rows.append([p["name"], found, p["nodes_before"], p["nodes_after"], p["ops_before"], p["ops_after"],
                     p["apply_s"] * 1e3, p["before_ms"], p["after_ms"], p["measured_speedup"], p["verdict"]])
        lab.metric(f"mlopt.{p['name']}.found", found)
        lab.metric(f"mlopt.{p['name']}.speedup", p["measured_speedup"], "×")
        lab.metric(f"mlopt.{p['name']}.verdict", p["verdict"])
    lab.table("mlopt_passes", ["pass", "found", "nodes_before", "nodes_after", "ops_before", "ops_after",
                               "apply_ms", "before_ms", "after_ms", "speedup", "verdict"], rows,
              {"apply_ms": "ms", "before_ms": "ms", "after_ms": "ms", "speedup": "×"})
    groups = report["pass_reports"][1]["analysis"]["groups"]
    lab.metric("mlopt.fusion.example", groups[0] if groups else "")
    for key in ("nodes_before", "nodes_after", "ops_before", "ops_after"):
        lab.metric(f"mlopt.{key}", report[key])
    lab.metric("mlopt.optimize_ms", report["optimization_time_s"] * 1e3, "ms")
    lab.metric("mlopt.param_mib_before", report["parameter_bytes_before"] / 2**20, "MiB")
    lab.metric("mlopt.param_mib_after", report["parameter_bytes_after"] / 2**20, "MiB")
    verification = report["verification"]
    lab.metric("mlopt.relative_error", verification["relative_error"])
    lab.metric("mlopt.tolerance", verification["tolerance"])
    lab.check("mlopt_matches_eager", verification["relative_error"], "<=", verification["tolerance"],
              label={"en": "Optimized ResNet-18 matches eager (relative error, float32)",
                     "es": "La ResNet-18 optimizada coincide con eager (error relativo, float32)"})
    lab.write_artifact("optimized_graph", "mlopt/resnet18_optimized_graph.py", gm.code.strip() + "\n", "python")
    record_memory(lab, model, gm, x)
    time_variants(lab, settings, model, gm, x)
    require(lab, "mlopt_matches_eager")


def record_memory(lab: Lab, model: nn.Module, gm: nn.Module, x: torch.Tensor) -> None:
    lab.progress("peak memory of one forward, eager and optimized")
    for name, module in (("eager", model), ("optimized", gm)):
        with torch.no_grad():
            peak = peak_bytes(lambda module=module: module(x), lab.device)
        lab.metric(f"mlopt.peak_mib_{name}", peak.mib, "MiB")
        if peak.reserved is not None:   # GPU: held from the device at the peak, free cached blocks included
            lab.metric(f"mlopt.reserved_mib_{name}", peak.reserved / 2**20, "MiB")
    lab.metric("mlopt.memory_method", "cuda_allocator" if lab.device == "cuda" else "cpu_profiler")
    lab.metric("mlopt.weights_mib_optimized", module_bytes(gm) / 2**20, "MiB")


def time_variants(lab: Lab, settings: Settings, model: nn.Module, gm: nn.Module, x: torch.Tensor) -> None:
    """Optimized against eager, and optimized against torch.compile: two interleaved A/Bs."""
    rows = []
    with torch.no_grad():
        baselines = [("eager", lambda: model(x))]
        if settings.resnet_compare_compile:
            compiled = torch.compile(model)
            lab.progress("torch.compile of ResNet-18 (cold)")
            lab.metric("mlopt.compile_s", measure.compile_seconds(lambda: compiled(x), lab.device), "s")
            baselines.append(("torch_compile", lambda: compiled(x)))
        for name, baseline in baselines:
            lab.progress(f"optimized against {name}")
            comparison = measure.compare(baseline, lambda: gm(x), lab.device, budget_s=settings.resnet_budget_s)
            base, optimized = clock_of(comparison)
            speedup, verdict = base.median_s / optimized.median_s, measure.verdict(base, optimized)
            rows.append([name, base.median_s * 1e3, base.q1_s * 1e3, base.q3_s * 1e3, optimized.median_s * 1e3,
                         optimized.q1_s * 1e3, optimized.q3_s * 1e3, speedup, verdict, base.reps, base.clock])
            lab.metric(f"mlopt.vs_{name}.speedup", speedup, "×")
            lab.metric(f"mlopt.vs_{name}.verdict", verdict)
            lab.metric(f"mlopt.vs_{name}.baseline_ms", base.median_s * 1e3, "ms")
            lab.metric(f"mlopt.vs_{name}.optimized_ms", optimized.median_s * 1e3, "ms")
    if not settings.resnet_compare_compile:
        lab.metric("mlopt.vs_torch_compile.verdict", "not_measured")
    lab.table("mlopt_timing", ["baseline", "baseline_ms", "baseline_q1_ms", "baseline_q3_ms", "optimized_ms",
                               "optimized_q1_ms", "optimized_q3_ms", "speedup", "verdict", "reps", "clock"], rows,
              {k: "ms" for k in ("baseline_ms", "baseline_q1_ms", "baseline_q3_ms", "optimized_ms",
                                 "optimized_q1_ms", "optimized_q3_ms")} | {"speedup": "×"})


def part_mlopt_cli(lab: Lab, settings: Settings) -> None:
    report_path = lab.out / "mlopt" / "report.json"
    command = ["resnet18", "--passes", ",".join(PASSES), "--input-shape", "1,3,64,64",
               "--device", lab.device, "--budget-s", str(settings.cli_budget_s), "--report", "mlopt/report.json"]
    lab.metric("cli.command", "python -m labs.capstone.mlopt " + " ".join(command))
    lab.progress("python -m labs.capstone.mlopt resnet18 ...")
    run = _cli(command[:-1] + [str(report_path)])
    lab.metric("cli.exit_code", run.returncode)
    lab.write_artifact("cli_stdout", "mlopt/cli_stdout.txt", run.stdout + run.stderr, "text")
    report = json.loads(report_path.read_text(encoding="utf-8")) if report_path.is_file() else {}
    lab.add_artifact("cli_report", "mlopt/report.json", "json")
    verified = report.get("verification", {}).get("passed") is True and run.returncode == 0
    lab.check("cli_report_verified", int(verified), "==", 1,
              label={"en": "mlopt's command line: exit status 0 and a verified JSON report",
                     "es": "La línea de órdenes de mlopt: estado de salida 0 y un informe JSON verificado"})
    bad = _cli(["resnet18", "--input-shape", "1,three,224,224"])
    lab.metric("cli.bad_shape_exit_code", bad.returncode)
    lab.metric("cli.bad_shape_stderr", bad.stderr.strip())
    one_line = bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "such as" in bad.stderr
    lab.check("cli_bad_input_one_line", int(one_line), "==", 1,
              label={"en": "A bad --input-shape: exit status 2 and one line saying what to type",
                     "es": "Un --input-shape erróneo: estado de salida 2 y una línea que dice qué escribir"})
    require(lab, "cli_report_verified", "cli_bad_input_one_line")


def _cli(arguments: list[str]) -> subprocess.CompletedProcess:
    """The command line in its own process, from the repository root, as a user runs it."""
    root = Path(labs.__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")])))
    return subprocess.run([sys.executable, "-m", "labs.capstone.mlopt", *arguments], capture_output=True,
                          text=True, timeout=600, cwd=root, env=env)
