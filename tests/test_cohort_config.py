"""A cohort's settings file (cohort.toml) at its edges: every field read back, the defaults,
each refusal as the whole line an instructor acts on, and `cohort new`'s template."""

from __future__ import annotations

import datetime

import pytest

from course.cohorts import config
from labs.common.contract import lab_ids, load_lab_meta
from tests.helpers_locale import locale_encoding

TOML = ('title = {en = "Autumn", es = "Otoño ≥ 1"}\nstarts = 2026-11-02\nends = 2026-11-27\n'
        'labs = ["inside_compile", "explain"]\npreset = "smoke"\n')


def written(cohorts_dir, text: str, cohort_id: str = "c"):
    (cohorts_dir / cohort_id).mkdir(parents=True, exist_ok=True)
    path = cohorts_dir / cohort_id / "cohort.toml"
    path.write_bytes(text.encode("utf-8"))
    return path


def test_every_field_is_read_and_aliases_are_numbered_when_the_file_names_no_mode(tmp_path, monkeypatch):
    locale_encoding(monkeypatch)   # the file is UTF-8 whatever the machine's locale
    written(tmp_path, TOML)
    assert config.load_cohort("c", tmp_path) == config.Cohort(
        id="c", folder=tmp_path / "c", title={"en": "Autumn", "es": "Otoño ≥ 1"},
        starts=datetime.date(2026, 11, 2), ends=datetime.date(2026, 11, 27), labs=("inside_compile", "explain"),
        preset="smoke", alias_mode="numbered")


def test_a_cohort_without_dates_has_none(tmp_path):
    written(tmp_path, "\n".join(line for line in TOML.splitlines() if not line.startswith(("starts", "ends"))))
    cohort = config.load_cohort("c", tmp_path)
    assert (cohort.starts, cohort.ends, cohort.alias_mode) == (None, None, "numbered")


def refusal(tmp_path, replace: str, by: str) -> str:
    assert replace in TOML
    path = written(tmp_path, TOML.replace(replace, by))
    with pytest.raises(config.CohortError) as caught:
        config.load_cohort("c", tmp_path)
    return str(caught.value).replace(str(path), "PATH")


@pytest.mark.parametrize("replace, by, message", [
    ('es = "Otoño ≥ 1"', 'es = "  "', """PATH: field 'title': expected {en = "…", es = "…"}, got {'en': 'Autumn', 'es': '  '}"""),
    ('es = "Otoño ≥ 1"', 'es = 1', """PATH: field 'title': expected {en = "…", es = "…"}, got {'en': 'Autumn', 'es': 1}"""),
    ('preset = "smoke"', 'preset = "fast"', """PATH: field 'preset': expected "smoke" or "full", got 'fast'"""),
    ('preset = "smoke"', 'preset = "smoke"\nalias_mode = "hidden"',
     """PATH: field 'alias_mode': expected "shown" or "numbered", got 'hidden'"""),
    ("starts = 2026-11-02", 'starts = "soon"', "PATH: field 'starts': expected a date such as 2026-11-02, got 'soon'"),
    ("ends = 2026-11-27", "ends = 2026-11-27T10:00:00",
     "PATH: field 'ends': expected a date such as 2026-11-02, got datetime.datetime(2026, 11, 27, 10, 0)"),
    ("ends = 2026-11-27", "ends = [", "PATH: not valid TOML: "),
    ('preset = "smoke"', 'preset = "smoke"\nweeks = 4\nbudget = 1', "PATH: unknown field(s) budget, weeks"),
])
def test_each_bad_field_is_refused_in_one_whole_line(tmp_path, replace, by, message):
    got = refusal(tmp_path, replace, by)
    assert got.startswith(message) if message.endswith(": ") else got == message


@pytest.mark.parametrize("labs, shown", [("[]", "[]"), ('["explain", "nope"]', "['explain', 'nope']"),
                                         ('"explain"', "'explain'")])
def test_labs_must_be_a_list_of_known_labs_with_at_least_one(tmp_path, labs, shown):
    got = refusal(tmp_path, 'labs = ["inside_compile", "explain"]', f"labs = {labs}")
    assert got == f"PATH: field 'labs': expected a list of lab ids from: {', '.join(lab_ids())}, got {shown}"


def test_cohorts_are_listed_newest_id_first(tmp_path):
    for cohort_id in ("2026-11-pilot", "2027-01-spring", "2026-09-a"):
        written(tmp_path, TOML, cohort_id)
    assert config.cohort_ids(tmp_path) == ["2027-01-spring", "2026-11-pilot", "2026-09-a"]


def test_a_new_cohort_is_the_template_with_four_weeks_from_today_and_every_listed_lab(tmp_path, monkeypatch):
    locale_encoding(monkeypatch)
    cohorts_dir = tmp_path / "not" / "yet"          # made, and not the default folder
    path = config.new_cohort("2027-01-spring", cohorts_dir)
    today = datetime.date.today()
    listed = tuple(lab for lab in lab_ids() if load_lab_meta(lab).listed)
    assert len(listed) > 1                          # the list is joined
    assert config.load_cohort("2027-01-spring", cohorts_dir) == config.Cohort(
        id="2027-01-spring", folder=cohorts_dir / "2027-01-spring",
        title={"en": "Cohort 2027-01-spring", "es": "Cohorte 2027-01-spring"}, starts=today,
        ends=today + datetime.timedelta(days=28), labs=listed, preset="full", alias_mode="numbered")
    text = path.read_bytes().decode("utf-8")
    assert "-m course cohort add 2027-01-spring FILE..." in text and "learner 1, 2, … (aliases" in text


def test_a_new_cohort_may_go_in_a_folder_that_exists_but_never_over_a_file(tmp_path):
    (tmp_path / "c").mkdir()
    config.new_cohort("c", tmp_path, labs=["explain"], preset="smoke", alias_mode="shown")
    assert config.load_cohort("c", tmp_path).labs == ("explain",)
    with pytest.raises(config.CohortError, match="already exists; edit it instead"):
        config.new_cohort("c", tmp_path)
