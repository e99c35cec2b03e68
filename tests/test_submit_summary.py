"""`course submit`'s preview and refusals, compared whole: the lines a learner reads before
sharing a run (written against mutmut's survivors on cohorts/submit.py)."""

from __future__ import annotations

import copy

import pytest

from course.cohorts.submission import SubmissionError, problems
from course.cohorts.submit import from_manifest, summary
from tests.manifests import manifest

NEVER = ("It never holds: artifacts (kernels, graphs, logs), tables and figures, file paths, host names, "
         "user names, the cache key, wall time. (--json prints the whole file.)")


def _data(**provenance) -> dict:
    p = {"device": "cuda", "device_name": "NVIDIA H100", "cpu_model": "Xeon", "torch": "2.9.0", "triton": None,
         "python": "3.11.7", "threads": 1, "commit": None, "date_utc": "2026-11-21T13:00:00Z"}
    return {"lab": "inductor_kernels", "preset": "full", "alias": None, "metrics": {"a": {}},
            "checks": {"fast": {"passed": True}, "match": {"passed": False}}, "content_hash": "sha256:abc",
            "provenance": dict(p, **provenance)}


def test_a_gpu_runs_preview_names_the_host_cpu_and_says_what_is_unknown():
    assert summary(_data(), [], "x.json") == "\n".join([
        "x.json will hold:",
        "  lab inductor_kernels, preset full, alias (none)",
        "  1 metric and 2 acceptance checks (1 passed)",
        "  machine: cuda NVIDIA H100 (host CPU Xeon), 1 thread; torch 2.9.0, python 3.11.7",
        "  commit (unknown), run on 2026-11-21T13:00:00Z, content hash sha256:abc",
        NEVER])


def test_a_cpu_runs_preview_with_an_alias_and_metrics_left_out():
    data = dict(_data(device="cpu", device_name="Ryzen", threads=None, commit="abc1234", triton="3.5"),
                alias="Ada", metrics={"a": {}, "b": {}})
    left_out = [f"k{i}" for i in range(9)]
    assert summary(data, left_out, "y.json") == "\n".join([
        "y.json will hold:",
        "  lab inductor_kernels, preset full, alias Ada",
        "  2 metrics and 2 acceptance checks (1 passed)",
        "  machine: cpu Ryzen; torch 2.9.0, triton 3.5, python 3.11.7",
        "  commit abc1234, run on 2026-11-21T13:00:00Z, content hash sha256:abc",
        NEVER,
        "Left out (not a number or a plain word, or a name longer than 80 characters): k0, k1, k2, k3, k4, k5, k6, k7 and 1 more.",
        "Your alias may be shown on the cohort's public page, as you wrote it."])


@pytest.mark.parametrize(("reason", "shown"), [(None, "no reason recorded"), ("", "no reason recorded"),
                                                ("part(s) failed: A", "part(s) failed: A")])
def test_a_failed_run_is_refused_with_its_reason_or_with_none_recorded(reason, shown):
    data = manifest(status="failed")
    data.pop("reason", None)
    if reason is not None:
        data["reason"] = reason
    with pytest.raises(SubmissionError) as refused:
        from_manifest(data)
    assert str(refused.value) == (f"the run's status is failed ({shown}); fix the lab run and run it again "
                                  "before submitting")


def test_the_submission_keeps_the_runs_triton_commit_and_a_checks_unit_or_none():
    data = manifest()
    data["provenance"] = dict(data["provenance"], triton="3.5.0", commit="feedface")
    del data["checks"]["match"]["unit"]
    submission, _ = from_manifest(copy.deepcopy(data))
    assert submission["provenance"]["triton"] == "3.5.0" and submission["provenance"]["commit"] == "feedface"
    assert submission["checks"]["fast"]["unit"] == "×" and submission["checks"]["match"]["unit"] == ""


def test_only_an_alias_refusal_suggests_another_alias():
    with pytest.raises(SubmissionError) as alias:
        from_manifest(manifest(), "Ada\u202eevil")
    assert str(alias.value).endswith("; this run cannot be submitted as it is (choose another alias)")
    data = manifest()
    data["provenance"] = dict(data["provenance"], device_name="x\u202ey")
    with pytest.raises(SubmissionError) as machine:
        from_manifest(data)
    assert str(machine.value).endswith("; this run cannot be submitted as it is")


def test_eight_metrics_left_out_are_all_named_with_no_more():
    left_out = [f"k{i}" for i in range(8)]
    assert summary(_data(), left_out, "x.json").splitlines()[-1] == (
        "Left out (not a number or a plain word, or a name longer than 80 characters): k0, k1, k2, k3, k4, k5, k6, k7.")


# A manifest allows a metric's name 120 characters, a submission 80: the one metric is left out,
# not the run. Names built by hand at the edge: 80 kept, 81 and 120 left out.
KEPT_NAME = "kernel_launch_overhead_" + "x" * 57            # 80 characters
LONG_NAME = "kernel_launch_overhead_" + "x" * 58            # 81
LONGEST_NAME = "a" * 120


def test_a_metric_whose_name_a_submission_cannot_hold_is_left_out_and_the_run_kept():
    data = manifest()
    for name, value in ((KEPT_NAME, 1.5), (LONG_NAME, 2.5), (LONGEST_NAME, 3.5)):
        data["metrics"][name] = {"value": value, "unit": "µs"}
    submission, left_out = from_manifest(data, "Ada")
    assert left_out == [LONGEST_NAME, LONG_NAME]
    assert sorted(submission["metrics"]) == sorted(["err", "eager_us", "rows", "verdict", KEPT_NAME])
    assert submission["metrics"][KEPT_NAME] == {"value": 1.5, "unit": "µs"}
    assert sorted(submission["checks"]) == ["fast", "match"] and submission["alias"] == "Ada"
    assert summary(submission, left_out, "x.json").splitlines()[-2] == (
        f"Left out (not a number or a plain word, or a name longer than 80 characters): {LONGEST_NAME}, "
        f"{LONG_NAME}.")


def test_a_name_the_rules_refuse_is_reported_at_the_name_so_one_metric_can_go():
    data = {"submission_version": 1, "lab": "inductor_kernels", "preset": "full", "alias": None,
            "metrics": {LONG_NAME: {"value": 1, "unit": ""}, "ok": {"value": 1, "unit": ""}},
            "checks": {}, "provenance": {"device": "cpu", "device_name": "AMD EPYC", "cpu_model": "AMD EPYC",
                                         "torch": None, "triton": None, "python": "3.11.7", "threads": None,
                                         "commit": None, "date_utc": "2026-11-21T13:06:00Z"},
            "content_hash": "sha256:" + "0" * 64}
    [problem] = problems(data)
    assert problem.path == ("metrics", LONG_NAME) and problem.where() == f"metrics.{LONG_NAME}"
    data["metrics"] = {KEPT_NAME: {"value": 1, "unit": ""}}
    assert problems(data) == []


def test_a_check_whose_name_a_submission_cannot_hold_still_refuses_the_run():
    # a check is the run's verdict: leaving one out would change what the run says
    data = manifest()
    data["checks"][LONG_NAME] = {"value": 1.0, "op": "<", "threshold": 2.0, "passed": True, "unit": ""}
    with pytest.raises(SubmissionError) as refused:
        from_manifest(data)
    assert str(refused.value).startswith(f"field 'checks.{LONG_NAME}' '{LONG_NAME}' does not match ")
    assert str(refused.value).endswith("; this run cannot be submitted as it is")


def test_more_metrics_than_a_submission_holds_refuse_the_run_with_the_field_named():
    # which 500 of 501 to keep is no choice submit can make for the learner
    data = manifest()
    data["metrics"] = {f"m{i:03d}": {"value": i, "unit": ""} for i in range(501)}
    with pytest.raises(SubmissionError) as refused:
        from_manifest(data)
    assert str(refused.value).startswith("field 'metrics' ")
    data["metrics"].pop("m500")
    assert len(from_manifest(data)[0]["metrics"]) == 500
