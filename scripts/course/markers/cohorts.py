"""Markers for cohorts: `{{ cohort id="2026-11-pilot" }}` (a cohort's whole report) and
`{{ cohorts }}` (the list of cohorts). Every piece of a submission reaches the page through
`escape`; an alias is also wrapped in <bdi>, so right-to-left text cannot reorder its row."""

from __future__ import annotations

from course import escape, plots
from course.cohorts import config, report
from course.cohorts.words import w
from course.markers.page import Page
from course.markers.parse import Marker, MarkerError
from labs.common.contract import format_number, with_unit


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
    alias = row.data["alias"]
    if cohort.alias_mode == "shown" and alias:
        return f"<bdi>{escape.text(alias)}</bdi>"
    return escape.text(w(page.lang, "learner", n=row.learner))


def _number(page: Page, value, unit: str = "", digits: int = 3) -> str:
    return escape.text(with_unit(format_number(value, page.lang, digits), unit, page.lang))


def _table(headers: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(cells) + " |" for cells in rows]
    return '<div class="course-table" markdown>\n\n' + "\n".join(lines) + "\n\n</div>\n"


def _lab_link(page: Page, lab: str) -> str:
    return f"[{page.lab_meta(lab).title[page.lang]}]({page.link(f'labs/{lab}.md')})"


def _overview(page: Page, rep: report.Report) -> str:
    lang, cohort = page.lang, rep.cohort
    dates = w(lang, "dates", starts=cohort.starts or "?", ends=cohort.ends or "?")
    facts = [escape.text(dates), w(lang, f"preset_{cohort.preset}"), w(lang, f"aliases_{cohort.alias_mode}"),
             w(lang, "summary", subs=len(rep.rows), learners=rep.learners)]
    if rep.history:
        facts.append(w(lang, "replaced_note", n=len(rep.history)))
    shared = w(lang, "shared", link=page.link("reference/cohorts.md"))
    return (f'<p class="course-provenance" markdown>{" · ".join(facts)}</p>\n\n'
            f'!!! info "{w(lang, "shared_title")}"\n\n    {shared}\n')


def _per_lab(page: Page, rep: report.Report) -> str:
    rows = []
    for lab in rep.cohort.labs:
        mine = [r for r in rep.rows if r.lab == lab]
        kinds = [sum(r.provenance["device"] == d for r in mine) for d in report.DEVICE_KIND]
        rows.append([_lab_link(page, lab), _number(page, len(mine)), _number(page, len(rep.learners_per_lab[lab])),
                     *(_number(page, n) for n in kinds)])
    headers = [w(page.lang, "lab"), w(page.lang, "submissions"), w(page.lang, "learners"), *report.DEVICE_KIND.values()]
    return f"## {w(page.lang, 'per_lab')}\n\n" + _table(headers, rows)


def _machines(page: Page, rep: report.Report) -> str:
    rows = []
    for (device, name, cpu), group in rep.machines():
        threads = sorted({r.provenance["threads"] for r in group if r.provenance["threads"]})
        torches = sorted({r.provenance["torch"] or "?" for r in group})
        rows.append([escape.text(f"{report.DEVICE_KIND[device]} · {name}"), escape.text(cpu),
                     escape.text(", ".join(map(str, threads)) or "—"), escape.text(", ".join(torches)),
                     _number(page, len(group))])
    headers = [w(page.lang, k) for k in ("device", "cpu_model", "threads", "torch", "submissions")]
    return f"## {w(page.lang, 'machines')}\n\n" + _table(headers, rows)


def _check_label(page: Page, lab: str, key: str) -> str:
    for device in report.DEVICE_KIND:  # the course's own run carries the check's bilingual label
        result = page.store.get(lab, device)
        label = result and result.manifest["checks"].get(key, {}).get("label", {}).get(page.lang)
        if label:
            return escape.text(label)
    return escape.code(key)


def _checks(page: Page, rep: report.Report) -> str:
    out = [f"## {w(page.lang, 'checks')}\n"]
    for lab in rep.cohort.labs:
        out.append(f"### {page.lab_meta(lab).title[page.lang]}\n")
        verdicts = rep.checks[lab]
        if not verdicts:
            out.append(w(page.lang, "no_rows") + "\n")
            continue
        rows = [[_check_label(page, lab, key), escape.text(f"{sum(v)} / {len(v)}"),
                 _number(page, 100 * sum(v) / len(v), "%")] for key, v in sorted(verdicts.items())]
        out.append(_table([w(page.lang, k) for k in ("check", "passed", "rate")], rows))
    return "\n".join(out)


def _hover(page: Page, point: report.Point, provenance: dict) -> str:
    """Numbers and machine fields only (the schema keeps them free of markup); never an alias."""
    row = f"{w(page.lang, 'number')} {point.row.number} · " if point.row else ""
    threads = f"{provenance['threads']} {w(page.lang, 'threads').lower()} · " if provenance.get("threads") else ""
    return escape.text(f"{row}{threads}torch {provenance.get('torch')}")


def _distribution(page: Page, rep: report.Report, dist: report.Distribution) -> str:
    out = [f"#### {dist.label[page.lang]}\n"]
    if dist.points:
        page.figure_count += 1
        div_id = f"cohort-{rep.cohort.id}-{dist.lab}-{dist.key}-{page.figure_count}".replace(".", "-")
        points = [(p.device_class, p.value, _hover(page, p, p.row.provenance)) for p in dist.points]
        reference = [(p.device_class, p.value, _hover(page, p, {"threads": None, "torch": prov.get("torch")}))
                     for p, prov in dist.reference]
        html = plots.distribution_html(points, reference, page.lang, div_id, y_title=dist.label[page.lang],
                                       names=(w(page.lang, "cohort"), w(page.lang, "reference")), log_y=dist.log_y)
        page.uses_plotly = True
        out.append(f'<div class="course-figure">\n{html}\n</div>\n')
    else:
        out.append(w(page.lang, "no_values") + "\n")
    if dist.words:
        words = ", ".join(f"{escape.text(word)} ({count})" for word, count in sorted(dist.words.items()))
        out.append(w(page.lang, "words_note", words=words) + "\n")
    return "\n".join(out)


def _headlines(page: Page, rep: report.Report) -> str:
    if not rep.distributions:
        return ""
    out = [f"## {w(page.lang, 'headlines')}\n", w(page.lang, "headlines_intro") + "\n"]
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
    rows = []
    for row in rep.rows:
        p = row.provenance
        rows.append([_number(page, row.number), learner_label(page, rep.cohort, row), escape.code(row.lab),
                     escape.code(row.data["preset"]),
                     escape.text(f"{report.DEVICE_KIND[p['device']]} · {p['device_name']}"),
                     escape.text(p["cpu_model"]), escape.text(p["threads"] or "—"), escape.text(p["torch"] or "—"),
                     escape.text(p["triton"] or "—"), escape.text(p["python"]),
                     escape.code((p["commit"] or "?")[:8]), escape.text(p["date_utc"].replace("T", " ")[:16]),
                     escape.text(f"{row.checks_passed} / {len(row.data['checks'])}"),
                     escape.code(row.stored.hash)])
    return f"## {w(lang, 'table')}\n\n" + _table(headers, rows)


def _references(page: Page, rep: report.Report) -> str:
    lines = []
    for lab in rep.cohort.labs:
        for device in report.DEVICE_KIND:
            result = page.store.get(lab, device)
            if result is None or result.status != "ok":
                continue
            p = result.provenance
            line = w(page.lang, "reference_line", lab=lab, device=f"{report.DEVICE_KIND[device]} · {p['device_name']}",
                     torch=p["torch"], preset=p["preset"], date=p["date_utc"][:10], commit=(p["commit"] or "?")[:8])
            lines.append("- " + escape.text(line))
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
