"""The mlopt command line.

    python -m labs.capstone.mlopt MODEL [--weights STATE_DICT.pt] [--passes fold,fusion,dce]
        [--input-shape 1,3,224,224] [--capture fx|export] [--device cpu|cuda]
        [--rtol 1e-4] [--budget-s 2] [--report out.json] [--output DIR]

MODEL is a built-in architecture or `package.module:function` (see spec.py: code is named,
weights are a state dict loaded with weights_only=True). Every error is one line on stderr
that says what to do, with exit status 2 for bad arguments and 1 for a model that fails to
capture or to verify.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from pathlib import Path

from labs.capstone.mlopt.spec import ModelSpecError, factory_path, parse_shape
from labs.common import learner_code, whole_output

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
MAX_BUDGET_S = 600.0  # seconds per comparison; a median of more rounds than that tells nothing new
MADE_BY = "module.py"  # what GraphModule.to_folder writes: a folder holding it was mlopt's


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m labs.capstone.mlopt",
        description="Capture a PyTorch model as an FX graph, optimize it with passes, verify it "
                    "against eager and report what changed.")
    parser.add_argument("model", help="resnet18, chain_mlp, or package.module:function")
    parser.add_argument("--weights", type=Path, default=None,
                        help="a state dict (torch.save(model.state_dict())), read with weights_only=True")
    parser.add_argument("--passes", default="fold,fusion,dce", help="comma-separated, applied in order")
    parser.add_argument("--input-shape", default="1,3,224,224", help="comma-separated sizes")
    parser.add_argument("--capture", choices=("fx", "export"), default="fx")
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    parser.add_argument("--rtol", type=float, default=None,
                        help="largest accepted max|optimized - eager| / max|eager| (default 1e-4)")
    parser.add_argument("--budget-s", type=float, default=1.0,
                        help=f"seconds to time each pass and the whole against eager, at most {MAX_BUDGET_S:g}; "
                             "0 skips timing")
    parser.add_argument("--report", type=Path, default=None, help="write the JSON report here")
    parser.add_argument("--output", type=Path, default=None,
                        help="write the optimized graph here as Python code and weights (GraphModule.to_folder)")
    parser.add_argument("--time-limit", type=float, default=learner_code.LEARNER_LIMIT_S, metavar="SECONDS",
                        help="for each step that runs your code: importing the module, the factory, the forward "
                             "(default: %(default)g); optimizing and timing get ten times as long")
    return parser


@dataclasses.dataclass(frozen=True)
class Job:
    """What the child needs, checked by the parent: plain data, so it pickles."""
    model: str
    weights: Path | None
    passes: tuple[str, ...]
    shape: tuple[int, ...]
    capture: str
    device: str
    rtol: float
    budget_s: float
    report: Path | None          # where the report ends up (its staging file is report_staging)
    report_staging: Path | None
    output_staging: Path | None


def fail(message: str, code: int) -> int:
    print(f"mlopt: error: {message}", file=sys.stderr)
    return code


def check_arguments(args: argparse.Namespace) -> tuple[int, ...]:
    """Every check that needs neither torch nor the learner's code, before any work."""
    shape = parse_shape(args.input_shape)
    factory_path(args.model)
    problems = [
        learner_code.check_finite("--rtol", args.rtol, low=0, high=1e6, low_inclusive=True)
        if args.rtol is not None else None,
        learner_code.check_finite("--budget-s", args.budget_s, low=0, high=MAX_BUDGET_S, low_inclusive=True),
        learner_code.check_finite("--time-limit", args.time_limit, low=0, high=24 * 3600, low_inclusive=False),
        whole_output.file_refusal(args.report, "--report") if args.report else None,
        whole_output.refusal(args.output, "--output", MADE_BY) if args.output else None,
        f"--weights {args.weights} is not a file; give the state dict saved with torch.save(model.state_dict())"
        if args.weights is not None and not args.weights.is_file() else None,
    ]
    for problem in problems:
        if problem:
            raise ModelSpecError(problem)
    return shape


def run(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:  # arguments first: a typo is answered before torch takes seconds to import
        shape = check_arguments(args)
    except ModelSpecError as error:
        return fail(str(error), EXIT_USAGE)
    needed = learner_code.input_bytes([(shape, "float32")])
    if args.device == "cpu" and (problem := learner_code.memory_refusal(needed, *learner_code.available_bytes())):
        return fail(f"--input-shape {args.input_shape}: {problem}", EXIT_USAGE)
    import torch

    from labs.capstone.mlopt.optimize import DEFAULT_RTOL
    from labs.capstone.mlopt.pipeline import PASSES

    passes = tuple(p.strip() for p in args.passes.split(",") if p.strip())
    unknown = [p for p in passes if p not in PASSES]
    if unknown or not passes:
        return fail(f"unknown pass {', '.join(unknown) or '(none given)'} (--passes); choose from {', '.join(PASSES)}",
                    EXIT_USAGE)
    if args.device == "cuda" and not torch.cuda.is_available():
        return fail("--device cuda, but torch sees no CUDA GPU; use --device cpu", EXIT_USAGE)
    if args.device == "cuda" and (problem := learner_code.memory_refusal(needed, *torch.cuda.mem_get_info(),
                                                                          "the GPU")):
        return fail(f"--input-shape {args.input_shape}: {problem}", EXIT_USAGE)

    report_staging = output_staging = None
    if args.report:
        args.report.absolute().parent.mkdir(parents=True, exist_ok=True)
        report_staging = args.report.absolute().with_name(f".{args.report.name}.partial-{os.getpid()}")
    if args.output:
        output_staging = whole_output.staging_for(args.output) / "graph"
    job = Job(args.model, args.weights, passes, shape, args.capture, args.device,
              args.rtol if args.rtol is not None else DEFAULT_RTOL, args.budget_s, args.report, report_staging,
              output_staging)
    limits = learner_code.Limits(learner_s=args.time_limit, heavy_s=max(learner_code.HEAVY_LIMIT_S, 10 * args.time_limit)
                                 + 4 * args.budget_s * (len(passes) + 1))
    try:
        outcome = learner_code.run(work, job, limits, tool="mlopt", subject=args.model, failure_code=EXIT_FAILED,
                                   on_timeout="; make it return or give it longer with --time-limit")
        # The report is staged last and atomically: if it is there, it is whole (it may record a
        # failed verification); the optimized graph only when everything passed.
        if report_staging is not None and report_staging.is_file():
            os.replace(report_staging, args.report)
        if output_staging is not None and outcome.code == EXIT_OK:
            whole_output.put_in_place(output_staging, args.output)
    finally:
        if report_staging is not None:
            report_staging.unlink(missing_ok=True)
        if output_staging is not None:
            whole_output.discard(output_staging.parent)
    if outcome.stdout:
        print(outcome.stdout)
    if outcome.stderr:
        print(f"mlopt: error: {outcome.stderr}", file=sys.stderr)
    return outcome.code


def work(phase, job: Job) -> learner_code.Outcome:
    """In the child: load, check the shape, optimize, write the staged outputs."""
    import torch

    from labs.capstone.mlopt.capture import CaptureError
    from labs.capstone.mlopt.models import load_model
    from labs.capstone.mlopt.optimize import optimize
    from labs.common.atomic import write_text_atomic

    try:
        model = load_model(job.model, job.weights, phase)
    except ModelSpecError as error:
        return learner_code.Outcome(EXIT_USAGE, stderr=str(error), cause=error.__cause__)
    model = model.to(job.device)
    example = torch.randn(job.shape, generator=torch.Generator().manual_seed(0)).to(job.device)
    phase("forward")
    try:
        with torch.no_grad():
            model(example)
    except Exception as error:  # the shape does not fit the model
        return learner_code.Outcome(EXIT_USAGE, stderr=f"{job.model} rejects an input of shape {job.shape} "
                                                       f"({learner_code.first_line(error)}); check --input-shape",
                                    cause=error)
    phase("optimize")
    try:
        result = optimize(model, example, list(job.passes), device=job.device, capture=job.capture, rtol=job.rtol,
                          budget_s=job.budget_s)
    except CaptureError as error:
        return learner_code.Outcome(EXIT_FAILED, stderr=str(error))
    phase("write")
    report = {"model": job.model, "weights": str(job.weights) if job.weights else None} | result.report
    verified = report["verification"]
    if job.output_staging is not None and verified["passed"]:
        result.graph.to_folder(job.output_staging, "OptimizedModel")
    if job.report_staging is not None:
        write_text_atomic(job.report_staging, json.dumps(report, indent=2) + "\n")
    if not verified["passed"]:
        return learner_code.Outcome(EXIT_FAILED, summary(report), (
            f"the optimized model differs from eager: relative error {verified['relative_error']:.3g} "
            f"> {verified['tolerance']:g}" + ("; --output was not written" if job.output_staging else "")))
    return learner_code.Outcome(EXIT_OK, summary(report))


def summary(report: dict) -> str:
    lines = [f"{report['model']} {tuple(report['input_shape'])} on {report['device']}, "
             f"passes {', '.join(report['passes_applied'])}: {report['nodes_before']} -> "
             f"{report['nodes_after']} nodes in {report['optimization_time_s'] * 1e3:.1f} ms",
             f"verification: relative error {report['verification']['relative_error']:.3g} "
             f"(tolerance {report['verification']['tolerance']:g})"]
    if "timing" in report:
        timing = report["timing"]
        lines.append(f"eager {timing['eager_ms']:.3f} ms, optimized {timing['optimized_ms']:.3f} ms: "
                     f"{timing['speedup']:.2f}x ({timing['verdict']})")
    return "\n".join(lines)


def main() -> None:
    sys.exit(run())
