"""Markers for cohorts: `{{ cohort id="2026-11-pilot" }}` (a cohort's report) and
`{{ cohorts }}` (the list of cohorts). Every piece of a submission reaches the page through
`escape`; an alias is also wrapped in <bdi>, so right-to-left text cannot reorder its row.

The report summarises: its size depends on the number of labs, checks and machine kinds,
never on the number of submissions. The table of every submission is shown whole only for a
small cohort; a larger one shows its latest rows and links the whole table as CSV and JSON,
which hooks/cohorts.py writes into the built site."""

from __future__ import annotations

from course import escape, plots
from course.cohorts import config, report
from course.cohorts.export import download_name
from course.cohorts.former_checks import former_label, is_former
from course.cohorts.words import count, w
from course.markers.page import Page
from course.markers.parse import Marker, MarkerError
from course.strings import term
from labs.common.contract import format_number, with_unit

# A cohort up to this size lists every submission on its page; a larger one its latest ones.
PAGE_ROWS = 50


def _cohort(marker: Marker) -> config.Cohort:
    cohort_id = marker.options.get("id")
    if not cohort_id:
        raise MarkerError('names no cohort: write {{ cohort id="COHORT-ID" }}')
    try:
        return config.load_cohort(cohort_id)
    except config.CohortError as error:
        raise MarkerError(str(error)) from None


def _report(page: Page, cohort: config.Cohort) -> report.Report:
    try:
        return report.build(cohort, page.store)
    except config.CohortError as error:
        raise MarkerError(str(error)) from None


def learner_label(page: Page, cohort: config.Cohort, row: report.Row) -> str:
    alias = row.entry["alias"]
    if cohort.alias_mode == "shown" and alias:
        return f"<bdi>{escape.text(alias)}</bdi>"
    return escape.text(w(page.lang, "learner", n=row.learner))


def _number(page: Page, value, unit: str = "", digits: int = 3) -> str:
    return escape.text(with_unit(format_number(value, page.lang, digits), unit, page.lang))


def _as_recorded(value: float, counts: bool) -> float | int:
    """A headline's figure as its lab recorded it: a count whole, 79 and not 79.0 (as a table's
    count column shows it); a median or quartile that falls between two counts keeps its fraction."""
    return int(value) if counts and float(value).is_integer() else value


def _table(headers: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(cells) + " |" for cells in rows]
    return '<div class="course-table" markdown>\n\n' + "\n".join(lines) + "\n\n</div>\n"


def _lab_link(page: Page, lab: str) -> str:
    return f"[{page.lab_meta(lab).title[page.lang]}]({page.link(f'labs/{lab}.md')})"


def _download(page: Page, cohort: config.Cohort) -> str:
    """Links to files of the built site, not to pages: HTML, which MkDocs does not check against
    docs/ (hooks/cohorts.py writes them after the build). A cohort id is [a-z0-9-]."""
    base = f"{page.ctx.site_root}/cohorts/{cohort.id}"
    return w(page.lang, "download", csv=f"{base}/{download_name(cohort, 'csv')}",
             json=f"{base}/{download_name(cohort, 'json')}")


def _overview(page: Page, rep: report.Report) -> str:
    lang, cohort = page.lang, rep.cohort
    dates = w(lang, "dates", starts=cohort.starts or "?", ends=cohort.ends or "?")
    facts = [escape.text(dates), w(lang, f"preset_{cohort.preset}"), w(lang, f"aliases_{cohort.alias_mode}"),
             w(lang, "summary", subs=count(lang, "n_submissions", len(rep.rows)),
               learners=count(lang, "n_learners", rep.learners))]
    if rep.history:
        facts.append(count(lang, "n_replaced", len(rep.history)))
    shared = w(lang, "shared", link=page.link("reference/cohorts.md"))
    return (f'<p class="course-provenance" markdown>{" · ".join(facts)}</p>\n\n'
            f'!!! info "{w(lang, "shared_title")}"\n\n    {shared}\n')


def _share(page: Page, passed: int, total: int) -> str:
    return _number(page, 100 * passed / total, "%") if total else "—"


def _per_lab(page: Page, rep: report.Report) -> str:
    rows = []
    for lab in rep.cohort.labs:
        mine = rep.lab_rows(lab)
        kinds = [sum(r.entry["device"] == d for r in mine) for d in report.DEVICE_KIND]
        rows.append([_lab_link(page, lab), _number(page, len(mine)), _number(page, len(rep.learners_per_lab[lab])),
                     *(_number(page, n) for n in kinds), _share(page, sum(r.all_passed for r in mine), len(mine))])
    headers = [w(page.lang, "lab"), w(page.lang, "submissions"), w(page.lang, "learners"),
               *report.DEVICE_KIND.values(), w(page.lang, "all_passed")]
    return f"## {w(page.lang, 'per_lab')}\n\n" + _table(headers, rows)


def _machines(page: Page, rep: report.Report) -> str:
    rows = [[escape.text(f"{report.DEVICE_KIND[m.device]} · {m.device_name}"), escape.text(m.cpu_model),
             escape.text(", ".join(map(str, m.threads)) or "—"), escape.text(", ".join(m.torches)),
             _number(page, m.runs)] for m in rep.machines]
    machines, runs = rep.other_machines
    if machines:
        rows.append([escape.text(w(page.lang, "other_machines", machines=format_number(machines, page.lang),
                                   runs=format_number(runs, page.lang))), "", "", "", _number(page, runs)])
    headers = [w(page.lang, k) for k in ("device", "cpu_model", "threads", "torch", "submissions")]
    return f"## {w(page.lang, 'machines')}\n\n" + _table(headers, rows)


def _check_label(page: Page, lab: str, key: str) -> str:
    runs = [result for device in report.DEVICE_KIND if (result := page.store.get(lab, device))]
    for result in runs:  # the course's own run carries the check's bilingual label
        label = result.manifest["checks"].get(key, {}).get("label", {}).get(page.lang)
        if label:
            return escape.text(label)
    words = former_label(lab, key, page.lang)
    if not runs and not is_former(lab, key):   # no run of the course says what the lab checks today
        return escape.text(words)
    # a check that older submissions made and today's lab does not: its label then, said as former
    return escape.text(f"{words} ({w(page.lang, 'former_check')})")


def _checks(page: Page, rep: report.Report) -> str:
    out = [f"## {w(page.lang, 'checks')}\n"]
    for lab in rep.cohort.labs:
        out.append(f"### {page.lab_meta(lab).title[page.lang]}\n")
        verdicts = rep.checks[lab]
        if not verdicts:
            out.append(w(page.lang, "no_rows") + "\n")
            continue
        rows = [[_check_label(page, lab, key), escape.text(f"{format_number(passed, page.lang)} / "
                                                           f"{format_number(total, page.lang)}"),
                 _share(page, passed, total)] for key, (passed, total) in sorted(verdicts.items())]
        out.append(_table([w(page.lang, k) for k in ("check", "passed", "rate")], rows))
    return "\n".join(out)


def _hover(page: Page, number: int | None, threads, torch) -> str:
    """Numbers and machine fields only (the schema keeps them free of markup); never an alias."""
    row = f"{w(page.lang, 'number')} {number} · " if number else ""
    threads = f"{threads} {w(page.lang, 'thread' if str(threads) == '1' else 'threads').lower()} · " if threads else ""
    return escape.text(f"{row}{threads}torch {torch}")


def _class_label(page: Page, device_class: tuple[str, str]) -> str:
    """A class of machines as plain text (the caller escapes it): "CPU · AMD EPYC", "CPU · other models"."""
    device, name = device_class
    return f"{report.DEVICE_KIND[device]} · {name or w(page.lang, 'other_models')}"


def _points(page: Page, summary: report.Summary) -> list[tuple[str, float, str]]:
    """Every run of a small class; the outliers of a large one."""
    if summary.n <= report.ALL_POINTS_UP_TO:
        shown = list(zip(summary.values, summary.rows, strict=True))
    else:
        shown = [(o.value, o.row) for o in summary.outliers()]
    return [(_class_label(page, summary.device_class), value, _hover(page, row.number, row.entry["threads"], row.entry["torch"]))
            for value, row in shown]


def _summary_table(page: Page, dist: report.Distribution, references: list[report.ReferenceRun]) -> str:
    def figure(value: float) -> str:
        return _number(page, _as_recorded(value, dist.counts))

    rows = []
    for summary in dist.classes:
        box = summary.box()
        course = [figure(r.headlines[dist.key]) for r in references
                  if r.device_class == summary.device_class and dist.key in r.headlines]
        rows.append([escape.text(_class_label(page, summary.device_class)), _number(page, summary.n), figure(box["median"]),
                     f"{figure(box['q1'])} – {figure(box['q3'])}",
                     f"{figure(box['min'])} – {figure(box['max'])}", ", ".join(course) or "—"])
    headers = [w(page.lang, k) for k in ("class_col", "runs", "median", "quartiles", "range", "course_run")]
    return _table(headers, rows)


def _outliers(page: Page, dist: report.Distribution) -> str:
    found = sorted((o for s in dist.classes for o in s.outliers()), key=lambda o: (-o.distance, o.row.number))
    if not found:
        return w(page.lang, "no_outliers") + "\n"
    items = [escape.text(f"{w(page.lang, 'number')} {o.row.number} "
                         f"({report.DEVICE_KIND[o.row.entry['device']]} · {o.row.entry['device_name']}, "
                         f"{format_number(_as_recorded(o.value, dist.counts), page.lang, 3)})")
             for o in found[:report.MAX_OUTLIERS]]
    return w(page.lang, "outliers", items="; ".join(items)) + "\n"


def _distribution(page: Page, rep: report.Report, dist: report.Distribution) -> str:
    out = [f"#### {dist.label[page.lang]}\n"]
    if dist.classes:
        page.figure_count += 1
        div_id = f"cohort-{rep.cohort.id}-{dist.lab}-{dist.key}-{page.figure_count}".replace(".", "-")
        classes = {s.device_class for s in dist.classes}
        boxes = [{"x": _class_label(page, s.device_class), **s.box()} for s in dist.classes]
        points = [point for s in dist.classes for point in _points(page, s)]
        reference = [(_class_label(page, r.device_class), r.headlines[dist.key],
                      _hover(page, None, None, r.provenance.get("torch")))
                     for r in rep.references
                     if r.lab == dist.lab and dist.key in r.headlines and r.device_class in classes]
        html = plots.distribution_html(boxes, points, reference, page.lang, div_id, y_title=dist.label[page.lang],
                                       names=(w(page.lang, "cohort"), w(page.lang, "reference"),
                                              w(page.lang, "runs_shown")), log_y=dist.log_y)
        page.uses_plotly = True
        out.append(f'<div class="course-figure">\n{html}\n</div>\n')
        out.append(_summary_table(page, dist, [r for r in rep.references if r.lab == dist.lab]))
        out.append(_outliers(page, dist))
    else:
        out.append(w(page.lang, "no_values") + "\n")
    if dist.words:
        words = ", ".join(f"{escape.text(term(page.lang, word) or word)} ({count})" for word, count in sorted(dist.words.items()))
        out.append(w(page.lang, "words_note", words=words) + "\n")
    return "\n".join(out)


def _headlines(page: Page, rep: report.Report) -> str:
    if not rep.distributions:
        return ""
    out = [f"## {w(page.lang, 'headlines')}\n", w(page.lang, "headlines_intro") + " "
           + w(page.lang, "points_note", n=report.ALL_POINTS_UP_TO) + "\n"]
    for lab in rep.cohort.labs:
        mine = [d for d in rep.distributions if d.lab == lab]
        if not mine:
            continue
        out.append(f"### {page.lab_meta(lab).title[page.lang]}\n")
        if rep.learners_per_lab[lab]:
            out += [_distribution(page, rep, d) for d in mine]
        else:
            out.append(w(page.lang, "no_rows") + "\n")
    return "\n".join(out)


def _submissions(page: Page, rep: report.Report) -> str:
    lang = page.lang
    headers = [w(lang, k) for k in ("number", "learner_col", "lab", "preset", "device", "cpu_model", "threads",
                                    "torch")] + ["Triton", w(lang, "python"), w(lang, "commit"), w(lang, "date"),
                                                 w(lang, "checks"), w(lang, "hash")]
    shown = rep.rows if len(rep.rows) <= PAGE_ROWS else rep.rows[::-1][:PAGE_ROWS]
    rows = []
    for row in shown:
        e = row.entry
        rows.append([_number(page, row.number), learner_label(page, rep.cohort, row), escape.code(row.lab),
                     escape.code(e["preset"]),
                     escape.text(f"{report.DEVICE_KIND[e['device']]} · {e['device_name']}"),
                     escape.text(e["cpu_model"]), escape.text(e["threads"] or "—"), escape.text(e["torch"] or "—"),
                     escape.text(e["triton"] or "—"), escape.text(e["python"]),
                     escape.code((e["commit"] or "?")[:8]), escape.text(e["date_utc"].replace("T", " ")[:16]),
                     escape.text(f"{row.checks_passed} / {len(e['checks'])}"), escape.code(row.hash)])
    intro = "" if shown is rep.rows else \
        w(lang, "latest_rows", shown=format_number(len(shown), lang), total=format_number(len(rep.rows), lang)) + " "
    return f"## {w(lang, 'table')}\n\n{intro}{_download(page, rep.cohort)}\n\n" + _table(headers, rows)


def _references(page: Page, rep: report.Report) -> str:
    lines = []
    for r in rep.references:
        p = r.provenance
        line = w(page.lang, "reference_line", lab=r.lab, device=f"{report.DEVICE_KIND[r.device]} · {p['device_name']}",
                 torch=p["torch"], preset=p["preset"], date=p["date_utc"][:10], commit=(p["commit"] or "?")[:8])
        which = w(page.lang, "reference_committed" if r.committed else "reference_local")
        lines.append("- " + escape.text(f"{line}: {which}"))
    return f"## {w(page.lang, 'reference_runs')}\n\n" + "\n".join(lines) + "\n" if lines else ""


def render_cohort(page: Page, marker: Marker) -> str:
    """A cohort's report: what it is, then counts, machines, checks, plots and every submission."""
    rep = _report(page, _cohort(marker))
    parts = [_overview(page, rep)]
    if not rep.rows:
        parts.append(f'!!! note "{w(page.lang, "empty_title")}"\n\n    {w(page.lang, "empty", id=rep.cohort.id)}\n')
        return "\n".join(parts)
    parts += [_per_lab(page, rep), _machines(page, rep), _checks(page, rep), _headlines(page, rep),
              _submissions(page, rep), _references(page, rep)]
    return "\n".join(part for part in parts if part)


def render_cohorts(page: Page, marker: Marker) -> str:
    """Every cohort, newest first, linked to its page."""
    lang = page.lang
    ids = config.cohort_ids()
    if not ids:
        return f'!!! note "{w(lang, "empty_title")}"\n\n    {w(lang, "no_cohorts")}\n'
    rows = []
    for cohort_id in ids:
        try:
            cohort = config.load_cohort(cohort_id)
        except config.CohortError as error:
            raise MarkerError(str(error)) from None
        rep = _report(page, cohort)
        dates = w(lang, "dates", starts=cohort.starts or "?", ends=cohort.ends or "?")
        rows.append([f"[{escape.text(cohort.title[lang])}]({page.link(f'cohorts/{cohort_id}.md')})",
                     escape.text(dates), ", ".join(_lab_link(page, lab) for lab in cohort.labs),
                     _number(page, len(rep.rows)), _number(page, rep.learners)])
    headers = [w(lang, k) for k in ("cohort_col", "dates_col", "labs", "submissions", "learners")]
    return _table(headers, rows)
