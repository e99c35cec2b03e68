"""TORCH_TRACE's structured log: read it, keep the part worth saving, and hand it to tlparse.

The log is a sequence of records. A record is one glog-style line ending in a JSON envelope
(`{"dynamo_start": {...}, "frame_id": 0, ..., "has_payload": "<md5>"}`), followed by its
payload, one tab-indented line at a time. Standard library only, so it is tested on text.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

# Envelope keys that describe where a record came from rather than what it is.
_METADATA_KEYS = {"frame_id", "frame_compile_id", "attempt", "has_payload", "compiled_autograd_id",
                  "rank", "stack", "compile_id"}
# Records dropped from the saved log: the Perfetto timeline (half the file, no artifact in it)
# and the cache-miss records that list every input of the cache key.
DROPPED_KINDS = frozenset({"chromium_event", "artifact:fx_graph_cache_miss",
                           "artifact:fx_graph_cache_hit", "artifact:fx_graph_cache_bypass"})
# Copies tlparse makes of its input; the saved log is already an artifact of its own.
TLPARSE_COPIES = ("raw.log", "raw.jsonl")


@dataclass(frozen=True)
class TraceRecord:
    header: str              # the envelope line, newline included
    kind: str                # e.g. "dynamo_start", "artifact:fx_graph_runnable"
    payload: tuple[str, ...]  # payload lines, tab and newline included

    @property
    def payload_bytes(self) -> int:
        return sum(len(line.encode()) for line in self.payload)


def record_kind(envelope: dict) -> str:
    for key, value in envelope.items():
        if key in _METADATA_KEYS:
            continue
        if isinstance(value, dict) and isinstance(value.get("name"), str) and key in ("artifact", "graph_dump"):
            return f"{key}:{value['name']}"
        return key
    return "unknown"


def parse_records(text: str) -> list[TraceRecord]:
    records: list[TraceRecord] = []
    header: str | None = None
    kind = ""
    payload: list[str] = []
    for line in text.splitlines(keepends=True):
        if line.startswith("\t") and header is not None:
            payload.append(line)
            continue
        if header is not None:
            records.append(TraceRecord(header=header, kind=kind, payload=tuple(payload)))
        header, kind, payload = line, _kind_of_header(line), []
    if header is not None:
        records.append(TraceRecord(header=header, kind=kind, payload=tuple(payload)))
    return records


def _kind_of_header(line: str) -> str:
    start = line.find("] {")
    if start < 0:
        return "unparsed"
    try:
        return record_kind(json.loads(line[start + 2:]))
    except json.JSONDecodeError:
        return "unparsed"


def summarize(records: list[TraceRecord]) -> list[tuple[str, int, int]]:
    """(kind, records, payload bytes), largest payload first."""
    counts: Counter[str] = Counter()
    sizes: Counter[str] = Counter()
    for record in records:
        counts[record.kind] += 1
        sizes[record.kind] += record.payload_bytes
    return sorted(((kind, counts[kind], sizes[kind]) for kind in counts), key=lambda row: (-row[2], row[0]))


def trimmed_text(records: list[TraceRecord], dropped: frozenset[str] = DROPPED_KINDS) -> str:
    """The log without the dropped kinds; every record kept is kept whole (tlparse checks md5s)."""
    return "".join(record.header + "".join(record.payload)
                   for record in records if record.kind not in dropped)


def excerpt(records: list[TraceRecord], kinds: tuple[str, ...], max_payload_lines: int = 10,
            max_header_chars: int = 240) -> str:
    """The first record of each kind in `kinds`, shortened, in log order: a sampler of the log."""
    chosen, seen = [], set()
    for record in records:
        if record.kind in kinds and record.kind not in seen:
            seen.add(record.kind)
            chosen.append(record)
    parts = []
    for record in chosen:
        header = record.header.rstrip("\n")
        if len(header) > max_header_chars:
            header = header[:max_header_chars] + f" … ({len(header) - max_header_chars} more characters)"
        lines = [header, *(line.rstrip("\n") for line in record.payload[:max_payload_lines])]
        if len(record.payload) > max_payload_lines:
            lines.append(f"\t… ({len(record.payload) - max_payload_lines} more payload lines)")
        parts.append("\n".join(lines))
    return "\n".join(parts) + "\n"


def trace_logs(folder: Path) -> list[Path]:
    """The trace files torch wrote into `folder`, oldest first."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    return sorted((p for p in folder.glob("*.log") if p.is_file()), key=lambda p: p.stat().st_mtime)


def tlparse_executable() -> str | None:
    """tlparse on PATH, or next to this Python (a virtual environment that is not activated)."""
    found = shutil.which("tlparse")
    if found:
        return found
    beside = Path(sys.executable).parent / "tlparse"
    return str(beside) if beside.is_file() and os.access(beside, os.X_OK) else None


def run_tlparse(executable: str, log: Path, out_dir: Path, timeout_s: float) -> subprocess.CompletedProcess:
    """Render the HTML report of `log` into `out_dir` (replaced), then drop tlparse's copies of the log."""
    completed = subprocess.run(
        [executable, str(log), "-o", str(out_dir), "--overwrite", "--no-browser"],
        capture_output=True, text=True, timeout=timeout_s, check=False)
    for name in TLPARSE_COPIES:
        (Path(out_dir) / name).unlink(missing_ok=True)
    return completed
