"""Marker expansion: Markdown with `{{ kind target options }}` in, Markdown out.

    {{ metric lab03_compile/cpu:tinyhead.max_abs_err }}
    {{ figure lab03_compile:tinyhead_latency x_title="Batch size" y_title="µs" }}

`expand()` is a pure function of the page text, its language and the results it reads: no
MkDocs in here, so it is unit-tested directly and would survive a move to another site
generator. Each marker that cannot be expanded (unknown kind or key, missing result, failed
lab) becomes a visible error block and an entry in `Expansion.errors`; the MkDocs hook turns
those into warnings, which stop a strict build.

Markers inside fenced code blocks and inline code spans are left alone, so pages can show
the syntax itself.
"""

from __future__ import annotations

import html
import posixpath
import re
import shlex
from dataclasses import dataclass, field
from typing import Callable

from course import curriculum, plots
from course.formatting import format_number, with_unit
from course.results import DEVICES, LabResult, ResultStore
from course.strings import t, term
from labs.common import fingerprint
from labs.common.labmeta import LabMeta, load_lab_meta

MARKER = re.compile(r"\{\{\s*(?P<kind>[a-z_]+)\b(?P<body>(?:[^}\n]|\}(?!\}))*)\}\}")
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
TARGET = re.compile(r"^(?P<lab>[a-z][a-z0-9_]*)(?:/(?P<device>[a-z]+))?(?::(?P<key>[\w.\-]+))?$")
DEVICE_LABEL = {"cpu": "CPU", "cuda": "GPU"}


class MarkerError(Exception):
    """One marker that cannot be expanded; the message says what to do about it."""


@dataclass(frozen=True)
class PageContext:
    page: str                 # the page's source path, for messages: "en/labs/lab03_compile.md"
    lang: str                 # "en" or "es"
    page_dir: str = ""        # folder of the page inside its language tree: "labs"
    site_root: str = "."      # relative URL from the rendered page to the site's root


@dataclass
class Expansion:
    markdown: str
    errors: list[str] = field(default_factory=list)
    uses_plotly: bool = False


@dataclass(frozen=True)
class Marker:
    kind: str
    text: str
    lab: str | None
    device: str | None
    key: str | None
    options: dict[str, str]


def parse_marker(kind: str, body: str, text: str) -> Marker:
    try:
        tokens = shlex.split(body)
    except ValueError as error:
        raise MarkerError(f"cannot parse its options ({error}); quote values that contain spaces")
    options, target = {}, None
    for token in tokens:
        if "=" in token:
            name, value = token.split("=", 1)
            options[name] = value
        elif target is None:
            target = token
        else:
            raise MarkerError(f"unexpected word {token!r}; options are written name=value")
    lab = device = key = None
    if target:
        match = TARGET.match(target)
        if not match:
            raise MarkerError(f"target {target!r} is not LAB, LAB/DEVICE, LAB:KEY or LAB/DEVICE:KEY")
        lab, device, key = match.group("lab"), match.group("device"), match.group("key")
        if device and device not in DEVICES:
            raise MarkerError(f"device {device!r} is not one of {', '.join(DEVICES)}")
    return Marker(kind=kind, text=text, lab=lab, device=device, key=key, options=options)


# -- helpers shared by the renderers ---------------------------------------------------------


class Renderer:
    """Expands markers of one page; one instance per call of `expand`."""

    def __init__(self, ctx: PageContext, store: ResultStore):
        self.ctx = ctx
        self.store = store
        self.uses_plotly = False
        self._figure_count = 0
        self._metas: dict[str, LabMeta] = {}

    # resolution ------------------------------------------------------------------------

    def meta(self, marker: Marker) -> LabMeta:
        if not marker.lab:
            raise MarkerError("names no lab")
        if marker.lab not in self._metas:  # a page has hundreds of markers and a few labs
            try:
                self._metas[marker.lab] = load_lab_meta(marker.lab)
            except FileNotFoundError as error:
                raise MarkerError(str(error)) from None
        return self._metas[marker.lab]

    def result(self, lab: str, device: str) -> LabResult:
        failure = self.store.failure(lab, device)
        if failure:
            raise MarkerError(f"lab {lab} failed on {device} ({failure.date_utc}): {failure.reason}. "
                              f"Log: {failure.log}. Re-run: {failure.command}")
        found = self.store.get(lab, device)
        if found is None:
            raise MarkerError(f"no result for lab {lab} on {device}; "
                              f"run: make labs LAB={lab} DEVICE={device}")
        if found.status == "failed":
            raise MarkerError(f"lab {lab} on {device} is recorded as failed: {found.manifest.get('reason')}")
        return found

    def devices_for(self, marker: Marker) -> list[str]:
        self.meta(marker)
        if marker.device:
            return [marker.device]
        devices = self.store.devices(marker.lab)
        if not devices:
            raise MarkerError(f"no result for lab {marker.lab} on any device; run: make labs LAB={marker.lab}")
        return devices

    def entry(self, result: LabResult, section: str, key: str | None) -> dict:
        if not key:
            raise MarkerError(f"needs a key: {result.lab}/{result.device}:KEY")
        entries = result.manifest[section]
        if key not in entries:
            known = ", ".join(sorted(entries)) or "none"
            raise MarkerError(f"{section[:-1]} {key!r} is not in {result.lab}/{result.device} "
                              f"(known: {known})")
        return entries[key]

    def need_device(self, marker: Marker) -> str:
        if not marker.device:
            raise MarkerError(f"an inline {marker.kind} needs a device: {marker.lab}/cpu:{marker.key or 'KEY'}")
        return marker.device

    def digits(self, marker: Marker) -> tuple[int, int | None]:
        decimals = marker.options.get("decimals")
        return int(marker.options.get("digits", 3)), int(decimals) if decimals else None

    def number(self, value, unit: str, marker: Marker) -> str:
        digits, decimals = self.digits(marker)
        text = format_number(value, self.ctx.lang, digits, decimals)
        return text if marker.options.get("unit") == "no" else with_unit(text, unit, self.ctx.lang)

    def link(self, page: str) -> str:
        """A Markdown link target from this page to another page of the same language tree."""
        return posixpath.relpath(page, self.ctx.page_dir or ".")

    def artifact_href(self, lab: str, device: str, artifact: dict) -> str:
        """The URL of an artifact, which the build copies to site/results/."""
        return f"{self.ctx.site_root}/results/{lab}/{device}/{artifact['path']}"

    def device_tabs(self, lab: str, devices: list[str], render_one: Callable[[str], str]) -> str:
        """One device: the content as is. Several: Material content tabs, CPU first."""
        if len(devices) == 1:
            return render_one(devices[0])
        blocks = []
        for device in devices:
            body = render_one(device)
            label = f"{DEVICE_LABEL[device]} · {self.result(lab, device).provenance['device_name']}"
            indented = "\n".join(("    " + line) if line.strip() else "" for line in body.splitlines())
            blocks.append(f'=== "{label}"\n\n{indented}\n')
        return "\n".join(blocks)

    # inline markers ----------------------------------------------------------------------

    def render_metric(self, marker: Marker) -> str:
        result = self.result(self.meta(marker).id, self.need_device(marker))
        metric = self.entry(result, "metrics", marker.key)
        return self.number(metric["value"], metric["unit"], marker)

    def render_check(self, marker: Marker) -> str:
        result = self.result(self.meta(marker).id, self.need_device(marker))
        return self.badge(self.entry(result, "checks", marker.key), marker)

    def badge(self, check: dict, marker: Marker) -> str:
        state = "pass" if check["passed"] else "fail"
        icon = "✔" if check["passed"] else "✘"
        unit = check.get("unit", "")
        value = self.number(check["value"], unit, marker)
        threshold = self.number(check["threshold"], unit, marker)
        return (f'<span class="course-badge course-{state}">{icon} {t(self.ctx.lang, state)}</span> '
                f'<span class="course-check">{value} {check["op"]} {threshold}</span>')

    def render_case(self, marker: Marker) -> str:
        """The option named by the metric's value, or `else=`; `{value}` in it is the value."""
        result = self.result(self.meta(marker).id, self.need_device(marker))
        metric = self.entry(result, "metrics", marker.key)
        value = str(metric["value"])
        text = marker.options.get(value, marker.options.get("else"))
        if text is None:
            choices = ", ".join(marker.options) or "none"
            raise MarkerError(f"{marker.key} is {value!r} on this run, and the marker has no text for it "
                              f"(it has: {choices}); add {value}=\"…\" or else=\"…\"")
        return text.replace("{value}", self.number(metric["value"], metric["unit"], marker))

    def render_link(self, marker: Marker) -> str:
        """Links to an artifact (a report, a log) of each device that wrote it, by device name.

        `text=` is the link text; `absent=` is shown when no device wrote the artifact.
        """
        if not marker.key:
            raise MarkerError(f"needs a key: {marker.lab}:ARTIFACT")
        text = marker.options.get("text", marker.key)
        links = []
        for device in self.devices_for(marker):
            result = self.result(marker.lab, device)
            artifact = result.manifest["artifacts"].get(marker.key)
            if artifact is None:
                continue
            href = self.artifact_href(marker.lab, device, artifact)
            links.append(f'<a href="{href}">{text} ({DEVICE_LABEL[device]} · {result.provenance["device_name"]})</a>')
        if links:
            return " · ".join(links)
        if "absent" in marker.options:
            return marker.options["absent"]
        raise MarkerError(f"no run of {marker.lab} wrote artifact {marker.key!r}; "
                          f"add absent=\"…\" to say so on the page")

    # block markers -----------------------------------------------------------------------

    def render_checks(self, marker: Marker) -> str:
        lang = self.ctx.lang

        def one(device: str) -> str:
            result = self.result(marker.lab, device)
            rows = [f"| {t(lang, 'check')} | {t(lang, 'value')} | {t(lang, 'threshold')} | {t(lang, 'result')} |",
                    "|---|---|---|---|"]
            for key, check in result.manifest["checks"].items():
                label = check.get("label", {}).get(lang, f"`{key}`")
                unit = check.get("unit", "")
                state = "pass" if check["passed"] else "fail"
                rows.append(f"| {label} | {self.number(check['value'], unit, marker)} | "
                            f"{check['op']} {self.number(check['threshold'], unit, marker)} | "
                            f'<span class="course-badge course-{state}">{t(lang, state)}</span> |')
            return "\n".join(rows) + "\n"

        return self.tabs_for(marker, one)

    def render_table(self, marker: Marker) -> str:
        def one(device: str) -> str:
            table = self.entry(self.result(marker.lab, device), "tables", marker.key)
            wanted = marker.options.get("columns")
            columns = wanted.split(",") if wanted else table["columns"]
            missing = [c for c in columns if c not in table["columns"]]
            if missing:
                raise MarkerError(f"table {marker.key} has no column {', '.join(missing)} "
                                  f"(it has: {', '.join(table['columns'])})")
            headers = marker.options.get("headers")
            titles = headers.split("|") if headers else [
                f"`{c}`" + (f" ({table['units'][c]})" if table.get("units", {}).get(c) else "") for c in columns]
            if len(titles) != len(columns):
                raise MarkerError(f"headers has {len(titles)} titles for {len(columns)} columns")
            indexes = [table["columns"].index(c) for c in columns]
            digits, decimals = self.per_column(marker, "digits", columns), self.per_column(marker, "decimals", columns)
            code_columns = [c for c in marker.options.get("code", "").split(",") if c]
            if unknown := [c for c in code_columns if c not in columns]:
                raise MarkerError(f"code names {', '.join(unknown)}, not a shown column")
            lines = ["| " + " | ".join(titles) + " |", "|" + "---|" * len(columns)]
            for row in table["rows"]:
                cells = [self.cell(row[i], digits.get(c, 3), decimals.get(c), c in code_columns)
                         for i, c in zip(indexes, columns)]
                lines.append("| " + " | ".join(cells) + " |")
            return "\n".join(lines) + "\n"

        return self.tabs_for(marker, one)

    @staticmethod
    def per_column(marker: Marker, option: str, columns: list[str]) -> dict[str, int]:
        """`digits=2` sets every column; `digits="a:2,b:4"` sets the columns it names."""
        text = marker.options.get(option)
        if not text:
            return {}
        try:
            if ":" not in text:
                return dict.fromkeys(columns, int(text))
            pairs = dict(item.split(":") for item in text.split(","))
            unknown = [name for name in pairs if name not in columns]
            if unknown:
                raise MarkerError(f"{option} names {', '.join(unknown)}, not a shown column")
            return {name: int(n) for name, n in pairs.items()}
        except ValueError:
            raise MarkerError(f'{option}="{text}" is neither a number nor "column:number,…"') from None

    def cell(self, value, digits: int = 3, decimals: int | None = None, as_code: bool = False) -> str:
        if value is None or value == "":
            return "—"
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return format_number(value, self.ctx.lang, digits, decimals)
        text = str(value).replace("\n", " ")
        if as_code:  # generated source: shown verbatim, whatever characters it holds
            return "<code>" + html.escape(text).translate(MARKDOWN_ENTITIES) + "</code>"
        return _escape_outside_code(term(self.ctx.lang, text)).replace("|", "\\|")

    def render_figure(self, marker: Marker) -> str:
        lang = self.ctx.lang

        def one(device: str) -> str:
            result = self.result(marker.lab, device)
            spec = self.entry(result, "figures", marker.key)
            table = self.entry(result, "tables", spec["table"])
            self._figure_count += 1
            div_id = f"fig-{marker.lab}-{marker.key}-{device}-{self._figure_count}".replace(".", "-")
            names = marker.options.get("names")
            html = plots.figure_html(table, spec, lang, div_id,
                                     x_title=marker.options.get("x_title", spec["x"]),
                                     y_title=marker.options.get("y_title", ", ".join(spec["y"])),
                                     names=names.split("|") if names else None)
            self.uses_plotly = True
            return f'<div class="course-figure">\n{html}\n</div>\n'

        return self.tabs_for(marker, one)

    def render_code(self, marker: Marker) -> str:
        lang = self.ctx.lang

        def one(device: str) -> str:
            result = self.result(marker.lab, device)
            artifact = self.entry(result, "artifacts", marker.key)
            path = result.artifact_path(marker.key)
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
            first, last = 1, len(lines)
            if "lines" in marker.options:
                span = marker.options["lines"].split("-")
                first, last = int(span[0]), int(span[-1]) if span[-1] else len(lines)
            limit = int(marker.options.get("max_lines", 400))
            last = min(last, len(lines), first + limit - 1)
            shown = lines[first - 1:last]
            fence = "`" * max(3, 1 + max((len(m) for m in re.findall(r"`+", "\n".join(shown))), default=0))
            title = marker.options.get("title", posixpath.basename(artifact["path"]))
            language = artifact.get("language", "text")
            highlighted = marker.options.get("hl_lines") or self.lines_from_table(marker, result, first, last)
            hl = f' hl_lines="{highlighted}"' if highlighted else ""
            block = [f'{fence} {language} linenums="{first}" title="{title}"{hl}', *shown, fence]
            href = self.artifact_href(marker.lab, device, artifact)
            note = ""
            if first > 1 or last < len(lines):
                note = t(lang, "truncated", first=first, last=last, total=len(lines)) + " "
            block.append(f'\n<small>{note}<a href="{href}">{t(lang, "full_file")}</a></small>\n')
            return "\n".join(block) + "\n"

        return self.tabs_for(marker, one)

    def lines_from_table(self, marker: Marker, result: LabResult, first: int, last: int) -> str:
        """`hl_from="TABLE:COLUMN"` (with `hl_where="COLUMN=VALUE"`): highlight the line numbers
        a table of the same run cites, such as an annotation's, in the listing of lines
        first..last (Pygments counts highlighted lines from the block's first line)."""
        if "hl_from" not in marker.options:
            return ""
        table_key, _, column = marker.options["hl_from"].partition(":")
        table = self.entry(result, "tables", table_key)
        where_column, _, where_value = marker.options.get("hl_where", "").partition("=")
        for name in filter(None, [column, where_column]):
            if name not in table["columns"]:
                raise MarkerError(f"table {table_key} has no column {name} (it has: {', '.join(table['columns'])})")
        index = table["columns"].index(column)
        lines = {row[index] for row in table["rows"] if isinstance(row[index], int)
                 and (not where_column or str(row[table["columns"].index(where_column)]) == where_value)}
        return " ".join(str(line - first + 1) for line in sorted(lines) if first <= line <= last)

    def render_part(self, marker: Marker) -> str:
        device = self.need_device(marker)
        lang = self.ctx.lang
        result = self.result(self.meta(marker).id, device)
        part = self.entry(result, "parts", marker.key)
        if part["status"] == "ok":
            return ""
        if part["status"] == "failed":
            raise MarkerError(f"part {marker.key} failed on {device}: {part.get('reason', '')}")
        requires = part.get("requires")
        if requires:
            other = DEVICE_LABEL[requires]
            text = t(lang, "skipped_requires", part=marker.key, requires=other, device=DEVICE_LABEL[device],
                     other=other)
        else:
            text = t(lang, "skipped_reason", part=marker.key, reason=part.get("reason", ""))
        title = t(lang, "skipped_title", device=DEVICE_LABEL[device])
        return f'!!! note "{title}"\n\n    {text}\n'

    def render_provenance(self, marker: Marker) -> str:
        lang = self.ctx.lang
        lines = []
        for device in self.devices_for(marker):
            result = self.result(marker.lab, device)
            p = result.provenance
            threads = f", {p['cpu_threads']} {t(lang, 'threads')}" if device == "cpu" and p.get("cpu_threads") else ""
            commit = (p.get("commit") or "?")[:8]
            if p.get("commit_dirty"):
                commit += f" ({t(lang, 'uncommitted')})"
            wall = with_unit(format_number(float(p["wall_s"]), lang), "s", lang)
            text = (f"{t(lang, 'measured_on')} **{DEVICE_LABEL[device]} · {p['device_name']}**{threads} · "
                    f"torch {p['torch']}" + (f" · triton {p['triton']}" if p.get("triton") else "") +
                    f" · Python {p['python']} · {t(lang, 'preset')} `{p['preset']}` · "
                    f"{p['date_utc'].replace('T', ' ').replace('Z', ' UTC')} · {t(lang, 'commit')} `{commit}` · "
                    f"{t(lang, 'run_time')} {wall}")
            if p.get("source_hash") and p["source_hash"] != fingerprint.source_hash(marker.lab):
                command = f"make labs LAB={marker.lab} DEVICE={device} FORCE=1"
                text += f" · ⚠ {t(lang, 'code_changed', command=command)}"
            lines.append(f'<p class="course-provenance" markdown>{text}</p>')
        return "\n\n".join(lines) + "\n"

    # curriculum markers ------------------------------------------------------------------

    def render_lab_header(self, marker: Marker) -> str:
        meta, lang = self.meta(marker), self.ctx.lang
        needs = ", ".join(DEVICE_LABEL[d] for d in meta.devices)
        prereqs = ", ".join(f"[{load_lab_meta(p).title[lang]}]({self.link(f'labs/{p}.md')})"
                            for p in meta.prerequisites) or t(lang, "none")
        learn = "\n".join(f"    - {item}" for item in meta.teaches[lang])
        deliver = f" --out {meta.deliverables_dir}" if meta.deliverables_dir else ""
        return (f'!!! abstract "{t(lang, "at_a_glance")}"\n\n'
                f"    {meta.summary[lang]}\n\n"
                f"    - **{t(lang, 'duration')}:** {t(lang, 'about_minutes', minutes=meta.duration_min)}\n"
                f"    - **{t(lang, 'runs_on')}:** {needs}. {meta.device_notes.get(lang, '')}\n"
                f"    - **{t(lang, 'prerequisites')}:** {prereqs}\n\n"
                f"    **{t(lang, 'you_learn')}:**\n\n{learn}\n\n"
                f"    **{t(lang, 'run_it')}:**\n\n"
                f"    ```bash\n    python -m labs.{meta.id} --device cpu{deliver}\n"
                f"    make labs LAB={meta.id}\n    ```\n")

    def render_lab_nav(self, marker: Marker) -> str:
        meta, lang = self.meta(marker), self.ctx.lang
        order = [lab.id for lab in curriculum.ordered_labs()]
        if meta.id not in order:
            return ""
        index = order.index(meta.id)
        links = []
        if index > 0:
            prev = load_lab_meta(order[index - 1])
            links.append(f"← {t(lang, 'previous')}: [{prev.title[lang]}]({self.link(f'labs/{prev.id}.md')})")
        if index + 1 < len(order):
            nxt = load_lab_meta(order[index + 1])
            links.append(f"{t(lang, 'next')}: [{nxt.title[lang]}]({self.link(f'labs/{nxt.id}.md')}) →")
        return '<nav class="course-lab-nav" markdown>\n\n' + " · ".join(links) + "\n\n</nav>\n"

    def render_curriculum(self, marker: Marker) -> str:
        """Each phase as a grid of cards, one per reading or lab, in week order."""
        lang = self.ctx.lang
        out = []
        for number, phase in enumerate(curriculum.phases(), start=1):
            out.append(f"### {number}. {phase.title[lang]}\n\n{phase.summary[lang]}\n")
            out.append('<div class="grid cards course-curriculum" markdown>\n')
            items = [(r.week, 0, r) for r in phase.readings] + [(lab.week, 1, lab) for lab in phase.labs]
            for week, _, item in sorted(items, key=lambda entry: (entry[0], entry[1])):
                out.append(self.curriculum_card(week, item))
            out.append("</div>\n")
        return "\n".join(out) + "\n"

    def curriculum_card(self, week: int, item) -> str:
        lang = self.ctx.lang
        if isinstance(item, curriculum.Reading):
            kind, page, needs, prereqs = t(lang, "reading"), item.page, "—", "—"
        else:
            kind, page = t(lang, "lab"), f"labs/{item.id}.md"
            needs = ", ".join(DEVICE_LABEL[d] for d in item.devices)
            prereqs = ", ".join(load_lab_meta(p).title[lang].split(" — ")[0] for p in item.prerequisites) or "—"
        learn = "\n".join(f"    - {point}" for point in item.teaches[lang])
        return (f"-   **{t(lang, 'week')} {week} · {kind}**\n\n"
                f"    [{item.title[lang]}]({self.link(page)})\n\n"
                f"    {t(lang, 'duration')}: {t(lang, 'about_minutes', minutes=item.duration_min)} · "
                f"{t(lang, 'needs')}: {needs} · {t(lang, 'prerequisites')}: {prereqs}\n\n"
                f"    ---\n\n    {t(lang, 'you_learn')}:\n\n{learn}\n")

    # dispatch ----------------------------------------------------------------------------

    def tabs_for(self, marker: Marker, render_one: Callable[[str], str]) -> str:
        return self.device_tabs(marker.lab, self.devices_for(marker), render_one)

    def render(self, marker: Marker) -> str:
        handler = getattr(self, f"render_{marker.kind}", None)
        if handler is None:
            raise MarkerError(f"unknown marker kind {marker.kind!r}; known: {', '.join(KINDS)}")
        try:
            return handler(marker)
        except (FileNotFoundError, ValueError) as error:  # a lab's metadata missing or malformed
            raise MarkerError(str(error)) from None


KINDS = sorted(name[len("render_"):] for name in dir(Renderer) if name.startswith("render_") and name != "render")


def _expand_text(text: str, renderer: Renderer, errors: list[str], ctx: PageContext) -> str:
    """Expand markers in prose, leaving inline code spans untouched."""
    pieces, last = [], 0
    for code in INLINE_CODE.finditer(text):
        pieces.append(_expand_markers(text[last:code.start()], renderer, errors, ctx))
        pieces.append(code.group(0))
        last = code.end()
    pieces.append(_expand_markers(text[last:], renderer, errors, ctx))
    return "".join(pieces)


def _expand_markers(text: str, renderer: Renderer, errors: list[str], ctx: PageContext) -> str:
    def replace(match: re.Match) -> str:
        try:
            marker = parse_marker(match.group("kind"), match.group("body"), match.group(0))
            return renderer.render(marker)
        except MarkerError as error:
            message = f"{ctx.page}: marker {match.group(0)}: {error}"
            errors.append(message)
            return f'\n!!! failure "Marker error"\n\n    {_escape(message)}\n'
    return MARKER.sub(replace, text)


# Markdown still reads inline syntax inside an inline <code> element (`[](x)` is a link):
# code shown in a table cell has these characters as entities.
MARKDOWN_ENTITIES = str.maketrans({c: f"&#{ord(c)};" for c in "[]*_`|\\"})


def _escape_outside_code(text: str) -> str:
    """Cell text is Markdown (`code` spans allowed); what would read as HTML or emphasis is escaped."""
    pieces = re.split(r"(`[^`]*`)", text)
    for n in range(0, len(pieces), 2):
        pieces[n] = html.escape(pieces[n], quote=False).replace("*", "\\*")
    return "".join(pieces)


def _escape(text: str) -> str:
    return text.replace("<", "&lt;").replace(">", "&gt;").replace("{{", "{ {")


def expand(markdown: str, ctx: PageContext, store: ResultStore) -> Expansion:
    """Expand every marker outside code blocks; see the module docstring."""
    renderer = Renderer(ctx, store)
    errors: list[str] = []
    out, prose = [], []
    fence: str | None = None
    for line in markdown.splitlines(keepends=True):
        match = FENCE.match(line)
        if fence is None and match:
            out.append(_expand_text("".join(prose), renderer, errors, ctx))
            prose = []
            fence = match.group("fence")
            out.append(line)
        elif fence is not None:
            out.append(line)
            if match and match.group("fence").startswith(fence) and line.strip() == match.group("fence"):
                fence = None
        else:
            prose.append(line)
    out.append(_expand_text("".join(prose), renderer, errors, ctx))
    return Expansion(markdown="".join(out), errors=errors, uses_plotly=renderer.uses_plotly)
