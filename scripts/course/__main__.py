"""`python -m course`: run labs, show their status, validate or import results.

    python -m course run [--lab L ...] [--device auto|cpu|cuda] [--preset full|smoke] [--force]
    python -m course status
    python -m course validate
    python -m course import FOLDER [--force]  (results made on another machine, e.g. a GPU)
    python -m course submit --lab LAB ...      (learners: see course/cohorts/cli.py)
    python -m course cohort new|list|add|export ...   (instructors)
    python -m course notebooks          (the notebook pages, both languages)
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
from pathlib import Path

from course import results, runner, site_inputs
from course.cohorts import cli as cohorts_cli
from labs.common.contract import LabMetaError, default_device, load_lab_meta


def _device(value: str) -> str:
    return default_device() if value == "auto" else value


def _cuda_usable() -> bool:
    """Whether PyTorch here sees a GPU; asked in a child, so the engine never imports torch."""
    probe = subprocess.run([sys.executable, "-c", "import torch; print(torch.cuda.is_available())"],
                           capture_output=True, text=True, timeout=300)
    return probe.stdout.strip() == "True"


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def cmd_run(args: argparse.Namespace) -> int:
    labs = tuple(args.lab) if args.lab else runner.all_labs()
    for lab in labs:
        try:
            load_lab_meta(lab)  # an unknown name fails here, with the list of known labs
        except (FileNotFoundError, LabMetaError) as error:
            print(f"course run: {error}", file=sys.stderr)
            return 2
    device = _device(args.device)
    if device == "cuda" and not _cuda_usable():
        # Every part would fail, and the failure record would then stop the site's build.
        print("course run: DEVICE=cuda, but PyTorch sees no CUDA GPU on this machine; run on the CPU "
              "(DEVICE=cpu, or leave DEVICE out) or on a GPU machine (README: Run on a GPU)", file=sys.stderr)
        return 2
    request = runner.RunRequest(labs=labs, device=device, preset=args.preset,
                                force=args.force, results_dir=Path(args.results), timeout_s=args.timeout,
                                keep_other_machines=args.keep_other_machines)
    for stop in (signal.SIGTERM, signal.SIGHUP):  # `kill`, a closed terminal: stop as Ctrl-C does
        signal.signal(stop, _interrupt)
    try:
        outcomes = runner.run_all(request)
    except KeyboardInterrupt:
        print("\ncourse run: interrupted; the lab that was running is stopped and its last result "
              "in results/ is unchanged (labs finished before it keep their new results)", file=sys.stderr)
        return 130
    return 0 if all(o.succeeded for o in outcomes) else 1


def cmd_status(args: argparse.Namespace) -> int:
    from course.status import print_status
    return print_status(Path(args.results))


def cmd_validate(args: argparse.Namespace) -> int:
    bad = 0
    manifests = sorted(Path(args.results).glob("*/*/manifest.json"))
    for path in manifests:
        try:
            results.read_manifest(path)
        except results.ManifestError as error:
            print(error, file=sys.stderr)
            bad += 1
    print(f"{len(manifests) - bad} valid, {bad} invalid manifests under {args.results}")
    return 1 if bad else 0


def cmd_import(args: argparse.Namespace) -> int:
    """Validate and place results made on another machine (see course/importing.py)."""
    from course.importing import import_folder
    folder = Path(args.folder)
    if not folder.is_dir():
        unpack = f"unpack it first: mkdir -p /tmp/gpu && tar xzf {folder} -C /tmp/gpu, then import /tmp/gpu"
        why = "does not exist" if not folder.exists() else f"is not a folder; {unpack}" if folder.is_file() else \
            "is not a folder"
        print(f"course import: {folder} {why}", file=sys.stderr)
        return 1
    outcomes = import_folder(folder, Path(args.results), force=args.force)
    if not outcomes:
        print(f"course import: no <lab>/<device>/manifest.json under {folder}; pass the folder that holds "
              "the labs' folders (as gpu-results packs them)", file=sys.stderr)
        return 1
    for outcome in outcomes:
        print(outcome.line(), file=sys.stdout if outcome.imported else sys.stderr)
    return 0 if all(o.imported for o in outcomes) else 1


def cmd_notebooks(args: argparse.Namespace) -> int:
    from course.notebooks import TranslationError, write_notebook_pages
    try:
        warnings = write_notebook_pages(Path(args.results))
    except TranslationError as error:
        print(error, file=sys.stderr)
        return 1
    for warning in warnings:
        print(warning, file=sys.stderr)
    print("notebook pages written (docs/en and docs/es)")
    return 0


def cmd_site(args: argparse.Namespace) -> int:
    site = Path(args.site_dir)
    if args.action == "record":
        site_inputs.record(results.ROOT, site)
        return 0
    if site_inputs.is_current(results.ROOT, site):
        print(f"{site} is up to date: nothing it is built from changed since its last build (FORCE=1 rebuilds)")
        return 0
    return 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m course")
    parser.add_argument("--results", default=str(results.RESULTS_DIR), help="results folder")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run labs whose results are missing or stale")
    run.add_argument("--lab", action="append", help="only this lab (repeatable)")
    run.add_argument("--device", default=os.environ.get("DEVICE") or "auto", choices=["auto", "cpu", "cuda"])
    run.add_argument("--preset", default="full", choices=["smoke", "full"])
    run.add_argument("--force", action="store_true", help="re-run even if the result is up to date")
    run.add_argument("--timeout", type=int, default=None, help="seconds per lab, instead of its lab.toml's")
    run.add_argument("--keep-other-machines", action="store_true",
                     help="keep results of the current code measured on another machine (make site does)")
    sub.add_parser("status", help="every lab's result and failure per device")
    sub.add_parser("validate", help="validate every manifest against the schema")
    imp = sub.add_parser("import", help="import results made on another machine")
    imp.add_argument("folder")
    imp.add_argument("--force", action="store_true",
                     help="replace a full result with a smoke one, or a newer with an older one")
    sub.add_parser("notebooks", help="write the notebook pages (both languages) from each lab's notebook and run")
    site = sub.add_parser("site", help="whether site/ is built from today's inputs (make site asks before building)")
    site.add_argument("action", choices=["check", "record"],
                      help="check: exit 0 when nothing the site is built from changed; record: after a build")
    site.add_argument("--site-dir", default=str(results.ROOT / "site"))
    cohort_handlers = cohorts_cli.add_parsers(sub)
    args = parser.parse_args(argv)
    handlers = {"run": cmd_run, "status": cmd_status, "validate": cmd_validate, "import": cmd_import,
                "notebooks": cmd_notebooks, "site": cmd_site, **cohort_handlers}
    return handlers[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
