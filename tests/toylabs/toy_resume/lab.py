"""Four parts for resuming by part. Each part appends its key to TOY_CALLS (one line per time it
really ran); TOY_KILL=<part> kills the process with SIGKILL in the middle of that part (after it
wrote half its file), TOY_FAIL=<part> makes that part raise. `shape` returns JSON that `use`
needs; `state` and `reader` share an object and are declared resumable only together; `handle`
returns an object no record holds, so it always runs again; TOY_RESUME_OFF=1 turns resuming off."""
import os
import signal


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
    lab.check("rows", found["rows"], "==", 2)


def state(lab, shared):
    called("state")
    shared["ready"] = True


def reader(lab, shared):
    called("reader")
    if os.environ.get("TOY_KILL") == "reader":
        os.kill(os.getpid(), signal.SIGKILL)
    lab.metric("reader.ready", str(shared.get("ready", False)))


def handle(lab):
    called("handle")
    return object()


def last(lab):
    called("last")
    lab.metric("last", 1)


def run(lab):
    if os.environ.get("TOY_RESUME_OFF") == "1":
        lab.resume_off("asked to")
    shared = {}
    lab.resume_together("state", "reader")
    lab.part("first", "First", first)
    found = lab.part("shape", "Shape", shape)
    lab.part("use", "Use what shape returned", use, found, after=("shape",))
    lab.part("state", "Set shared state", state, shared)
    lab.part("reader", "Read shared state", reader, shared)
    lab.part("handle", "Return an object", handle)
    lab.part("last", "After the object", last)
