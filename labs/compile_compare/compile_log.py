"""COMPILE_LOG.md and COMPILE_LOG.es.md: the learner's deliverable, written from what the parts measured.

Every number and every judgement ("faster", "never pays off") comes from the run's findings;
every sentence that sums up several rows is computed from all of them (`summaries`); a part
that did not run says so instead of leaving a hole. Words live in one table per language
(`compile_log_words`),
numbers are formatted for it (decimal comma in Spanish); code stays as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from labs.common import fingerprint, measure
from labs.common.formatting import format_number, with_unit
from labs.compile_compare import claims, compile_phases, graph_breaks, payoff, shapes, summaries
from labs.compile_compare.compile_log_words import WORDS
from labs.compile_compare.findings import AB, Findings, ModeComparison

# The reason part cuda_graphs records when it skips (lab.py writes it from WORDS["en"]["needs_cuda"])
NEEDS_CUDA = re.compile(re.escape(WORDS["en"]["needs_cuda"]).replace(re.escape("{device}"), r"(?P<device>\w+)"))


class _Writer:
    """Numbers and words for one language."""

    def __init__(self, lang: str):
        self.lang, self.w = lang, WORDS[lang]

    def num(self, value: float, unit: str = "", digits: int = 3) -> str:
        return with_unit(format_number(value, self.lang, digits), unit, self.lang)

    def s(self, seconds: float) -> str:
        return self.num(seconds, "s") if seconds >= 0.1 else self.num(seconds * 1e3, "ms")

    def ms(self, seconds: float) -> str:
        return self.num(seconds * 1e3, "ms")

    def pct(self, share: float) -> str:
        return self.num(share, "%", 2)

    def table(self, headers: list[str], rows: Iterable[list[Any]]) -> list[str]:
        lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
        lines += ["| " + " | ".join(str(cell).replace("|", "\\|") for cell in row) + " |" for row in rows]
        return lines + [""]

    def missing(self, parts: dict[str, Any], key: str) -> list[str]:
        part = parts.get(key, {})
        status = self.w["status"].get(part["status"], part["status"]) if "status" in part else self.w["did_not_run"]
        return [self.w["missing"].format(key=key, status=status, reason=self.reason(part)), ""]

    def reason(self, part: dict[str, Any]) -> str:
        """The part's reason: the lab's own skip in this language; an error message as the run wrote it."""
        if "reason" not in part:
            return self.w["no_result"]
        if match := NEEDS_CUDA.fullmatch(part["reason"]):
            return self.w["needs_cuda"].format(device=match["device"])
        return part["reason"]

    def ab_table(self, ab: AB, names: tuple[str, str]) -> list[str]:
        rows = []
        for clock in ab.clocks():
            for side, (name, first) in enumerate(zip(names, (ab.baseline_first_s, ab.candidate_first_s))):
                stats = ab.pair(clock)[side]
                said = "device_queued" if stats.method == measure.QUEUED else clock
                rows.append([self.w["variant"].get(name, name), self.w["clock"][said], self.ms(stats.median_s),
                             f"{self.ms(stats.q1_s)} – {self.ms(stats.q3_s)}", stats.reps, self.s(first)])
        return self.table(self.w["ab_header"], rows)

    def verdicts(self, ab: AB, plural: bool = False) -> str:
        """How the candidate fared on each clock; plural when the sentence's subject is ("its steps")."""
        return summaries.clocks(ab.summary_rows(), self.lang, plural)

    def count(self, n: int, words: tuple[str, str]) -> str:
        """"1 hit", "2 hits": a count with its noun in the right number."""
        return f"{n} {words[n != 1]}"

    def payoff(self, ab: AB, what: str) -> list[str]:
        out = []
        for clock in ab.clocks():
            steps = ab.break_even(clock)
            case = payoff.payoff_case(steps)
            out.append(self.w["pays"][case].format(what=what, clock=self.w["clock"][clock],
                                                   steps=self.num(steps) if case == "after" else ""))
        return out


def first_step_section(f: Findings, parts: dict[str, Any], out: _Writer) -> list[str]:
    w = out.w
    lines = [w["s1"], ""]
    fs = f.first_step
    if fs is None:
        return lines + out.missing(parts, "first_step")
    warm = fs.warm
    lines += out.table(w["first_header"], [[w["first_row"], out.s(fs.eager_s), out.s(fs.compiled_s),
                                            out.s(warm.first_step_s)]])
    lines += [w["first_ratio"].format(ratio=out.num(fs.compiled_s / fs.eager_s, "×")), ""]
    cold = compile_phases.split_rows(fs.phases, fs.compiled_s)
    hot = compile_phases.split_rows(warm.phases, warm.first_step_s)
    rows = [[key, w["phase_meaning"][key], out.s(seconds), out.pct(100 * share), out.s(w_seconds)]
            for (key, seconds, share), (_, w_seconds, _) in zip(cold, hot)]
    lines += out.table(w["phase_header"], rows)
    header = w["header_built"] if fs.built_precompiled_header else ""
    isa = fs.vector_isa
    isa_words = "" if isa is None else w["isa"].format(
        seconds=out.s(isa.seconds), chosen=isa.chosen,
        built=w["isa_built"].format(programs=out.count(isa.built, w["programs"])) if isa.built else w["isa_found"])
    lines += [w["toolchain"].format(toolchain=out.s(fs.toolchain_s), header=header) + isa_words, ""]
    saved = 100 * (fs.compiled_s - warm.first_step_s) / fs.compiled_s
    lines += [w["warm"].format(warm=out.s(warm.first_step_s), saved=out.pct(saved), aot=warm.phases.aot_cache_hits,
                               aot_hits=out.count(warm.phases.aot_cache_hits, w["hits"]),
                               fx=warm.phases.fx_cache_hits, dynamo=out.s(warm.phases.dynamo_s),
                               startup=out.s(warm.startup_s), toolchain=out.s(warm.toolchain_s),
                               isa="" if warm.vector_isa_s is None else w["warm_isa"].format(
                                   seconds=out.s(warm.vector_isa_s)),
                               process=out.s(warm.process_s)), ""]
    return lines


def steady_section(f: Findings, parts: dict[str, Any], out: _Writer) -> list[str]:
    w = out.w
    lines = [w["s2"], ""]
    ab = f.steady
    if ab is None:
        return lines + out.missing(parts, "steady_state")
    lines += out.ab_table(ab, ("eager", "compiled"))
    eager, compiled = ab.timing.latency
    lines += [w["steady_verdict"].format(sentence=out.verdicts(ab)),
              w["tokens"].format(eager=out.num(f.tokens_per_step / eager.median_s),
                                 compiled=out.num(f.tokens_per_step / compiled.median_s))]
    overhead = ab.timing.overhead_s()
    if overhead:  # the page says the same through the same claim (claims.host_overhead)
        gaps_ms = tuple(gap * 1e3 if gap is not None else None for gap in overhead)
        lines.append(claims.host_overhead_said(ab.timing.device_method, gaps_ms, ("eager", "compiled")).text(out.lang))
    return lines + out.payoff(ab, w["compiling"]) + [""]


def recompiles_section(f: Findings, parts: dict[str, Any], out: _Writer) -> list[str]:
    w = out.w
    lines = [w["s3"], ""]
    if not f.policies:
        return lines + out.missing(parts, "recompiles")
    runs = list(f.policies.values())
    sequence = " → ".join(f"{c.batch}×{c.seq_len}" for c in runs[0].calls)
    lines += [w["sequence"].format(sequence=sequence, limit=f.recompile_limit,
                                   layers=out.count(f.study_layers, w["blocks"])), ""]
    lines += out.table(w["policy_header"], [[run.policy, w["policy_meaning"][run.policy], run.predicted,
                                             run.recompiles_logged, run.graphs, out.s(run.compile_s)] for run in runs])
    rows = [(run.policy, run.recompiles_logged, run.predicted, run.compile_s) for run in runs]
    lines += [w["policies"].format(sentence=summaries.policies(rows, out.lang)), "", w["why"], ""]
    for run in runs:
        for call in run.calls:
            for reason in call.reasons:
                graph = w["graph"].format(shape=call.graph_idx_shape) if call.graph_idx_shape else ""
                text = reason.describe(shapes.DIM_NAMES[out.lang]) if reason else "?"
                lines.append(w["call"].format(policy=run.policy, n=call.index + 1,
                                              shape=f"{call.batch}×{call.seq_len}", reason=text, graph=graph))
        if not any(call.reasons for call in run.calls):
            lines.append(w["no_recompile"].format(policy=run.policy))
    lines.append("")
    dynamic, automatic = f.policies.get("dynamic"), f.policies.get("automatic")
    if dynamic:
        batch_fixed, length_fixed = shapes.specialized(dynamic)
        why = [w["length_fixed"]] * length_fixed + [w["batch_fixed"]] * batch_fixed
        if why:
            lines += [w["specialized"].format(shape=shapes.first_graph(dynamic), why="; ".join(why)), ""]
    lines += [w["mark_raised"].format(error=f.length_mark_error) if f.length_mark_error else w["mark_ok"], ""]
    if f.symbolic:
        sym = f.symbolic
        lines += out.ab_table(sym.ab, ("static", "symbolic"))
        lines += [w["symbolic"].format(shape=f"{sym.shape[0]}×{sym.shape[1]}", dyn=sym.dynamic_graph,
                                       static=sym.static_graph, sentence=out.verdicts(sym.ab)), ""]
    if automatic:
        lines += [w["automatic_yes"] if shapes.went_dynamic(automatic) else w["automatic_no"], ""]
    return lines


def _mode(comparison: ModeComparison | None, key: str, title: str, parts: dict[str, Any], out: _Writer,
          names: tuple[str, str]) -> list[str]:
    w = out.w
    lines = [title, ""]
    if comparison is None:
        return lines + out.missing(parts, key)
    ab = comparison.ab
    lines += out.ab_table(ab, names)
    if comparison.bounds:
        bounds = ", ".join(f"`{k}={v}`" for k, v in comparison.bounds.items())
        lines += [w["bounds"].format(bounds=bounds, products=out.count(comparison.gemm_autotunes, w["products"])), ""]
    extra = ab.extra_compile_s
    lines += [w["mode_verdict"].format(what=comparison.mode, extra=out.s(abs(extra)),
                                       more=w["more"] if extra >= 0 else w["less"],
                                       sentence=out.verdicts(ab, plural=True))]
    return lines + out.payoff(ab, comparison.mode) + [""]


def modes_section(f: Findings, parts: dict[str, Any], out: _Writer) -> list[str]:
    w = out.w
    mode = f.autotune.mode if f.autotune else "max-autotune"
    return ([w["s4"], ""]
            + _mode(f.autotune, "modes", w["autotune_title"].format(mode=mode), parts, out, ("default", "tuned"))
            + _mode(f.cuda_graphs, "cuda_graphs", w["graphs_title"], parts, out, ("default", "graphed")))


def breaks_section(f: Findings, parts: dict[str, Any], out: _Writer) -> list[str]:
    w = out.w
    lines = [w["s5"], ""]
    b = f.breaks
    if b is None:
        return lines + out.missing(parts, "graph_breaks")
    lines += [w["explain"].format(graphs=out.count(b.broken.graph_count, w["graphs"]),
                                  breaks=out.count(b.broken.graph_break_count, w["breaks"]),
                                  fgraphs=out.count(b.fixed.graph_count, w["graphs"]),
                                  fbreaks=out.count(b.fixed.graph_break_count, w["breaks"])), ""]
    fixes = graph_breaks.FIXES[out.lang]
    for i, brk in enumerate(b.broken.breaks, 1):
        lines += [w["break_title"].format(n=i, kind=brk.kind, file=brk.file, line=brk.line), "",
                  w["code"].format(code=brk.code), w["cause"].format(reason=brk.reason),
                  w["fix"].format(fix=fixes.get(brk.kind, fixes["other"])), ""]
    lines += [w["effect"], "", w["effect_note"].format(layers=out.count(f.study_layers, w["blocks"])), ""]
    lines += out.ab_table(b.ab, ("broken", "fixed"))
    lines += [w["breaks_verdict"].format(sentence=out.verdicts(b.ab), diff=out.num(b.loss_diff)), ""]
    raised = (w["raised"].format(error=b.fullgraph_broken.error_type, message=b.fullgraph_broken.message)
              if b.fullgraph_broken.raised else w["not_raised"])
    accepted = w["accepted"] if not b.fullgraph_fixed.raised else w["also_raised"].format(
        message=b.fullgraph_fixed.message)
    lines += [f"{raised} {accepted}", ""]
    if b.broken_recompiles:
        frames = "; ".join(w["frame_count"].format(function=function, location=Path(location).name, n=n)
                           for function, location, n in b.broken_recompiles_by_frame())
        lines += [w["recompiled"].format(n=len(b.broken_recompiles), times=w["times"][len(b.broken_recompiles) != 1],
                                         guard=b.broken_recompile_guard, limit=f.recompile_limit, frames=frames), ""]
    return lines


def warmup_section(f: Findings, out: _Writer) -> list[str]:
    """The procedure, decided by the run: which marks worked, which policy compiled least."""
    w = out.w
    first = f.first_step
    result = (w["w_cache_result"].format(cold=out.s(first.compiled_s), warm=out.s(first.warm.first_step_s))
              if first else ".")
    shapes_step = (w["w_shapes_maybe"].format(error=f.length_mark_error.split(":")[0]) if f.length_mark_error
                   else w["w_shapes_mark"])
    if f.policies:   # the least compile time only where the times lie further apart than the noise
        runs = list(f.policies.values())
        fast, slow = min(run.compile_s for run in runs), max(run.compile_s for run in runs)
        if slow >= summaries.COMPILE_NOISE * fast:
            best = min(runs, key=lambda run: (run.compile_s, run.graphs))
            shapes_step += w["w_best"].format(policy=best.policy)
        else:
            fewest = min(runs, key=lambda run: (run.recompiles_logged, run.graphs))
            shapes_step += w["w_fewest"].format(policy=fewest.policy, n=fewest.recompiles_logged,
                                                noise=f"{summaries.COMPILE_NOISE:g}×")
    steps = [w["w_cache"].format(result=result), shapes_step, w["w_fullgraph"], w["w_logs"]]
    return [w["s6"], ""] + [f"{i}. {text}" for i, text in enumerate(steps, 1)] + [""]


def render(f: Findings, parts: dict[str, Any], lang: str = "en",
           overall: str | None = None) -> str:
    out = _Writer(lang)
    w = out.w
    lines = [w["title"], "", w["device"].format(device=f.device, name=fingerprint.device_name(f.device),
                                                torch=f.torch_version, preset=f.preset), "",
             w["method"].format(band=summaries.BAND[lang], pct=summaries.BAND[lang].removeprefix("±")), ""]
    if f.busy.contended:
        lines += [w["busy"].format(others=out.num(f.busy.mean_others, digits=2),
                                 cores=out.count(f.busy.cores, w["cores"])), ""]
    if overall:
        lines += [w["overall"].format(sentence=overall), ""]
    sections = [first_step_section(f, parts, out), steady_section(f, parts, out), recompiles_section(f, parts, out),
                modes_section(f, parts, out), breaks_section(f, parts, out), warmup_section(f, out)]
    return "\n".join(lines + [line for section in sections for line in section])
