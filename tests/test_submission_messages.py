"""A submission's refusals, whole: the line a learner or an instructor acts on names the field
and says what to do, and the content hash is the one serialisation the file format promises
(the expected bytes are written here by hand, not with submission.canonical_bytes)."""

from __future__ import annotations

import datetime
import hashlib
import json

import pytest

from course.cohorts import submission
from course.cohorts.submission import SubmissionError, alias_key, check, content_hash, parse, problems
from tests.helpers_cohorts import rehash, run

NOW = datetime.datetime(2026, 11, 24, 12, 0, 0, tzinfo=datetime.UTC)
REDO = "; make the file again with `.venv/bin/python -m course submit` from an unedited run"


def refusal(data, **kwargs) -> str:
    with pytest.raises(SubmissionError) as refused:
        check(data, **kwargs)
    return str(refused.value)


def test_one_problem_is_the_whole_line_with_no_count():
    data = run()
    data["metrics"]["eager_us"] = {"value": -1.0, "unit": "µs"}
    assert refusal(rehash(data)) == ("field 'metrics.eager_us.value' is -1 µs, and a quantity in µs cannot be "
                                     "negative" + REDO)


@pytest.mark.parametrize("device, device_name, message", [
    ("cuda", "AMD EPYC", "is cuda, but the device name is the run's CPU model (AMD EPYC): a CPU run relabelled as "
                         "a GPU run"),
    ("cpu", "NVIDIA H100", "is cpu, but the device name (NVIDIA H100) is not the run's CPU model (AMD EPYC)"),
])
def test_a_device_that_disagrees_with_its_machine_is_named_at_provenance_device(device, device_name, message):
    data = run()
    data["provenance"].update(device=device, device_name=device_name)
    assert refusal(rehash(data)) == f"field 'provenance.device' {message}" + REDO


@pytest.mark.parametrize("value, shown", [(10**13, "an integer of 14 digits"), (-(10**19), "an integer of 20 digits"),
                                          (2.5e15, "2.5e+15"), (-1e12, "-1e+12")])
def test_a_number_outside_the_sane_range_is_shown_as_its_kind(value, shown):
    data = run()
    data["metrics"]["rows"] = {"value": value, "unit": ""}
    assert refusal(rehash(data)) == f"field 'metrics.rows.value' is {shown}, outside the sane range |x| < 1e+12" + REDO


@pytest.mark.parametrize("field, value, unit, message", [
    ("value", -2.0, "s", "is -2 s, and a quantity in s cannot be negative"),
    ("threshold", 1e13, "", "is 1e+13, outside the sane range |x| < 1e+12"),
    ("value", float("inf"), "", "is inf, not a finite number"),
])
def test_a_checks_numbers_are_held_to_the_same_rules_and_named_there(field, value, unit, message):
    data = run()
    data["checks"]["match"].update({field: value, "unit": unit})
    found = [p for p in problems(rehash(data) if value != float("inf") else data, now=NOW)
             if p.path[:1] == ("checks",)]
    assert [(p.where(), p.message) for p in found][:1] == [(f"checks.match.{field}", message)]


@pytest.mark.parametrize("passed, said", [(True, "passed"), (False, "failed")])
def test_a_check_whose_verdict_disagrees_with_its_numbers_says_which(passed, said):
    data = run()
    data["checks"]["match"].update(value=2e-6 if passed else 1e-7, passed=passed)
    [found] = [p for p in problems(rehash(data), now=NOW) if p.path[:1] == ("checks",)]
    op = data["checks"]["match"]["op"]
    assert found.message == f"says {said}, but {data['checks']['match']['value']!r} {op} 1e-06 says otherwise"


def test_an_edited_file_and_an_unknown_lab_are_refused_in_the_words_the_learner_acts_on():
    data = run()
    data["metrics"]["eager_us"]["value"] = 10.0
    assert refusal(data) == ("its content does not match its content_hash (was it edited after `course submit`?); "
                             "ask the learner to submit the run again")
    assert refusal(run(), known_labs=["a", "b"]) == "lab 'inductor_kernels' is not a lab of this course (known: a, b)"
    with pytest.raises(SubmissionError) as refused:
        parse(submission.to_text(data).encode(), full=False)
    assert str(refused.value) == "its content does not match its content_hash; it was edited after it was checked"


@pytest.mark.parametrize("raw, message", [
    (b'{"a": "\xff"}', "is not UTF-8 text (byte 7); submit the file `course submit` wrote"),
    (b'{"a": 1,}', "is not valid JSON (line 1, column 9: Expecting property name enclosed in double quotes); "
                   "submit the file `course submit` wrote, unedited"),
    (b'{"a": NaN}', "holds NaN, which is not a JSON number; submit the file `course submit` wrote"),
    (b'{"a": -' + b"9" * 21 + b"}", "holds an integer of 21 digits, far outside the sane range |x| < 1e+12; "
                                   "submit the file `course submit` wrote, unedited"),
])
def test_parse_refuses_what_is_not_a_submission_in_one_whole_line(raw, message):
    with pytest.raises(SubmissionError) as refused:
        parse(raw)
    assert str(refused.value) == message


def test_an_integer_of_exactly_the_longest_length_read_is_read_then_refused_by_its_range():
    data = run()
    data["metrics"]["rows"] = {"value": 10**19, "unit": ""}   # 20 digits: read, then out of range
    with pytest.raises(SubmissionError) as refused:
        parse(submission.to_text(rehash(data)).encode())
    assert str(refused.value).startswith("field 'metrics.rows.value' is an integer of 20 digits")


def test_schema_problems_come_in_path_order_and_each_message_is_cut_at_200_characters():
    data = run()
    data["preset"] = 7
    data["alias"] = "x" * 300
    data["lab"] = None
    found = problems(data, now=NOW)
    assert [p.path for p in found] == sorted((p.path for p in found), key=lambda path: [str(x) for x in path])
    assert [p.path[0] for p in found] == ["alias", "lab", "preset"]
    assert len(found[0].message) == 200 and found[0].message.startswith("'xxx")


def test_the_content_hash_is_sha256_of_sorted_compact_utf8_json_without_alias_and_hash():
    data = {"b": [1, 2.5], "a": "é ×", "alias": "Ada", "content_hash": "x", "c": {"z": None, "y": True}}
    by_hand = '{"a":"é ×","b":[1,2.5],"c":{"y":true,"z":null}}'.encode()
    assert content_hash(data) == "sha256:" + hashlib.sha256(by_hand).hexdigest()
    with pytest.raises(ValueError):
        content_hash({"a": float("nan")})


def test_a_submission_is_written_with_its_characters_as_typed_and_refuses_nan():
    assert submission.to_text({"a": "é"}) == '{\n  "a": "é"\n}\n'
    with pytest.raises(ValueError):
        submission.to_text({"a": float("inf")})


@pytest.mark.parametrize("alias, key", [("Ada  Lovelace", "ada lovelace"), ("  ＡＤＡ\tlovelace ", "ada lovelace"),
                                        ("Ada", "ada"), ("", None), (None, None)])
def test_aliases_that_read_the_same_are_one_learner(alias, key):
    assert alias_key(alias) == key


def test_the_inlined_schema_holds_no_reference_inside_a_definition():
    # _inline_refs passes `defs` down into a definition; the schema has no $ref there, which is
    # why a mutant dropping it survives (REVIEW.md): if one is added, this says to test it.
    schema = json.loads(submission.SCHEMA_PATH.read_text())
    assert "$ref" not in json.dumps(schema.get("$defs", {}))
