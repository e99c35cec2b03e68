"""Kernel history: the course's reference modules compiled under several PyTorch releases.

Each release runs in its own process with its own python (`envs`): the installed release is
the python running this lab; any other is a venv under .work/kernel_history/envs, built from
pinned wheels only when asked (KERNEL_HISTORY_BUILD=1) and reused afterwards. The child
(`probe`) compiles every module and writes what it saw; this process reads those records and
turns them into the page's material:

    environments   which releases have a python, how long each took to install, how big
    probe_<release>  one child per release, oldest first, a part each; a release that fails is a row
    probes         what every release's probe gave, and how long it took
    tables         per module, one row per release (kernels, fusions, guards, times)
    kernels        per module, the normalised kernels of each release, and a side-by-side
                   diff between consecutive releases with its changed rows listed
    trend          compile time and speedup across releases, as figures
    summary        what changed between consecutive releases, from the claims; the pin advice

Resuming (`--resume`): the parts share one History of plain data, which the lab keeps
(`lab.keep`): a rerun after a kill restores each finished part, every release already probed
included, and probes only the releases left.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from labs.common import environment
from labs.common.contract import LANGUAGES
from labs.common.harness import Lab
from labs.common.labmeta import LABS_DIR
from labs.common.measure import POLLUTING_ENV
from labs.kernel_history import diff, envs, release_changes
from labs.kernel_history.history import HISTORY_COLUMNS, HISTORY_UNITS, Snapshot, clip, history_row, snapshot
from labs.kernel_history.probe import PROBE_FILE
from labs.kernel_history.settings import SETTINGS, base_version, releases_for, version_key


@dataclass
class ReleaseRun:
    env: envs.ReleaseEnv
    probe: dict | None = None
    reason: str | None = None        # why there is no probe, or why it stopped early
    wall_s: float | None = None

    @property
    def release(self) -> str:
        """The version the probe reported (e.g. 2.13.0+cpu), else the one asked for."""
        return (self.probe or {}).get("torch") or self.env.release


@dataclass
class History:
    modules: tuple[str, ...]
    runs: list[ReleaseRun] = field(default_factory=list)
    asked: tuple[str, ...] = ()      # the releases part environments looked for

    def snapshots(self, module: str) -> list[Snapshot]:
        return [snapshot(run.release, module, (run.probe or {}).get("modules", {}).get(module), run.reason)
                for run in self.runs]


def part_environments(lab: Lab, history: History, releases: tuple[str, ...]) -> None:
    build = os.environ.get(envs.BUILD_VARIABLE) == "1"
    history.asked = releases
    found = []
    for release in releases:
        lab.progress(f"environment {release}" + (" (building)" if build else ""))
        found.append(envs.locate(release, build=build))
    # One row per version: the installed build wins over an environment of the same release.
    installed = next((e for e in found if e.installed), None)
    kept = [e for e in found if e.installed or installed is None
            or base_version(e.release) != base_version(installed.release)]
    kept = list({e.release: e for e in kept}.values())  # a release asked twice is probed once: one part
    history.runs = [ReleaseRun(env) for env in sorted(kept, key=lambda e: version_key(e.release))]
    for run in history.runs:
        if run.env.python is None:
            run.reason = run.env.reason
    rows = [[r.env.release, "installed (the lab's own python)" if r.env.installed else "environment",
             r.env.install_s, round(r.env.size_bytes / 1e9, 2) if r.env.size_bytes else None,
             "ok" if r.env.python else r.env.reason] for r in history.runs]
    lab.table("releases", ["release", "source", "install_s", "size_gb", "status"], rows,
              units={"install_s": "s", "size_gb": "GB"})
    lab.metric("releases.asked", len(history.runs))


def _child_env(work: Path) -> dict[str, str]:
    """The probe's environment: its own caches and scratch under `work`, the repository on its
    path, and none of the switches that would make its timings refuse to run."""
    env = {k: v for k, v in os.environ.items() if k not in POLLUTING_ENV and k != "COURSE_PROGRESS"}
    for name, sub in {"TORCHINDUCTOR_CACHE_DIR": "inductor-cache", "TORCH_COMPILE_DEBUG_DIR": "debug",
                      "TRITON_CACHE_DIR": "triton-cache", "TMPDIR": "tmp"}.items():
        (work / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(work / sub)
    environment.share_precompiled_headers(work / "tmp")   # each release builds its header once
    env["PYTHONPATH"] = str(LABS_DIR.parent)
    return env


def run_probe(lab: Lab, run: ReleaseRun, modules: tuple[str, ...], timeout_s: int) -> None:
    """Run one release's probe; whatever happens becomes the run's probe and reason."""
    work = lab.work / "releases" / run.env.release
    out = work / "out"
    out.mkdir(parents=True, exist_ok=True)
    log = work / "probe.log"
    command = [run.env.python, "-m", "labs.kernel_history.probe", "--device", lab.device,
               "--preset", lab.preset, "--modules", ",".join(modules), "--out", str(out)]
    started = time.perf_counter()
    try:
        with log.open("w", encoding="utf-8") as handle:
            done = subprocess.run(command, stdout=handle, stderr=subprocess.STDOUT, cwd=LABS_DIR.parent,
                                  env=_child_env(work), timeout=timeout_s)
        if done.returncode != 0:
            run.reason = "probe failed: " + _tail(log)
    except subprocess.TimeoutExpired:
        run.reason = f"probe stopped after {timeout_s} s (the preset's limit)"
    except OSError as error:
        run.reason = f"probe did not start: {error}"
    run.wall_s = round(time.perf_counter() - started, 1)
    if (out / PROBE_FILE).is_file():
        run.probe = json.loads((out / PROBE_FILE).read_text(encoding="utf-8"))
        wanted = base_version(run.env.release)
        if not run.env.installed and base_version(run.probe.get("torch", "")) != wanted:
            run.reason = f"the environment runs torch {run.probe.get('torch')}, not {wanted}"
            run.probe = None
    elif run.reason is None:
        run.reason = "probe wrote no result: " + _tail(log)


def key_part(release: str) -> str:
    """A release as a manifest key may spell it: 2.13.0+cpu -> 2.13.0-cpu."""
    return re.sub(r"[^A-Za-z0-9_.-]", "-", release)


def _tail(log: Path) -> str:
    lines = [line.strip() for line in log.read_text(errors="replace", encoding="utf-8").splitlines() if line.strip()]
    return (lines[-1] if lines else "no output")[:300]


def part_probe(lab: Lab, history: History, index: int, timeout_s: int) -> None:
    """One release's probe. By index: a resumed run replaces `history.runs` with the kept copy."""
    run = history.runs[index]
    lab.progress(f"probe {run.env.release}")
    run_probe(lab, run, history.modules, timeout_s)


def part_probes(lab: Lab, history: History) -> None:
    ran = [r for r in history.runs if r.probe]
    if not ran:
        raise RuntimeError("no release produced a probe: " + "; ".join(f"{r.env.release}: {r.reason}"
                                                                       for r in history.runs))
    lab.metric("releases.ran", ", ".join(r.release for r in ran))
    lab.metric("releases.count", len(ran))
    installed = next((r for r in history.runs if r.env.installed), None)
    if installed:
        lab.metric("installed_release", installed.release)
    lab.table("probes", ["release", "wall_s", "threads", "status"],
              [[r.release, r.wall_s, ", ".join(str(t) for t in (r.probe or {}).get("threads", [])) or None,
                r.reason or "ok"] for r in history.runs], units={"wall_s": "s"})


def part_tables(lab: Lab, history: History) -> None:
    for module in history.modules:
        for lang in LANGUAGES:   # the English table is the data; a page's language picks its own
            key = f"history.{module}" if lang == "en" else f"history.{module}.{lang}"
            lab.table(key, HISTORY_COLUMNS, [history_row(s, lang) for s in history.snapshots(module)],
                      units=HISTORY_UNITS)
        for snap in history.snapshots(module):
            if snap.ok:
                lab.metric(f"{module}.kernels.{key_part(snap.release)}", len(snap.kernels))


def part_kernels(lab: Lab, history: History) -> None:
    changed_rows = []
    for module in history.modules:
        snaps = [s for s in history.snapshots(module) if s.ok]
        for snap in snaps:
            language = "cpp" if snap.kernels and snap.kernels[0].get("language") == "cpp" else "python"
            suffix = "cpp" if language == "cpp" else "py"
            lab.write_artifact(f"kernels.{module}.{key_part(snap.release)}",
                               f"kernels/{key_part(snap.release)}/{module}.{suffix}",
                               "\n".join(snap.listing()) + "\n", language)
        lines: list[str] = []
        if len(snaps) < 2:
            only = snaps[0].release if snaps else "none"
            lines.append(f"Only one release compiled {module} on this device ({only}): nothing to compare.")
        for old, new in pairwise(snaps):
            pair = f"{old.release} → {new.release}"
            lines.append(f"{'═' * 8} {pair} {'═' * 8}")
            rows = diff.side_by_side(old.listing(), new.listing())
            if not rows:
                lines.append("(identical after normalisation)")
            for row in rows:
                lines.append(row.text)
                if row.change:
                    changed_rows.append([module, pair, len(lines), row.change])
            lines.append("")
        lab.write_artifact(f"diff.{module}", f"diffs/{module}.txt", "\n".join(lines) + "\n", "text")
    lab.table("diff_lines", ["module", "pair", "line", "change"], changed_rows)


def part_trend(lab: Lab, history: History) -> None:
    rows = []
    for run in history.runs:
        if not run.probe:
            continue
        snaps = {m: s for m in history.modules for s in history.snapshots(m) if s.release == run.release}
        rows.append([run.release]
                    + [snaps[m].compile_s if snaps[m].ok else None for m in history.modules]
                    + [snaps[m].speedup if snaps[m].ok else None for m in history.modules])
    columns = ["release"] + [f"compile_{m}" for m in history.modules] + [f"speedup_{m}" for m in history.modules]
    units = {f"compile_{m}": "s" for m in history.modules} | {f"speedup_{m}": "×" for m in history.modules}
    lab.table("trend", columns, rows, units=units)
    lab.figure("compile_time", "trend", "release", [f"compile_{m}" for m in history.modules])
    lab.figure("speedup", "trend", "release", [f"speedup_{m}" for m in history.modules])


ONE_RELEASE = {"en": "one release ran on this device: nothing to compare",
               "es": "en este dispositivo se ejecutó una sola versión: nada que comparar"}


def part_summary(lab: Lab, history: History) -> None:
    rows: dict[str, list[list[str]]] = {"en": [], "es": []}
    for module in history.modules:
        snaps = history.snapshots(module)
        if len(snaps) == 1:
            for lang, text in ONE_RELEASE.items():
                rows[lang].append([module, snaps[0].release, text])
        for old, new in pairwise(snaps):
            for sentence in release_changes.changes(old, new):
                for lang in rows:
                    rows[lang].append([module, f"{old.release} → {new.release}", clip(sentence[lang])])
    for lang, found in rows.items():
        lab.table(f"changes.{lang}", ["module", "releases", "change"], found)
    installed = next((r.release for r in history.runs if r.env.installed), "")
    every = [s for m in history.modules for s in history.snapshots(m) if s.ok]
    advice, sentence = release_changes.pin_advice(every, installed)
    lab.metric("pin.advice", advice)
    lab.metric("pin.summary.en", sentence["en"])
    lab.metric("pin.summary.es", sentence["es"])


def run(lab: Lab) -> None:
    settings = SETTINGS[lab.preset]
    history = History(settings.modules)
    lab.keep(history)
    releases = releases_for(settings, lab.device)
    lab.part("environments", "Environments: one python per release", part_environments, history, releases)
    # One part per release, so that a killed run keeps the releases it probed already.
    for index, release_run in enumerate(history.runs):
        if release_run.env.python is not None:
            lab.part(f"probe_{key_part(release_run.env.release)}", f"Probe: torch {release_run.env.release}",
                     part_probe, history, index, settings.probe_timeout_s, after=("environments",))
    lab.part("probes", "Probes: what each release gave", part_probes, history, after=("environments",))
    after = ("probes",)
    lab.part("tables", "Per module, release by release", part_tables, history, after=after)
    lab.part("kernels", "Kernels and their diffs between releases", part_kernels, history, after=after)
    lab.part("trend", "Compile time and speedup across releases", part_trend, history, after=after)
    lab.part("summary", "What changed, from the recorded facts", part_summary, history, after=after)
