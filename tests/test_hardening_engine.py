"""Round three of the engine's hardening: a manifest against the folder it is filed under and the
machine it claims, import through a symbolic link to a lab's folder, and markers whose kind is
capitalised or mistyped. Fast: no site build (tests/test_hardening_site.py builds one)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from course import results
from course.importing import import_folder
from course.markers import PageContext, expand
from course.results import ResultStore
from tests.manifests import GPU, write_result

CPU_ON_GPU = {"device_name": "AMD EPYC", "gpu_name": None, "gpu_count": 0}


def refile(folder: Path, lab: str, device: str) -> Path:
    """Move a result folder to results/<lab>/<device>/ without changing what it records."""
    target = folder.parent.parent / lab / device
    target.parent.mkdir(parents=True, exist_ok=True)
    folder.rename(target)
    return target


# -- 7. the device a manifest records, where it is filed and the machine it claims ---------------

def test_a_cpu_result_filed_under_cuda_is_refused_by_the_store(tmp_path):
    refile(write_result(tmp_path, device="cpu"), "inductor_kernels", "cuda")
    with pytest.raises(results.ManifestError) as error:
        ResultStore(tmp_path).get("inductor_kernels", "cuda")
    message = str(error.value)
    assert "inductor_kernels/cuda/manifest.json: field 'device'" in message
    assert "is of device 'cpu' but is filed under results/inductor_kernels/cuda/" in message
    assert "move it to results/inductor_kernels/cpu/" in message


def test_a_result_of_another_lab_is_refused_by_the_store(tmp_path):
    refile(write_result(tmp_path, lab="inside_compile"), "inductor_kernels", "cpu")
    with pytest.raises(results.ManifestError, match="field 'lab'"):
        ResultStore(tmp_path).get("inductor_kernels", "cpu")


def test_results_filed_where_they_belong_still_load(tmp_path):
    for device in ("cpu", "cuda"):
        write_result(tmp_path, device=device)
        assert ResultStore(tmp_path).get("inductor_kernels", device).manifest["device"] == device


def relabelled(tmp_path: Path, **provenance) -> Path:
    """A CPU run whose manifest says cuda, as someone would edit it."""
    folder = write_result(tmp_path / "in", device="cuda")
    path = folder / "manifest.json"
    data = json.loads(path.read_text())
    data["provenance"] |= provenance
    path.write_text(json.dumps(data))
    return folder


@pytest.mark.parametrize("provenance, field", [
    (CPU_ON_GPU, "provenance.gpu_name"),                                   # no GPU at all
    ({"device": "cpu"}, "provenance.device"),                             # half relabelled
    ({"gpu_count": 0}, "provenance.gpu_name"),                            # a name, no GPU counted
    ({"device_name": "AMD EPYC"}, "provenance.gpu_name"),                 # shown as GPU · AMD EPYC
], ids=["cpu-provenance", "provenance-device", "no-gpu-counted", "cpu-device-name"])
def test_a_cpu_run_relabelled_as_cuda_is_refused_by_validation_and_import(tmp_path, provenance, field):
    folder = relabelled(tmp_path, **provenance)
    with pytest.raises(results.ManifestError, match=f"field '{field}'"):
        results.read_manifest(folder / "manifest.json")
    store = tmp_path / "results"
    outcome = import_folder(tmp_path / "in", store)[0]
    assert not outcome.imported and f"field '{field}'" in outcome.message
    assert not store.exists() or not list(store.rglob("manifest.json"))   # nothing placed


def test_a_gpu_run_with_its_gpu_and_a_cpu_run_on_a_gpu_machine_are_accepted(tmp_path):
    results.read_manifest(write_result(tmp_path / "a", device="cuda") / "manifest.json")
    folder = write_result(tmp_path / "b", device="cpu")     # a CPU run: device_name is its CPU
    assert results.read_manifest(folder / "manifest.json")["provenance"]["gpu_name"] is None
    assert GPU["device_name"] == GPU["gpu_name"]


def test_a_cpu_result_naming_another_machine_is_refused(tmp_path):
    folder = write_result(tmp_path, device="cpu")
    data = json.loads((folder / "manifest.json").read_text())
    data["provenance"]["device_name"] = "NVIDIA H100 80GB HBM3"
    (folder / "manifest.json").write_text(json.dumps(data))
    with pytest.raises(results.ManifestError, match=r"field 'provenance\.device_name'"):
        results.read_manifest(folder / "manifest.json")


# -- 8. import refuses a symbolic link to a lab's folder, as it refuses files ----------------------

@pytest.mark.parametrize("linked", ["lab", "device"])
def test_import_refuses_a_symlinked_lab_or_device_folder(tmp_path, linked):
    elsewhere = tmp_path / "elsewhere"
    write_result(elsewhere, device="cuda")
    source = tmp_path / "in"
    source.mkdir()
    if linked == "lab":
        (source / "inductor_kernels").symlink_to(elsewhere / "inductor_kernels", target_is_directory=True)
    else:
        (source / "inductor_kernels").mkdir()
        (source / "inductor_kernels" / "cuda").symlink_to(elsewhere / "inductor_kernels" / "cuda",
                                                          target_is_directory=True)
    store = tmp_path / "results"
    write_result(store, device="cuda")                                 # a good result already there
    before = (store / "inductor_kernels" / "cuda" / "manifest.json").read_bytes()
    outcomes = import_folder(source, store, force=True)
    assert len(outcomes) == 1 and not outcomes[0].imported
    assert "is a symbolic link" in outcomes[0].message and "links are refused" in outcomes[0].message
    assert (store / "inductor_kernels" / "cuda" / "manifest.json").read_bytes() == before


def test_import_still_takes_a_real_folder(tmp_path):
    write_result(tmp_path / "in", device="cuda")
    outcome = import_folder(tmp_path / "in", tmp_path / "results")[0]
    assert outcome.imported, outcome.message
    shutil.rmtree(tmp_path / "results")


# -- 9. a marker whose kind is capitalised, mistyped or invented is an error ------------------------

def expanded(tmp_path: Path, text: str):
    write_result(tmp_path)
    ctx = PageContext(page="en/labs/x.md", lang="en", page_dir="labs")
    return expand(text, ctx, ResultStore(tmp_path))


@pytest.mark.parametrize("marker, says", [
    ("{{ Metric inductor_kernels/cpu:err }}", "kinds are lower case: write 'metric'"),
    ("{{ METRIC inductor_kernels/cpu:err }}", "kinds are lower case: write 'metric'"),
    ("{{Metric inductor_kernels/cpu:err}}", "kinds are lower case: write 'metric'"),
    ("{{ metrc inductor_kernels/cpu:err }}", "did you mean 'metric'?"),
    ("{{ Tabel inductor_kernels:latency }}", "did you mean 'table'?"),
    ("{{ metric-x inductor_kernels/cpu:err }}", "unknown marker kind 'metric-x'"),
    ("{{ metric2 inductor_kernels/cpu:err }}", "unknown marker kind 'metric2'"),
    ("{{ page.title }}", "unknown marker kind 'page'"),
    ("{{ frobnicate }}", "unknown marker kind 'frobnicate'; known: "),
])
def test_an_unknown_or_mistyped_kind_is_an_error(tmp_path, marker, says):
    expansion = expanded(tmp_path, f"Before {marker} after.\n")
    assert len(expansion.errors) == 1 and says in expansion.errors[0], expansion.errors
    assert marker in expansion.errors[0]


@pytest.mark.parametrize("text", [
    "```jinja\n{{ Metric inductor_kernels/cpu:err }} {{ page.title }}\n```\n",   # a code block shows syntax
    "Write `{{ Metric x }}` or `{{ metric lab/cpu:key }}` in a page.\n",        # inline code
    "A set in Python: {{1, 2}} and an empty dict {{}} or {{ }} stay text.\n",    # braces, no kind
    "{ metric inductor_kernels/cpu:err } has single braces.\n",
])
def test_double_braces_that_are_no_marker_stay_text(tmp_path, text):
    expansion = expanded(tmp_path, text)
    assert expansion.errors == [] and expansion.markdown == text


def test_a_correct_marker_next_to_a_wrong_one_still_renders(tmp_path):
    expansion = expanded(tmp_path, "{{ metric inductor_kernels/cpu:rows }} and {{ Metric inductor_kernels/cpu:rows }}\n")
    assert len(expansion.errors) == 1 and expansion.markdown.startswith("65")


# -- 11. what the strict build says: one line, the file, the field, what to do ----------------------

def markers_hook():
    """scripts/hooks/markers.py as MkDocs loads it: by path (named by its path, for mutmut)."""
    from tests.helpers_hooks import hook
    return hook("markers")


def test_a_manifest_a_marker_reads_that_is_broken_is_a_marker_error_not_an_exception(tmp_path):
    from course.markers.expand import expand as expand_with

    def reads_a_broken_manifest(page, marker):
        return results.read_manifest(tmp_path / "inductor_kernels" / "cpu" / "manifest.json")

    folder = write_result(tmp_path)
    data = json.loads((folder / "manifest.json").read_text())
    data["tables"]["latency"]["rows"][0].append("one cell too many")
    (folder / "manifest.json").write_text(json.dumps(data))
    ctx = PageContext(page="en/cohorts/index.md", lang="en", page_dir="cohorts")
    expansion = expand_with("{{ cohorts }}\n", ctx, ResultStore(tmp_path), {"cohorts": reads_a_broken_manifest})
    [error] = expansion.errors
    assert error.startswith("en/cohorts/index.md: marker {{ cohorts }}: ")
    assert "manifest.json: field 'tables.latency.rows.0': 4 cells for 3 columns" in error and "re-run the lab" in error


def test_a_schema_error_says_which_lab_to_re_run(tmp_path):
    folder = write_result(tmp_path)
    data = json.loads((folder / "manifest.json").read_text())
    data["metrics"]["err"]["value"] = {"x": 1}
    (folder / "manifest.json").write_text(json.dumps(data))
    with pytest.raises(results.ManifestError) as error:
        results.read_manifest(folder / "manifest.json")
    assert "field 'metrics.err.value'" in str(error.value)
    assert str(error.value).endswith("re-run the lab (make labs LAB=inductor_kernels DEVICE=cpu FORCE=1) "
                                     "or restore the file")
    with pytest.raises(results.ManifestError, match="re-run the lab that wrote it"):
        results.validate_manifest({"lab": "../x"}, "x.json")


def test_many_markers_meeting_one_broken_manifest_are_one_line_per_page():
    hook = markers_hook()
    errors = [f"en/labs/x.md: marker {{{{ metric x/cpu:k{n} }}}}: x.json: field 'a': bad" for n in range(30)]
    errors.append("en/labs/x.md: marker {{ Metric x }}: unknown marker kind 'Metric'")
    errors.append("en/labs/x.md: an unclosed marker: '{{ metric'")
    lines = hook.group_errors("en/labs/x.md", errors)
    assert lines == ["en/labs/x.md: marker {{ metric x/cpu:k0 }} and 29 more marker(s): x.json: field 'a': bad",
                     "en/labs/x.md: marker {{ Metric x }}: unknown marker kind 'Metric'",
                     "en/labs/x.md: an unclosed marker: '{{ metric'"]


def mkdocs_page():
    """What the hook reads of MkDocs' page: its source path, its URL and its meta."""
    from types import SimpleNamespace
    return SimpleNamespace(file=SimpleNamespace(src_uri="en/labs/x.md"), url="labs/x/", meta={})


def test_a_bug_in_the_build_is_one_line_unless_verbose(monkeypatch):
    from mkdocs.exceptions import PluginError
    hook = markers_hook()

    def broken(*args):
        raise KeyError("surprise\nsecond line")

    monkeypatch.setattr(hook, "expand", broken)
    monkeypatch.delenv("COURSE_VERBOSE", raising=False)
    with pytest.raises(PluginError) as error:
        hook.on_page_markdown("text", page=mkdocs_page(), config=None, files=None)
    message = str(error.value)
    assert "\n" not in message and message.startswith("en/labs/x.md: KeyError: ")
    assert "COURSE_VERBOSE=1" in message and error.value.__cause__ is None
    monkeypatch.setenv("COURSE_VERBOSE", "1")
    with pytest.raises(KeyError):
        hook.on_page_markdown("text", page=mkdocs_page(), config=None, files=None)
    monkeypatch.setenv("COURSE_VERBOSE", "0")                       # 0 is off, as unset
    with pytest.raises(PluginError):
        hook.on_page_markdown("text", page=mkdocs_page(), config=None, files=None)


@pytest.mark.parametrize("line, missing", [
    ('--8<-- "labs/inside_compile/block.py:block"', False),
    ("--8<-- 'labs/inside_compile/block.py'", False),
    ("    --8<-- labs/inside_compile/block.py:1:20", False),
    ('--8<-- "labs/inside_compile/blocks.py:block"', True),              # one letter off
    ('---8<--- "labs/nowhere.py"', True),
    ('Text that mentions --8<-- "labs/nowhere.py" mid-line', None),       # not an include: left alone
])
def test_an_include_of_a_missing_file_is_one_line_and_an_error_on_the_page(line, missing):
    from course.includes import check_includes
    root = Path(__file__).resolve().parent.parent
    markdown, problems = check_includes(f"# Page\n\n```python\n{line}\n```\n", root, "en/labs/x.md")
    if missing:
        [problem] = problems
        assert problem.startswith("en/labs/x.md: line 4 includes labs/") and "does not exist; fix the path" in problem
        assert "--8<--" not in markdown and "(missing include: labs/" in markdown
    else:
        assert problems == [] and line in markdown


def test_each_missing_include_names_its_own_line_counted_from_the_first():
    from course.includes import check_includes
    root = Path(__file__).resolve().parent.parent
    page = '\n--8<-- "labs/nowhere.py:block"\ntext\n--8<-- "labs/gone/x.py"\n'   # a blank first line
    markdown, problems = check_includes(page, root, "en/x.md")
    tail = ", which does not exist; fix the path (relative to the folder of mkdocs.yml) or remove the line"
    assert problems == [f"en/x.md: line 2 includes labs/nowhere.py{tail}", f"en/x.md: line 4 includes labs/gone/x.py{tail}"]
    assert markdown == "\n(missing include: labs/nowhere.py)\ntext\n(missing include: labs/gone/x.py)\n"
