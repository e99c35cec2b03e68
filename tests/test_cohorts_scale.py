"""Cohorts at the size of an open course: the aggregate (rebuilt equals incremental, a refused or
replaced submission leaves it consistent, a missing or corrupt one is rebuilt and never
trusted), the summarising page (its weight does not grow with the cohort; quartiles and
outliers checked against numpy), the downloads, the full CSV export, `cohort list` with a
broken cohort, the fast schema check against jsonschema, and which run is the reference."""

from __future__ import annotations

import copy
import csv
import hashlib
import io
import json
import subprocess

import numpy as np
import pytest

from course.__main__ import main as course_main
from course.cohorts import aggregate, config, export, reference, report, store, submission
from course.cohorts.submission import content_hash, to_text
from course.results import ResultStore
from tests.helpers_cohorts import add, bad_files, cohort_page, make_cohort, rehash, run, snapshot, write
from tests.manifests import manifest


def many(tmp_path, count: int, start: int = 0, alias_every: int = 1) -> list:
    """`count` distinct runs of two labs, each its own learner, some of them on a GPU."""
    files = []
    for n in range(start, start + count):
        data = run(n % 3600, f"L{n}" if n % alias_every == 0 else None,
                   lab=("inductor_kernels", "inside_compile")[n % 2])
        data["provenance"]["date_utc"] = f"2026-11-{1 + n // 3600:02d}" + data["provenance"]["date_utc"][10:]
        if n % 5 == 0:
            data["provenance"].update(device="cuda", device_name="NVIDIA H100 80GB HBM3", threads=16)
        data["content_hash"] = content_hash(data)
        files.append(write(tmp_path, f"m{n}.json", to_text(data)))
    return files


# -- the aggregate -------------------------------------------------------------------------------

def test_rebuilt_aggregate_equals_the_one_adds_built(tmp_path, cohort):
    add(cohort, *many(tmp_path, 6))
    add(cohort, write(tmp_path, "dup.json", (tmp_path / "m0.json").read_text()))          # duplicate
    add(cohort, write(tmp_path, "bad.json", "{"))                                          # refused
    add(cohort, write(tmp_path, "again.json", to_text(run(99, "L2"))), replace=True)      # replaces m2
    incremental = aggregate.loads(aggregate.path(cohort.folder).read_bytes())
    assert [e["replaced"] for e in incremental].count(True) == 1
    assert incremental == store.rebuild(cohort) == store.entries(cohort)
    assert aggregate.path(cohort.folder).read_bytes() == aggregate.dumps(store.rebuild(cohort))


def test_a_refused_or_duplicate_file_leaves_the_aggregate_as_it_was(tmp_path, cohort):
    add(cohort, *many(tmp_path, 3))
    before = snapshot(cohort)
    for path, _ in bad_files(tmp_path).values():
        add(cohort, path)
    add(cohort, tmp_path / "m1.json")
    assert snapshot(cohort) == before


def test_a_replaced_submission_moves_to_history_in_the_aggregate_too(tmp_path, cohort):
    add(cohort, write(tmp_path, "a.json", to_text(run(1, "Ada"))))
    add(cohort, write(tmp_path, "b.json", to_text(run(2, "Ada"))), replace=True)
    entries = store.entries(cohort)
    assert [(e["replaced"], (cohort.submissions_dir / ("history" if e["replaced"] else "") / e["name"]).is_file())
            for e in entries] == [(True, True), (False, True)]
    rep = report.build(cohort, ResultStore(tmp_path))
    assert len(rep.rows) == 1 and len(rep.history) == 1 and rep.rows[0].learner == rep.history[0].learner


def _corruptions(raw: bytes) -> dict[str, bytes]:
    head, _, body = raw.partition(b"\n")
    entries = json.loads(body)
    edited = copy.deepcopy(entries)
    edited[0]["headlines"] = {key: 1e9 for key in edited[0]["headlines"]}   # a better number, by hand
    fewer = entries[1:]
    return {
        "garbage": b"\x00\xff not json",
        "empty": b"",
        "truncated": raw[: len(raw) // 2],
        "body edited, digest kept": head + b"\n" + aggregate.dumps(edited).partition(b"\n")[2],
        "an entry dropped, digest redone": aggregate.dumps(fewer),
        "another version": raw.replace(b'"aggregate_version": 1', b'"aggregate_version": 0'),
        "not a list": b'{"aggregate_version": 1, "sha256": "' + hashlib.sha256(b"{}").hexdigest().encode()
        + b'"}\n{}\n',
    }


@pytest.mark.parametrize("damage", ["missing", "garbage", "empty", "truncated", "body edited, digest kept",
                                    "an entry dropped, digest redone", "another version", "not a list"])
def test_a_missing_or_corrupt_aggregate_is_rebuilt_never_trusted(tmp_path, cohort, damage):
    add(cohort, *many(tmp_path, 4))
    good = aggregate.path(cohort.folder).read_bytes()
    if damage == "missing":
        aggregate.path(cohort.folder).unlink()
    else:
        aggregate.path(cohort.folder).write_bytes(_corruptions(good)[damage])
    assert store.entries(cohort) == store.rebuild(cohort)
    assert aggregate.path(cohort.folder).read_bytes() == good            # and written back
    assert [o.verdict for o in add(cohort, *many(tmp_path, 1, start=10))] == ["accepted"]
    assert store.entries(cohort) == store.rebuild(cohort)


def test_a_submission_file_edited_or_removed_behind_the_aggregate_is_noticed(tmp_path, cohort):
    add(cohort, *many(tmp_path, 3))
    first, second = sorted(cohort.submissions_dir.glob("*.json"))[:2]
    second.unlink()                                    # removed by hand: the aggregate is stale
    assert len(store.entries(cohort)) == 2
    first.write_text(first.read_text().replace('"value": 11.0', '"value": 1.0'))   # edited: another size
    with pytest.raises(config.CohortError, match="content_hash"):
        store.entries(cohort)


def test_adding_one_file_reads_no_stored_submission(tmp_path, cohort, monkeypatch):
    """What makes one more file cheap in a large cohort: add decides from the aggregate."""
    add(cohort, *many(tmp_path, 5))
    monkeypatch.setattr(store, "_read_stored", lambda *a, **k: pytest.fail("a stored file was read"))
    assert [o.verdict for o in add(cohort, *many(tmp_path, 1, start=20))] == ["accepted"]


def test_a_batch_with_unreadable_numbers_stores_the_good_files_and_says_one_line_each(tmp_path, cohort, capsys):
    good = run(1, "Ada")
    huge = copy.deepcopy(run(2, "Bo"))
    huge["metrics"]["rows"]["value"] = 10**400
    digits = to_text(run(3, "Cy")).replace('"value": 14.0', '"value": ' + "7" * 5000, 1)
    files = [write(tmp_path, "good.json", to_text(good)), write(tmp_path, "e400.json", to_text(rehash(huge))),
             write(tmp_path, "digits.json", digits), write(tmp_path, "good2.json", to_text(run(4, "Di")))]
    assert course_main(["cohort", "add", cohort.id, *map(str, files)]) == 1
    shown = capsys.readouterr()
    lines = (shown.out + shown.err).splitlines()
    assert sum(line.startswith("accepted ") for line in lines) == 2
    assert sum(line.startswith("refused ") and "digits" in line for line in lines) == 2
    assert "2 accepted, 0 duplicate, 2 refused" in shown.out
    assert len(store.entries(cohort)) == 2


# -- the page: a summary whose weight does not grow with the cohort -------------------------------

def test_the_page_weighs_the_same_at_60_and_240_submissions(tmp_path, cohorts_dir):
    cohort = make_cohort(cohorts_dir, alias_mode="numbered")
    add(cohort, *many(tmp_path, 60))
    small = cohort_page(tmp_path / "results")
    add(cohort, *many(tmp_path, 180, start=60))
    large = cohort_page(tmp_path / "results")
    assert len(large) < 1.1 * len(small)
    assert "240 submissions from 240 learners" in large
    table = large[large.index("## Every submission"):]
    assert table.count("\n| ") == 1 + 50 and "The latest 50 of 240 submissions" in table
    assert "| 240 |" in table and "| 190 |" not in table           # the newest rows, not the first
    assert 'href="../../cohorts/test-cohort/test-cohort-submissions.csv"' in large
    assert "L17" not in large                                         # numbered: no alias anywhere


def test_a_small_cohort_lists_every_submission_and_agrees_in_number(tmp_path, cohort):
    add(cohort, *many(tmp_path, 1))
    page, es = cohort_page(tmp_path / "results"), cohort_page(tmp_path / "results", "es")
    assert "1 submission from 1 learner<" in page and "1 envío de 1 participante<" in es
    assert "The latest" not in page and page.count("<bdi>L0</bdi>") == 1


def test_quartiles_and_outliers_agree_with_numpy():
    rows = [report.Row(number=i + 1, learner=i + 1, entry={}) for i in range(41)]
    values = sorted([float(v) for v in range(1, 41)] + [400.0])
    summary = report.Summary(("cpu", "X"), values, rows)
    box = summary.box()
    for q, key in ((25, "q1"), (50, "median"), (75, "q3")):
        assert box[key] == pytest.approx(np.percentile(values, q))
    iqr = np.percentile(values, 75) - np.percentile(values, 25)
    assert box["upperfence"] == max(v for v in values if v <= np.percentile(values, 75) + 1.5 * iqr) == 40.0
    [outlier] = summary.outliers()
    assert outlier.value == 400.0 and outlier.row.number == 41
    # 1..40 and one more: Q1 11, Q3 31, so the upper fence is 31 + 1.5 x 20 = 61
    assert report.Summary(("cpu", "X"), [float(v) for v in range(1, 41)] + [60.0], rows).outliers() == []
    assert [o.value for o in report.Summary(("cpu", "X"), [float(v) for v in range(1, 41)] + [62.0], rows).outliers()] \
        == [62.0]


def test_the_page_names_an_outlier_and_draws_a_large_class_as_its_box(tmp_path, cohorts_dir):
    cohort = make_cohort(cohorts_dir, labs=("inductor_kernels",), alias_mode="numbered")
    files = many(tmp_path, 0)
    for n in range(40):
        data = run(n, f"L{n}")
        data["metrics"]["tinyhead.seed.speedup"] = {"value": 400.0 if n == 7 else 1.0 + n / 100, "unit": "×"}
        data["content_hash"] = content_hash(data)
        files.append(write(tmp_path, f"o{n}.json", to_text(data)))
    add(cohort, *files)
    page = cohort_page(tmp_path / "results")
    section = page[page.index("TinyHead at the seed"):]
    assert "worth a look: &#35; 8 (CPU · AMD EPYC, 400)." in section
    figure = section[:section.index("</script>")]
    assert '"q1":[' in figure and '"boxpoints":false' in figure
    assert figure.count("torch ") == 1                 # 40 runs: one point drawn, the outlier


def test_the_most_used_models_keep_a_box_and_the_rest_share_one(tmp_path, cohorts_dir):
    cohort = make_cohort(cohorts_dir, labs=("inductor_kernels",), alias_mode="numbered")
    files = []
    for n in range(30):      # 10 CPU models, model k used by 10 - k runs ... then 3 more of model 0
        model = f"CPU model {min(n // 3, 9)}"
        data = run(n, f"L{n}")
        data["provenance"].update(device_name=model, cpu_model=model)
        data["metrics"]["tinyhead.seed.speedup"] = {"value": 1.0 + n / 100, "unit": "×"}
        data["content_hash"] = content_hash(data)
        files.append(write(tmp_path, f"c{n}.json", to_text(data)))
    add(cohort, *files)
    [dist] = [d for d in report.build(cohort, ResultStore(tmp_path)).distributions if d.classes]
    classes = [s.device_class for s in dist.classes]
    assert len(classes) == report.MAX_CLASSES_PER_KIND and classes[-1] == ("cpu", report.OTHER_MODELS)
    assert sum(s.n for s in dist.classes) == 30 and dist.classes[-1].n == 9     # 3 models of 3 runs
    page = cohort_page(tmp_path / "results", "es")
    assert "| CPU · otros modelos | 9 |" in page


# -- downloads and the export --------------------------------------------------------------------

def test_the_download_holds_every_current_row_and_no_private_alias(tmp_path, cohorts_dir):
    cohort = make_cohort(cohorts_dir, alias_mode="numbered")
    add(cohort, *many(tmp_path, 70))
    add(cohort, write(tmp_path, "again.json", to_text(run(3000, "L4"))), replace=True)
    rep = report.build(cohort, ResultStore(tmp_path))
    rows = list(csv.DictReader(io.StringIO(export.download_csv(rep))))
    assert len(rows) == 70 and [int(r["number"]) for r in rows] == list(range(1, 71))
    assert not any("L4" in value for r in rows for value in r.values())
    assert rows[0]["learner"] == "learner 1"
    data = json.loads(export.download_json(rep))
    assert [r["number"] for r in data["submissions"]] == list(range(1, 71))


def test_export_csv_holds_every_metric_of_every_submission(tmp_path, cohort):
    add(cohort, *many(tmp_path, 4))
    stored = store.read_submissions(cohort)
    [header, *rows] = list(csv.reader(io.StringIO(export.to_csv(cohort, stored))))
    expected = {f"{s.data['lab'] if s.data['lab'] != 'lab03_compile' else 'inductor_kernels'}:{key}"
                for s in stored for key in s.data["metrics"]}
    assert expected <= set(header) and len(rows) == 4
    column = header.index("inductor_kernels:eager_us")
    assert sorted(float(r[column]) for r in rows if r[column]) == sorted(
        s.data["metrics"]["eager_us"]["value"] for s in stored if s.data["lab"] == "inductor_kernels")


def test_cohort_list_reports_each_broken_cohort_and_lists_the_good_ones(tmp_path, cohorts_dir, capsys):
    good = make_cohort(cohorts_dir, "2026-01-good")
    add(good, *many(tmp_path, 1))
    make_cohort(cohorts_dir, "2026-02-bad-toml")
    (cohorts_dir / "2026-02-bad-toml" / "cohort.toml").write_text("title = [")
    bad_file = make_cohort(cohorts_dir, "2026-03-bad-file")
    bad_file.submissions_dir.mkdir(parents=True)
    (bad_file.submissions_dir / "000001-0000000000000000.json").write_text("{")
    assert course_main(["cohort", "list"]) == 1
    shown = capsys.readouterr()
    assert "2026-01-good" in shown.out and "1 submission  Test cohort" in shown.out
    broken = [line for line in shown.err.splitlines() if "broken" in line]
    assert len(broken) == 2 and all("\n" not in line for line in broken)


# -- the fast schema check never accepts what jsonschema refuses ---------------------------------

def test_the_fast_validator_refuses_whatever_jsonschema_refuses(tmp_path):
    import fastjsonschema
    cases = [json.loads(path.read_text()) for path, _ in bad_files(tmp_path).values()
             if path.suffix == ".json" and _loads(path) is not None]
    good = run(1)
    for field, value in (("alias", ""), ("lab", "Lab"), ("preset", "tiny"), ("submission_version", 1.5)):
        cases.append({**good, field: value})
    for where, value in ((("provenance", "threads"), 0), (("provenance", "threads"), True),
                         (("provenance", "commit"), "XYZ1234"), (("metrics",), {"a/b": {"value": 1, "unit": ""}}),
                         (("provenance", "torch"), "2.13 cpu"), (("checks",), {"x": {"value": 1}})):
        case = copy.deepcopy(good)
        case[where[0]] = value if len(where) == 1 else {**case[where[0]], where[1]: value}
        cases.append(case)
    refused = 0
    for case in cases:
        if list(submission._validator().iter_errors(case)):
            refused += 1
            with pytest.raises(fastjsonschema.JsonSchemaException):
                submission._fast_validator()(case)
    assert refused >= 20
    submission._fast_validator()(good)


def _loads(path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None


# -- the reference run is the committed one ------------------------------------------------------

def test_the_reference_run_is_the_committed_one_not_a_local_run(tmp_path, monkeypatch):
    repo = tmp_path / "repo"
    folder = repo / "results" / "inductor_kernels" / "cpu"
    folder.mkdir(parents=True)
    committed = manifest()
    committed["provenance"] = dict(committed["provenance"], commit="c0ffee1", device_name="AMD EPYC")
    committed["metrics"]["tinyhead.seed.speedup"] = {"value": 1.5, "unit": "×"}
    (folder / "manifest.json").write_text(json.dumps(committed))
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "results"], check=True)
    monkeypatch.setattr(reference, "ROOT", repo)
    # the usual case: results/ holds the committed run unchanged
    [usual] = reference.reference_runs(["inductor_kernels"], ResultStore(repo / "results"), {"cpu": {"AMD EPYC"}})
    assert usual.committed and usual.provenance["commit"] == "c0ffee1" and usual.headlines == {"tinyhead.seed.speedup": 1.5}
    local = copy.deepcopy(committed)
    local["provenance"]["commit"] = "bad0bad"                        # a learner's own `make labs`
    (folder / "manifest.json").write_text(json.dumps(local))
    store_here = ResultStore(repo / "results")
    assert store_here.get("inductor_kernels", "cpu").provenance["commit"] == "bad0bad"
    [run_] = reference.reference_runs(["inductor_kernels"], store_here, {"cpu": {"AMD EPYC"}})
    assert run_.committed and run_.provenance["commit"] == "c0ffee1"
    # results elsewhere (no history to read): the run found there, said to be so
    elsewhere = tmp_path / "elsewhere" / "inductor_kernels" / "cpu"
    elsewhere.mkdir(parents=True)
    (elsewhere / "manifest.json").write_text(json.dumps(local))
    [found] = reference.reference_runs(["inductor_kernels"], ResultStore(tmp_path / "elsewhere"), {"cpu": set()})
    assert not found.committed and found.provenance["commit"] == "bad0bad"
    assert run_.device_class == ("cpu", "AMD EPYC") and found.device_class == ("cpu", report.OTHER_MODELS)
