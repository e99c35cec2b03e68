"""The explain page's rendered examples: a transformer block and RMSNorm, explained as a
learner's module would be (`python -m labs.explain ...`), on this run's device.

Parts:
  A  the transformer block (LayerNorm, causal attention, GELU MLP): its kernels, the
     attention softmax annotated step by step, eager against compiled
  B  RMSNorm: one kernel the annotator knows no pattern for, described generically

Each part returns what the checks after the parts count, as plain numbers: a rerun with
`--resume` restores a finished example from its record instead of compiling it again. After
the checks, `summarize` lays both examples side by side from their recorded metrics (their
timings on each clock, their checks of meaning): the page shows one such table per device.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import torch

from labs.common import measure
from labs.common.contract import LANGUAGES
from labs.common.harness import Lab
from labs.common.kernel_facts import render
from labs.common.kernel_facts.meaning import STEP_PATTERN
from labs.explain import cli, report, summary
from labs.explain.examples import RMSNorm, TransformerBlock
from labs.explain.explainer import Explanation, explain
from labs.explain.settings import SETTINGS


@dataclass(frozen=True)
class Example:
    key: str             # prefix of its metrics, tables and artifacts
    module: type
    shape: tuple[int, ...]


EXAMPLES = {"transformer_block": Example("block", TransformerBlock, (2, 64, 64)),
            "rms_norm": Example("rmsnorm", RMSNorm, (8, 32, 64))}


def part_explain(lab: Lab, example: Example) -> dict[str, int]:
    started = time.perf_counter()
    torch.manual_seed(0)
    inputs = [torch.randn(*example.shape, generator=torch.Generator().manual_seed(0))]
    out = lab.out / example.key
    threads = 1 if lab.device == "cpu" else None
    explanation = explain(example.module(), inputs, lab.device, lab.work / example.key, out,
                          SETTINGS[lab.preset].budget_s, name=example.module.__name__, threads=threads)
    command = (f"python -m labs.explain labs/explain/examples.py:{example.module.__name__} "
               f"--input {','.join(map(str, example.shape))} --device {lab.device}")
    for lang in LANGUAGES:
        path = cli.write_outputs(explanation, out, lang, command)
        lab.add_artifact(f"{example.key}_report_{lang}", path.relative_to(lab.out).as_posix(), "markdown")
    lab.add_artifact(f"{example.key}_facts", f"{example.key}/explain.json", "json")
    record(lab, example.key, explanation)
    lab.metric(f"{example.key}.explain_s", time.perf_counter() - started, "s")
    return counted(explanation)


def counted(e: Explanation) -> dict[str, int]:
    """What the lab's checks need of an example, as numbers a part's record holds: the kernels
    that run an attention softmax, and those given softmax or log-softmax words."""
    kernels = [kf for g in e.graphs for kf in g.facts.kernels]
    return {"attention_softmax": sum(1 for kf in kernels if kf.pattern == "attention_softmax"),
            "step_pattern_claimed": sum(1 for kf in kernels if STEP_PATTERN.get(kf.pattern or ""))}


def record(lab: Lab, key: str, e: Explanation) -> None:
    kernels = [(g, kf) for g in e.graphs for kf in g.facts.kernels]
    rows = [[kf.kernel, "C++" if kf.language == "cpp" else "Triton", kf.pattern or "unknown",
             *(report.what_it_computes(kf, lang) for lang in LANGUAGES),
             len(kf.nodes or []), len(kf.reductions),
             ", ".join(b["name"] for b in kf.ir_buffers or [] if b["in_call"] == "absent") or "—"]
            for _, kf in kernels]
    lab.table(f"{key}_kernels", ["kernel", "language", "pattern", "what_en", "what_es", "nodes", "reductions", "kept_out"],
              rows)
    lab.metric(f"{key}.graphs", len(e.graphs))
    lab.metric(f"{key}.kernels", len(kernels))
    lab.metric(f"{key}.extern_calls", sum(len(g.externs) for g in e.graphs))
    t = e.timing
    lab.metric(f"{key}.eager_us", t.eager.median_s * 1e6, "µs")
    lab.metric(f"{key}.compiled_us", t.compiled.median_s * 1e6, "µs")
    lab.metric(f"{key}.speedup", t.speedup, "×")
    lab.metric(f"{key}.verdict", t.verdict)
    lab.metric(f"{key}.compile_s", t.compile_s, "s")
    if t.device_compiled is not None:
        lab.metric(f"{key}.device_eager_us", t.device_eager.median_s * 1e6, "µs")
        lab.metric(f"{key}.device_compiled_us", t.device_compiled.median_s * 1e6, "µs")
        lab.metric(f"{key}.device_verdict", measure.verdict(t.device_eager, t.device_compiled))
    verdicts = [v for g in e.graphs for per in g.verdicts.values() for v in per.values() if v is not None]
    lab.metric(f"{key}.checks_passed", sum(verdicts))
    lab.metric(f"{key}.checks_failed", len(verdicts) - sum(verdicts))
    featured = next(((g, kf) for g, kf in kernels if STEP_PATTERN.get(kf.pattern or "")), kernels[0])
    feature(lab, key, *featured)


def feature(lab: Lab, key: str, graph, kf) -> None:
    """The kernel the page shows: its source with the cited lines, its facts, its steps."""
    from labs.inductor_kernels import annotation_doc
    suffix = "cpp" if kf.language == "cpp" else "py"
    lab.write_artifact(f"{key}_kernel", f"{key}/featured_kernel.{suffix}", graph.sources[kf.kernel] + "\n",
                       "cpp" if kf.language == "cpp" else "python")
    output_code = (graph.folder / "output_code.py").read_text(encoding="utf-8")
    lab.table(f"{key}_annotation", render.TABLE_COLUMNS, render.table_rows(kf, graph.sources[kf.kernel], output_code))
    lab.table(f"{key}_steps", annotation_doc.STEP_COLUMNS, annotation_doc.step_rows(kf))
    lab.metric(f"{key}.featured_kernel", kf.kernel)
    lab.metric(f"{key}.featured_pattern", kf.pattern or "unknown")
    lab.metric(f"{key}.featured_steps_found", sum(1 for s in kf.steps if s.lines))


def run(lab: Lab) -> None:
    results = {part: lab.part(part, f"explain: {example.module.__name__}", part_explain, example)
               for part, example in EXAMPLES.items()}
    block, rms = results["transformer_block"], results["rms_norm"]
    if block is not None:
        lab.check("block_attention_softmax_found", block["attention_softmax"], "==", 1,
                  label={"en": "Transformer block: exactly one kernel runs the attention's softmax output",
                         "es": "Bloque transformer: exactamente un kernel ejecuta la salida del softmax de la atención"})
    if rms is not None:
        lab.check("rmsnorm_no_pattern_claimed", rms["step_pattern_claimed"], "==", 0,
                  label={"en": "RMSNorm: no kernel is given softmax or log-softmax words",
                         "es": "RMSNorm: ningún kernel recibe palabras de softmax o log-softmax"})
    failed = sum(lab.result["metrics"].get(f"{e.key}.checks_failed", {}).get("value", 0) for e in EXAMPLES.values())
    # the value is the count of failures, so the label says so: "0 == 0" reads as none failed
    lab.check("explain_meaning_checks_pass", failed, "==", 0,
              label={"en": "Checks of meaning that failed, over every kernel explained",
                     "es": "Comprobaciones de significado que fallaron, en todos los kernels explicados"})
    summarize(lab)


def summarize(lab: Lab) -> None:
    """Both examples side by side, from their recorded metrics: the page shows each device's."""
    examples = [(e.key, e.module.__name__) for e in EXAMPLES.values()]
    metrics = lab.result["metrics"]
    for lang in LANGUAGES:
        lab.table(f"timings.{lang}", summary.TIMING_COLUMNS, summary.timing_rows(metrics, examples, lang),
                  units=summary.TIMING_UNITS)
    lab.table("examples", summary.EXAMPLE_COLUMNS, summary.example_rows(metrics, examples),
              units=summary.EXAMPLE_UNITS)
