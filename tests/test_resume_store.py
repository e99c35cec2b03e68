"""The part store of labs/common/resume.py, called in-process (tests/test_resume.py drives it
through a killed and resumed toy lab, in subprocesses that mutation testing cannot see).

Records are written by hand here, not by `PartStore.save`, so that loading is checked against
the format the module documents, and `save` against what lands on disk.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import types
from pathlib import Path

import pytest

from labs.common.resume import PartRecord, PartStore, file_state, give_back_measured, json_value, measured_so_far

KEY = "code-abc|cpu|smoke"
ABC_SHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"   # sha256(b"abc")


def write_record(folder: Path, key: str, *, cache_key: str = KEY, status: str = "ok", files: dict | None = None,
                 **fields) -> Path:
    """A finished part's folder as the module's docstring lays it out."""
    part = folder / key
    for relative, content in (files or {}).items():
        (part / "files" / relative).parent.mkdir(parents=True, exist_ok=True)
        (part / "files" / relative).write_bytes(content)
    data = {"cache_key": cache_key, "key": key, "index": 0, "entry": {"status": status}, "recorded": {},
            "returns_object": False,
            "files": {r: hashlib.sha256(c).hexdigest() for r, c in (files or {}).items()}, **fields}
    part.mkdir(parents=True, exist_ok=True)
    (part / "record.json").write_text(json.dumps(data))
    return part


def test_json_value_says_whether_json_gives_the_value_back():
    assert json_value({"a": [1, 2.5, None, "x"]}) == (True, {"a": [1, 2.5, None, "x"]})
    assert json_value((1, 2)) == (False, (1, 2))          # comes back a list
    assert json_value({1: "a"}) == (False, {1: "a"})      # the key comes back "1"
    assert json_value({1, 2}) == (False, None)            # JSON cannot hold it at all
    assert json_value(object()) == (False, None)
    ok, _ = json_value(float("nan"))                      # NaN != NaN: not given back unchanged
    assert ok is False


def test_file_state_lists_regular_files_with_size_and_time_except_the_ignored(tmp_path):
    (tmp_path / "sub" / "deep").mkdir(parents=True)
    (tmp_path / "a.txt").write_text("abc")
    (tmp_path / "sub" / "deep" / "b.bin").write_bytes(b"12345")
    (tmp_path / "manifest.json").write_text("{}")
    (tmp_path / "link").symlink_to(tmp_path / "a.txt")
    os.utime(tmp_path / "a.txt", ns=(1_000_000_000, 2_000_000_123))
    state = file_state(tmp_path, frozenset({"manifest.json"}))
    assert set(state) == {"a.txt", "sub/deep/b.bin"}
    assert state["a.txt"] == (3, 2_000_000_123)
    assert state["sub/deep/b.bin"][0] == 5
    assert file_state(tmp_path, frozenset({"a.txt", "sub/deep/b.bin"})) == {"manifest.json": (2, (tmp_path / "manifest.json").stat().st_mtime_ns)}


def test_a_new_store_makes_its_folder_and_drops_half_recorded_parts(tmp_path):
    folder = tmp_path / "a" / "parts"
    store = PartStore(folder, KEY)
    assert folder.is_dir() and store.records == {} and store.cache_key == KEY and store.folder == folder
    (folder / ".first.partial" / "files").mkdir(parents=True)
    write_record(folder, "first")
    again = PartStore(folder, KEY)
    assert not (folder / ".first.partial").exists()
    assert list(again.records) == ["first"]


def test_a_record_is_loaded_with_its_defaults(tmp_path):
    write_record(tmp_path, "first", files={"out/x.txt": b"abc"}, index="3", returns_object=1)
    record = PartStore(tmp_path, KEY).records["first"]
    assert record == PartRecord(key="first", index=3, entry={"status": "ok"}, recorded={}, returned=None,
                                returns_object=True, files={"out/x.txt": ABC_SHA256}, measured={}, kept=None)
    write_record(tmp_path, "second", status="skipped", returned=[1], measured={"timing_threads": [2]},
                 kept={"k": 1})
    second = PartStore(tmp_path, KEY).records["second"]
    assert (second.returned, second.measured, second.kept, second.returns_object) == ([1], {"timing_threads": [2]},
                                                                                     {"k": 1}, False)


@pytest.mark.parametrize("damage", ["no record", "not json", "a list", "no index", "index not a number",
                                    "failed", "no status", "another folder's key", "file missing", "file changed"])
def test_a_damaged_record_or_a_failed_part_is_not_trusted(tmp_path, damage):
    write_record(tmp_path, "good")
    part = write_record(tmp_path, "part", files={"x.txt": b"abc"})
    data = json.loads((part / "record.json").read_text())
    if damage == "no record":
        (part / "record.json").unlink()
    elif damage == "not json":
        (part / "record.json").write_text('{"cache_key": ')
    elif damage == "a list":
        (part / "record.json").write_text("[1, 2]")
    elif damage == "no index":
        del data["index"]
    elif damage == "index not a number":
        data["index"] = "first"
    elif damage == "failed":
        data["entry"]["status"] = "failed"
    elif damage == "no status":
        data["entry"] = {}
    elif damage == "another folder's key":
        data["key"] = "good"
    elif damage == "file missing":
        (part / "files" / "x.txt").unlink()
    elif damage == "file changed":
        (part / "files" / "x.txt").write_bytes(b"abd")
    if damage in ("no index", "index not a number", "failed", "no status", "another folder's key"):
        (part / "record.json").write_text(json.dumps(data))
    store = PartStore(tmp_path, KEY)
    assert list(store.records) == ["good"], "only the sound record is kept; the damaged one runs again"
    assert (tmp_path / "good").is_dir()


@pytest.mark.parametrize("other_first", [True, False])
def test_a_record_of_another_key_discards_every_record(tmp_path, other_first):
    # "a..." sorts before "z...": the other key is met before or after the sound record.
    write_record(tmp_path, "a-part" if other_first else "z-part", cache_key="code-xyz|cpu|smoke")
    write_record(tmp_path, "z-part" if other_first else "a-part")
    store = PartStore(tmp_path, KEY)
    assert store.records == {} and tmp_path.is_dir() and list(tmp_path.iterdir()) == []


def test_discard_from_forgets_that_part_and_every_later_one(tmp_path):
    for index, key in enumerate(["p0", "p1", "p2", "p3"]):
        write_record(tmp_path, key, index=index)
    store = PartStore(tmp_path, KEY)
    store.discard_from(2)
    assert sorted(store.records) == ["p0", "p1"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p0", "p1"]
    store.discard_all()
    assert store.records == {} and tmp_path.is_dir() and list(tmp_path.iterdir()) == []


def test_save_copies_the_files_writes_the_record_and_replaces_an_older_one(tmp_path):
    out, folder = tmp_path / "out", tmp_path / "parts"
    (out / "sub").mkdir(parents=True)
    (out / "sub" / "x.txt").write_bytes(b"abc")
    store = PartStore(folder, KEY)
    write_record(folder, "use", files={"old.txt": b"old"})          # an older attempt's record
    (folder / ".use.partial").mkdir()                                  # and a half-recorded one
    (folder / ".use.partial" / "stale").write_text("stale")
    record = PartRecord(key="use", index=2, entry={"status": "ok", "wall_s": 1.5}, recorded={"metrics": {"m": 1}},
                        returned={"r": 1}, returns_object=False, files={"sub/x.txt": "not yet hashed"},
                        measured={"device_methods": {"events": 1}}, kept=[1, 2])
    store.save(record, out)
    assert sorted(p.name for p in folder.iterdir()) == ["use"]
    assert sorted(p.relative_to(folder / "use").as_posix() for p in (folder / "use").rglob("*") if p.is_file()) == [
        "files/sub/x.txt", "record.json"]
    assert (folder / "use" / "files" / "sub" / "x.txt").read_bytes() == b"abc"
    assert json.loads((folder / "use" / "record.json").read_text()) == {
        "cache_key": KEY, "key": "use", "index": 2, "entry": {"status": "ok", "wall_s": 1.5},
        "recorded": {"metrics": {"m": 1}}, "returned": {"r": 1}, "returns_object": False,
        "files": {"sub/x.txt": ABC_SHA256}, "measured": {"device_methods": {"events": 1}}, "kept": [1, 2]}
    expected = PartRecord(key="use", index=2, entry={"status": "ok", "wall_s": 1.5}, recorded={"metrics": {"m": 1}},
                          returned={"r": 1}, returns_object=False, files={"sub/x.txt": ABC_SHA256},
                          measured={"device_methods": {"events": 1}}, kept=[1, 2])
    assert store.records["use"] == expected
    assert PartStore(folder, KEY).records["use"] == expected, "what was saved loads back whole"


def test_restore_files_puts_a_records_files_back_under_the_output(tmp_path):
    folder, out = tmp_path / "parts", tmp_path / "out"
    write_record(folder, "use", files={"a/b/x.txt": b"abc", "y.txt": b"y"})
    store = PartStore(folder, KEY)
    store.restore_files(store.records["use"], out)
    assert (out / "a" / "b" / "x.txt").read_bytes() == b"abc" and (out / "y.txt").read_bytes() == b"y"


def fake_measure(monkeypatch, threads: set[int], methods: dict[str, int]) -> types.ModuleType:
    module = types.ModuleType("labs.common.measure")
    module._timing_threads, module._device_methods = threads, methods
    module.threads_used = lambda: sorted(module._timing_threads)
    module.device_methods_used = lambda: dict(module._device_methods)
    monkeypatch.setitem(sys.modules, "labs.common.measure", module)
    return module


def test_measured_so_far_is_empty_until_measure_is_imported(monkeypatch):
    monkeypatch.delitem(sys.modules, "labs.common.measure", raising=False)
    assert measured_so_far() == ([], {})
    fake_measure(monkeypatch, {4, 2}, {"events": 3})
    assert measured_so_far() == ([2, 4], {"events": 3})


def test_give_back_measured_adds_a_restored_parts_counts(monkeypatch):
    module = fake_measure(monkeypatch, {2}, {"events": 3})
    give_back_measured({"timing_threads": ["4", 2], "device_methods": {"events": "2", "graphs": 1}})
    assert module._timing_threads == {2, 4} and module._device_methods == {"events": 5, "graphs": 1}
    give_back_measured({"device_methods": {"graphs": 1}})
    assert module._device_methods == {"events": 5, "graphs": 2}
    give_back_measured({"timing_threads": [8]})
    assert module._timing_threads == {2, 4, 8}


def test_give_back_measured_with_nothing_counted_does_not_import_measure(monkeypatch):
    monkeypatch.delitem(sys.modules, "labs.common.measure", raising=False)
    give_back_measured({})
    give_back_measured({"timing_threads": [], "device_methods": None})
    assert "labs.common.measure" not in sys.modules


def test_a_stray_hidden_file_in_the_parts_folder_does_not_stop_a_resume(tmp_path):
    (tmp_path / ".DS_Store").write_text("not a part")
    write_record(tmp_path, "first")
    assert list(PartStore(tmp_path, KEY).records) == ["first"]


def test_discarding_survives_folders_someone_else_removed(tmp_path):
    folder = tmp_path / "run" / "parts"
    write_record(folder, "p0")
    write_record(folder, "p1", index=1)
    store = PartStore(folder, KEY)
    (folder / "p1" / "record.json").unlink()
    (folder / "p1").rmdir()
    store.discard_from(1)                                  # its folder is already gone
    assert list(store.records) == ["p0"]
    for child in sorted(folder.rglob("*"), reverse=True):
        child.unlink() if child.is_file() else child.rmdir()
    folder.rmdir()
    folder.parent.rmdir()                                  # the whole run folder is gone
    store.discard_all()
    assert folder.is_dir() and store.records == {}


def test_a_first_save_writes_two_files_of_one_folder(tmp_path):
    out, folder = tmp_path / "out", tmp_path / "parts"
    (out / "plots").mkdir(parents=True)
    (out / "plots" / "a.txt").write_bytes(b"abc")
    (out / "plots" / "b.txt").write_bytes(b"b")
    store = PartStore(folder, KEY)
    record = PartRecord(key="plot", index=0, entry={"status": "ok"}, recorded={}, returned=None,
                        returns_object=False, files={"plots/a.txt": "", "plots/b.txt": ""}, measured={})
    store.save(record, out)                                # no staging and no older record to clear
    assert store.records["plot"].files == {"plots/a.txt": ABC_SHA256,
                                           "plots/b.txt": hashlib.sha256(b"b").hexdigest()}
    assert sorted(p.name for p in (folder / "plot" / "files" / "plots").iterdir()) == ["a.txt", "b.txt"]
