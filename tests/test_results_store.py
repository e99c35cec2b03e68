"""The results store's edges that mutation testing found untested: what a commit keeps and
returns, where a replaced result goes, how much of a failed log is kept, artifacts reached
through a symbolic link inside the folder, and submissions' schema and text form."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from course import results
from course.cohorts import submission
from tests.helpers_locale import locale_encoding
from tests.manifests import manifest, write_result


def staged(tmp_path, **changes):
    """A run written beside the store, as the runner and import stage one."""
    folder = write_result(tmp_path / "staging-root", device="cuda", **changes)
    (tmp_path.parent / "results" / "inductor_kernels").mkdir(parents=True, exist_ok=True)
    return folder


def test_a_commit_keeps_only_what_the_manifest_names_and_returns_the_new_result(tmp_path):
    staging = staged(tmp_path / "1")
    (staging / "deep" / "er").mkdir(parents=True)
    (staging / "deep" / "er" / "stray.txt").write_text("not named")
    (staging / "empty").mkdir()
    store = tmp_path / "results"
    result = results.commit_result(store, "inductor_kernels", "cuda", staging)
    final = store / "inductor_kernels" / "cuda"
    assert (result.lab, result.device, result.folder, result.replaced) == ("inductor_kernels", "cuda", final, None)
    assert result.manifest == json.loads((final / "manifest.json").read_text())
    assert sorted(p.relative_to(final).as_posix() for p in final.rglob("*")) == ["kernel.cpp", "manifest.json"]


def test_a_commit_makes_the_running_machines_paths_neutral_in_text_artifacts(tmp_path):
    """What Inductor wrote where it ran (a home folder, the run's temporary folder) never reaches
    results/; a binary artifact and the manifest are left as written."""
    staging = staged(tmp_path / "1")
    (staging / "kernel.cpp").write_text("# File: /home/ada/course/labs/x/block.py:24\n"
                                        "# /tmp/inductor_kernels-cuda-k3j/inductor-cache/ab/cab.py\n"
                                        "# /usr/bin/g++ stays\n")
    binary = b"\xff\xfe/home/ada/x"
    manifest = json.loads((staging / "manifest.json").read_text())
    manifest["artifacts"]["blob"] = {"path": "blob.bin", "language": "text"}
    (staging / "manifest.json").write_text(json.dumps(manifest))
    (staging / "blob.bin").write_bytes(binary)
    final = results.commit_result(tmp_path / "results", "inductor_kernels", "cuda", staging).folder
    text = (final / "kernel.cpp").read_text()
    assert "/home/ada" not in text and "/tmp/inductor_kernels-cuda-k3j" not in text
    assert "labs/x/block.py:24" in text and "/usr/bin/g++ stays" in text
    assert (final / "blob.bin").read_bytes() == binary


def test_a_replaced_result_is_kept_under_its_own_date(tmp_path):
    store = tmp_path / "results"
    results.commit_result(store, "inductor_kernels", "cuda", staged(tmp_path / "1"))
    newer = manifest()["provenance"] | {"date_utc": "2026-11-22T10:00:00Z", "device": "cuda"}
    second = results.commit_result(store, "inductor_kernels", "cuda", staged(tmp_path / "2", provenance=newer))
    assert second.replaced == store / ".history" / "inductor_kernels" / "cuda-20261121T130600Z"
    assert json.loads((second.replaced / "manifest.json").read_text())["provenance"]["date_utc"] == \
        "2026-11-21T13:06:00Z"
    assert not list((store / "inductor_kernels").glob(".*"))          # no swap folder left


def commit_dated(tmp_path, store, day: int, attempt: str):
    provenance = manifest()["provenance"] | {"date_utc": f"2026-11-{day:02d}T10:00:00Z", "device": "cuda"}
    return results.commit_result(store, "inductor_kernels", "cuda", staged(tmp_path / attempt, provenance=provenance))


def history_of(store) -> dict[str, str]:
    return {p.name: json.loads((p / "manifest.json").read_text())["provenance"]["date_utc"]
            for p in (store / ".history" / "inductor_kernels").iterdir()}


def test_each_of_three_results_in_turn_replaces_the_last_which_is_kept_under_its_date(tmp_path):
    store = tmp_path / "results"
    for attempt, day in enumerate((20, 21, 22)):
        current = commit_dated(tmp_path, store, day, str(attempt))
    assert current.replaced == store / ".history" / "inductor_kernels" / "cuda-20261121T100000Z"
    assert history_of(store) == {"cuda-20261120T100000Z": "2026-11-20T10:00:00Z",
                                 "cuda-20261121T100000Z": "2026-11-21T10:00:00Z"}
    assert results.load_result(store, "inductor_kernels", "cuda").manifest["provenance"]["date_utc"] == \
        "2026-11-22T10:00:00Z"
    assert not list((store / "inductor_kernels").glob(".*"))


def test_a_run_committed_twice_then_replaced_is_kept_once(tmp_path):
    """The second commit of one run puts its first copy in the history under the run's date; the
    next result moves the second copy there too, over the first."""
    store = tmp_path / "results"
    commit_dated(tmp_path, store, 20, "a")
    commit_dated(tmp_path, store, 20, "b")
    current = commit_dated(tmp_path, store, 21, "c")
    assert current.replaced == store / ".history" / "inductor_kernels" / "cuda-20261120T100000Z"
    assert history_of(store) == {"cuda-20261120T100000Z": "2026-11-20T10:00:00Z"}
    assert sorted(p.name for p in current.replaced.iterdir()) == ["kernel.cpp", "manifest.json"]
    assert not list((store / "inductor_kernels").glob(".*"))


def test_a_result_folder_without_a_manifest_is_replaced_and_leaves_nothing_beside(tmp_path):
    store = tmp_path / "results"
    (store / "inductor_kernels" / "cuda").mkdir(parents=True)
    (store / "inductor_kernels" / "cuda" / "stray.txt").write_text("no manifest here")
    committed = results.commit_result(store, "inductor_kernels", "cuda", staged(tmp_path / "1"))
    assert committed.replaced is None and not (store / ".history").exists()
    assert sorted(p.name for p in (store / "inductor_kernels").iterdir()) == ["cuda"]
    assert sorted(p.name for p in committed.folder.iterdir()) == ["kernel.cpp", "manifest.json"]


@pytest.mark.parametrize("damage", ["{not json", '{"lab": "inductor_kernels"}',
                                    json.dumps(manifest(device="cpu"))])   # a CPU run filed under cuda/
def test_a_new_run_replaces_a_damaged_result_which_is_kept_as_damaged(tmp_path, damage):
    """`judge` has a damaged result re-made: the new run must not then be refused for it."""
    store = tmp_path / "results"
    (write_result(store, device="cuda") / "manifest.json").write_text(damage)
    assert results.judge(store, "inductor_kernels", "cuda", "key", "full").freshness is results.Freshness.DAMAGED
    committed = results.commit_result(store, "inductor_kernels", "cuda", staged(tmp_path / "1"))
    assert committed.replaced == store / ".history" / "inductor_kernels" / "cuda-damaged"
    assert (committed.replaced / "manifest.json").read_text() == damage
    assert results.load_result(store, "inductor_kernels", "cuda").manifest == committed.manifest


def test_a_run_staged_on_another_filesystem_is_copied_beside_its_result_then_removed(tmp_path, monkeypatch):
    store = tmp_path / "results"
    staging = staged(tmp_path / "1")
    rename = Path.rename

    def rename_on_one_filesystem(self, target):   # a rename into results/ from outside it fails
        if store not in self.parents and store in Path(target).parents:
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        return rename(self, target)

    monkeypatch.setattr(Path, "rename", rename_on_one_filesystem)
    committed = results.commit_result(store, "inductor_kernels", "cuda", staging)
    assert sorted(p.name for p in committed.folder.iterdir()) == ["kernel.cpp", "manifest.json"]
    assert not staging.exists() and not list((store / "inductor_kernels").glob(".*"))


def test_a_failed_runs_log_keeps_its_end(tmp_path):
    log = "start\n" + "x" * results.FAILED_LOG_TAIL + "\nTraceback: the end"
    record = results.FailureRecord(lab="inductor_kernels", device="cpu", date_utc="2026-11-21T00:00:00Z",
                                   reason="boom", log="x.log", command="make labs", cache_key="k")
    results.record_failure(tmp_path, record, log)
    kept = next(tmp_path.rglob("*.log")).read_text()
    assert kept.endswith("Traceback: the end") and len(kept) == results.FAILED_LOG_TAIL and "start" not in kept


def test_an_artifact_behind_a_symlinked_folder_inside_the_result_is_refused(tmp_path):
    folder = write_result(tmp_path / "r", device="cuda")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "kernel.cpp").write_text("secret")
    (folder / "sub").symlink_to(outside)
    data = json.loads((folder / "manifest.json").read_text())
    data["artifacts"]["kernel"]["path"] = "sub/kernel.cpp"
    with pytest.raises(results.ManifestError, match="symbolic link"):
        results.referenced_files(folder, data, "the manifest")


def test_a_result_in_a_folder_reached_through_a_symlinked_parent_is_accepted(tmp_path):
    """Only links inside the result's folder are refused: the store itself may sit under a
    symbolic link (macOS's /tmp, a home folder moved to another disk)."""
    (tmp_path / "disk").mkdir()
    (tmp_path / "home").symlink_to(tmp_path / "disk")
    folder = write_result(tmp_path / "home" / "results", device="cuda")
    data = json.loads((folder / "manifest.json").read_text())
    assert results.referenced_files(folder, data, "the manifest") == [folder / "kernel.cpp"]


@pytest.mark.parametrize("length, shown", [(200, "x" * 200), (201, "x" * 200 + "…")])
def test_long_messages_are_cut_at_200_characters(length, shown):
    assert results._short("x" * length) == shown


# -- submissions -------------------------------------------------------------------------------

def test_schema_references_are_inlined_everywhere():
    schema = {"type": "object", "properties": {"a": {"$ref": "#/$defs/word"},
                                               "b": {"type": "array", "items": [{"$ref": "#/$defs/word"}]}},
              "$defs": {"word": {"type": "string", "pattern": "^[a-z]+$"}}}
    word = {"type": "string", "pattern": "^[a-z]+$"}
    assert submission._inline_refs(schema, schema["$defs"]) == {
        "type": "object", "properties": {"a": word, "b": {"type": "array", "items": [word]}}}


def test_the_validator_built_from_the_inlined_schema_still_refuses(monkeypatch):
    from tests.helpers_cohorts import rehash, run
    submission._validator.cache_clear()
    try:
        data = run()
        data["metrics"]["eager_us"]["unit"] = 3             # a unit must be text
        assert submission.problems(rehash(data))
        assert not submission.problems(run())
    finally:
        submission._validator.cache_clear()


def test_a_submission_is_written_sorted_indented_and_as_typed():
    assert submission.to_text({"b": 1, "a": "ñ"}) == '{\n  "a": "ñ",\n  "b": 1\n}\n'
    with pytest.raises(ValueError):
        submission.to_text({"a": float("nan")})


def test_one_problem_is_named_without_a_count():
    from tests.helpers_cohorts import rehash, run
    data = run()
    data["metrics"]["eager_us"] = {"value": -1.0, "unit": "µs"}
    with pytest.raises(submission.SubmissionError) as refused:
        submission.check(rehash(data))
    assert "(and" not in str(refused.value) and "metrics.eager_us.value" in str(refused.value)


def test_a_stored_submission_edited_after_it_was_accepted_is_refused():
    from tests.helpers_cohorts import run
    data = run()
    assert submission.parse(submission.to_text(data).encode(), full=False) == data
    edited = dict(data, metrics=dict(data["metrics"], eager_us={"value": 1.0, "unit": "µs"}))
    for raw in (submission.to_text(edited).encode(), b"[1, 2]", b'{"content_hash": 3}'):
        with pytest.raises(submission.SubmissionError, match="does not match its content_hash"):
            submission.parse(raw, full=False)


def test_a_device_with_only_a_failure_record_is_listed(tmp_path):
    write_result(tmp_path, device="cpu")
    record = results.FailureRecord(lab="inductor_kernels", device="cuda", date_utc="2026-11-21T00:00:00Z",
                                   reason="boom", log="x.log", command="make labs", cache_key="k")
    results.record_failure(tmp_path, record, "log")
    assert results.ResultStore(tmp_path).devices("inductor_kernels") == ["cpu", "cuda"]
    assert results.ResultStore(tmp_path).devices("capstone") == []


def test_a_result_is_read_and_made_neutral_as_utf8_whatever_the_machines_locale(tmp_path, monkeypatch):
    """On a machine whose locale is cp1252 (Windows), µ and é read with the locale's codec
    would come back as two characters each, and be written back that way."""
    locale_encoding(monkeypatch)
    staging = staged(tmp_path / "1")
    (staging / "kernel.cpp").write_bytes("// /home/ada/x.py: 3 µs, é\n".encode())
    manifest_text = json.dumps(json.loads((staging / "manifest.json").read_text()), ensure_ascii=False)
    assert "µs" in manifest_text
    (staging / "manifest.json").write_bytes(manifest_text.encode())
    committed = results.commit_result(tmp_path / "results", "inductor_kernels", "cuda", staging)
    assert (committed.folder / "kernel.cpp").read_bytes().decode("utf-8") == "// ~/x.py: 3 µs, é\n"
    assert results.read_manifest(committed.folder / "manifest.json")["metrics"]["eager_us"]["unit"] == "µs"
    record = results.FailureRecord(lab="inductor_kernels", device="cpu", date_utc="2026-11-21T00:00:00Z",
                                   reason="falló: µs", log="x.log", command="make labs", cache_key="k")
    results.record_failure(tmp_path, record, "log")
    assert results.load_failure(tmp_path, "inductor_kernels", "cpu").reason == "falló: µs"


def test_the_manifest_is_never_rewritten_even_when_it_names_a_path_of_the_machine(tmp_path):
    staging = staged(tmp_path / "1")
    data = json.loads((staging / "manifest.json").read_text())
    data["metrics"]["where"] = {"value": "/home/ada/course", "unit": ""}
    written = json.dumps(data).encode()
    (staging / "manifest.json").write_bytes(written)
    committed = results.commit_result(tmp_path / "results", "inductor_kernels", "cuda", staging)
    assert (committed.folder / "manifest.json").read_bytes() == written


def test_each_text_file_is_made_neutral_even_after_a_binary_one(tmp_path):
    binary, text = tmp_path / "a.bin", tmp_path / "b.txt"
    binary.write_bytes(b"\xff/home/ada/x")
    text.write_text("see /home/ada/course/x.py\n", encoding="utf-8")
    results.neutralise_machine_paths([binary, text])
    assert binary.read_bytes() == b"\xff/home/ada/x" and text.read_text(encoding="utf-8") == "see ~/course/x.py\n"


def test_the_manifest_schema_is_read_as_utf8_whatever_the_machines_locale(monkeypatch):
    """The schema holds characters cp1252 cannot decode: read with a Windows locale's codec,
    every manifest's validation stopped (hidden in a run where the validator was cached first)."""
    locale_encoding(monkeypatch)
    monkeypatch.setattr(results, "_validator", results._validator.__wrapped__)   # not the cached one
    results.validate_manifest(manifest(), "the manifest")
