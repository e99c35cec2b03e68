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
import json
import sys
from pathlib import Path

from labs.capstone.mlopt.spec import ModelSpecError, factory_path, parse_shape

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


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
                        help="seconds to time each pass and the whole against eager; 0 skips timing")
    parser.add_argument("--report", type=Path, default=None, help="write the JSON report here")
    parser.add_argument("--output", type=Path, default=None,
                        help="write the optimized graph here as Python code and weights (GraphModule.to_folder)")
    return parser


def fail(message: str, code: int) -> int:
    print(f"mlopt: error: {message}", file=sys.stderr)
    return code


def run(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:  # arguments first: a typo is answered before torch takes seconds to import
        shape = parse_shape(args.input_shape)
        factory_path(args.model)
    except ModelSpecError as error:
        return fail(str(error), EXIT_USAGE)
    import torch

    from labs.capstone.mlopt.capture import CaptureError
    from labs.capstone.mlopt.models import load_model
    from labs.capstone.mlopt.optimize import DEFAULT_RTOL, optimize

    passes = [p.strip() for p in args.passes.split(",") if p.strip()]
    try:
        model = load_model(args.model, args.weights)
    except ModelSpecError as error:
        return fail(str(error), EXIT_USAGE)
    if args.device == "cuda" and not torch.cuda.is_available():
        return fail("--device cuda, but torch sees no CUDA GPU; use --device cpu", EXIT_USAGE)
    model = model.to(args.device)
    example = torch.randn(shape, generator=torch.Generator().manual_seed(0)).to(args.device)
    try:
        with torch.no_grad():
            model(example)
    except Exception as error:  # the shape does not fit the model
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        return fail(f"{args.model} rejects an input of shape {tuple(shape)} ({first}); "
                    "check --input-shape", EXIT_USAGE)
    try:
        result = optimize(model, example, passes, device=args.device, capture=args.capture,
                          rtol=args.rtol if args.rtol is not None else DEFAULT_RTOL, budget_s=args.budget_s)
    except ValueError as error:  # an unknown pass
        return fail(f"{error} (--passes)", EXIT_USAGE)
    except CaptureError as error:
        return fail(str(error), EXIT_FAILED)
    report = {"model": args.model, "weights": str(args.weights) if args.weights else None} | result.report
    text = json.dumps(report, indent=2)
    if args.report:
        args.report.parent.mkdir(parents=True, exist_ok=True)
        args.report.write_text(text + "\n")
    if args.output:
        result.graph.to_folder(args.output, "OptimizedModel")
    print(summary(report))
    verified = report["verification"]
    if not verified["passed"]:
        return fail(f"the optimized model differs from eager: relative error {verified['relative_error']:.3g} "
                    f"> {verified['tolerance']:g}", EXIT_FAILED)
    return EXIT_OK


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
