"""The history as data: one `Snapshot` per (release, module), read from the probes, and what
the page shows of it (a module's release-by-release rows, its kernels as one listing).

Standard library only: the claims and their tests build snapshots by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from labs.kernel_history import words


@dataclass
class Snapshot:
    """What one release made of one module, or why it made nothing (`error`)."""
    release: str
    module: str
    error: str | None = None
    kernels: list[dict] = field(default_factory=list)    # name, fusion, strategy, pattern, source
    graphs: int = 0
    library_calls: list[str] = field(default_factory=list)
    guard_kinds: dict[str, int] | None = None            # None: the guards could not be read
    compile_s: float | None = None
    eager: dict | None = None        # measure.Stats as a dict, on the clock the row reports
    compiled: dict | None = None
    clock: str = "latency"           # "latency" (CPU) or "device" (GPU device time)
    annotator: str = "ok"

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def fusions(self) -> list[str]:
        return [k["fusion"] for k in self.kernels]

    @property
    def guards(self) -> int | None:
        return sum(self.guard_kinds.values()) if self.guard_kinds is not None else None

    @property
    def speedup(self) -> float | None:
        if self.eager and self.compiled and self.compiled["median_s"] > 0:
            return self.eager["median_s"] / self.compiled["median_s"]
        return None

    def listing(self) -> list[str]:
        """Every kernel, in order, each under a header line with its facts."""
        lines: list[str] = []
        for number, kernel in enumerate(self.kernels, start=1):
            comment = "//" if kernel.get("language") == "cpp" else "#"
            pattern = kernel.get("pattern") or "not annotated"
            # short enough to stay whole in a side-by-side diff (diff.WIDTH)
            lines.append(f"{comment} ── {number}. {kernel['name']} · {kernel['strategy']} · annotator: {pattern}")
            lines += kernel["source"].rstrip("\n").splitlines()
            lines.append("")
        return lines


def snapshot(release: str, module: str, record: dict | None, reason: str | None) -> Snapshot:
    """A probe's record for one module (None with the release's reason when there is none)."""
    if record is None:
        return Snapshot(release, module, error=reason or "not run")
    if "error" in record:
        return Snapshot(release, module, error=record["error"])
    device = "compiled_device" in record
    guards = record.get("guards") or {}
    return Snapshot(release, module, kernels=record.get("kernels", []), graphs=record.get("graphs", 0),
                    library_calls=record.get("library_calls", []),
                    guard_kinds=guards.get("kinds") if "kinds" in guards else None,
                    compile_s=record.get("compile_s"),
                    eager=record.get("eager_device" if device else "eager"),
                    compiled=record.get("compiled_device" if device else "compiled"),
                    clock="device" if device else "latency", annotator=record.get("annotator", "ok"))


HISTORY_COLUMNS = ["release", "status", "kernels", "graphs", "fusions", "strategies", "patterns",
                   "library_calls", "guards", "compile_s", "eager_us", "eager_q1_us", "eager_q3_us",
                   "compiled_us", "compiled_q1_us", "compiled_q3_us", "speedup", "clock"]
HISTORY_UNITS = {"compile_s": "s", "eager_us": "µs", "eager_q1_us": "µs", "eager_q3_us": "µs",
                 "compiled_us": "µs", "compiled_q1_us": "µs", "compiled_q3_us": "µs", "speedup": "×"}


CELL_LIMIT = 2000   # characters a manifest's table cell may hold


def clip(text: str) -> str:
    """A long list (a training step fuses many groups) shortened to fit a table cell."""
    return text if len(text) <= CELL_LIMIT else text[:CELL_LIMIT - 1] + "…"


def counted(items: list[str]) -> str:
    """Distinct items with how many times each appears: "mm ×9; bmm ×6; addmm" (most first)."""
    return "; ".join(f"{item} ×{n}" if n > 1 else item for item, n in words.by_count(items))


def history_row(snap: Snapshot, lang: str = "en") -> list:
    """One release's row of a module's table, its strategies and patterns said in `lang`; a
    failed release keeps its reason in `status`."""
    if not snap.ok:
        return [snap.release, clip(snap.error)] + [None] * (len(HISTORY_COLUMNS) - 2)

    def us(stats: dict | None, key: str) -> float | None:
        return stats[key] * 1e6 if stats else None

    return [snap.release, "ok", len(snap.kernels), snap.graphs, clip(", ".join(snap.fusions)),
            counted([words.strategy(k["strategy"], lang) for k in snap.kernels]),
            clip(words.patterns([k["pattern"] for k in snap.kernels if k.get("pattern")], lang)),
            clip(counted(snap.library_calls)) or words.NO_LIBRARY_CALLS[lang],
            snap.guards, snap.compile_s,
            us(snap.eager, "median_s"), us(snap.eager, "q1_s"), us(snap.eager, "q3_s"),
            us(snap.compiled, "median_s"), us(snap.compiled, "q1_s"), us(snap.compiled, "q3_s"),
            snap.speedup, snap.clock]
