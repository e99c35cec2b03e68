"""The markers that draw the course's map (lab_header, lab_nav, curriculum), checked whole against
the labs' own metadata (lab.toml, curriculum.toml) and the UI strings: every line of a header,
the phases in order, the cards of a phase by week with a reading before a lab of its week."""

from __future__ import annotations

import re

import pytest

from course import curriculum
from course.markers import PageContext, expand
from course.results import ResultStore
from course.strings import t
from labs.common.contract import load_lab_meta


def rendered(text: str, lang: str, tmp_path, page_dir: str = "labs") -> str:
    ctx = PageContext(page=f"{lang}/{page_dir}/x.md", lang=lang, page_dir=page_dir, site_root="..")
    result = expand(text, ctx, ResultStore(tmp_path))
    assert result.errors == []
    return result.markdown


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("lab, prerequisites", [
    ("inductor_kernels", lambda lang: f"[{load_lab_meta('inside_compile').title[lang]}](inside_compile.md)"),
    ("inside_compile", lambda lang: t(lang, "none")),
    ("kernel_history", lambda lang: ", ".join(f"[{load_lab_meta(p).title[lang]}]({p}.md)"
                                              for p in ("inductor_kernels", "inside_compile"))),
])
def test_a_lab_header_is_every_line_its_metadata_says(tmp_path, lang, lab, prerequisites):
    meta = load_lab_meta(lab)
    devices = {"cpu": "CPU", "cuda": "GPU"}
    expected = "\n".join([
        f'!!! abstract "{t(lang, "at_a_glance")}"', "",
        f"    {meta.summary[lang]}", "",
        f"    - **{t(lang, 'duration')}:** {t(lang, 'about_minutes', minutes=meta.duration_min)}",
        f"    - **{t(lang, 'runs_on')}:** {', '.join(devices[d] for d in meta.devices)}. "
        f"{meta.device_notes.get(lang, '')}",
        f"    - **{t(lang, 'prerequisites')}:** {prerequisites(lang)}", "",
        f"    **{t(lang, 'you_learn')}:**", "",
        *[f"    - {item}" for item in meta.teaches[lang]], "",
        f"    **{t(lang, 'run_it')}:**", "",
        "    ```bash", f"    .venv/bin/python -m labs.{lab} --device cpu", f"    make labs LAB={lab}", "    ```", "",
        f"    {t(lang, 'run_it_where', lab=lab, out=f'experiments/{lab}')}", ""])
    assert rendered("{{ lab_header " + lab + " }}", lang, tmp_path) == expected
    assert len(meta.teaches[lang]) > 1 and len(meta.devices) >= 1


def test_a_header_names_both_devices_apart(tmp_path):
    # inductor_kernels runs on both: the line must list them with a comma, in lab.toml's order
    line = next(x for x in rendered("{{ lab_header inductor_kernels }}", "en", tmp_path).splitlines()
                if t("en", "runs_on") in x)
    assert "CPU, GPU." in line


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_curriculum_is_each_phase_numbered_with_its_cards_in_week_order(tmp_path, lang):
    text = rendered("{{ curriculum }}", lang, tmp_path, page_dir="")
    phases = curriculum.phases()
    headings = re.findall(r"^### (.*)$", text, re.M)
    assert headings == [f"{n}. {phase.title[lang]}" for n, phase in enumerate(phases, start=1)]
    assert len(re.findall('^<div class="grid cards course-curriculum" markdown>$', text, re.M)) == len(phases)
    assert text.count("</div>\n") == len(phases) and text.endswith("</div>\n\n")
    for phase, chunk in zip(phases, re.split(r"^### .*$", text, flags=re.M)[1:], strict=True):
        assert f"\n{phase.summary[lang]}\n" in chunk
        cards = re.findall(rf"^-   \*\*{t(lang, 'week')} (\d+) · ([^*]+)\*\*\n\n    \[([^\]]+)\]\(([^)]+)\)", chunk, re.M)
        weeks = [int(week) for week, *_ in cards]
        assert weeks == sorted(weeks) and len(cards) == len(phase.readings) + len(phase.labs)
        for week in set(weeks):   # a reading comes before the labs of its week
            kinds = [kind for w, kind, *_ in cards if int(w) == week]
            assert kinds == sorted(kinds, key=lambda k: k != t(lang, "reading"))
        for lab in phase.labs:
            assert (str(lab.week), t(lang, "lab"), lab.title[lang], f"labs/{lab.id}.md") in cards
    first = curriculum.phases()[0]
    assert first.readings and first.readings[0].week == first.labs[0].week   # the case above is exercised


def card(lang: str, week: int, kind: str, title: str, target: str, minutes: int, needs: str, prereqs: str,
         teaches: list[str]) -> str:
    return "\n".join([f"-   **{t(lang, 'week')} {week} · {kind}**", "", f"    [{title}]({target})", "",
                      f"    {t(lang, 'duration')}: {t(lang, 'about_minutes', minutes=minutes)} · {t(lang, 'runs_on')}: "
                      f"{needs} · {t(lang, 'prerequisites')}: {prereqs}", "", "    ---", "",
                      f"    {t(lang, 'you_learn')}:", "", *[f"    - {x}" for x in teaches], ""])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_lab_card_and_a_reading_card_are_whole(tmp_path, lang):
    text = rendered("{{ curriculum }}", lang, tmp_path, page_dir="")
    lab = load_lab_meta("kernel_history")   # two prerequisites, the first titled "Lab 03 — …"
    assert lab.prerequisites == ["inductor_kernels", "inside_compile"]
    week = next(x.week for p in curriculum.phases() for x in p.labs if x.id == "kernel_history")
    prereqs = f"Lab 03, {load_lab_meta('inside_compile').title[lang]}"   # a title is cut at its " — "
    needs = ", ".join({"cpu": "CPU", "cuda": "GPU"}[d] for d in lab.devices)
    assert card(lang, week, t(lang, "lab"), lab.title[lang], "labs/kernel_history.md", lab.duration_min,
                needs, prereqs, lab.teaches[lang]) in text
    reading = curriculum.phases()[0].readings[0]
    assert card(lang, reading.week, t(lang, "reading"), reading.title[lang], reading.page, reading.duration_min,
                "—", "—", reading.teaches[lang]) in text
    inside = load_lab_meta("inside_compile")   # no prerequisites: a dash
    assert f"{t(lang, 'prerequisites')}: —\n\n    ---" in text.split(f"]({'labs/inside_compile.md'})")[1][:400]
    assert inside.prerequisites == []


def test_cards_are_sorted_by_week_whatever_order_the_phase_lists_them_in(tmp_path, monkeypatch):
    import dataclasses
    real = curriculum.phases()[0]
    late_reading = dataclasses.replace(real.readings[0], week=5)
    early_lab, late_lab = load_lab_meta("inside_compile"), load_lab_meta("kernel_history")
    phase = dataclasses.replace(real, readings=(late_reading,),
                                labs=(dataclasses.replace(late_lab, week=9), dataclasses.replace(early_lab, week=1)))
    monkeypatch.setattr(curriculum, "phases", lambda: (phase,))
    text = rendered("{{ curriculum }}", "en", tmp_path, page_dir="")
    weeks = re.findall(rf"^-   \*\*{t('en', 'week')} (\d+) · ", text, re.M)
    assert weeks == ["1", "5", "9"]
