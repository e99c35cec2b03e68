"""Day 70's technical report, in English and Spanish: placeholder until the parts settle."""

from __future__ import annotations

from labs.common.harness import Lab


def write_reports(lab: Lab) -> None:
    lab.write_artifact("report", "REPORT.md", "# Capstone report\n", "markdown")
    lab.write_artifact("report_es", "REPORT.es.md", "# Informe del proyecto final\n", "markdown")
