"""Facts against a person's reading: how many a dump's annotation states, gets right, leaves unknown.

    python -m labs.common.kernel_facts.score tests/fixtures/*            # the table
    python -m labs.common.kernel_facts.score --draft tests/fixtures/X    # a draft expected.json

Each fact of `flat(kernel_facts)` has a key ("step:div", "store:out_ptr2", "ir:buf2") and a
value; `expected.json` beside a dump holds, per kernel, the value a person wrote after
reading the kernel, or "unknown" where the dump cannot say. A stated fact is correct when it
equals the expectation; an unknown fact is correctly unknown when the expectation says so.
The draft quotes every cited line under "_lines" so it can be checked line by line; once
each value has been checked against the kernel (and corrected where it is wrong), it is saved
as expected.json, quotes included: keys starting with "_" are the reader's notes, not facts.
It is a starting point for the reading, never a substitute. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from labs.common import inductor_output as io
from labs.common.kernel_facts import checks, facts
from labs.common.kernel_facts.records import KernelFacts

UNKNOWN = "unknown"
EXPECTED_FILE = "expected.json"


def flat(kf: KernelFacts) -> dict[str, object]:
    out: dict[str, object] = {"pattern": kf.pattern or UNKNOWN,
                              "nodes": sorted(kf.nodes) if kf.nodes is not None else UNKNOWN}
    for step in kf.steps:
        out[f"step:{step.step}"] = step.lines or (f"other:{step.other_kernel}" if step.other_kernel else UNKNOWN)
    if kf.input:
        out["input"] = kf.input["lines"]
    if kf.output is not None:
        out["output"] = kf.output
    if kf.exp_home:
        out["exp_home"] = kf.exp_home
    if kf.exp_recomputed is not None:
        out["exp_recomputed"] = kf.exp_recomputed
    for e in kf.loads:
        out[f"load:{e['pointer']}"] = {"buffer": e["buffer"], "lines": [a[0] for a in e["at"]],
                                       "indexes": sorted({a[1] for a in e["at"] if a[1] is not None})}
    for e in kf.stores:
        out[f"store:{e['pointer']}"] = {"buffer": e["buffer"], "lines": [a[0] for a in e["at"]],
                                        "indexes": sorted({a[1] for a in e["at"] if a[1] is not None}),
                                        "values": sorted({a[2] for a in e["at"]})}
    for r in kf.reductions:
        out[f"reduction:{r['kind']}@{r['lines'][0]}"] = {"lines": r["lines"], "step": r["step"]}
    if kf.ir_buffers is None:
        out["ir"] = UNKNOWN
    else:
        out["ir_nodes"] = kf.ir_nodes
        for b in kf.ir_buffers:
            out[f"ir:{b['name']}"] = {"size": b["size"], "role": b["role"], "in_call": b["in_call"]}
    if kf.calls:
        out["call_line"] = kf.calls[0]["line"]
    return out


def score(folder: Path) -> dict:
    graph = facts.analyze(folder)
    expected_path = Path(folder) / EXPECTED_FILE
    expected = json.loads(expected_path.read_text(encoding="utf-8"))["kernels"] if expected_path.is_file() else None
    verdicts = checks.verify(graph, folder)
    counts = {"kernels": len(graph.kernels), "stated": 0, "unknown": 0, "correct": 0, "wrong": 0, "missed": 0,
              "unchecked": 0, "checks_passed": 0, "checks_failed": 0, "problems": []}
    for kf in graph.kernels:
        stated = flat(kf)
        want = expected.get(kf.kernel) if expected is not None else None
        for key, value in stated.items():
            counts["unknown" if value == UNKNOWN else "stated"] += 1
            if want is None:  # no expectation for this kernel: neither right nor wrong
                counts["unchecked"] += expected is not None
                continue
            if key in want and want[key] == json.loads(json.dumps(value)):
                counts["correct"] += value != UNKNOWN  # an unknown the reader agrees with is not a fact
            else:
                counts["wrong"] += 1
                counts["problems"].append(f"{kf.kernel} {key}: stated {value!r}, expected {want.get(key, '(no expectation)')!r}")
        if want is not None:
            missed = [k for k in want if k not in stated and not k.startswith("_")]  # "_lines": the reader's quotes
            counts["missed"] += len(missed)
            counts["problems"] += [f"{kf.kernel} {k}: expected {want[k]!r}, not stated" for k in missed]
        for _name, ok in verdicts[kf.kernel].items():
            if ok is not None:
                counts["checks_passed" if ok else "checks_failed"] += 1
    counts["has_expected"] = expected is not None
    return counts


def draft(folder: Path) -> str:
    """expected.json as the annotator states it, each cited kernel line quoted under "_lines"."""
    graph = facts.analyze(folder)
    sources = {k.name: k.source.splitlines() for k in io.parse_kernels((Path(folder) / "output_code.py").read_text(encoding="utf-8"))}
    kernels = {}
    for kf in graph.kernels:
        values = flat(kf)
        cited = sorted({n for v in values.values() for n in _numbers(v)})
        lines = sources[kf.kernel]
        values["_lines"] = {str(n): lines[n - 1].strip() for n in cited if 0 < n <= len(lines)}
        kernels[kf.kernel] = values
    return json.dumps({"kernels": kernels}, indent=1, ensure_ascii=False)


def _numbers(value) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, list):
        return [n for v in value for n in _numbers(v)]
    if isinstance(value, dict):
        return [n for k, v in value.items() if k in ("lines", "stored", "consumed_by") for n in _numbers(v)]
    return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m labs.common.kernel_facts.score", description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--draft", action="store_true", help="print a draft expected.json for one folder")
    parser.add_argument("--problems", action="store_true", help="list every wrong or missed fact")
    args = parser.parse_args(argv)
    if args.draft:
        print(draft(args.folders[0]))
        return 0
    print("| fixture | kernels | facts stated | correct | wrong | missed | unknown | unchecked | meaning checks passed |")
    print("|---|---|---|---|---|---|---|---|---|")
    failed = False
    for folder in args.folders:
        if not (folder / "output_code.py").is_file():
            continue
        c = score(folder)
        right = (str(c["correct"]), str(c["wrong"]), str(c["missed"])) if c["has_expected"] else ("—", "—", "—")
        total = c["checks_passed"] + c["checks_failed"]
        print(f"| {folder.name} | {c['kernels']} | {c['stated']} | {' | '.join(right)} | {c['unknown']} | "
              f"{c['unchecked'] if c['has_expected'] else '—'} | {c['checks_passed']}/{total} |")
        failed |= bool(c["wrong"] or c["missed"] or c["checks_failed"])
        if args.problems:
            for problem in c["problems"]:
                print(f"    {problem}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
