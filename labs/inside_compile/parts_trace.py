"""TORCH_TRACE's structured log, saved trimmed, and tlparse's HTML report of it.

The trace comes from a child process (`traced_compile`), which compiles what the lab compiles
with TORCH_TRACE set in its own environment; the lab's process never traces.
"""

from __future__ import annotations

import shutil
import sys

from labs.common.harness import Lab
from labs.inside_compile import tracelog
from labs.inside_compile.placeholders import write_placeholder
from labs.inside_compile.settings import Settings
from labs.inside_compile.traced_compile import Child

TRACE_RELPATH = "trace/torch_trace.log"
EXCERPT_RELPATH = "trace/torch_trace_excerpt.log"
# One record of each kind that carries a stage's artifact, in the order the pipeline logs them.
EXCERPT_KINDS = ("dynamo_start", "dynamo_output_graph", "aot_inference_graph", "aot_joint_graph",
                 "aot_forward_graph", "aot_backward_graph", "artifact:inductor_post_grad_graph",
                 "inductor_output_code", "dynamo_cpp_guards_str", "compilation_metrics")
REPORT_DIR = "tlparse"
TRACE_COLUMNS = ["kind", "records", "payload_kib", "saved"]


def _no_trace(lab: Lab, reason: str) -> Exception:
    write_placeholder(lab, "torch_trace", TRACE_RELPATH, reason)
    write_placeholder(lab, "torch_trace_excerpt", EXCERPT_RELPATH, reason)
    lab.table("trace_records", TRACE_COLUMNS, [])
    return lab.skip(reason)


def part_torch_trace(lab: Lab, child: Child, settings: Settings) -> None:
    lab.progress("waiting for the traced compile (a child process)")
    failure = child.wait(settings.trace_timeout_s)
    if failure:
        raise _no_trace(lab, failure)
    logs = tracelog.trace_logs(child.trace_dir)
    if not logs:
        raise _no_trace(lab, f"torch wrote no trace file into {child.trace_dir}")
    text = "".join(path.read_text(errors="replace", encoding="utf-8") for path in logs)
    records = tracelog.parse_records(text)
    kept = tracelog.trimmed_text(records)
    lab.write_artifact("torch_trace", TRACE_RELPATH, kept)
    lab.write_artifact("torch_trace_excerpt", EXCERPT_RELPATH, tracelog.excerpt(records, EXCERPT_KINDS))
    rows = [[kind, n, round(size / 1024, 1), "no" if kind in tracelog.DROPPED_KINDS else "yes"]
            for kind, n, size in tracelog.summarize(records)]
    lab.table("trace_records", TRACE_COLUMNS, rows, units={"payload_kib": "KiB"})
    lab.metric("trace.records", len(records))
    lab.metric("trace.kinds", len(rows))
    lab.metric("trace.raw_kib", len(text.encode()) / 1024, "KiB")
    lab.metric("trace.saved_kib", len(kept.encode()) / 1024, "KiB")


def part_tlparse_report(lab: Lab, settings: Settings) -> None:
    executable = tracelog.tlparse_executable()
    if executable is None:
        raise lab.skip(f"no tlparse executable on PATH or next to {sys.executable}")
    out_dir = lab.out / REPORT_DIR
    try:
        completed = tracelog.run_tlparse(executable, lab.out / TRACE_RELPATH, out_dir, settings.tlparse_timeout_s)
    except Exception as error:  # a timeout or a crash of an outside tool: say so, keep the lab
        shutil.rmtree(out_dir, ignore_errors=True)
        raise lab.skip(f"tlparse did not finish: {type(error).__name__}: {error}") from None
    index = out_dir / "index.html"
    if completed.returncode != 0 or not index.is_file():
        shutil.rmtree(out_dir, ignore_errors=True)  # no half-written report in the results
        tail = (completed.stderr or completed.stdout).strip()[-500:]
        raise lab.skip(f"tlparse exited with {completed.returncode} and no index.html: {tail}")
    files = [p for p in out_dir.rglob("*") if p.is_file()]
    lab.add_artifact("tlparse_report", f"{REPORT_DIR}/index.html", "html")
    lab.metric("tlparse.report", "written")
    lab.metric("tlparse.files", len(files))
    lab.metric("tlparse.kib", sum(p.stat().st_size for p in files) / 1024, "KiB")
