"""A learner's submission: one lab run reduced to what a cohort page shows, checked and hashed.

A submission holds the lab, the preset, the run's metrics (numbers and plain categorical
words) and acceptance checks, and a description of the machine: device, CPU and GPU names,
torch/triton/python versions, thread count, commit and date. Nothing else leaves the
learner's machine: no artifacts, no tables, no paths, no host or user names. The optional
alias is free text and is only ever shown as text.

The content hash covers the run (everything but the alias and the hash itself), so the same
run sent twice, even under another alias, is recognised, and a number edited after
`course submit` no longer matches its hash.

Every rule a file must keep is checked here, in `problems()`, by `course submit` before it
writes and by `course cohort add` before it accepts: the JSON Schema beside this module
(shape, types, allowed characters) and the sanity bounds below (what JSON Schema cannot say).
"""

from __future__ import annotations

import datetime
import hashlib
import json
import math
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from labs.common.contract import CHECK_OPERATORS, current_lab_id

SUBMISSION_VERSION = 1  # bump with the schema when a field changes meaning
SCHEMA_PATH = Path(__file__).resolve().with_name("submission.schema.json")
MAX_BYTES = 256 * 1024  # a real submission is 5-30 KiB; anything far larger is not one
# Sanity bounds: no lab measures anything near 10^12 in the units it uses (seconds, µs,
# counts, ratios), and no time, size, ratio, share or rate is negative.
MAX_ABS = 1e12
NON_NEGATIVE_UNITS = {"s", "ms", "µs", "us", "ns", "B", "KiB", "MiB", "GiB", "×", "%", "tokens/s"}
# ... except a difference between two of them, which the labs name for what it is: the extra
# compile time of a variant (negative when it compiled faster), the host overhead (latency
# minus device time), time saved, a loss difference.
DIFFERENCE = re.compile(r"(^|[._])(extra|saved|overhead|diff|delta)(_|$)")
EARLIEST_DATE = datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC)  # before torch.compile existed
FUTURE_SLACK = datetime.timedelta(days=1)  # clocks and time zones disagree; a week ahead is absurd
# JSON has integers of any length; Python refuses to read more than 4,300 digits (a ValueError,
# not a JSON error) and a float cannot hold 10**400. Anything past the sane range is refused
# anyway, so an integer longer than this is refused while it is read, before it is converted.
MAX_INT_DIGITS = 20


class SubmissionError(ValueError):
    """One line: what is wrong with a submission and what to do about it."""


@dataclass(frozen=True)
class Problem:
    path: tuple  # where in the submission: ("metrics", "x.y", "value")
    message: str

    def where(self) -> str:
        return ".".join(str(part) for part in self.path) or "(top level)"


def _inline_refs(node: Any, defs: dict[str, Any]) -> Any:
    """The schema with each `{"$ref": "#/$defs/x"}` replaced by its definition: the same rules,
    checked about twice as fast (jsonschema resolves a reference on every use, and a
    submission has hundreds of metric names and units to check)."""
    if isinstance(node, dict):
        if set(node) == {"$ref"}:
            return _inline_refs(defs[node["$ref"].removeprefix("#/$defs/")], defs)
        return {key: _inline_refs(value, defs) for key, value in node.items() if key != "$defs"}
    if isinstance(node, list):
        return [_inline_refs(item, defs) for item in node]
    return node


@lru_cache(maxsize=1)
def _validator():
    import jsonschema  # the engine's dependency, never a lab's
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(_inline_refs(schema, schema.get("$defs", {})))


@lru_cache(maxsize=1)
def _fast_validator():
    """The same schema compiled to Python by fastjsonschema: about 20 times faster than
    jsonschema, which took most of `cohort add`'s time (7 ms a file). It only says whether a
    submission is valid; the first time it says no, jsonschema lists every problem, so what a
    learner reads never depends on it. It knows draft 7, which has every keyword the schema
    uses (a test checks it refuses whatever jsonschema refuses)."""
    import fastjsonschema
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    inlined = _inline_refs(schema, schema.get("$defs", {}))
    inlined["$schema"] = "http://json-schema.org/draft-07/schema#"
    return fastjsonschema.compile(inlined)


def _schema_problems(data: Any) -> list[Problem]:
    import fastjsonschema
    try:
        _fast_validator()(data)
        return []
    except fastjsonschema.JsonSchemaException:
        pass
    errors = sorted(_validator().iter_errors(data), key=lambda e: [str(p) for p in _path(e)])
    return [Problem(_path(e), e.message[:200]) for e in errors]


def _path(error) -> tuple:
    """Where a schema error is. A name the rules refuse (a metric's key of 81 characters, which
    a lab's manifest allows) is reported at the name itself, ("metrics", key), not at the object
    that holds it: `course submit` leaves out that one metric instead of refusing the run."""
    if "propertyNames" in error.schema_path:
        return (*error.absolute_path, error.instance)
    return tuple(error.absolute_path)


def canonical_bytes(data: dict[str, Any]) -> bytes:
    """The one serialisation the hash is computed over: sorted keys, no spaces, UTF-8."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def content_hash(data: dict[str, Any]) -> str:
    run = {key: value for key, value in data.items() if key not in ("alias", "content_hash")}
    return "sha256:" + hashlib.sha256(canonical_bytes(run)).hexdigest()


def short_hash(data: dict[str, Any]) -> str:
    """The first 16 hex digits of the content hash: the submission's name in a cohort."""
    return data["content_hash"].removeprefix("sha256:")[:16]


def to_text(data: dict[str, Any]) -> str:
    """How a submission is written, by `submit` and in a cohort: readable and stable."""
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False, allow_nan=False) + "\n"


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _number_problems(path: tuple, value: Any, unit: str) -> list[Problem]:
    if not _is_number(value):
        return []
    if isinstance(value, float) and not math.isfinite(value):
        return [Problem(path, f"is {value}, not a finite number")]
    if abs(value) >= MAX_ABS:  # an int of any size compares with a float without converting
        shown = f"{value:g}" if isinstance(value, float) else f"an integer of {len(str(abs(value)))} digits"
        return [Problem(path, f"is {shown}, outside the sane range |x| < {MAX_ABS:g}")]
    if value < 0 and unit in NON_NEGATIVE_UNITS and not DIFFERENCE.search(str(path[1])):
        return [Problem(path, f"is {value:g} {unit}, and a quantity in {unit} cannot be negative")]
    return []


def _date_problems(date_utc: str, now: datetime.datetime) -> list[Problem]:
    try:
        date = datetime.datetime.strptime(date_utc, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.UTC)
    except ValueError:
        return [Problem(("provenance", "date_utc"), f"{date_utc!r} is not a real date")]
    if not EARLIEST_DATE <= date <= now + FUTURE_SLACK:
        return [Problem(("provenance", "date_utc"), f"{date_utc} is before 2020 or in the future")]
    return []


def problems(data: Any, *, now: datetime.datetime | None = None) -> list[Problem]:
    """Everything wrong with `data` as a submission: schema first, then what it cannot say."""
    found = _schema_problems(data)
    if found:
        return found
    for key, metric in data["metrics"].items():
        found += _number_problems(("metrics", key, "value"), metric["value"], metric["unit"])
    for key, check in data["checks"].items():
        for field in ("value", "threshold"):
            found += _number_problems(("checks", key, field), check[field], check["unit"])
        passed = bool(CHECK_OPERATORS[check["op"]](check["value"], check["threshold"]))
        if passed != check["passed"]:
            found.append(Problem(("checks", key), f"says {'passed' if check['passed'] else 'failed'}, but "
                                 f"{check['value']!r} {check['op']} {check['threshold']!r} says otherwise"))
    found += _date_problems(data["provenance"]["date_utc"], now or datetime.datetime.now(datetime.UTC))
    found += _device_problems(data["provenance"])
    return found


def _device_problems(p: dict[str, Any]) -> list[Problem]:
    """The device a run records must agree with the machine it describes. A lab names a CPU
    run's device by its CPU model, and a GPU run's by the GPU: a CPU run relabelled as cuda
    still carries its CPU model as the device name (it would show as "GPU · AMD EPYC")."""
    if p["device"] == "cuda" and p["device_name"] == p["cpu_model"]:
        return [Problem(("provenance", "device"), f"is cuda, but the device name is the run's CPU model "
                        f"({p['cpu_model']}): a CPU run relabelled as a GPU run")]
    if p["device"] == "cpu" and p["device_name"] != p["cpu_model"]:
        return [Problem(("provenance", "device"), f"is cpu, but the device name ({p['device_name']}) is not "
                        f"the run's CPU model ({p['cpu_model']})")]
    return []


def check(data: Any, *, known_labs: list[str] | None = None) -> None:
    """Raise SubmissionError naming the first problem, in the order a learner can fix them."""
    if isinstance(data, dict) and data.get("submission_version") != SUBMISSION_VERSION \
            and isinstance(data.get("submission_version"), int):
        raise SubmissionError(f"submission_version {data['submission_version']} is not one this course reads "
                              f"(it reads {SUBMISSION_VERSION}); make the file again with this course's "
                              "`.venv/bin/python -m course submit`")
    found = problems(data)
    if found:
        first = found[0]
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise SubmissionError(f"field '{first.where()}' {first.message}{more}; make the file again with "
                              "`.venv/bin/python -m course submit` from an unedited run")
    if data["content_hash"] != content_hash(data):
        raise SubmissionError("its content does not match its content_hash (was it edited after "
                              "`course submit`?); ask the learner to submit the run again")
    if known_labs is not None and lab_of(data) not in known_labs:
        raise SubmissionError(f"lab {data['lab']!r} is not a lab of this course (known: {', '.join(known_labs)})")


def _refuse_constant(name: str) -> float:
    raise SubmissionError(f"holds {name}, which is not a JSON number; submit the file `course submit` wrote")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise SubmissionError(f"holds an integer of {len(text.lstrip('-'))} digits, far outside the sane range "
                              f"|x| < {MAX_ABS:g}; submit the file `course submit` wrote, unedited")
    return int(text)


def parse(raw: bytes, *, known_labs: list[str] | None = None, full: bool = True) -> dict[str, Any]:
    """A submission from a file's bytes, checked; SubmissionError (one line) otherwise.

    full=False checks only that it is JSON whose content still matches its hash: enough for a
    file that passed every check when it was added and has been named by its hash since."""
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant, parse_int=_parse_int)
    except UnicodeDecodeError as error:
        raise SubmissionError(f"is not UTF-8 text (byte {error.start}); "
                              "submit the file `course submit` wrote") from None
    except json.JSONDecodeError as error:
        raise SubmissionError(f"is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg}); "
                              "submit the file `course submit` wrote, unedited") from None
    except RecursionError:
        raise SubmissionError("is nested too deeply to be a submission") from None
    if full:
        check(data, known_labs=known_labs)
    elif not isinstance(data, dict) or not isinstance(data.get("content_hash"), str) \
            or data["content_hash"] != content_hash(data):
        raise SubmissionError("its content does not match its content_hash; it was edited after it was checked")
    return data


def alias_key(alias: str | None) -> str | None:
    """Two aliases name the same learner when they read the same: Unicode-normalised, case and
    spacing ignored. No alias: every submission stands for a learner of its own."""
    if not alias:
        return None
    return " ".join(unicodedata.normalize("NFKC", alias).casefold().split())


def lab_of(data: dict[str, Any]) -> str:
    """The lab a submission is a run of, by today's id (the file keeps the id it was made with:
    its content hash covers it)."""
    return current_lab_id(data["lab"])
