"""`make site` skips the build only when nothing the site is built from has changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from course import site_inputs


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for relative, text in {"mkdocs.yml": "site_name: x\n", "docs/en/index.md": "# Hello\n",
                           "results/lab/cpu/manifest.json": "{}", "scripts/hooks/h.py": "x = 1\n",
                           "labs/lab/lab.toml": "order = 1\n"}.items():
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("<html></html>")
    return tmp_path


def test_a_recorded_build_is_current_until_an_input_changes(tree):
    site = tree / "site"
    assert not site_inputs.is_current(tree, site)          # never recorded
    site_inputs.record(tree, site)
    assert site_inputs.is_current(tree, site)
    (tree / "results" / "lab" / "cpu" / "manifest.json").write_text('{"status": "ok"}')
    assert not site_inputs.is_current(tree, site)          # a new result: rebuild


@pytest.mark.parametrize("change", ["docs/es/index.md", "cohorts/c/cohort.toml", "labs/lab/lab.py",
                                    "benchmarks/side_by_side/run.txt"])
def test_a_new_input_file_is_a_change(tree, change):
    site_inputs.record(tree, tree / "site")
    path = tree / change
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("new\n")
    assert not site_inputs.is_current(tree, tree / "site")


def test_caches_and_history_are_not_inputs(tree):
    site_inputs.record(tree, tree / "site")
    for relative in ("labs/lab/__pycache__/x.pyc", "results/.history/lab/old.json", "site/extra.html"):
        path = tree / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("noise")
    assert site_inputs.is_current(tree, tree / "site")


def test_a_site_without_its_pages_is_not_current(tree, monkeypatch):
    site_inputs.record(tree, tree / "site")
    (tree / "site" / "index.html").unlink()
    assert not site_inputs.is_current(tree, tree / "site")
    monkeypatch.setenv("COURSE_RESULTS_DIR", "/elsewhere")   # the build would read other results
    (tree / "site" / "index.html").write_text("<html></html>")
    assert not site_inputs.is_current(tree, tree / "site")


def test_an_empty_results_variable_is_the_same_build_as_none(tree, monkeypatch):
    # results.py reads `COURSE_RESULTS_DIR or results/`: set but empty builds from the same results,
    # so it must not cost a rebuild; a set value does.
    monkeypatch.delenv("COURSE_RESULTS_DIR", raising=False)
    site_inputs.record(tree, tree / "site")
    monkeypatch.setenv("COURSE_RESULTS_DIR", "")
    assert site_inputs.is_current(tree, tree / "site")
    monkeypatch.setenv("COURSE_RESULTS_DIR", "None")
    assert not site_inputs.is_current(tree, tree / "site")
