"""The vector-instruction search (`measure.search_vector_isa`): Inductor's test programs are
built once per machine and torch release, never into a cold compile's cache, and the time
it takes stays out of the toolchain figure."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from torch._inductor import cpu_vec_isa

from labs.common import environment, measure

ROOT = Path(__file__).resolve().parent.parent


class FakeInductor:
    """Inductor's rule, written out: one program per set in the cache folder of the moment,
    built only when the file is not there yet."""

    def __init__(self, sets: tuple[str, ...] = ("avx512", "avx2")):
        self.sets, self.calls, self.folders = sets, 0, []

    def pick_vec_isa(self) -> str:
        self.calls += 1
        folder = Path(os.environ["TORCHINDUCTOR_CACHE_DIR"])
        self.folders.append(folder)
        for name in self.sets:
            program = folder / "ab" / f"{name}.so"
            if not program.exists():
                program.parent.mkdir(parents=True, exist_ok=True)
                program.write_bytes(b"\x7fELF")
        return self.sets[0]


@pytest.fixture
def fresh_process(monkeypatch, tmp_path):
    """A process that has not searched yet, its shared folder under tmp_path."""
    monkeypatch.setenv(environment.VECTOR_ISA_VARIABLE, str(tmp_path / "isa"))
    monkeypatch.setattr(measure, "_isa_search", None)
    fake = FakeInductor()
    monkeypatch.setattr(cpu_vec_isa, "pick_vec_isa", fake.pick_vec_isa)
    return fake


def test_the_programs_go_to_the_shared_folder_of_this_release_and_the_cache_variable_comes_back(
        fresh_process, tmp_path, monkeypatch):
    monkeypatch.setenv("TORCHINDUCTOR_CACHE_DIR", str(tmp_path / "cold"))
    found = measure.search_vector_isa()
    shared = tmp_path / "isa" / torch.__version__
    assert fresh_process.folders == [shared]
    assert sorted(p.name for p in shared.rglob("*.so")) == ["avx2.so", "avx512.so"]
    assert (found.built, found.chosen) == (2, "avx512")
    assert os.environ["TORCHINDUCTOR_CACHE_DIR"] == str(tmp_path / "cold")
    assert not (tmp_path / "cold").exists()


def test_a_later_process_finds_the_programs_and_builds_none(fresh_process, monkeypatch):
    first = measure.search_vector_isa()
    monkeypatch.setattr(measure, "_isa_search", None)          # the next process
    second = measure.search_vector_isa()
    assert (first.built, second.built) == (2, 0)
    assert fresh_process.calls == 2


def test_one_search_per_process(fresh_process):
    assert measure.search_vector_isa() is measure.search_vector_isa()
    assert fresh_process.calls == 1


def test_each_release_has_its_own_folder_under_one_root(monkeypatch, tmp_path):
    assert environment.LABS_DIR == ROOT / "labs"                    # the default root is the repository's
    monkeypatch.setattr(environment, "LABS_DIR", tmp_path / "repo" / "labs")
    monkeypatch.delenv(environment.VECTOR_ISA_VARIABLE, raising=False)
    default = environment.shared_vector_isa_dir("2.13.0+cpu")
    assert default == tmp_path / "repo" / ".work" / "vector-isa" / "2.13.0+cpu" and default.is_dir()
    assert environment.shared_vector_isa_dir("2.11.0") == default.parent / "2.11.0"
    monkeypatch.setenv(environment.VECTOR_ISA_VARIABLE, str(tmp_path / "chosen"))
    assert environment.shared_vector_isa_dir("2.11.0") == tmp_path / "chosen" / "2.11.0"


def test_only_programs_this_search_added_count_as_built(fresh_process, tmp_path):
    shared = tmp_path / "isa" / torch.__version__
    (shared / "ab").mkdir(parents=True)
    (shared / "ab" / "avx2.so").write_bytes(b"kept")            # an earlier process built one of two
    assert measure.search_vector_isa().built == 1


def test_the_warm_up_searches_first_then_compiles_in_a_cold_cache(monkeypatch, tmp_path):
    order: list[str] = []
    shared = tmp_path / "isa"
    monkeypatch.setattr(measure, "search_vector_isa", lambda: order.append("search"))

    def first_call(fn, device):
        order.append(os.environ["TORCHINDUCTOR_CACHE_DIR"])
        return 1.5
    monkeypatch.setattr(measure, "first_call_s", first_call)
    monkeypatch.setenv(environment.VECTOR_ISA_VARIABLE, str(shared))
    assert measure.warm_up_compiler("cpu") == 1.5                # the search's time is not in it
    assert order[0] == "search" and len(order) == 2
    assert not order[1].startswith(str(shared))                  # the one-line compile stays cold


def test_a_gpu_warm_up_does_not_search(monkeypatch):
    searched: list[bool] = []
    monkeypatch.setattr(measure, "search_vector_isa", lambda: searched.append(True))
    monkeypatch.setattr(measure, "first_call_s", lambda fn, device: 0.5)
    monkeypatch.setattr(torch, "randn", lambda *a, **k: torch.zeros(64))
    assert measure.warm_up_compiler("cuda") == 0.5
    assert searched == []


SEARCH = ("import json, os; from labs.common import measure; s = measure.search_vector_isa(); "
          "print(json.dumps({'built': s.built, 'chosen': s.chosen, 'cache': os.environ.get('TORCHINDUCTOR_CACHE_DIR')}))")


@pytest.mark.slow
def test_with_real_inductor_a_second_process_builds_nothing_and_chooses_the_same(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), **{environment.VECTOR_ISA_VARIABLE: str(tmp_path / "isa"),
                                                    "TORCHINDUCTOR_CACHE_DIR": str(tmp_path / "cold")})
    runs = [json.loads(subprocess.run([sys.executable, "-c", SEARCH], env=env, cwd=ROOT, capture_output=True,
                                      text=True, check=True, timeout=300).stdout.splitlines()[-1])
            for _ in range(2)]
    assert runs[0]["built"] > 0 and runs[1]["built"] == 0
    assert runs[0]["chosen"] == runs[1]["chosen"]
    assert {run["cache"] for run in runs} == {str(tmp_path / "cold")}
    assert not list((tmp_path / "cold").rglob("*.so"))         # nothing built into the cold folder


def test_an_unwritable_machine_folder_leaves_the_search_in_the_cache_of_the_moment(fresh_process, tmp_path,
                                                                                    monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv(environment.VECTOR_ISA_VARIABLE, str(blocker / "isa"))   # cannot be created
    monkeypatch.setenv("TORCHINDUCTOR_CACHE_DIR", str(tmp_path / "cold"))
    assert environment.shared_vector_isa_dir(torch.__version__) is None
    found = measure.search_vector_isa()                                          # no raise
    assert fresh_process.folders == [tmp_path / "cold"]
    assert (found.built, found.chosen) == (2, "avx512")
