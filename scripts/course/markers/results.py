"""Markers that quote a result: a metric, a check's badge, a branch on a categorical value,
a table of every check, links to artifacts, a part's skip notice, the provenance line."""

from __future__ import annotations

import math
from decimal import Decimal

from course import escape
from course.markers.page import DEVICE_LABEL, Page, rounded_first
from course.markers.parse import Marker, MarkerError
from course.strings import lab_message, t
from labs.common.contract import CHECK_OPERATORS, format_number, source_hash, with_unit


def without_result(page: Page, marker: Marker) -> str | None:
    """`absent="…"` on an inline marker: its text when that device has no result at all (a
    GPU run not made yet). A failed run is never hidden this way: it still stops the build."""
    if "absent" not in marker.options:
        return None
    lab, device = page.meta(marker).id, page.need_device(marker)
    if page.store.failure(lab, device) is None and page.store.get(lab, device) is None:
        return marker.options["absent"]
    return None


def render_metric(page: Page, marker: Marker) -> str:
    if (text := without_result(page, marker)) is not None:
        return text
    result = page.inline_result(marker)
    metric = page.entry(result, "metrics", marker.key)
    if "minus" in marker.options:
        return difference_shown(page, marker, metric, page.entry(result, "metrics", marker.options["minus"]))
    return page.number(metric["value"], metric["unit"], marker)


def as_shown(value: float, digits: int, decimals: int | None) -> tuple[Decimal, int]:
    """A value as a page shows it, read back from format_number's English text, and how many
    decimals that text has; a value shown as a power of ten has no such reading."""
    text = format_number(value if decimals is not None else rounded_first(value, digits), "en", digits, decimals)
    if "×" in text:
        raise MarkerError(f"minus=: {value!r} is shown as a power of ten; a difference needs both in fixed notation")
    return Decimal(text.replace(",", "").replace("−", "-")), len(text.partition(".")[2])


def difference_shown(page: Page, marker: Marker, metric: dict, other: dict) -> str:
    """`minus=KEY`: the metric less another, each as the page shows it, so that "from 74.2 MiB
    to 24.2 MiB, a saving of …" subtracts to what it says (50.0, where the values' own
    difference, 74.22 − 24.16, would read 50.1)."""
    values = (metric["value"], other["value"])
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in values):
        raise MarkerError(f"minus=: {marker.key} and {marker.options['minus']} must both be finite numbers")
    if metric["unit"] != other["unit"]:
        raise MarkerError(f"minus=: {marker.key} is in {metric['unit']!r}, {marker.options['minus']} in "
                          f"{other['unit']!r}; subtract values of one unit")
    (first, places_first), (second, places_second) = (as_shown(v, *page.digits(marker)) for v in values)
    return page.number(float(first - second), metric["unit"], marker, places=max(places_first, places_second))


def check_passed(check: dict, where: str) -> bool:
    """The check's verdict recomputed from its value, operator and threshold; a manifest
    whose recorded verdict disagrees is refused, never shown."""
    try:
        passed = bool(CHECK_OPERATORS[check["op"]](check["value"], check["threshold"]))
    except (KeyError, TypeError) as error:
        raise MarkerError(f"check {where} cannot be evaluated ({error}); re-run the lab") from None
    if passed != check["passed"]:
        raise MarkerError(f"check {where} is recorded as {'passed' if check['passed'] else 'failed'} but "
                          f"{check['value']!r} {check['op']} {check['threshold']!r} says otherwise; "
                          "the result is inconsistent: re-run the lab")
    return passed


def badge(page: Page, passed: bool) -> str:
    state = "pass" if passed else "fail"
    icon = "✔" if passed else "✘"
    return f'<span class="course-badge course-{state}">{icon} {t(page.lang, state)}</span>'


def render_check(page: Page, marker: Marker) -> str:
    if (text := without_result(page, marker)) is not None:
        return text
    result = page.inline_result(marker)
    check = page.entry(result, "checks", marker.key)
    passed = check_passed(check, f"{result.lab}/{result.device}:{marker.key}")
    unit = check.get("unit", "")
    return (f'{badge(page, passed)} <span class="course-check">{page.number(check["value"], unit, marker)} '
            f'{escape.text(check["op"])} {page.number(check["threshold"], unit, marker)}</span>')


def render_case(page: Page, marker: Marker) -> str:
    """The option named by the metric's value, or `else=`; `{value}` in it is the value."""
    if (text := without_result(page, marker)) is not None:
        return text
    metric = page.entry(page.inline_result(marker), "metrics", marker.key)
    value = str(metric["value"])
    text = marker.options.get(value, marker.options.get("else"))
    if text is None:
        choices = ", ".join(marker.options) or "none"
        raise MarkerError(f"{marker.key} is {value!r} on this run, and the marker has no text for it "
                          f"(it has: {choices}); add {value}=\"…\" or else=\"…\"")
    return text.replace("{value}", page.number(metric["value"], metric["unit"], marker))


def render_link(page: Page, marker: Marker) -> str:
    """Links to an artifact (a report, a log) of each device that wrote it, by device name.

    `text=` is the link text; `absent=` is shown when no device wrote the artifact.
    """
    if not marker.key:
        raise MarkerError(f"needs a key: {marker.lab}:ARTIFACT")
    text = marker.options.get("text", marker.key)
    links = []
    for device in page.devices_for(marker):
        result = page.result(marker.lab, device)
        artifact = result.manifest["artifacts"].get(marker.key)
        if artifact is None:
            continue
        href = page.artifact_href(marker.lab, device, artifact)
        links.append(f'<a href="{href}">{text} ({page.device_label(marker.lab, device)})</a>')
    if links:
        return " · ".join(links)
    if "absent" in marker.options:
        return marker.options["absent"]
    raise MarkerError(f"no run of {marker.lab} wrote artifact {marker.key!r}; add absent=\"…\" to say so on the page")


def render_checks(page: Page, marker: Marker) -> str:
    lang = page.lang

    def one(device: str) -> str:
        result = page.result(marker.lab, device)
        rows = [f"| {t(lang, 'check')} | {t(lang, 'value')} | {t(lang, 'threshold')} | {t(lang, 'result')} |",
                "|---|---|---|---|"]
        for key, check in result.manifest["checks"].items():
            label = check.get("label", {}).get(lang)
            shown = escape.text(label) if label else escape.code(key)
            passed = check_passed(check, f"{result.lab}/{device}:{key}")
            unit = check.get("unit", "")
            rows.append(f"| {shown} | {page.number(check['value'], unit, marker, key)} | "
                        f"{escape.text(check['op'])} {page.number(check['threshold'], unit, marker, key)} | "
                        f"{badge(page, passed)} |")
        return "\n".join(rows) + "\n"

    return page.tabs_for(marker, one, sourced=True)


def render_part(page: Page, marker: Marker) -> str:
    device = page.need_device(marker)
    result = page.result(page.meta(marker).id, device)
    part = page.entry(result, "parts", marker.key)
    if part["status"] == "ok":
        return ""
    if part["status"] == "failed":
        raise MarkerError(f"part {marker.key} failed on {device}: {part.get('reason', '')}")
    requires = part.get("requires")
    if requires:
        other = DEVICE_LABEL[requires]
        text = t(page.lang, "skipped_requires", part=escape.text(marker.key), requires=other,
                 device=DEVICE_LABEL[device], other=other)
    else:
        reason = lab_message(page.lang, part.get("reason", ""))
        text = t(page.lang, "skipped_reason", part=escape.text(marker.key), reason=escape.text(reason))
    title = t(page.lang, "skipped_title", device=DEVICE_LABEL[device])
    return f'!!! note "{title}"\n\n    {text}\n'


def provenance_text(page: Page, lab: str, device: str) -> str:
    """device · torch · preset · date · commit · run time, escaped; a stale run says so."""
    lang = page.lang
    result = page.result(lab, device)
    p = result.provenance
    threads = ""
    if device == "cpu":
        count = p.get("timing_threads") or p.get("cpu_threads")
        if count:
            threads = f", {escape.text(count)} {t(lang, 'thread' if str(count) == '1' else 'threads')}"
    commit = escape.text((p.get("commit") or "?")[:8])
    if p.get("commit_dirty"):
        commit += f" ({t(lang, 'uncommitted')})"
    wall = with_unit(format_number(float(p["wall_s"]), lang), "s", lang)
    date = escape.text(p["date_utc"].replace("T", " ").replace("Z", " UTC"))
    text = (f"{t(lang, 'measured_on')} **{page.device_label(lab, device)}**{threads} · "
            f"torch {escape.text(p['torch'])}" + (f" · triton {escape.text(p['triton'])}" if p.get("triton") else "") +
            f" · Python {escape.text(p['python'])} · {t(lang, 'preset')} {escape.code(p['preset'])} · "
            f"{date} · {t(lang, 'commit')} <code>{commit}</code> · {t(lang, 'run_time')} {wall}")
    if p.get("resumed_parts"):  # its run time adds those parts' own times to the last attempt's
        text += f" ({t(lang, 'resumed_parts', count=format_number(int(p['resumed_parts']), lang))})"
    methods = p.get("device_time_methods") or {}
    if methods:
        said = [t(lang, f"device_{method}", count=format_number(int(methods[method]), lang))
                for method in ("graph", "queued") if methods.get(method)]
        text += f" · {t(lang, 'device_clock', methods=', '.join(said))}"
    if p.get("placement"):
        text += f" · {placement_text(p['placement'], lang)}"
    if result.manifest.get("failed_checks_allowed"):
        text += f" · ⚠ {t(lang, 'failed_checks_allowed')}"
    if p.get("source_hash") and p["source_hash"] != source_hash(lab):
        text += f" · ⚠ {t(lang, 'code_changed', command=f'make labs LAB={lab} DEVICE={device} FORCE=1')}"
    return text


def placement_text(placement: dict, lang: str) -> str:
    """How scripts/gpu-results ran the lab (provenance.placement): alone, or beside which labs on
    which GPU and cores; every value escaped."""
    if placement["launch"] != "side_by_side":
        return t(lang, "placement_serial")
    where = dict(gpus=escape.text(", ".join(placement["gpus"])),
                 node_gpus=format_number(int(placement["node_gpus"]), lang), cores=escape.text(placement["cores"]),
                 count=format_number(int(placement["core_count"]), lang),
                 node_cores=format_number(int(placement["node_cores"]), lang))
    if not placement["beside"]:   # launched side by side, yet no other lab ran while it did
        return t(lang, "placement_alone", **where)
    return t(lang, "placement_side", **where,
             beside=t(lang, "placement_beside", labs=", ".join(escape.code(lab) for lab in placement["beside"])))


def release(torch_version: str) -> str:
    """A torch version without its build tag: 2.13.0+cpu and 2.13.0+cu130 are one release."""
    return torch_version.split("+")[0]


def releases_note(page: Page, lab: str, devices: list[str]) -> str | None:
    """When the devices' runs used different torch releases, a sentence that says so: a page that
    compares them compares releases as well as machines."""
    versions = {device: str(page.result(lab, device).provenance.get("torch", "?")) for device in devices}
    if len({release(v) for v in versions.values()}) < 2:
        return None
    listed = ", ".join(f"{DEVICE_LABEL[d]} torch {escape.text(v)}" for d, v in versions.items())
    return t(page.lang, "releases_differ", releases=listed)


def render_provenance(page: Page, marker: Marker) -> str:
    """The full provenance of each device's run; `form="short"` writes one line under a table
    typed into the page (a CPU | GPU table of inline metrics), naming each column's run."""
    form = marker.options.get("form", "full")
    if form == "short":
        return "".join(page.source_line(marker.lab, device) for device in page.devices_for(marker))
    if form != "full":
        raise MarkerError(f'form="{form}" is neither "full" nor "short"')
    devices = page.devices_for(marker)
    lines = [f'<p class="course-provenance" markdown>{provenance_text(page, marker.lab, device)}</p>'
             for device in devices]
    if note := releases_note(page, marker.lab, devices):
        lines.append(f'<p class="course-provenance" markdown>⚠ {note}</p>')
    return f'<a id="provenance-{marker.lab}"></a>\n\n' + "\n\n".join(lines) + "\n"
