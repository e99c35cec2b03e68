"""Lab 03: compile TinyHead and the grammar MiniGPT, read what Inductor writes, time it.

Parts, in the order they run (the seed's letters are the page's labels):
  compile_match_tinyhead  A   max |eager - compiled| on the seed's input, < 1e-6
  compile_match_minigpt   A2  the trained MiniGPT (or its cached checkpoint), compiled, compared
                              on its logits within a float32 reassociation estimate
  inductor_dumps          B   Inductor's dump for both models: the file tree, output_code.py, kernels
  softmax_kernel          C   TinyHead's fused softmax kernel, saved as kernel.cpp or kernel.py
  annotation              D   KERNEL_ANNOTATION.md: facts about that kernel, extracted by code
  attention_annotation    S1  the MiniGPT's fused attention softmax, annotated
  export                  S3  the FX graph from torch.export.export
  distributed_survey      F   DISTRIBUTED.md: DDP, FSDP, TP and PP, and a pick for the MiniGPT
  ceilings                    the machine's copy bandwidth and matmul rate, and three
                              memory-bound kernels (softmax, attention softmax, GELU) against them
  timing_tinyhead         E   eager against compiled over batch sizes: latency, and device time on GPU
  timing_minigpt          E2  the same for the MiniGPT
  cuda_graphs             E3  GPU only: mode="reduce-overhead" against default, interleaved
  autotune                S2  max-autotune against default, one change apart, interleaved
  report                  G   REPORT.md and REPORT.es.md

Capture and timing are separate phases: the parts that read Inductor's dumps compile inside
`capture.dumps()`, and every timing part runs after them, with dumps and logs off (the
measuring module refuses otherwise), on CPU with the thread count the provenance reports.
Everything runs under torch.no_grad(): inference graphs, as a deployed model would get.

Resuming (`--resume`): the capture parts, A to S1, read Inductor's dump folders through the
compiled models they hand on, so they are restored only together. Every part after them resumes
on its own: it takes the eager models from `EagerModels` (rebuilt when the capture was restored)
and the ceilings as plain numbers (from the record when `ceilings` was restored).
"""

from __future__ import annotations

import dataclasses
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import torch

from labs.common import capture, fingerprint, inductor_output, measure, minigpt, notebook, training_memory
from labs.common.capture import Capture
from labs.common.contract import LABS_DIR, LANGUAGES
from labs.common.harness import Lab
from labs.common.kernel_facts import checks as kernel_checks
from labs.common.kernel_facts import facts as kernel_facts
from labs.common.kernel_facts import meaning, text_checks
from labs.common.kernel_facts.records import KernelFacts
from labs.inductor_kernels import annotate, annotation_doc, distributed_survey, dump_files, parts_timing, report, stretch
from labs.inductor_kernels.inputs import LogitsOnly, minigpt_input, tinyhead_input
from labs.inductor_kernels.profiling import Ceilings
from labs.inductor_kernels.settings import SEED, SETTINGS, TINYHEAD_FEATURES, TINYHEAD_MATCH_THRESHOLD, TINYHEAD_SEED_BATCH
from labs.inductor_kernels.tinyhead import TinyHead


@dataclass
class Compiled:
    """A model, its compiled twin, and the files Inductor wrote compiling it."""
    eager: torch.nn.Module
    compiled: torch.nn.Module
    capture: Capture
    graphs: list[inductor_output.GraphDump] = field(default_factory=list)


# -- Part A ------------------------------------------------------------------------------

def compile_and_capture(model: torch.nn.Module, example: torch.Tensor) -> Compiled:
    """Compile with Inductor's dumps on, and keep the graph folders this compile wrote. Its
    time is not measured here: dumps slow a compile down (part timing_* measures it clean)."""
    compiled = torch.compile(model, mode="default", dynamic=False)
    with capture.dumps(), Capture() as written:
        compiled(example)
    graphs = [inductor_output.load_graph(f) for f in written.graph_folders]
    return Compiled(model, compiled, written, graphs)


def make_tinyhead(device: str) -> TinyHead:
    """The seed's TinyHead: its weights come from the seed alone, so a rebuilt one is the same."""
    torch.manual_seed(SEED)
    return TinyHead(d=TINYHEAD_FEATURES).to(device).eval()


def part_compile_match_tinyhead(lab: Lab) -> Compiled:
    model = make_tinyhead(lab.device)
    x = tinyhead_input(TINYHEAD_SEED_BATCH, lab.device)
    result = compile_and_capture(model, x)
    error = (model(x) - result.compiled(x)).abs().max().item()
    lab.metric("tinyhead.max_abs_err", error)
    lab.check("tinyhead_compile_match", error, "<", TINYHEAD_MATCH_THRESHOLD,
              label={"en": "TinyHead: compiled matches eager",
                     "es": "TinyHead: lo compilado coincide con eager"})
    return result


# --8<-- [start:tolerance]
def logits_tolerance(scale: float, reduction_length: int) -> float:
    """A heuristic for how far two float32 evaluations of the same logits may differ.

    A fused kernel adds the terms of a reduction in another order than eager does. For one
    sum of K terms, reordering can change the result by up to about K·eps times the sum of
    their magnitudes; the logits' largest magnitude stands in for that sum, and K is the
    longest reduction in the model (the MLP's projection, 4·n_embd terms). It is an estimate,
    not a bound: errors also pass through several layers, but typical errors are √K times
    smaller than the worst case, which leaves room for that.
    """
    return torch.finfo(torch.float32).eps * scale * reduction_length
# --8<-- [end:tolerance]


def part_compile_match_minigpt(lab: Lab) -> Compiled:
    settings = SETTINGS[lab.preset]
    lab.progress("training or loading the grammar MiniGPT")
    model, info = minigpt.trained_minigpt(
        lab.preset, lab.device, progress=lambda step, loss: lab.progress(f"MiniGPT step {step}, loss {loss:.3f}"))
    record_training(lab, info)
    idx = minigpt_input(model, settings.minigpt_match_batch, lab.device)
    result = compile_and_capture(model, idx)
    eager_logits = model(idx)[0]
    error = (eager_logits - result.compiled(idx)[0]).abs().max().item()
    scale = eager_logits.abs().max().item()
    length = 4 * model.config.n_embd
    tolerance = logits_tolerance(scale, length)
    lab.metric("minigpt.max_abs_err", error)
    lab.metric("minigpt.logit_scale", scale)
    lab.metric("minigpt.reduction_length", length)
    lab.metric("minigpt.tolerance", tolerance)
    lab.metric("minigpt.match_shape", f"{idx.shape[0]} × {idx.shape[1]}")
    lab.check("minigpt_compile_match", error, "<=", tolerance,
              label={"en": "MiniGPT: compiled logits match eager within float32 reassociation",
                     "es": "MiniGPT: los logits compilados coinciden con eager salvo reasociación en float32"})
    return result


def record_training(lab: Lab, info: minigpt.TrainInfo) -> None:
    lab.metric("minigpt.params", info.params)
    lab.metric("minigpt.shape", f"{info.config['n_layer']} × {info.config['n_embd']}")
    lab.metric("minigpt.n_layer", info.config["n_layer"])
    lab.metric("minigpt.n_embd", info.config["n_embd"])
    lab.metric("minigpt.n_head", info.config["n_head"])
    lab.metric("minigpt.block_size", info.config["block_size"])
    lab.metric("minigpt.train_steps", info.steps)
    lab.metric("minigpt.train_s", info.train_s, "s")
    lab.metric("minigpt.cached", "cached" if info.cached else "trained")
    lab.metric("minigpt.val_loss", info.val_loss)
    lab.metric("minigpt.val_exact_match", 100 * info.val_exact_match, "%")
    lab.metric("minigpt.val_examples", info.val_examples)
    lab.metric("minigpt.target_exact_match", 100 * info.target_exact_match, "%")
    if lab.preset == "full":  # smoke trains a few steps: it is not meant to learn the grammar
        lab.check("minigpt_learns_grammar", 100 * info.val_exact_match, ">=", 100 * info.target_exact_match,
                  unit="%", label={"en": "MiniGPT: exact-match conjugation of held-out verbs",
                                   "es": "MiniGPT: conjugación exacta de verbos no vistos"})


# -- Part B ------------------------------------------------------------------------------

def part_inductor_dumps(lab: Lab, models: dict[str, Compiled | None]) -> None:
    for name, result in models.items():
        if result is None:
            continue  # its Part A failed; the other model's dump is still worth keeping
        if not result.graphs:
            raise RuntimeError(f"{name}: Inductor wrote no output_code.py; was TORCH_COMPILE_DEBUG "
                               "set before torch was imported?")
        for lang in LANGUAGES:   # sizes written as each page writes numbers (3,074 / 3074 bytes)
            suffix = "" if lang == "en" else f".{lang}"
            lab.write_artifact(f"{name}_inductor_tree{suffix}", f"{name}/inductor_tree{suffix}.txt",
                               dump_files.tree(result.capture.files, lang))
        lab.table(f"{name}_files_by_suffix", ["suffix", "files", "bytes"], dump_files.counts_by_suffix(result.capture),
                  {"bytes": "B"})
        graph = result.graphs[0]
        for filename in ("output_code.py", "fx_graph_readable.py", "ir_post_fusion.txt"):
            source = graph.folder / filename
            if source.is_file():
                lab.write_artifact(f"{name}_{filename.replace('.', '_')}", f"{name}/{filename}",
                                   source.read_text(encoding="utf-8"), "python" if filename.endswith(".py") else "text")
        lab.write_artifact(f"{name}_wrapper_call", f"{name}/wrapper_call.py", graph.wrapper_call, "python")
        rows = [[k.name, "C++" if k.language == "cpp" else "Triton", k.source.count("\n") + 1,
                 ", ".join(g.kernel_ops.get(k.name, [])) or "—"]
                for g in result.graphs for k in g.kernels]
        lab.table(f"{name}_kernels", ["kernel", "language", "lines", "fused_ops"], rows)
        lab.metric(f"{name}.graphs", len(result.graphs))
        lab.metric(f"{name}.kernels", len(rows))
        lab.metric(f"{name}.files_written", len(result.capture.files))
        # Matrix products are library calls (extern_kernels.addmm, .bmm, ...), not generated code.
        lab.metric(f"{name}.extern_calls", len(re.findall(r"^\s*extern_kernels\.\w+\(", graph.wrapper_call, re.M)))
        # Did Inductor replace a hand-written attention by its fused SDPA op? The wrapper says.
        sdpa = any("scaled_dot_product" in g.wrapper_call for g in result.graphs)
        lab.metric(f"{name}.sdpa_in_wrapper", "yes" if sdpa else "no")


# -- Parts C and D -----------------------------------------------------------------------

def softmax_kernel(result: Compiled) -> annotate.Chosen:
    """The kernel that runs the output node of the model's first softmax, as the post-grad
    graph and the provenance mapping say: chosen by dataflow, never by its name."""
    return annotate.pattern_kernel(result.graphs, "softmax")


def kernel_filename(kernel: inductor_output.Kernel, stem: str = "kernel") -> str:
    return f"{stem}.cpp" if kernel.language == "cpp" else f"{stem}.py"


def part_softmax_kernel(lab: Lab, tiny: Compiled) -> None:
    chosen = softmax_kernel(tiny)
    kernel = chosen.kernel
    filename = kernel_filename(kernel)
    lab.write_artifact("kernel", filename, kernel.source + "\n", kernel.language)
    lab.add_artifact("wrapper_call", "tinyhead/wrapper_call.py", "python")  # written by Part B
    lab.write_artifact("kernel_facts", "tinyhead/kernel_facts.json",
                       (chosen.graph.folder / kernel_facts.FACTS_FILE).read_text(encoding="utf-8"), "json")
    lab.metric("softmax_kernel.name", kernel.name)
    lab.metric("softmax_kernel.file", filename)
    lab.metric("softmax_kernel.lines", kernel.source.count("\n") + 1)
    lab.metric("softmax_kernel.output_node", chosen.kernel_facts.output_node)


def record_annotation(lab: Lab, prefix: str, kf: KernelFacts, dump: inductor_output.GraphDump) -> None:
    """Metrics the pages quote, all read from the structured facts."""
    lab.metric(f"{prefix}.pattern", kf.pattern or "unknown")
    lab.metric(f"{prefix}.form", kf.form or "unknown")
    lab.metric(f"{prefix}.output_node", kf.output_node or "unknown")
    lab.metric(f"{prefix}.fused_ops", ", ".join(kf.nodes or []) or "unknown")
    lab.metric(f"{prefix}.fused_ops_source", kf.nodes_source)
    lab.metric(f"{prefix}.steps_found", sum(1 for s in kf.steps if s.lines))
    for step in kf.steps:
        if step.lines:
            lab.metric(f"{prefix}.{step.step}_line", step.lines[0])
            lab.metric(f"{prefix}.{step.step}_lines", ", ".join(str(n) for n in step.lines))
    loads = [(line, index, e) for e in kf.loads for line, index, _ in e["at"]
             if kf.input and line in kf.input["lines"]]
    stores = [(line, index, e) for e in kf.stores for line, index, _ in e["at"]
              if kf.output and line in kf.output.get("stored", [])]
    for label, found in (("load", loads), ("store", stores)):
        if found:
            line, index, entry = min(found, key=lambda item: item[0])
            lab.metric(f"{prefix}.{label}_line", line)
            lab.metric(f"{prefix}.{label}_index", index or "")
            lab.metric(f"{prefix}.{label}_pointer", entry["pointer"])
            lab.metric(f"{prefix}.{label}_buffer", entry["buffer"] or "?")
    lab.metric(f"{prefix}.reduction_style", kf.style)
    lab.metric(f"{prefix}.exp_home", kf.exp_home or "unknown")
    lab.metric(f"{prefix}.exp_recomputed", "yes" if kf.exp_recomputed else "no")
    ir = kf.ir_buffers or []
    lab.metric(f"{prefix}.ir_nodes", len(kf.ir_nodes or []))
    lab.metric(f"{prefix}.ir_buffers", ", ".join(b["name"] for b in ir) or "unknown")
    passed = {b for call in kf.calls[:1] for b in call["buffers"].values()}
    lab.metric(f"{prefix}.allocated_buffers", ", ".join(b for b in dump.allocated_buffers if b in passed) or "none")
    lab.metric(f"{prefix}.absent_buffers", ", ".join(b["name"] for b in ir if b["in_call"] == "absent") or "none")


def annotate_kernel(lab: Lab, chosen: annotate.Chosen, prefix: str, table: str, document: str,
                    kernel_file: str) -> dict[str, bool]:
    """Write the annotation in both languages and its tables, record its metrics, and return
    the checks of meaning, each recomputed from Inductor's files."""
    kf, folder = chosen.kernel_facts, chosen.graph.folder
    source, output_code = chosen.kernel.source, chosen.graph.output_code.read_text(encoding="utf-8")
    for lang in LANGUAGES:
        name = annotation_doc.document_name(document, lang)
        key = table if lang == "en" else f"{table}.{lang}"   # a page's language picks its own
        lab.write_artifact(key, name, annotation_doc.render_document(
            kf, lang, kernel_file.rsplit("/", 1)[-1], produced_by_line(lab, lang), source), "markdown")
    rows = annotation_doc.table_rows(kf, source, output_code)
    lab.table(table, annotation_doc.TABLE_COLUMNS, rows)
    lab.table(f"{table}_steps", annotation_doc.STEP_COLUMNS, annotation_doc.step_rows(kf))
    record_annotation(lab, prefix, kf, chosen.graph)
    lab.metric(f"{prefix}.facts", len(rows))
    steps = kernel_checks.step_lines_compute(kf, chosen.kernel)
    lab.metric(f"{prefix}.verified_steps", sum(steps.values()))
    return {"steps": sum(steps.values()) == len(annotate.SOFTMAX_STEPS) == len(steps),
            "verified_steps": sum(steps.values()),
            "output_store": bool(kernel_checks.output_store_writes_output(kf, chosen.kernel)),
            "nodes": text_checks.fused_nodes(kf, chosen.facts.kernels, folder) is not False,
            "pattern": meaning.FAMILY.get(kf.pattern, kf.pattern) == "softmax"  # the attention's softmax included
            and kernel_checks.pattern_computes(kf, folder) is True
            and kernel_checks.kernel_computes_output(chosen.facts, kf.kernel, "softmax", folder)}


def part_annotation(lab: Lab, tiny: Compiled) -> None:
    chosen = softmax_kernel(tiny)  # its facts are read back from kernel_facts.json, as Part C saved it
    verdict = annotate_kernel(lab, chosen, "annotation", "kernel_annotation", "KERNEL_ANNOTATION",
                              kernel_filename(chosen.kernel))
    lab.check("kernel_saved_and_annotated", verdict["verified_steps"], ">=", len(annotate.SOFTMAX_STEPS),
              label={"en": "Kernel saved; each softmax step's lines compute it from the steps it needs",
                     "es": "Kernel guardado; las líneas de cada paso del softmax lo calculan a partir de los pasos que necesita"})
    lab.check("softmax_pattern_identified", int(verdict["pattern"]), "==", 1,
              label={"en": "The graph's softmax output runs in this kernel, and it is a softmax (not a log-softmax)",
                     "es": "La salida del softmax del grafo se ejecuta en este kernel, y es un softmax (no un log-softmax)"})
    lab.check("annotation_output_and_nodes_verified", int(verdict["output_store"] and verdict["nodes"]), "==", 1,
              label={"en": "The cited store writes the softmax; the fused nodes are the provenance mapping's",
                     "es": "La escritura citada guarda el softmax; los nodos fusionados son los del mapa de procedencia"})


def produced_by_line(lab: Lab, lang: str = "en") -> str:
    command = f"`python -m labs.inductor_kernels --device {lab.device} --preset {lab.preset}`"
    if lang == "es":
        return f"Lo generó torch {torch.__version__} en {lab.device} ({command})."
    return f"It was generated by torch {torch.__version__} on {lab.device} ({command})."


# -- Part F ------------------------------------------------------------------------------

def part_distributed_survey(lab: Lab, models: EagerModels) -> None:
    model = models.minigpt()
    # Activations measured at the batch the model was trained with.
    memory = training_memory.training_memory(model, minigpt.PRESETS[lab.preset].batch_size, lab.device)
    if lab.device == "cuda":
        device_bytes = torch.cuda.get_device_properties(0).total_memory
        gib = f"{device_bytes / 2**30:.0f}"
        label = {"en": f"this GPU's {gib} GiB", "es": f"los {gib} GiB de esta GPU"}
    else:
        device_bytes = distributed_survey.REFERENCE_GPU_BYTES
        label = {"en": "a 16 GiB GPU", "es": "una GPU de 16 GiB"}
    choice = distributed_survey.pick(memory, device_bytes)
    for lang, key in (("en", "distributed"), ("es", "distributed.es")):
        name = "DISTRIBUTED.md" if lang == "en" else "DISTRIBUTED.es.md"
        document = distributed_survey.render(memory, choice, label[lang], lang)
        lab.write_artifact(key, name, document, "markdown")
    survey = distributed_survey.survey_facts(distributed_survey.render(memory, choice, label["en"], "en"))
    lab.table("survey_sections", ["pattern", "names_its_api", "names_its_traffic", "names_other_apis"],
              [[k, f.own_api, f.own_traffic, ", ".join(f.other_apis) or "none"] for k, f in survey.items()])
    for key, value in (("params", memory.params), ("param_mib", memory.param_bytes / 2**20),
                       ("grad_mib", memory.grad_bytes / 2**20), ("optimizer_mib", memory.optimizer_bytes / 2**20),
                       ("activation_mib", memory.activation_bytes / 2**20),
                       ("total_mib", memory.total_bytes / 2**20)):
        lab.metric(f"distributed.{key}", value, "" if key == "params" else "MiB")
    lab.metric("distributed.batch", memory.batch_size)
    lab.metric("distributed.share_of_device", 100 * memory.total_bytes / device_bytes, "%")
    lab.metric("distributed.pick", choice.strategy)
    lab.check("survey_distinguishes_patterns", sum(1 for f in survey.values() if f.distinct), "==",
              len(distributed_survey.PATTERNS),
              label={"en": "Survey: each section names its own pattern's API and traffic, and no other's",
                     "es": "Resumen: cada sección nombra la API y el tráfico de su patrón, y de ningún otro"})


# -- Stretch -----------------------------------------------------------------------------

def part_attention_annotation(lab: Lab, gpt: Compiled) -> None:
    chosen = softmax_kernel(gpt)
    filename = f"minigpt/{kernel_filename(chosen.kernel, 'attention_kernel')}"
    lab.write_artifact("attention_kernel", filename, chosen.kernel.source + "\n", chosen.kernel.language)
    lab.write_artifact("attention_facts", "minigpt/kernel_facts.json",
                       (chosen.graph.folder / kernel_facts.FACTS_FILE).read_text(encoding="utf-8"), "json")
    verdict = annotate_kernel(lab, chosen, "attention", "attention_annotation", "minigpt/ATTENTION_ANNOTATION",
                              filename)
    lab.metric("attention_kernel.name", chosen.kernel.name)
    lab.metric("attention_kernel.file", filename.split("/")[-1])
    lab.check("attention_softmax_verified", int(verdict["steps"] and verdict["pattern"]), "==", 1,
              label={"en": "Attention: the softmax kernel is chosen by its output node, and every step's lines verified",
                     "es": "Atención: el kernel del softmax se elige por su nodo de salida y se verifican las líneas de cada paso"})


def part_export(lab: Lab, models: EagerModels) -> None:
    gpt, tiny = models.minigpt(), models.tinyhead()
    idx = minigpt_input(gpt, 2, lab.device)
    text = stretch.exported_graph(LogitsOnly(gpt), idx)
    lab.write_artifact("minigpt_exported_graph", "minigpt/exported_graph.py", text, "python")
    lab.metric("export.minigpt_nodes", text.count(" = torch.ops."))
    if tiny is not None:
        tiny_text = stretch.exported_graph(tiny, tinyhead_input(TINYHEAD_SEED_BATCH, lab.device))
        lab.write_artifact("tinyhead_exported_graph", "tinyhead/exported_graph.py", tiny_text, "python")


# -- Part G and the wiring ---------------------------------------------------------------

NOTEBOOK = Path(__file__).with_name("notebook.py")  # its prose is the notebook page's (English)


def part_notebook(lab: Lab) -> None:
    """Run the companion notebook in a fresh process, as a learner would, and keep the executed
    notebook (each cell's printed output) for the notebook page. A cell that raises fails it."""
    env = dict(os.environ, LAB03_PRESET=lab.preset)
    for name in ("TORCH_LOGS", "TORCH_COMPILE_DEBUG", "TORCH_TRACE"):
        env.pop(name, None)
    target = lab.out / "notebook.ipynb"
    executed = notebook.run_notebook(NOTEBOOK, target, cwd=LABS_DIR.parent, env=env)
    lab.add_artifact("notebook", "notebook.ipynb", "json")
    cells = [c for c in executed["cells"] if c["cell_type"] == "code"]
    lab.metric("notebook.code_cells", len(cells))
    failed = notebook.failed_cell(executed)
    if failed is not None:
        raise RuntimeError(f"the notebook's cell {failed} raised; see notebook.ipynb")


def part_report(lab: Lab) -> None:
    threads = measure.threads_used()
    for lang, key, name in (("en", "report", "REPORT.md"), ("es", "report.es", "REPORT.es.md")):
        text = report.render(lab.result, report.Machine(fingerprint.device_name(lab.device), lab.device,
                                                        lab.preset, torch.__version__, threads), lang)
        lab.write_artifact(key, name, text, "markdown")


# -- Handing the models and the ceilings on, also to a resumed run -----------------------

class EagerModels:
    """The eager models the parts after the capture use. When the capture parts ran in this
    process, their own models; when they were restored from an earlier attempt (`--resume`),
    the same models rebuilt on first use, inside the part that needs them: TinyHead from its
    seed, the MiniGPT from the checkpoint its capture part trained or loaded. None for a model
    whose capture part did not succeed (the parts that need it are skipped before asking)."""

    def __init__(self, lab: Lab, tiny: Compiled | None, gpt: Compiled | None):
        self.lab = lab
        self._tiny = tiny.eager if tiny else None
        self._gpt = gpt.eager if gpt else None

    def _captured(self, part: str) -> bool:
        return self.lab.result["parts"].get(part, {}).get("status") == "ok"

    def tinyhead(self) -> torch.nn.Module | None:
        if self._tiny is None and self._captured("compile_match_tinyhead"):
            self._tiny = make_tinyhead(self.lab.device)
        return self._tiny

    def minigpt(self) -> minigpt.MiniGPT | None:
        if self._gpt is None and self._captured("compile_match_minigpt"):
            self.lab.progress("loading the grammar MiniGPT its capture part left")
            self._gpt = minigpt.trained_minigpt(self.lab.preset, self.lab.device)[0]
        return self._gpt


def part_ceilings(lab: Lab) -> dict[str, float]:
    """The ceilings as plain numbers: JSON holds them, so a resumed run gets them from the record."""
    return dataclasses.asdict(parts_timing.part_ceilings(lab))


def part_timing_minigpt(lab: Lab, ceilings: Ceilings, models: EagerModels) -> None:
    parts_timing.part_timing_minigpt(lab, ceilings, models.minigpt())


def part_cuda_graphs(lab: Lab, models: EagerModels) -> None:
    parts_timing.part_cuda_graphs(lab, models.minigpt())


def part_autotune(lab: Lab, models: EagerModels) -> None:
    parts_timing.part_autotune(lab, models.minigpt())


def run(lab: Lab) -> None:
    # The capture parts hand on compiled models and the dump folders Inductor wrote for them:
    # restored only together. Every part after them resumes on its own (see EagerModels).
    lab.resume_together("compile_match_tinyhead", "compile_match_minigpt", "inductor_dumps", "softmax_kernel",
                        "annotation", "attention_annotation")
    with torch.no_grad():
        # Capture: every compile here writes its dumps; nothing is timed.
        tiny = lab.part("compile_match_tinyhead", "Compile match: TinyHead", part_compile_match_tinyhead)
        gpt = lab.part("compile_match_minigpt", "Compile match: the grammar MiniGPT", part_compile_match_minigpt)
        lab.part("inductor_dumps", "What Inductor writes", part_inductor_dumps, {"tinyhead": tiny, "minigpt": gpt},
                 after=("compile_match_tinyhead",))
        lab.part("softmax_kernel", "The fused softmax kernel", part_softmax_kernel, tiny, after=("inductor_dumps",))
        lab.part("annotation", "Annotate the kernel", part_annotation, tiny, after=("softmax_kernel",))
        lab.part("attention_annotation", "Stretch: the MiniGPT's fused attention softmax", part_attention_annotation,
                 gpt, after=("compile_match_minigpt", "inductor_dumps"))
        models = EagerModels(lab, tiny, gpt)
        lab.part("export", "Stretch: the exported FX graph", part_export, models, after=("compile_match_minigpt",))
        lab.part("distributed_survey", "Distributed survey", part_distributed_survey, models,
                 after=("compile_match_minigpt",))
        # Timing: dumps off, every compile cold, on CPU the thread count the provenance reports.
        with measure.cpu_threads(measure.timing_threads(lab.device), lab.device):
            found = lab.part("ceilings", "The machine's ceilings, and memory-bound kernels against them",
                             part_ceilings)
            ceilings = Ceilings(**found) if found else None
            lab.part("timing_tinyhead", "Eager against compiled: TinyHead", parts_timing.part_timing_tinyhead,
                     ceilings, after=("ceilings",))
            lab.part("timing_minigpt", "Eager against compiled: the grammar MiniGPT", part_timing_minigpt,
                     ceilings, models, after=("ceilings", "compile_match_minigpt"))
            lab.part("cuda_graphs", "GPU only: CUDA graphs (reduce-overhead) against default", part_cuda_graphs,
                     models, requires="cuda", after=("compile_match_minigpt",))
            lab.part("autotune", "Stretch: max-autotune against default", part_autotune, models,
                     after=("compile_match_minigpt",))
    lab.part("notebook", "The companion notebook, run cell by cell", part_notebook)
    lab.part("report", "Report", part_report)
