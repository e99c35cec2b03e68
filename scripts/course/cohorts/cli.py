"""The cohort commands of `python -m course`, wired into its parser by `add_parsers`.

    python -m course submit --lab LAB [--alias NAME] [--out FILE] [--run DIR] [--yes] [--json]
    python -m course cohort new COHORT [--lab LAB ...] [--preset full|smoke] [--alias-mode numbered|shown]
    python -m course cohort list
    python -m course cohort add COHORT FILE... [--replace]
    python -m course cohort export COHORT --csv [--out FILE] [--history]
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from collections import Counter
from pathlib import Path

from course import results
from course.cohorts import config, export, store
from course.cohorts.submission import SubmissionError, short_hash, to_text
from course.cohorts.submit import from_manifest, summary
from labs.common.contract import LabMetaError, default_device, load_lab_meta, write_text_atomic


def _fail(message: str) -> int:
    print(message, file=sys.stderr)
    return 2


SUBMISSIONS_DIR = Path("experiments") / "submissions"   # beside the learner's other deliverables


def _ask(question: str) -> bool:
    return input(question).strip().lower() in ("y", "yes", "s", "sí", "si")


def cmd_submit(args: argparse.Namespace) -> int:
    try:
        load_lab_meta(args.lab)
    except (FileNotFoundError, LabMetaError) as error:
        return _fail(f"course submit: {error}")
    device = default_device() if args.device == "auto" else args.device
    manifest_path = Path(args.run) / "manifest.json" if args.run else \
        results.device_folder(Path(args.results), args.lab, device) / "manifest.json"
    if not manifest_path.is_file():
        hint = "pass --run DIR (the --out folder of `.venv/bin/python -m labs.LAB`)" if args.run is None else \
            "pass the folder the lab wrote its manifest.json into"
        return _fail(f"course submit: no run at {manifest_path}; run the lab first, or {hint}")
    try:
        manifest = results.read_manifest(manifest_path)
        if manifest["lab"] != args.lab:
            raise SubmissionError(f"{manifest_path} is a run of {manifest['lab']}, not of {args.lab}")
        data, left_out = from_manifest(manifest, args.alias)
    except (results.ManifestError, SubmissionError) as error:
        return _fail(f"course submit: nothing written: {error}")
    name = f"submission-{args.lab}-{data['provenance']['device']}-{short_hash(data)[:8]}.json"
    target = Path(args.out) if args.out else SUBMISSIONS_DIR / name
    if target.is_dir():
        return _fail(f"course submit: nothing written: {target} is a folder; pass a file name with --out")
    if args.json:
        print(to_text(data).rstrip())
    print(summary(data, left_out, str(target)))
    if not args.yes:
        if not sys.stdin.isatty():
            return _fail(f"course submit: nothing written to {target}: input is not a terminal, so nobody can "
                         "answer the question; read the summary above and run again with --yes to write it")
        if not _ask(f"Write {target}? [y/N] "):
            print("nothing written")
            return 1
    target.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(target, to_text(data))
    print(f"wrote {target.resolve()}: send this file to your instructor")
    return 0


def _load(cohort_id: str) -> config.Cohort:
    return config.load_cohort(cohort_id)


def cmd_cohort(args: argparse.Namespace) -> int:
    try:
        if args.cohort_command == "new":
            path = config.new_cohort(args.cohort, labs=args.lab, preset=args.preset, alias_mode=args.alias_mode)
            print(f"wrote {path}: edit its titles and dates, then add submissions with "
                  f"`.venv/bin/python -m course cohort add {args.cohort} FILE...`")
            return 0
        if args.cohort_command == "list":
            return _list()
        cohort = _load(args.cohort)
        if args.cohort_command == "add":
            outcomes = store.add(cohort, [Path(f) for f in args.files], replace=args.replace)
            for outcome in outcomes:
                print(outcome.line(), file=sys.stderr if outcome.verdict == "refused" else sys.stdout)
            tally = Counter(o.verdict for o in outcomes)
            print(f"cohort {cohort.id}: {tally['accepted']} accepted, {tally['duplicate']} duplicate, "
                  f"{tally['refused']} refused")
            return 1 if tally["refused"] else 0
        text = export.to_csv(cohort, store.read_submissions(cohort), history=args.history)
        if args.out:
            write_text_atomic(Path(args.out), text)
            header, *rows = csv.reader(io.StringIO(text))
            print(f"wrote {args.out}: {len(rows)} row{'' if len(rows) == 1 else 's'} (one per submission), "
                  f"{len(header)} columns")
        else:
            sys.stdout.write(text)
        return 0
    except config.CohortError as error:
        return _fail(f"course cohort: {error}")


def _list() -> int:
    """Every cohort, one line each; a broken one says what is wrong and the rest are still listed."""
    broken = 0
    for cohort_id in config.cohort_ids():
        try:
            cohort = _load(cohort_id)
            current = sum(not e["replaced"] for e in store.entries(cohort))
        except (config.CohortError, OSError) as error:
            broken += 1
            print(f"{cohort_id:24} broken: {error}", file=sys.stderr)
            continue
        print(f"{cohort_id:24} {current:5} submission{'' if current == 1 else 's'}  {cohort.title['en']}")
    return 1 if broken else 0


def add_parsers(sub) -> dict:
    """Add `submit` and `cohort` to `python -m course`; returns their handlers by command name."""
    submit = sub.add_parser("submit", help="learners: write one submission file from a lab run")
    submit.add_argument("--lab", required=True, help="the lab whose run you submit")
    submit.add_argument("--alias", help="optional name shown to your cohort (free text)")
    submit.add_argument("--out", help=f"file to write (default: {SUBMISSIONS_DIR}/submission-LAB-DEVICE-HASH.json)")
    submit.add_argument("--run", help="folder of a run by `python -m labs.LAB --out DIR` (default: results/)")
    submit.add_argument("--device", default="auto", choices=["auto", "cpu", "cuda"],
                        help="which results/LAB/DEVICE to read without --run")
    submit.add_argument("--yes", action="store_true",
                        help="write without asking (needed when input is not a terminal: a script, a pipe)")
    submit.add_argument("--json", action="store_true", help="also print the whole file before the summary")

    cohort = sub.add_parser("cohort", help="instructors: create a cohort, add submissions, export them")
    commands = cohort.add_subparsers(dest="cohort_command", required=True)
    new = commands.add_parser("new", help="write cohorts/COHORT/cohort.toml to edit")
    new.add_argument("cohort")
    new.add_argument("--lab", action="append", help="a lab of the cohort (repeatable; default: every lab)")
    new.add_argument("--preset", default="full", choices=["full", "smoke"])
    new.add_argument("--alias-mode", default="numbered", choices=list(config.ALIAS_MODES))
    commands.add_parser("list", help="every cohort and its number of submissions")
    add = commands.add_parser("add", help="check submission files and add the good ones")
    add.add_argument("cohort")
    add.add_argument("files", nargs="+")
    add.add_argument("--replace", action="store_true",
                     help="a learner's new run of a lab replaces the earlier one (kept in history)")
    exp = commands.add_parser("export", help="the cohort's data as CSV")
    exp.add_argument("cohort")
    exp.add_argument("--csv", action="store_true", required=True, help="CSV (the one format)")
    exp.add_argument("--out", help="file to write (default: standard output)")
    exp.add_argument("--history", action="store_true", help="also the replaced submissions")
    return {"submit": cmd_submit, "cohort": cmd_cohort}
