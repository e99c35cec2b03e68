"""Four parts for resuming by part. Each part appends its key to TOY_CALLS (one line per time it
really ran); TOY_KILL=<part> kills the process with SIGKILL in the middle of that part (after it
wrote half its file), TOY_FAIL=<part> makes that part raise. `shape` returns JSON that `use`
needs; `state` and `reader` share an object and are declared resumable only together; `handle`
returns an object no record holds, so it always runs again; TOY_RESUME_OFF=1 turns resuming off;
TOY_CHECK_FAIL=use fails `use`'s acceptance check; TOY_KEEP=1 shares a dataclass the lab keeps (`lab.keep`) instead of a dict resumed together."""
from __future__ import annotations

import os
import signal
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Row:
    name: str
    sizes: tuple[int, int]


@dataclass
class Notes:
    ready: bool = False
    rows: list[Row] = field(default_factory=list)
    best: Row | None = None


def called(key):
    if os.environ.get("TOY_CALLS"):
        with open(os.environ["TOY_CALLS"], "a") as handle:
            handle.write(key + "\n")
    if os.environ.get("TOY_FAIL") == key:
        raise RuntimeError(f"asked to fail in {key}")
    if os.environ.get("TOY_KILL") == key and key in ("handle", "last"):
        os.kill(os.getpid(), signal.SIGKILL)


def first(lab):
    called("first")
    lab.metric("first.value", 1.5, "s")
    lab.write_artifact("first_report", "first/report.md", "# first\n", "markdown")


def shape(lab):
    called("shape")
    lab.table("sizes", ["n", "ms"], [[1, 0.5], [2, 1.25]], units={"ms": "ms"})
    return {"rows": 2, "names": ["a", "b"]}


def use(lab, found):
    called("use")
    path = lab.out / "use.txt"
    path.write_text("half")
    if os.environ.get("TOY_KILL") == "use":
        os.kill(os.getpid(), signal.SIGKILL)
    path.write_text(f"rows {found['rows']}\n")
    lab.add_artifact("use", "use.txt")
    rows = found["rows"] + (1 if os.environ.get("TOY_CHECK_FAIL") == "use" else 0)
    lab.check("rows", rows, "==", 2)


def state(lab, shared):
    called("state")
    if isinstance(shared, dict):
        shared["ready"] = True
        return
    shared.ready, shared.rows = True, [Row("a", (1, 2)), Row("b", (3, 4))]
    shared.best = shared.rows[1]


def reader(lab, shared):
    called("reader")
    if os.environ.get("TOY_KILL") == "reader":
        os.kill(os.getpid(), signal.SIGKILL)
    if isinstance(shared, dict):
        lab.metric("reader.ready", str(shared.get("ready", False)))
        return
    lab.metric("reader.ready", str(shared.ready))
    lab.metric("reader.best", f"{shared.best.name} {shared.best.sizes[0] * shared.best.sizes[1]} {len(shared.rows)}")


def handle(lab):
    called("handle")
    return object()


def last(lab):
    called("last")
    lab.metric("last", 1)


def run(lab):
    if os.environ.get("TOY_RESUME_OFF") == "1":
        lab.resume_off("asked to")
    if os.environ.get("TOY_KEEP") == "1":
        shared = Notes()
        lab.keep(shared)
    else:
        shared = {}
        lab.resume_together("state", "reader")
    lab.part("first", "First", first)
    found = lab.part("shape", "Shape", shape)
    lab.part("use", "Use what shape returned", use, found, after=("shape",))
    lab.part("state", "Set shared state", state, shared)
    lab.part("reader", "Read shared state", reader, shared)
    lab.part("handle", "Return an object", handle)
    lab.part("last", "After the object", last)
