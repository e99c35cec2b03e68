"""What every renderer needs about the page it writes into: its language and place, the
results it reads, and the shared ways of turning a result into Markdown (numbers with
units, device tabs, links). One `Page` per call of `expand`."""

from __future__ import annotations

import math
import posixpath
from collections.abc import Callable
from dataclasses import dataclass

from course import escape
from course.markers.parse import Marker, MarkerError, NotInOlderRun
from course.results import LabResult, ManifestError, ResultStore
from course.strings import t, term
from labs.common.contract import LabMeta, LabMetaError, format_number, load_lab_meta, with_unit
from labs.common.fingerprint import source_hash

DEVICE_LABEL = {"cpu": "CPU", "cuda": "GPU"}


def rounded_first(value, digits: int):
    """`value` rounded to `digits` significant digits when that rounding carries it into the
    next power of ten, else `value` as it is. format_number picks its decimals from the value's
    magnitude before it rounds, so 0.99967 would read 1.000 where 1.0 reads 1.00."""
    if not isinstance(value, float) or value == 0 or not math.isfinite(value):
        return value
    rounded = float(f"{value:.{max(digits, 1)}g}")
    if rounded != 0 and math.floor(math.log10(abs(rounded))) > math.floor(math.log10(abs(value))):
        return rounded
    return value


@dataclass(frozen=True)
class PageContext:
    page: str                 # the page's source path, for messages: "en/labs/inductor_kernels.md"
    lang: str                 # "en" or "es"
    page_dir: str = ""        # folder of the page inside its language tree: "labs"
    site_root: str = "."      # relative URL from the rendered page to the site's root


class Page:
    def __init__(self, ctx: PageContext, store: ResultStore):
        self.ctx = ctx
        self.lang = ctx.lang
        self.store = store
        self.uses_plotly = False
        self.figure_count = 0
        self._metas: dict[str, LabMeta] = {}

    # -- resolving a marker's target -------------------------------------------------------

    def meta(self, marker: Marker) -> LabMeta:
        if not marker.lab:
            raise MarkerError("names no lab")
        return self.lab_meta(marker.lab)

    def lab_meta(self, lab: str) -> LabMeta:
        if lab not in self._metas:  # a page has hundreds of markers and a few labs
            try:
                self._metas[lab] = load_lab_meta(lab)
            except (FileNotFoundError, LabMetaError) as error:
                raise MarkerError(str(error)) from None
        return self._metas[lab]

    def result(self, lab: str, device: str) -> LabResult:
        failure = self.store.failure(lab, device)
        if failure:
            raise MarkerError(f"lab {lab} failed on {device} ({failure.date_utc}): {failure.reason}. "
                              f"Log: {failure.log}. Re-run: {failure.command}")
        try:
            found = self.store.get(lab, device)
        except ManifestError as error:
            raise MarkerError(f"the result of {lab} on {device} is not valid: {error}") from None
        if found is None:
            raise MarkerError(f"no result for lab {lab} on {device}; run: make labs LAB={lab} DEVICE={device}")
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
        """The metric, check, table, figure or artifact `key`; its version in the page's
        language (`key.es`, `key.en`) wins when the lab wrote one, so a Spanish page shows
        the Spanish sentence or report and both pages keep the same marker."""
        if not key:
            raise MarkerError(f"needs a key: {result.lab}/{result.device}:KEY")
        entries = result.manifest[section]
        if f"{key}.{self.lang}" in entries:
            return entries[f"{key}.{self.lang}"]
        if key not in entries:
            if self.older_run(result):
                raise NotInOlderRun(result.lab, result.device, key)
            known = ", ".join(sorted(entries)) or "none"
            raise MarkerError(f"{section[:-1]} {key!r} is not in {result.lab}/{result.device} (known: {known})")
        return entries[key]

    @staticmethod
    def older_run(result: LabResult) -> bool:
        """Made by code of the lab older than today's (its provenance line says so too)."""
        return result.provenance.get("source_hash") not in (None, source_hash(result.lab))

    def need_device(self, marker: Marker) -> str:
        if not marker.device:
            raise MarkerError(f"an inline {marker.kind} needs a device: {marker.lab}/cpu:{marker.key or 'KEY'}")
        return marker.device

    def inline_result(self, marker: Marker) -> LabResult:
        return self.result(self.meta(marker).id, self.need_device(marker))

    # -- writing --------------------------------------------------------------------------

    def digits(self, marker: Marker) -> tuple[int, int | None]:
        try:
            decimals = marker.options.get("decimals")
            return int(marker.options.get("digits", 3)), int(decimals) if decimals else None
        except ValueError:
            raise MarkerError("digits= and decimals= take a whole number") from None

    def number(self, value, unit: str, marker: Marker, what: str | None = None, places: int | None = None) -> str:
        """A value with its unit, formatted for the page's language and escaped as data
        (`places`: exactly that many decimals, whatever the marker asks)."""
        if value is None or (isinstance(value, float) and not math.isfinite(value)):
            raise MarkerError(f"{what or marker.key} is {value!r}, not a number a page can show; "
                              "the lab must record a finite value (or a categorical one)")
        digits, decimals = self.digits(marker)
        decimals = decimals if places is None else places
        if decimals is None:
            value = rounded_first(value, digits)
        shown = term(self.lang, value) if isinstance(value, str) else format_number(value, self.lang, digits, decimals)
        if marker.options.get("unit") != "no":
            shown = with_unit(shown, unit, self.lang)
        return escape.text(shown)

    def link(self, page: str) -> str:
        """A Markdown link target from this page to another page of the same language tree."""
        return posixpath.relpath(page, self.ctx.page_dir or ".")

    def artifact_href(self, lab: str, device: str, artifact: dict) -> str:
        """The URL of an artifact, which the build copies to site/results/."""
        path = f"{lab}/{device}/{artifact['path']}"
        return f"{self.ctx.site_root}/results/{escape.href(path)}"

    def device_label(self, lab: str, device: str) -> str:
        name = self.result(lab, device).provenance["device_name"]
        return f"{DEVICE_LABEL[device]} · {escape.text(name)}"

    def device_tabs(self, lab: str, devices: list[str], render_one: Callable[[str], str]) -> str:
        """One device: the content as is. Several: Material content tabs, CPU first.

        The first tab is written `===!`, which starts a new tab set: two markers whose tab
        sets follow each other stay two tab bars instead of merging into one."""
        if len(devices) == 1:
            return render_one(devices[0])
        blocks = []
        for index, device in enumerate(devices):
            try:
                body = render_one(device)
            except NotInOlderRun as gap:
                body = self.older_run_note(gap)
            label = self.device_label(lab, device).replace('"', "&quot;")
            indented = "\n".join(("    " + line) if line.strip() else "" for line in body.splitlines())
            opener = "===!" if index == 0 else "==="
            blocks.append(f'{opener} "{label}"\n\n{indented}\n')
        return "\n".join(blocks)

    def tabs_for(self, marker: Marker, render_one: Callable[[str], str], sourced: bool = False) -> str:
        """The block for each device (tabs when several); sourced=True puts a short line under
        each saying which run it came from, linked to the page's full provenance line."""
        if not sourced:
            return self.device_tabs(marker.lab, self.devices_for(marker), render_one)
        return self.device_tabs(marker.lab, self.devices_for(marker),
                                lambda device: render_one(device) + "\n" + self.source_line(marker.lab, device))

    def older_run_note(self, gap: NotInOlderRun) -> str:
        """What stands in place of a figure that the run shown was made too early to hold."""
        command = f"make labs LAB={gap.lab} DEVICE={gap.device} FORCE=1"
        return t(self.lang, "not_in_older_run", device=DEVICE_LABEL[gap.device], command=command)

    def source_line(self, lab: str, device: str) -> str:
        p = self.result(lab, device).provenance
        return (f'<p class="course-source">{self.device_label(lab, device)} · torch {escape.text(p["torch"])} · '
                f'{escape.text(p["date_utc"][:10])} · <a href="#provenance-{lab}">{t(self.lang, "provenance_full")}'
                f"</a></p>\n")
