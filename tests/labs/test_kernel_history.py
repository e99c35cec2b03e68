"""Kernel history: the smoke run (the installed release only) and, in milliseconds, the pieces
that decide what the page says: normalising kernels, the side-by-side diff, the claims on
synthetic histories (both sides of each condition), and a release that cannot run."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import pytest

from labs.common.harness import Lab
from labs.common.options import LabOptions
from labs.kernel_history import diff, envs, release_changes, settings
from labs.kernel_history import lab as history_lab
from labs.kernel_history.history import CELL_LIMIT, HISTORY_COLUMNS, Snapshot, history_row
from labs.kernel_history.normalize import fusion, normalize, strategy

LAB = "kernel_history"


# -- the smoke run ---------------------------------------------------------------------------

def test_smoke_runs_the_installed_release_only(run):
    releases = run.table("releases")
    assert len(releases) == 1 and releases[0]["source"].startswith("installed")
    assert releases[0]["install_s"] is None          # nothing was installed
    import torch
    assert run.metric("releases.ran") == torch.__version__
    assert run.table("probes")[0]["status"] == "ok"


def test_smoke_records_each_module(run):
    for module in settings.SETTINGS["smoke"].modules:
        (row,) = run.table(f"history.{module}")
        assert row["status"] == "ok", row
        assert row["kernels"] >= 1 and row["compile_s"] > 0
        assert 0 < row["compiled_q1_us"] <= row["compiled_us"] <= row["compiled_q3_us"]
        assert row["guards"] > 0, f"{module}: no guards read"
        listing = (run.out / run.manifest["artifacts"][f"kernels.{module}.{history_lab.key_part(row['release'])}"]["path"]).read_text()
        assert not re.search(r"\bbuf\d+\b", listing), "buffer numbers must be normalised away"
        assert "/tmp/" not in listing


def test_smoke_says_there_is_nothing_to_compare(run):
    for module in settings.SETTINGS["smoke"].modules:
        text = (run.out / run.manifest["artifacts"][f"diff.{module}"]["path"]).read_text()
        assert text.startswith("Only one release")
    assert {row["change"] for row in run.table("changes.en")} == {history_lab.ONE_RELEASE["en"]}
    assert run.table("diff_lines") == []
    assert run.metric("pin.advice") == "stay"


# -- normalising kernels ---------------------------------------------------------------------

KERNEL = '''#include "/tmp/torchinductor_ab/pi/cpicxudqmdsjh5cm4klbtbrvy.h"
extern "C" void kernel(const float* in_ptr0, float* out_ptr0)
{
    auto tmp0 = in_ptr0[x0];  // buf3
    // backend_hash 0123456789abcdef0123
}'''


def test_normalize_removes_only_what_changes_run_to_run():
    other = (KERNEL.replace("torchinductor_ab/pi/cpicxudqmdsjh5cm4klbtbrvy", "torchinductor_zz/qq/cabcdef")
             .replace("buf3", "buf17").replace("0123456789abcdef0123", "fedcba9876543210fedc"))
    assert normalize(KERNEL) == normalize(other)
    changed = KERNEL.replace("in_ptr0[x0]", "in_ptr0[x0 + 1]")
    assert normalize(changed) != normalize(KERNEL)                  # a near miss stays a difference
    assert "#include <torch/csrc/inductor/cpp_prefix.h>" in normalize(
        "#include <torch/csrc/inductor/cpp_prefix.h>\n")             # a relative include is code


def test_fusion_and_strategy_read_the_kernel():
    assert fusion("cpp_fused__softmax_add_3") == "_softmax_add"
    assert fusion("triton_per_fused_native_layer_norm_0") == "native_layer_norm"
    assert strategy("cpp_fused_x_0", "at::vec::Vectorized<float> #pragma omp for welford") == \
        "vectorized+parallel+welford"
    assert strategy("cpp_fused_x_0", "float tmp_acc0 = 0;") == "scalar+reduction"
    assert strategy("triton_red_fused_x_0", "") == "looped"
    assert strategy("triton_per_fused_x_0", "") == "persistent"


# -- the diff --------------------------------------------------------------------------------

def test_diff_marks_changed_added_and_removed_rows():
    old = [f"line {i}" for i in range(20)]
    assert diff.side_by_side(old, list(old)) == []
    new = list(old)
    new[10] = "line ten"
    new.insert(15, "inserted")
    del new[2]
    rows = diff.side_by_side(old, new)
    changes = [r.change for r in rows if r.change]
    assert changes == ["removed", "changed", "added"]
    changed = next(r.text for r in rows if r.change == "changed")
    assert changed.startswith("line 10") and changed.rstrip().endswith("line ten") and " | " in changed
    assert any("unchanged lines" in r.text for r in rows)          # long equal runs fold


def test_diff_truncates_long_lines_to_its_width():
    rows = diff.side_by_side(["x" * 200], ["y" * 200])
    left = rows[0].text.split(" | ")[0]
    assert len(left) == diff.WIDTH and left.endswith("…")


# -- claims on synthetic histories -----------------------------------------------------------

def stats(median: float, spread: float = 0.01) -> dict:
    return {"median_s": median, "q1_s": median * (1 - spread), "q3_s": median * (1 + spread),
            "min_s": median * 0.9, "max_s": median * 1.1, "reps": 50, "clock": "latency", "method": ""}


def kernel(fuse: str, strat: str = "vectorized+parallel+reduction", pattern: str | None = None,
           source: str | None = None) -> dict:
    return {"name": f"cpp_fused_{fuse}_0", "language": "cpp", "fusion": fuse, "strategy": strat,
            "pattern": pattern, "source": source or f"// {fuse}\n"}


def snap(release: str = "2.12.1", module: str = "m", **fields) -> Snapshot:
    base = {"kernels": [kernel("_softmax")], "guard_kinds": {"TENSOR_MATCH": 3}, "compile_s": 10.0,
            "eager": stats(2e-4), "compiled": stats(1e-4), "library_calls": ["extern_kernels.addmm"]}
    return Snapshot(release, module, **(base | fields))


def test_claim_compile_failed_both_sides():
    assert "did not compile" in release_changes.claim_compile_failed(snap(), snap("2.13.0", error="compile failed: X"))["en"]
    assert "compiles it" in release_changes.claim_compile_failed(snap(error="compile failed: X"), snap("2.13.0"))["en"]
    assert release_changes.claim_compile_failed(snap(), snap("2.13.0")) is None


def test_claim_kernel_count_both_sides():
    two = snap(kernels=[kernel("_softmax"), kernel("add")])
    said = release_changes.claim_kernel_count(two, snap("2.13.0"))
    assert said["en"].startswith("fewer kernels: 2 → 1") and said["es"].startswith("menos kernels")
    assert release_changes.claim_kernel_count(snap(), snap("2.13.0")) is None


def test_claim_fusions_both_sides():
    said = release_changes.claim_fusions(snap(), snap("2.13.0", kernels=[kernel("_softmax_add")]))
    assert "`_softmax_add`" in said["en"] and "`_softmax`" in said["en"]
    assert release_changes.claim_fusions(snap(), snap("2.13.0", kernels=[kernel("_softmax", "scalar")])) is None


def test_claim_strategy_both_sides():
    welford = snap(kernels=[kernel("native_layer_norm", "vectorized+parallel+welford")])
    plain = snap("2.13.0", kernels=[kernel("native_layer_norm", "vectorized+parallel+reduction")])
    assert "welford → vectorized+parallel+reduction" in release_changes.claim_strategy(welford, plain)["en"]
    assert release_changes.claim_strategy(plain, plain) is None


def test_claim_pattern_needs_both_annotated():
    two = snap(kernels=[kernel("_softmax", pattern="softmax, two_pass")])
    online = snap("2.13.0", kernels=[kernel("_softmax", pattern="softmax, online")])
    said = release_changes.claim_pattern(two, online)
    assert "softmax (in the graph: amax then sum) → softmax (in the graph: prepare_softmax_online)" in said["en"]
    assert "softmax (en el grafo: amax y luego suma) → softmax (en el grafo: prepare_softmax_online)" in said["es"]
    assert release_changes.claim_pattern(snap(), online) is None            # "not annotated" is not a change
    assert release_changes.claim_pattern(two, two) is None


def test_claim_library_calls_both_sides():
    assert "extern_kernels.mm" in release_changes.claim_library_calls(snap(), snap("2.13.0", library_calls=["extern_kernels.mm"]))["en"]
    assert release_changes.claim_library_calls(snap(), snap("2.13.0")) is None


def test_claim_guard_kinds_both_sides():
    more = snap("2.13.0", guard_kinds={"TENSOR_MATCH": 3, "DIMENSION_DYNAMIC_MARKING_GUARD": 15})
    said = release_changes.claim_guard_kinds(snap(), more)
    assert "`DIMENSION_DYNAMIC_MARKING_GUARD`" in said["en"] and "(3 → 18 guards)" in said["en"]
    fewer = release_changes.claim_guard_kinds(snap(), snap("2.13.0", guard_kinds={"TENSOR_MATCH": 2}))
    assert fewer is not None, "the same kinds in other numbers is a change worth a row"
    assert "`TENSOR_MATCH` 3 → 2" in fewer["en"] and "(3 → 2 guards)" in fewer["en"] and "(3 → 2 guardas)" in fewer["es"]
    assert release_changes.claim_guard_kinds(snap(), snap("2.13.0")) is None        # same kinds, same counts
    assert release_changes.claim_guard_kinds(snap(guard_kinds=None), more) is None


def test_claim_compile_time_outside_its_band_only():
    assert "2.1× slower" in release_changes.claim_compile_time(snap(), snap("2.13.0", compile_s=21.0))["en"]
    assert "2,1× más lenta" in release_changes.claim_compile_time(snap(), snap("2.13.0", compile_s=21.0))["es"]
    for inside in (19.0, 15.0, 6.7, 5.1):    # 1.5× either way is what one release does on its own
        assert release_changes.claim_compile_time(snap(), snap("2.13.0", compile_s=inside)) is None, inside
    assert "2.0× faster" in release_changes.claim_compile_time(snap(), snap("2.13.0", compile_s=4.9))["en"]
    assert release_changes.claim_compile_time(snap(compile_s=None), snap("2.13.0")) is None


@pytest.mark.parametrize("figure, band", [("compile_s", "COMPILE_BAND"), ("compiled_us", "CALL_BAND")])
def test_each_band_is_wider_than_one_release_varies_in_every_committed_noise_benchmark(figure, band):
    # an independent measurement: the same release probed again and again (scripts/bench_probe_noise.py)
    benchmarks = sorted((Path(__file__).resolve().parents[2] / "benchmarks" / "probe_noise").glob("*.json"))
    assert benchmarks
    low, high = getattr(release_changes, band)
    for path in benchmarks:
        samples = json.loads(path.read_text(encoding="utf-8"))["samples"][figure]
        widest = max(max(values) / min(values) for values in samples.values())
        assert 1 / low > widest and high > widest, (path.name, widest)


def test_claim_compiled_time_is_noise_aware():
    said = release_changes.claim_compiled_time(snap(), snap("2.13.0", compiled=stats(0.3e-4)))
    assert said == {"en": "compiled call 3.3× faster (latency)", "es": "llamada compilada 3,3× más rápida (latencia)"}
    assert "2.6× slower" in release_changes.claim_compiled_time(snap(), snap("2.13.0", compiled=stats(2.6e-4)))["en"]
    noisy = stats(3e-4, spread=3.0)                                 # beyond the band, inside the other's spread
    assert release_changes.claim_compiled_time(snap(compiled=stats(1e-4, spread=3.0)), snap("2.13.0", compiled=noisy)) is None
    gpu = snap("2.13.0", compiled=stats(0.3e-4), clock="device")
    assert release_changes.claim_compiled_time(snap(), gpu) is None          # two clocks are never compared


@pytest.mark.parametrize("median", [0.5e-4, 2e-4, 0.41e-4, 2.4e-4])
def test_a_compiled_call_apart_by_less_than_separate_probes_of_one_release_says_nothing(median):
    # tight spreads inside each probe, the medians 2× apart: what two processes of one release did
    assert release_changes.claim_compiled_time(snap(), snap("2.13.0", compiled=stats(median))) is None


def test_claim_identical_and_the_weaker_sentences():
    assert release_changes.claim_identical(snap(), snap("2.13.0")) is not None
    assert release_changes.claim_identical(snap(), snap("2.13.0", kernels=[kernel("_softmax", source="// x\n")])) is None
    quiet = release_changes.changes(snap(), snap("2.13.0", compiled=stats(1.02e-4), compile_s=11.0))
    assert quiet == [release_changes.claim_identical(snap(), snap())]      # noise says nothing, not "unchanged"
    edited = snap("2.13.0", kernels=[kernel("_softmax", source="// other\n")])
    said = release_changes.changes(snap(), edited)
    assert [s["en"] for s in said] == ["kernel text differs in 1 line (see the diff)"]
    assert release_changes.changes(snap(error="e"), snap("2.13.0", error="e")) == [release_changes.NEITHER]


def test_pin_advice_each_way():
    installed = "2.13.0+cpu"
    mine = snap(installed)
    assert release_changes.pin_advice([snap("2.12.1"), mine], installed)[0] == "stay"
    assert release_changes.pin_advice([mine, snap("2.14.1")], installed)[0] == "move"
    assert release_changes.pin_advice([mine, snap("2.14.1", error="compile failed: X")], installed)[0] == "stay"
    advice, sentence = release_changes.pin_advice([mine, snap("2.14.1", compiled=stats(3e-4))], installed)
    assert advice == "stay" and "slower" in sentence["en"]
    assert release_changes.pin_advice([snap("2.14.1")], installed)[0] == "undecided"


# -- releases that cannot run ----------------------------------------------------------------

def test_settings_order_and_override(monkeypatch):
    ordered = sorted(["2.13.0+cpu", "2.10.0", "2.12.1", "2.9.1"], key=settings.version_key)
    assert ordered == ["2.9.1", "2.10.0", "2.12.1", "2.13.0+cpu"]
    monkeypatch.setenv(settings.RELEASES_VARIABLE, "installed, 2.11.0")
    assert settings.releases_for(settings.SETTINGS["full"], "cpu") == ("installed", "2.11.0")
    monkeypatch.delenv(settings.RELEASES_VARIABLE)
    assert len(settings.releases_for(settings.SETTINGS["full"], "cpu")) >= 4


def test_a_release_without_environment_is_a_row_not_an_install(tmp_path):
    env = envs.locate("2.11.0", build=False, root=tmp_path)
    assert env.python is None and envs.build_command("2.11.0") in env.reason
    assert list(tmp_path.iterdir()) == []                           # nothing created, pip never ran
    folder = envs.env_folder("2.11.0", tmp_path)
    (folder / "bin").mkdir(parents=True)
    (folder / envs.INSTALL_FILE).write_text(json.dumps({"install_s": 65.0, "size_bytes": 4_700_000_000}))
    found = envs.locate("2.11.0", root=tmp_path)
    assert found.python == str(folder / "bin" / "python") and found.install_s == 65.0
    assert envs.locate(envs.INSTALLED).installed


def fake_python(tmp_path: Path, body: str) -> str:
    path = tmp_path / "python"
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


def lab_for(tmp_path: Path) -> Lab:
    return Lab(LabOptions(lab_id=LAB, device="cpu", preset="smoke", out=tmp_path / "out", work=tmp_path / "work"))


@pytest.mark.parametrize("body, reason", [
    ('echo "ImportError: libcudnn.so.9: cannot open shared object file" >&2; exit 1', "probe failed: ImportError"),
    ('for a; do case "$prev" in --out) mkdir -p "$a"; echo \'{"torch": "2.9.1", "modules": {}}\' > "$a/probe.json";; esac; prev="$a"; done',
     "runs torch 2.9.1, not 2.11.0"),
    ("exit 0", "probe wrote no result"),
])
def test_a_probe_that_fails_is_a_reason(tmp_path, body, reason):
    run = history_lab.ReleaseRun(envs.ReleaseEnv("2.11.0", fake_python(tmp_path, body)))
    history_lab.run_probe(lab_for(tmp_path), run, ("tinyhead",), timeout_s=60)
    assert reason in run.reason and run.probe is None


def test_a_missing_python_and_a_failed_release_become_rows(tmp_path):
    run = history_lab.ReleaseRun(envs.ReleaseEnv("2.11.0", str(tmp_path / "absent")))
    history_lab.run_probe(lab_for(tmp_path), run, ("tinyhead",), timeout_s=60)
    assert run.reason.startswith("probe did not start")
    row = history_row(Snapshot("2.11.0", "tinyhead", error=run.reason))
    assert len(row) == len(HISTORY_COLUMNS) and row[1] == run.reason and row[2:] == [None] * (len(row) - 2)


def test_a_long_cell_is_clipped_to_what_a_manifest_holds():
    many = Snapshot("2.11.0", "train_step", kernels=[kernel(f"fused_group_number_{i}") for i in range(300)])
    fusions = history_row(many)[HISTORY_COLUMNS.index("fusions")]
    assert len(fusions) == CELL_LIMIT and fusions.endswith("…")
    assert history_row(snap())[HISTORY_COLUMNS.index("fusions")] == "_softmax"


def test_a_row_counts_repeated_calls_and_keeps_patterns_apart():
    many = snap(kernels=[kernel("a", pattern="softmax, two_pass"), kernel("b", pattern="none"),
                         kernel("c", pattern="none")],
                library_calls=["extern_kernels.mm", "extern_kernels.bmm", "extern_kernels.mm"])
    row = dict(zip(HISTORY_COLUMNS, history_row(many)))
    assert row["library_calls"] == "extern_kernels.mm ×2; extern_kernels.bmm"
    assert row["patterns"] == "no pattern (2 kernels); softmax (in the graph: amax then sum)"
    assert dict(zip(HISTORY_COLUMNS, history_row(snap(kernels=[kernel("a")]))))["patterns"] == "not annotated"


def test_a_release_becomes_a_valid_key():
    assert history_lab.key_part("2.13.0+cpu") == "2.13.0-cpu"
    assert history_lab.key_part("2.11.0") == "2.11.0"


def test_the_child_gets_no_logging_switch(monkeypatch, tmp_path):
    monkeypatch.setenv("COURSE_PRECOMPILED_HEADERS", str(tmp_path / "headers"))
    monkeypatch.setenv("TORCH_LOGS", "+dynamo")
    env = history_lab._child_env(tmp_path)
    assert "TORCH_LOGS" not in env and env["TORCHINDUCTOR_CACHE_DIR"].startswith(str(tmp_path))
    assert os.environ["TORCH_LOGS"] == "+dynamo"                    # the parent's own is left alone


def test_each_release_keeps_its_precompiled_header_between_runs(monkeypatch, tmp_path):
    """The probe's fresh TMPDIR links Inductor's header folder to the shared one (a release's
    header is built once, not at every run); two runs' work folders see the same folder."""
    monkeypatch.setenv("COURSE_PRECOMPILED_HEADERS", str(tmp_path / "headers"))
    seen = []
    for run in ("first", "second"):
        env = history_lab._child_env(tmp_path / run)
        folders = list(Path(env["TMPDIR"]).glob("torchinductor_*/precompiled_headers"))
        assert len(folders) == 1 and folders[0].is_symlink()
        seen.append(folders[0].resolve())
    assert seen[0] == seen[1] == (tmp_path / "headers").resolve()


def test_the_committed_cpu_history_holds_every_release_the_full_preset_pins():
    """The releases' environments are built only when asked, and a run without them is a page of
    one release with the command that builds the others. That is right on a learner's laptop; as
    the published result it is a regression, and `make labs FORCE=1` once made one unnoticed
    (the environments had gone). The committed full CPU run must show every pinned release, ok."""
    root = Path(__file__).resolve().parents[2]
    manifest = json.loads((root / "results" / LAB / "cpu" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["provenance"]["preset"] == "full"
    table = manifest["tables"]["releases"]
    rows = [dict(zip(table["columns"], row, strict=True)) for row in table["rows"]]
    pinned = settings.SETTINGS["full"].releases["cpu"]
    assert len(rows) == len(pinned)
    for row, release in zip(rows, pinned, strict=True):
        assert row["status"] == "ok", row
        if release != settings.INSTALLED:
            assert row["release"] == release and row["source"] == "environment", row
    probes = [name for name, part in manifest["parts"].items() if name.startswith("probe_") and part["status"] == "ok"]
    assert len(probes) == len(pinned)


@pytest.mark.parametrize(("eager_after", "blamed_on_probe"), [
    (2e-4, False),      # eager unchanged: the release made the call slower
    (4.9e-4, False),    # eager 2.45× slower: inside CALL_BAND (2.5), still the release's
    (5.1e-4, True),     # eager 2.55× slower, the same way as the compiled call: the probe's machine
    (0.7e-4, False),    # eager faster while the compiled call is slower: not the machine
])
def test_a_time_that_moved_with_its_eager_control_is_the_probes(eager_after, blamed_on_probe):
    before, after = snap(), snap("2.13.0", compiled=stats(3e-4), eager=stats(eager_after), compile_s=25.0)
    for said in (release_changes.claim_compiled_time(before, after), release_changes.claim_compile_time(before, after)):
        assert ("the probe's machine, not the release" in said["en"]) == blamed_on_probe
        assert ("la máquina de la sonda, no la versión" in said["es"]) == blamed_on_probe
    advice, _ = release_changes.pin_advice([before, after], "2.12.1")
    assert advice == ("move" if blamed_on_probe else "stay")
