"""A cohort's files, whole: the site's download (CSV and JSON) and the instructor's export,
compared with text written out by hand for three learners (one alias a spreadsheet would run
as a formula, one learner without an alias, one who replaced a run)."""

from __future__ import annotations

from course.cohorts import export, report, store
from course.cohorts.submission import content_hash, to_text
from course.results import ResultStore
from tests.helpers_cohorts import add, make_cohort, rehash, run, write

MACHINE = "cpu,AMD EPYC,AMD EPYC,2,2.13.0+cpu,,3.11.7,0123456789abcdef"
MACHINE_JSON = ('"device":"cpu","device_name":"AMD EPYC","cpu_model":"AMD EPYC","threads":2,"torch":"2.13.0+cpu",'
                '"triton":null,"python":"3.11.7","commit":"0123456789abcdef"')


def three_learners(tmp_path, alias_mode="shown"):
    """'=Ada' (a headline figure), a learner with no alias, 'Bö' whose second run replaced the first."""
    cohort = make_cohort(tmp_path / "cohorts", "c1", alias_mode=alias_mode)
    ada = run(1, "=Ada")
    ada["metrics"]["tinyhead.seed.speedup"] = {"value": 1.25, "unit": "×"}
    runs = [rehash(ada), run(2, None, lab="inside_compile"), run(3, "Bö"), run(4, "Bö")]
    for n, data in enumerate(runs):
        add(cohort, write(tmp_path, f"{n}.json", to_text(data)), replace=n == 3)
    return cohort, [content_hash(data).removeprefix("sha256:") for data in runs]


def test_the_sites_csv_download_is_the_pages_table_in_full(tmp_path):
    cohort, hashes = three_learners(tmp_path)
    assert export.download_csv(report.build(cohort, ResultStore(tmp_path))) == (
        "number,learner,lab,preset,device,device_name,cpu_model,threads,torch,triton,python,commit,date_utc,"
        "checks_passed,checks_total,inductor_kernels:tinyhead.seed.speedup,inductor_kernels:tinyhead.compile_s_median,"
        "inductor_kernels:minigpt.val_exact_match,inductor_kernels:minigpt.best_speedup,"
        "inside_compile:inference.guards,inside_compile:inference.relative_error,submission\n"
        f"1,'=Ada,inductor_kernels,full,{MACHINE},2026-11-21T13:00:01Z,1,2,1.25,,,,,,{hashes[0][:16]}\n"
        f"2,learner 2,inside_compile,full,{MACHINE},2026-11-21T13:00:02Z,1,2,,,,,,,{hashes[1][:16]}\n"
        f"3,Bö,inductor_kernels,full,{MACHINE},2026-11-21T13:00:04Z,1,2,,,,,,,{hashes[3][:16]}\n")


def test_the_sites_json_download_is_compact_utf8_with_the_same_rows(tmp_path):
    cohort, hashes = three_learners(tmp_path)
    rows = [f'{{"number":1,"learner":"=Ada","lab":"inductor_kernels","preset":"full",{MACHINE_JSON},'
            f'"date_utc":"2026-11-21T13:00:01Z","checks_passed":1,"checks_total":2,'
            f'"inductor_kernels:tinyhead.seed.speedup":1.25,"submission":"{hashes[0][:16]}"}}',
            f'{{"number":2,"learner":"learner 2","lab":"inside_compile","preset":"full",{MACHINE_JSON},'
            f'"date_utc":"2026-11-21T13:00:02Z","checks_passed":1,"checks_total":2,"submission":"{hashes[1][:16]}"}}',
            f'{{"number":3,"learner":"Bö","lab":"inductor_kernels","preset":"full",{MACHINE_JSON},'
            f'"date_utc":"2026-11-21T13:00:04Z","checks_passed":1,"checks_total":2,"submission":"{hashes[3][:16]}"}}']
    assert export.download_json(report.build(cohort, ResultStore(tmp_path))) == \
        '{"cohort":"c1","submissions":[' + ",".join(rows) + "]}\n"


EXPORT_HEADER = ("number,learner,alias,state,lab,preset,device,device_name,cpu_model,threads,torch,triton,python,"
                 "commit,date_utc,checks_passed,checks_total,inductor_kernels:eager_us,inductor_kernels:err,"
                 "inductor_kernels:rows,inductor_kernels:tinyhead.seed.speedup,inductor_kernels:verdict,"
                 "inside_compile:eager_us,inside_compile:err,inside_compile:rows,inside_compile:verdict,content_hash\n")
ERR = "4.656612873077393e-10,65536"


def test_the_instructors_export_holds_current_runs_and_with_history_the_replaced_ones_unnumbered(tmp_path):
    cohort, hashes = three_learners(tmp_path)
    current = (f"1,'=Ada,'=Ada,current,inductor_kernels,full,{MACHINE},2026-11-21T13:00:01Z,1,2,"
               f"12.0,{ERR},1.25,slower,,,,,sha256:{hashes[0]}\n"
               f"2,learner 2,,current,inside_compile,full,{MACHINE},2026-11-21T13:00:02Z,1,2,"
               f",,,,,13.0,{ERR},slower,sha256:{hashes[1]}\n"
               f"3,Bö,Bö,current,inductor_kernels,full,{MACHINE},2026-11-21T13:00:04Z,1,2,"
               f"15.0,{ERR},,slower,,,,,sha256:{hashes[3]}\n")
    replaced = (f",Bö,Bö,replaced,inductor_kernels,full,{MACHINE},2026-11-21T13:00:03Z,1,2,"
                f"14.0,{ERR},,slower,,,,,sha256:{hashes[2]}\n")
    stored = store.read_submissions(cohort)
    assert export.to_csv(cohort, stored) == EXPORT_HEADER + current
    assert export.to_csv(cohort, stored, history=True) == EXPORT_HEADER + current + replaced


def test_with_numbered_learners_a_replaced_run_keeps_its_learners_number(tmp_path):
    cohort, _ = three_learners(tmp_path, alias_mode="numbered")
    text = export.to_csv(cohort, store.read_submissions(cohort), history=True)
    assert [line.split(",")[:4] for line in text.splitlines()[1:]] == [
        ["1", "learner 1", "'=Ada", "current"], ["2", "learner 2", "", "current"], ["3", "learner 3", "Bö", "current"],
        ["", "learner 3", "Bö", "replaced"]]
