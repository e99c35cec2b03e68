"""Every number in the capstone's report is one of its run's numbers.

The report (REPORT.md, REPORT.es.md) is written from the manifest by `labs.capstone.report`. This
check reads it the other way, without that code: it collects each figure the manifest holds
(metrics, table cells, and the numbers inside text values such as "1 × 3 × 224 × 224"), writes
each the ways a page may round it, and looks up every number of the rendered report among them.
A number that is none of them came from somewhere else: a wrong key, a rounding that changed
it, arithmetic the report did on its own. Added after mutmut's first run over report.py, where
481 of 680 changes left the fast tier green.
"""

from __future__ import annotations

import math
import re

import pytest

from labs.capstone import report
from tests.manifests import ROOT, committed

# A number as the English report writes it ("1,024", "0.675", "1e-05"); the Spanish one groups
# thousands with a (narrow) space and uses a decimal comma.
NUMBER = {"en": re.compile(r"(?<![\w.])\d+(?:,\d{3})*(?:\.\d+)?(?:e[-+]?\d+)?"),
          "es": re.compile(r"(?<![\w,])\d+(?:[ \u00a0\u202f]\d{3})*(?:,\d+)?(?:e[-+]?\d+)?")}
PLAIN = re.compile(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?")


def _derived(metrics: dict) -> list[float]:
    """Figures the report computes from two of the run's, recomputed here: decode's bytes at the
    copy rate are the best TPOT times the share of the copy bandwidth it reached."""
    value = {key: entry["value"] for key, entry in metrics.items()}
    if isinstance(value.get("gpt2.best_tpot_ms"), float) and isinstance(value.get("gpt2.best_copy_share"), float):
        return [value["gpt2.best_tpot_ms"] * value["gpt2.best_copy_share"] / 100]
    return []


def _figures(manifest: dict) -> list[float]:
    values: list[object] = [entry["value"] for entry in manifest["metrics"].values()] + _derived(manifest["metrics"])
    values += [cell for table in manifest["tables"].values() for row in table["rows"] for cell in row]
    figures = []
    for value in values:
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, (int, float)):
            figures.append(float(value))
        else:
            figures += [float(n) for n in PLAIN.findall(str(value))]
    return figures


def _renderings(x: float) -> set[str]:
    """How the course writes a figure: two to four significant digits (three unless a difference
    needs a fourth, or a rough ratio two), with or without trailing zeros ("0.9", "0.900"), and
    a whole number in full."""
    out = set()
    for digits in (2, 3, 4):
        out.add(f"{x:.{digits}g}")
        if x:
            decimals = max(0, digits - 1 - math.floor(math.log10(abs(x))))
            out.add(f"{round(x, decimals):.{decimals}f}")
    if float(x).is_integer():
        out.add(str(int(x)))
    return out


# A figure too small or too large for plain digits, as the course writes it: "2.92 × 10⁻⁷" ("2,92" in Spanish)
POWER = re.compile(r"(?P<mantissa>\d+(?:[.,]\d+)?) × 10(?P<exponent>[⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)")
SUPERSCRIPT_DIGITS = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")


def _plain_power(match: re.Match) -> str:
    """The figure in the plain form _renderings uses, at the mantissa's significant digits."""
    mantissa = match["mantissa"].replace(",", ".")
    value = float(mantissa) * 10 ** int(match["exponent"].translate(SUPERSCRIPT_DIGITS))
    digits = max(len(mantissa.replace(".", "").lstrip("0")), 2)
    return f"{value:.{digits}g}"


def _in_report(text: str, lang: str) -> list[str]:
    powers = [_plain_power(match) for match in POWER.finditer(text)]
    found = NUMBER[lang].findall(POWER.sub(" ", text))
    if lang == "es":
        return [re.sub(r"[ \u00a0\u202f]", "", n).replace(",", ".") for n in found] + powers
    return [n.replace(",", "") for n in found] + powers


def _torch_release(text: str) -> str:
    """The header's release ("torch 2.11.0+cu130") is the process's, not a figure: left out."""
    return re.sub(r"torch \S+", "torch", text, count=1)


def _allowed(manifest: dict) -> set[str]:
    allowed = set()
    for figure in _figures(manifest):
        allowed |= _renderings(figure)
    return allowed


@pytest.mark.parametrize("device", ["cpu", "cuda"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_number_in_the_report_is_one_of_the_runs(device, lang):
    manifest = committed("capstone", device).manifest
    write = report.english if lang == "en" else report.spanish
    text = _torch_release(write(report.Facts(manifest, lang), "a machine", manifest["provenance"]["preset"]))
    _assert_only_the_runs_numbers(text, lang, manifest, device)


@pytest.mark.parametrize("device", ["cpu", "cuda"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_number_in_the_committed_report_is_one_of_its_manifests(device, lang):
    """The files the site shows, as committed beside their manifest (no code of the lab's)."""
    folder = ROOT / "results" / "capstone" / device
    text = (folder / ("REPORT.md" if lang == "en" else "REPORT.es.md")).read_text(encoding="utf-8")
    text = _torch_release(text.replace(committed("capstone", device).manifest["provenance"]["device_name"], "a machine"))
    _assert_only_the_runs_numbers(text, lang, committed("capstone", device).manifest, device)


def _assert_only_the_runs_numbers(text: str, lang: str, manifest: dict, device: str) -> None:
    allowed = _allowed(manifest)
    numbers = _in_report(text, lang)
    assert len(numbers) > 50                                     # the report says what it measured
    strays = sorted({n for n in numbers if n not in allowed})
    assert strays == [], f"{device} {lang}: numbers the run does not hold: {strays}"
