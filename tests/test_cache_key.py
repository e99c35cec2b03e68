"""The cache key's near misses: each thread variable on its own, the number of GPUs,
CUDA_VISIBLE_DEVICES, which files count as the lab's sources, and what must not change it.
(test_runner.py walks the main changes one after another; these are the ones next to them.)"""

from __future__ import annotations

import shutil
import subprocess
import types
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from labs.common import fingerprint

TOYS = Path(__file__).resolve().parent / "toylabs"
H100 = {"name": "NVIDIA H100 80GB HBM3", "driver": "580.1", "memory": "81559 MiB"}


@pytest.fixture
def tree(tmp_path, monkeypatch) -> Path:
    """Two labs and labs/common, in a folder of the test's own; a machine with fixed facts."""
    root = tmp_path / "labs"
    shutil.copytree(TOYS / "toy_ok", root / "toy_ok")
    shutil.copytree(TOYS / "toy_ok", root / "other_lab")
    (root / "common").mkdir()
    (root / "common" / "helper.py").write_text("VALUE = 1\n")
    monkeypatch.setattr(fingerprint, "LABS_DIR", root)
    monkeypatch.setattr(fingerprint, "cpu_model", lambda: "Test CPU")
    monkeypatch.setattr(fingerprint, "usable_cores", lambda: 2)
    monkeypatch.setattr(fingerprint, "gpus", lambda: (H100,))
    monkeypatch.setattr(fingerprint, "package_version", lambda name: {"torch": "2.13.0"}.get(name))
    for name in (*fingerprint.THREAD_VARIABLES, "CUDA_VISIBLE_DEVICES"):
        monkeypatch.delenv(name, raising=False)
    return root


def key(device: str = "cpu", preset: str = "smoke", lab: str = "toy_ok") -> str:
    return fingerprint.cache_key(lab, preset, device)


@pytest.mark.parametrize("variable", fingerprint.THREAD_VARIABLES)
@pytest.mark.parametrize("device", ["cpu", "cuda"])
def test_each_thread_variable_changes_the_key(tree, monkeypatch, variable, device):
    before = key(device)
    monkeypatch.setenv(variable, "1")
    one = key(device)
    monkeypatch.setenv(variable, "2")
    assert len({before, one, key(device)}) == 3, variable


def test_the_thread_variables_are_the_ones_that_set_threads():
    assert {"OMP_NUM_THREADS", "MKL_NUM_THREADS", "COURSE_TIMING_THREADS"} <= set(fingerprint.THREAD_VARIABLES)


def test_the_number_of_gpus_changes_a_gpu_key_not_a_cpu_one(tree, monkeypatch):
    one, cpu = key("cuda"), key("cpu")
    monkeypatch.setattr(fingerprint, "gpus", lambda: (H100, H100))
    assert key("cuda") != one and key("cpu") == cpu
    monkeypatch.setattr(fingerprint, "gpus", lambda: ())
    assert key("cuda") not in (one, key("cpu"))


@pytest.mark.parametrize("field, value", [("name", "NVIDIA H200"), ("driver", "590.2"), ("memory", "40960 MiB")])
def test_each_gpu_fact_changes_a_gpu_key(tree, monkeypatch, field, value):
    before = key("cuda")
    monkeypatch.setattr(fingerprint, "gpus", lambda: (H100 | {field: value},))
    assert key("cuda") != before


def test_cuda_visible_devices_changes_a_gpu_key_not_a_cpu_one(tree, monkeypatch):
    gpu, cpu = key("cuda"), key("cpu")
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "1")
    assert key("cuda") != gpu and key("cpu") == cpu
    one = key("cuda")
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "0,1")
    assert key("cuda") not in (gpu, one)


def test_cores_cpu_model_triton_and_torch_change_the_key(tree, monkeypatch):
    seen = {key()}
    for name, value in [("usable_cores", lambda: 4), ("cpu_model", lambda: "Other CPU"),
                        ("package_version", lambda name: {"torch": "2.13.0", "triton": "3.6.0"}.get(name)),
                        ("package_version", lambda name: {"torch": "2.11.0", "triton": "3.6.0"}.get(name))]:
        monkeypatch.setattr(fingerprint, name, value)
        assert key() not in seen, name
        seen.add(key())


def test_preset_device_and_lab_are_in_the_key(tree):
    assert len({key(), key(preset="full"), key(device="cuda"), key(lab="other_lab")}) == 4


@pytest.mark.parametrize("name", ["settings.toml", "data.json", "NOTES.md", "words.txt", "sub/deep.py"])
def test_every_source_kind_changes_the_key_wherever_it_sits(tree, name):
    before = key()
    path = tree / "toy_ok" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x")
    after = key()
    path.write_text("y")
    assert len({before, after, key()}) == 3


def test_what_is_not_a_source_does_not_change_the_key(tree):
    before = key()
    (tree / "toy_ok" / "__pycache__").mkdir(exist_ok=True)
    (tree / "toy_ok" / "__pycache__" / "lab.cpython-311.pyc").write_bytes(b"\0")
    (tree / "toy_ok" / "plot.png").write_bytes(b"\x89PNG")
    (tree / "other_lab" / "lab.py").write_text("# another lab's edit\n")
    (tree / "toy_ok" / "folder.py").mkdir()              # a folder named like a source
    assert key() == before


def test_renaming_a_file_or_moving_bytes_between_files_changes_the_key(tree):
    common = tree / "common"
    (common / "a.py").write_text("ab")
    (common / "b.py").write_text("c")
    before = key()
    (common / "a.py").write_text("a")
    (common / "b.py").write_text("bc")
    moved = key()
    (common / "b.py").rename(common / "c.py")
    assert len({before, moved, key()}) == 3


def test_the_key_is_stable_and_short(tree):
    assert key() == key() and len(key()) == 16 and int(key(), 16) >= 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.text(alphabet="0123456789,", max_size=6), min_size=2, max_size=2, unique=True))
def test_distinct_visible_device_lists_give_distinct_keys(tree, monkeypatch, values):
    keys = set()
    for value in values:
        monkeypatch.setenv("CUDA_VISIBLE_DEVICES", value)
        keys.add(key("cuda"))
    assert len(keys) == 2


# -- what nvidia-smi says ----------------------------------------------------------------------

def test_gpus_reads_one_row_per_gpu(monkeypatch):
    fingerprint.gpus.cache_clear()
    monkeypatch.setattr(fingerprint.shutil, "which", lambda name: "/usr/bin/nvidia-smi")
    out = "NVIDIA H200, 580.1, 143771 MiB\nNVIDIA H200, 580.1, 143771 MiB\n\n"
    monkeypatch.setattr(fingerprint.subprocess, "run", lambda *a, **k: types.SimpleNamespace(stdout=out))
    try:
        assert fingerprint.gpus() == ({"name": "NVIDIA H200", "driver": "580.1", "memory": "143771 MiB"},) * 2
        assert fingerprint.gpu_name() == "NVIDIA H200" and fingerprint.device_name("cuda") == "NVIDIA H200"
    finally:
        fingerprint.gpus.cache_clear()


def test_no_nvidia_smi_or_a_failing_one_means_no_gpu(monkeypatch):
    fingerprint.gpus.cache_clear()
    try:
        monkeypatch.setattr(fingerprint.shutil, "which", lambda name: None)
        assert fingerprint.gpus() == () and fingerprint.device_name("cuda") == "CUDA GPU"
        fingerprint.gpus.cache_clear()
        monkeypatch.setattr(fingerprint.shutil, "which", lambda name: "/usr/bin/nvidia-smi")

        def fails(*args, **kwargs):
            raise subprocess.CalledProcessError(9, "nvidia-smi")
        monkeypatch.setattr(fingerprint.subprocess, "run", fails)
        assert fingerprint.gpus() == ()
    finally:
        fingerprint.gpus.cache_clear()


def test_device_name_on_a_cpu_is_the_cpu_model(monkeypatch):
    monkeypatch.setattr(fingerprint, "cpu_model", lambda: "Test CPU")
    assert fingerprint.device_name("cpu") == "Test CPU"


# -- the key's recipe, pinned: changing it makes every committed result stale, so it is a decision

def test_the_machine_facts_are_exactly_these(tree, monkeypatch):
    monkeypatch.setenv("OMP_NUM_THREADS", "2")
    assert fingerprint.machine_fingerprint("cpu") == {
        "device": "cpu", "cpu_model": "Test CPU", "cores": 2,
        "threads": {"OMP_NUM_THREADS": "2", "MKL_NUM_THREADS": "", "COURSE_TIMING_THREADS": ""}}
    assert fingerprint.machine_fingerprint("cuda") == {
        "device": "cuda", "cpu_model": "Test CPU", "cores": 2,
        "threads": {"OMP_NUM_THREADS": "2", "MKL_NUM_THREADS": "", "COURSE_TIMING_THREADS": ""},
        "gpus": [H100], "cuda_visible_devices": ""}


def test_the_key_is_a_hash_of_these_parts_with_sorted_keys(tree, monkeypatch):
    import hashlib
    import json
    monkeypatch.setattr(fingerprint, "source_hash", lambda lab: "s" * 16)
    machine = {"cores": 2, "cpu_model": "Test CPU", "device": "cpu",
               "threads": {"COURSE_TIMING_THREADS": "", "MKL_NUM_THREADS": "", "OMP_NUM_THREADS": ""}}
    parts = {"machine": machine, "preset": "smoke", "sources": "s" * 16, "torch": "2.13.0", "triton": None}
    # written here in sorted order, key by key: a key built from unsorted or renamed parts differs
    text = json.dumps(parts)
    assert key() == hashlib.sha256(text.encode()).hexdigest()[:16]


def test_the_first_gpu_names_the_device(monkeypatch):
    monkeypatch.setattr(fingerprint, "gpus", lambda: ({"name": "first"}, {"name": "second"}))
    assert fingerprint.gpu_name() == "first"
    monkeypatch.setattr(fingerprint, "gpus", lambda: ())
    assert fingerprint.gpu_name() is None


def test_a_source_in_a_pycache_folder_is_not_a_source_and_the_hash_is_16_digits(tree):
    before = fingerprint.source_hash("toy_ok")
    (tree / "toy_ok" / "__pycache__").mkdir(exist_ok=True)
    (tree / "toy_ok" / "__pycache__" / "stale.py").write_text("x = 1\n")
    assert fingerprint.source_hash("toy_ok") == before and len(before) == 16


def test_a_lab_that_imports_another_lab_is_stale_when_that_lab_changes(tree):
    (tree / "third_lab").mkdir()
    (tree / "third_lab" / "shared.py").write_text("WIDTH = 64\n")
    (tree / "toy_ok" / "borrow.py").write_text("from labs.third_lab.shared import WIDTH\n")
    borrower, other = fingerprint.source_hash("toy_ok"), fingerprint.source_hash("other_lab")
    (tree / "third_lab" / "shared.py").write_text("WIDTH = 128\n")
    assert fingerprint.source_hash("toy_ok") != borrower, "a lab's key ignored the lab it imports from"
    assert fingerprint.source_hash("other_lab") == other, "a lab that imports nothing else changed"
    (tree / "toy_ok" / "borrow.py").write_text("# from labs.third_lab.shared import WIDTH, in a comment\nWIDTH = 1\n")
    assert tree / "third_lab" not in fingerprint.lab_folders("toy_ok")


def test_a_lab_import_below_a_files_first_line_is_followed_and_so_are_its_own(tree):
    # Imports rarely sit on a file's first line: a docstring and other imports come before them,
    # and a lazy one sits indented in a function. Each is followed, and so is what the imported
    # lab itself imports; a lab named inside a string is not an import.
    for name in ("third_lab", "fourth_lab", "fifth_lab"):
        (tree / name).mkdir()
        (tree / name / "shared.py").write_text("WIDTH = 64\n")
    (tree / "toy_ok" / "borrow.py").write_text(
        '"""Borrows a width."""\n\nimport math\n\n\ndef width():\n    from labs.third_lab.shared import WIDTH\n'
        "    return math.floor(WIDTH)\n")
    (tree / "third_lab" / "shared.py").write_text('"""Shared."""\nimport labs.fourth_lab.shared\nWIDTH = 64\n')
    (tree / "toy_ok" / "note.py").write_text('TEXT = "from labs.fifth_lab import nothing"\n')
    folders = fingerprint.lab_folders("toy_ok")
    assert tree / "third_lab" in folders and tree / "fourth_lab" in folders
    assert tree / "fifth_lab" not in folders
    before = fingerprint.source_hash("toy_ok")
    (tree / "fourth_lab" / "shared.py").write_text("WIDTH = 128\n")
    assert fingerprint.source_hash("toy_ok") != before, "a lab's key ignored a lab its import imports"


def _declare(root: Path, lab: str, line: str) -> None:
    toml = root / lab / "lab.toml"
    toml.write_text(toml.read_text() + line + "\n")


def test_a_declared_key_variable_changes_its_labs_key_and_no_other(tree, monkeypatch):
    _declare(tree, "toy_ok", 'key_variables = ["TOY_RELEASES"]')
    monkeypatch.delenv("TOY_RELEASES", raising=False)
    unset, other = key(), key(lab="other_lab")
    monkeypatch.setenv("TOY_RELEASES", "installed")
    installed = key()
    monkeypatch.setenv("TOY_RELEASES", "2.11.0,installed")
    assert len({unset, installed, key()}) == 3
    assert key(lab="other_lab") == other   # the variable is toy_ok's, not every lab's


def test_an_empty_value_is_the_unset_value_and_an_undeclared_variable_changes_nothing(tree, monkeypatch):
    _declare(tree, "toy_ok", 'key_variables = ["TOY_RELEASES"]')
    monkeypatch.delenv("TOY_RELEASES", raising=False)
    unset = key()
    monkeypatch.setenv("TOY_RELEASES", "")
    assert key() == unset
    monkeypatch.setenv("NOT_DECLARED", "x")
    assert key() == unset


@pytest.mark.parametrize("value", ['"TOY"', '["lower_case"]', '["TWO WORDS"]', "[1]", '["9LIVES"]', '[""]'])
def test_a_key_variables_field_that_is_not_a_list_of_names_is_refused_in_one_line(tree, value):
    from labs.common.labmeta import LabMetaError
    _declare(tree, "toy_ok", f"key_variables = {value}")
    with pytest.raises(LabMetaError, match=r"key_variables.*fix it and run again"):
        key()


def test_kernel_history_declares_the_variable_that_picks_its_releases():
    from labs.common.labmeta import load_lab_meta
    from labs.kernel_history.settings import RELEASES_VARIABLE
    assert load_lab_meta("kernel_history").key_variables == [RELEASES_VARIABLE]
