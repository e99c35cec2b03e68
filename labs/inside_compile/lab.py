"""Inside torch.compile: one module followed from Python bytecode to a generated kernel.

The block LayerNorm -> Linear -> GELU -> Linear is compiled twice by the same
torch.compile'd module: for inference (eval, no_grad) and for training (grad on, then
backward). A recording backend (recorder.py) keeps what each stage hands the next; the
parts below save those artifacts and count them, in pipeline order:

    compile_inference, compile_training   compile and check against eager
    bytecode, decompiled_source, guards    Dynamo: bytecode in and out, guards
    dynamo_graph                           Dynamo: the FX graph it captured
    decompositions                         ATen, core ATen, Inductor's table, prims (make_fx)
    aot_graphs, aot_joint_graph            AOTAutograd: joint graph, forward/backward, saved tensors
    post_grad, scheduler_ir, generated_code   Inductor: post-grad graph, IR and fusion, code
    funnel                                 one count per stage, per mode
    torch_trace, tlparse_report            the structured trace and its HTML report

Nothing here is timed. Inductor's dumps are switched on at run time around the recorded
compiles (`labs.common.capture.dumps`); the structured trace (TORCH_TRACE) comes from a child
process that compiles the same block, started first and collected at its part, so this
process never runs with a trace or a dump it did not ask for.

Resuming (`--resume`): every part up to the funnel reads what the recording backend kept in
memory of the one compile (graphs, bytecode, guards), so they are restored only together; the
trace's two parts read files and resume on their own. A child whose trace part was restored is
stopped.
"""

from __future__ import annotations

from pathlib import Path

import torch
from torch._dynamo import config as dynamo_config

from labs.common.harness import Lab
from labs.inside_compile import funnel, parts_aot, parts_dynamo, parts_inductor, parts_trace, traced_compile
from labs.inside_compile.block import make_block, make_input
from labs.inside_compile.pipeline import Pipeline
from labs.inside_compile.recorder import ModeCapture, PipelineRecorder
from labs.inside_compile.settings import SEED, SETTINGS

# float32 throughout; compiled code sums in a different order than eager, so results agree
# to rounding, not bit for bit. Relative to the largest magnitude of the reference.
MATCH_TOLERANCE = 1e-4
COMPILE_PARTS = ("compile_inference", "compile_training")


def relative_error(got: torch.Tensor, want: torch.Tensor) -> float:
    scale = want.abs().max().clamp_min(torch.finfo(want.dtype).tiny)
    return ((got - want).abs().max() / scale).item()


def _record_mode(lab: Lab, pipe: Pipeline, capture: ModeCapture, error: float,
                 check_key: str, label: dict[str, str]) -> None:
    """Keep the mode's capture for the later parts; report its match to eager."""
    mode = capture.mode
    pipe.captures[mode] = capture
    lab.metric(f"{mode}.relative_error", error)
    lab.check(check_key, error, "<", MATCH_TOLERANCE, label=label)


def part_compile_inference(lab: Lab, pipe: Pipeline) -> None:
    model, x = pipe.model, pipe.x
    model.eval()
    with pipe.recorder.capturing("inference", type(model).forward.__code__) as capture, torch.no_grad():
        error = relative_error(pipe.compiled(x), model(x))
    _record_mode(lab, pipe, capture, error, "inference_matches_eager",
                 {"en": "Inference: compiled output matches eager (relative error)",
                  "es": "Inferencia: la salida compilada coincide con eager (error relativo)"})


def part_compile_training(lab: Lab, pipe: Pipeline) -> None:
    model, x = pipe.model, pipe.x
    model.train()
    grad_out = make_input(tuple(x.shape), lab.device, seed=SEED + 1)
    params = list(model.parameters())

    def step(module: torch.nn.Module) -> list[torch.Tensor]:
        model.zero_grad(set_to_none=True)
        module(x).backward(grad_out)
        return [p.grad.detach().clone() for p in params]

    with pipe.recorder.capturing("training", type(model).forward.__code__) as capture:
        compiled_grads = step(pipe.compiled)
    eager_grads = step(model)
    error = max(relative_error(g, e) for g, e in zip(compiled_grads, eager_grads))
    _record_mode(lab, pipe, capture, error, "training_grads_match_eager",
                 {"en": "Training: compiled gradients match eager (relative error)",
                  "es": "Entrenamiento: los gradientes compilados coinciden con eager (error relativo)"})


def run(lab: Lab) -> None:
    # Every part up to the funnel reads the recorder's captures of the one compile.
    lab.resume_together("compile_inference", "compile_training", "bytecode", "decompiled_source", "guards",
                        "dynamo_graph", "decompositions", "aot_joint_graph", "aot_graphs", "post_grad",
                        "scheduler_ir", "generated_code", "funnel")
    settings = SETTINGS[lab.preset]
    # The traced compile runs beside the lab's own parts, in its own process (see traced_compile).
    child = traced_compile.start(lab.preset, lab.device, lab.work)
    model = make_block(settings.d_model, settings.d_hidden, lab.device, SEED)
    x = make_input(settings.input_shape, lab.device, SEED)
    # Where Inductor writes its per-graph debug folders (under TORCH_COMPILE_DEBUG_DIR).
    recorder = PipelineRecorder(Path(dynamo_config.debug_dir_root))
    # One compiled module for both modes: training is then a recompile of the same frame,
    # triggered by a guard (grad mode) that the inference entry fails.
    compiled = torch.compile(model, backend=recorder.backend, dynamic=False)
    pipe = Pipeline(model=model, compiled=compiled, x=x, recorder=recorder)
    lab.metric("block.shape", "×".join(str(n) for n in settings.input_shape))
    lab.metric("block.parameters", sum(p.numel() for p in model.parameters()))
    # What the page branches on to link tlparse's report; the report's part overwrites it.
    lab.metric("tlparse.report", "absent")

    lab.part("compile_inference", "Compile for inference", part_compile_inference, pipe)
    lab.part("compile_training", "Compile for training", part_compile_training, pipe)
    stage_parts = [
        ("bytecode", "Dynamo: bytecode in and out", parts_dynamo.part_bytecode),
        ("decompiled_source", "Dynamo: the transformed code, decompiled", parts_dynamo.part_decompiled_source),
        ("guards", "Dynamo: guards", parts_dynamo.part_guards),
        ("dynamo_graph", "Dynamo: the captured FX graph", parts_dynamo.part_dynamo_graph),
        ("decompositions", "Decomposition to core ATen and prims", parts_aot.part_decompositions),
        ("aot_joint_graph", "AOTAutograd: the joint graph", parts_aot.part_aot_joint_graph),
        ("aot_graphs", "AOTAutograd: forward, backward and saved tensors", parts_aot.part_aot_graphs),
        ("post_grad", "Inductor: the post-grad graph", parts_inductor.part_post_grad),
        ("scheduler_ir", "Inductor: IR before and after fusion", parts_inductor.part_scheduler_ir),
        ("generated_code", "Inductor: generated kernels and call()", parts_inductor.part_generated_code),
    ]
    for key, title, fn in stage_parts:
        lab.part(key, title, fn, pipe, after=COMPILE_PARTS)
    lab.part("funnel", "The funnel: counts across stages", funnel.part_funnel, pipe,
             after=("bytecode", "dynamo_graph", "decompositions", "aot_graphs", "post_grad",
                    "scheduler_ir", "generated_code"))
    lab.part("torch_trace", "TORCH_TRACE structured log, from a child process", parts_trace.part_torch_trace,
             child, settings)
    lab.part("tlparse_report", "tlparse's HTML report", parts_trace.part_tlparse_report, settings,
             after=("torch_trace",))
    child.stop()  # still running only when its part was restored: its trace is in the record
