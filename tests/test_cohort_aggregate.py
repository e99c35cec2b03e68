"""The cohort aggregate's file format and its trust rules, at their edges: the exact bytes
written, each reason an aggregate is not trusted, what counts as a stored file and its size."""

from __future__ import annotations

import hashlib
import json

import pytest

from course.cohorts import aggregate
from tests.helpers_cohorts import run


def test_the_aggregate_is_a_header_with_the_digest_then_compact_utf8_json():
    body = '[{"alias":"Bö","value":1.5}]'.encode()
    digest = hashlib.sha256(body).hexdigest()
    assert aggregate.dumps([{"alias": "Bö", "value": 1.5}]) == \
        b'{"aggregate_version": 2, "sha256": "' + digest.encode() + b'"}\n' + body + b"\n"


def test_an_entry_that_is_no_json_number_is_never_written():
    with pytest.raises(ValueError):
        aggregate.dumps([{"value": float("nan")}])


def aggregate_of(body: bytes, **header) -> bytes:
    head = {"aggregate_version": aggregate.AGGREGATE_VERSION, "sha256": hashlib.sha256(body).hexdigest()} | header
    return json.dumps(head).encode() + b"\n" + body + b"\n"


@pytest.mark.parametrize("raw, why", [
    (aggregate_of(b"[]", aggregate_version=1), "written by another version of the course"),
    (b"[1]\n[]\n", "written by another version of the course"),                   # a header that is no object
    (aggregate_of(b"[]", sha256="0" * 64), "its body does not match its digest"),
    (aggregate_of(b"[1]"), "not a list of entries"),
    (aggregate_of(b'{"a": 1}'), "not a list of entries"),
    (aggregate_of(b"[{"), "not readable (Expecting property name enclosed in double quotes: line 1 column 3 (char 2))"),
    (b"{\n[]\n", "not readable (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))"),
])
def test_an_aggregate_this_code_did_not_write_intact_is_refused_saying_why(raw, why):
    with pytest.raises(aggregate.AggregateError) as caught:
        aggregate.loads(raw)
    assert str(caught.value) == why


def test_an_aggregate_written_is_read_back_as_it_was():
    entries = [aggregate.entry("000001-ab.json", run(1, "Bö"), 321)]
    assert aggregate.loads(aggregate.dumps(entries)) == entries


def test_entries_match_the_files_only_by_name_folder_and_size():
    entries = [aggregate.entry("000001-ab.json", run(1), 321), aggregate.entry("000002-cd.json", run(2), 5, True)]
    assert aggregate.matches(entries, {("000001-ab.json", False): 321, ("000002-cd.json", True): 5})
    assert aggregate.matches(entries, {("000001-ab.json", False): None, ("000002-cd.json", True): None})
    assert not aggregate.matches(entries, {("000001-ab.json", False): 322, ("000002-cd.json", True): 5})  # edited
    assert not aggregate.matches(entries, {("000001-ab.json", False): 321, ("000002-cd.json", False): 5})  # moved
    assert not aggregate.matches(entries, {("000001-ab.json", False): 321})


def test_stored_files_are_the_submissions_and_history_without_dot_files(tmp_path):
    submissions = tmp_path / "submissions"
    (submissions / "history").mkdir(parents=True)
    (submissions / "a.json").write_bytes(b"12345")
    (submissions / "b").write_bytes(b"1")                 # a one-letter name is a file like any other
    (submissions / ".a.json.tmp-1").write_bytes(b"partial")
    (submissions / "history" / "old.json").write_bytes(b"123")
    (submissions / "history" / ".x").write_bytes(b"")
    assert aggregate.on_disk(submissions, "history") == {("a.json", False): 5, ("b", False): 1,
                                                         ("old.json", True): 3}
    assert aggregate.on_disk(submissions, "history", sizes=False) == {("a.json", False): None, ("b", False): None,
                                                                      ("old.json", True): None}
    assert aggregate.on_disk(tmp_path / "none", "history") == {}
