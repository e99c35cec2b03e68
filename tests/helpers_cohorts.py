"""Helpers the cohort tests share: submissions as `course submit` makes them, cohorts written
to a test folder, what "unchanged" means, a bad file of every kind, a cohort's page."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from course.cohorts import config, store
from course.cohorts.submission import content_hash, to_text
from course.cohorts.submit import from_manifest
from course.markers import PageContext, expand
from course.results import ResultStore
from tests.manifests import manifest

HOSTILE_ALIASES = ["<img src=x onerror=alert(1)>", "[x](javascript:alert(1))", "**bold**", "مرحبا",
                   "🦜 Ada", "../../x", "{{ metric inductor_kernels/cpu:err }}", "a | b", "=HYPERLINK(\"http://x\")"]

def run(n: int = 0, alias: str | None = "Ada", lab: str = "inductor_kernels", **changes) -> dict:
    """A submission made by `from_manifest`, as `course submit` makes it; `n` makes a distinct run."""
    data = manifest(lab=lab, **changes)
    data["provenance"] = dict(data["provenance"], date_utc=f"2026-11-21T13:{n // 60:02d}:{n % 60:02d}Z")
    data["metrics"]["eager_us"] = {"value": 11.0 + n, "unit": "µs"}
    return from_manifest(data, alias)[0]


def rehash(data: dict) -> dict:
    """A hand-made submission with a correct hash: only the rule a test breaks is broken."""
    data = copy.deepcopy(data)
    data["content_hash"] = content_hash(data)
    return data


def write(folder: Path, name: str, data) -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def make_cohort(cohorts_dir: Path, cohort_id: str = "test-cohort", labs=("inductor_kernels", "inside_compile"),
                preset: str = "full", alias_mode: str = "shown") -> config.Cohort:
    folder = cohorts_dir / cohort_id
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cohort.toml").write_text(
        f'title = {{en = "Test cohort", es = "Cohorte de prueba"}}\nstarts = 2026-11-01\nends = 2026-11-30\n'
        f'labs = {json.dumps(list(labs))}\npreset = "{preset}"\nalias_mode = "{alias_mode}"\n')
    return config.load_cohort(cohort_id, cohorts_dir)

def snapshot(cohort: config.Cohort) -> dict[str, bytes]:
    """Every file of the cohort with its bytes (the lock file aside): what 'unchanged' means."""
    return {p.relative_to(cohort.folder).as_posix(): p.read_bytes()
            for p in sorted(cohort.folder.rglob("*")) if p.is_file() and p.name != ".lock"}


def kept(files: dict[str, bytes]) -> dict[str, bytes]:
    """A snapshot without what an unfinished add leaves for the next one to clear."""
    return {k: v for k, v in files.items() if not k.startswith(".add-")}


def add(cohort, *paths, replace=False):
    return store.add(cohort, [Path(p) for p in paths], replace=replace)


def bad_files(folder: Path) -> dict[str, tuple[Path, str]]:
    """name -> (file, a phrase its refusal must contain)."""
    good = run(50)
    cases: dict[str, tuple[Path, str]] = {}

    def case(name, content, phrase):
        cases[name] = (write(folder, f"{name}.json", content), phrase)

    case("truncated", to_text(good)[:200], "is not valid JSON")
    case("not-json", "alias: Ada\n", "is not valid JSON")
    case("empty", "", "is not valid JSON")
    case("top-level-list", json.dumps([good]), "field '(top level)'")
    cases["latin-1"] = (folder / "latin-1.json", "is not UTF-8")
    cases["latin-1"][0].write_bytes(to_text(run(51, "José")).encode("latin-1"))
    case("nan", to_text(good).replace("61.0", "NaN"), "not a JSON number")
    case("infinity", to_text(good).replace("61.0", "Infinity"), "not a JSON number")
    case("overflow", to_text(good).replace("61.0", "1e999"), "not a finite number")
    missing = rehash(good)
    del missing["provenance"]
    case("missing-field", rehash(missing), "'provenance' is a required property")
    case("extra-field", rehash({**good, "artifacts": {"k": {"path": "/etc/passwd"}}}), "Additional properties")
    case("wrong-type", rehash({**good, "preset": 3}), "field 'preset'")
    case("unknown-version", rehash({**good, "submission_version": 2}), "submission_version 2 is not one")
    case("string-version", rehash({**good, "submission_version": "1"}), "field 'submission_version'")
    path_like = copy.deepcopy(good)
    path_like["metrics"]["where"] = {"value": "/home/ada/run/kernel.cpp", "unit": ""}
    case("path-like-metric", rehash(path_like), "field 'metrics.where.value'")
    markup = copy.deepcopy(good)
    markup["provenance"]["device_name"] = "<script>alert(1)</script>"
    case("markup-device-name", rehash(markup), "field 'provenance.device_name'")
    case("control-alias", rehash({**good, "alias": "Ada\x1b[31m"}), "field 'alias'")
    case("bidi-alias", rehash({**good, "alias": "\u202eadA"}), "field 'alias'")
    case("long-alias", rehash({**good, "alias": "A" * 65}), "field 'alias'")
    case("unknown-lab", rehash({**good, "lab": "no_such_lab"}), "is not a lab of this course")
    case("lab-not-in-cohort", rehash({**run(52, lab="compile_compare")}), "is not part of cohort")
    case("smoke-preset", rehash({**good, "preset": "smoke"}), "requires full runs")
    absurd = copy.deepcopy(good)
    absurd["metrics"]["eager_us"]["value"] = 1e15
    case("absurd-number", rehash(absurd), "outside the sane range")
    negative = copy.deepcopy(good)
    negative["metrics"]["eager_us"]["value"] = -3.0
    case("negative-time", rehash(negative), "cannot be negative")
    huge_int = copy.deepcopy(good)
    huge_int["metrics"]["rows"]["value"] = 10**40
    case("huge-integer", rehash(huge_int), "outside the sane range")
    huge_int["metrics"]["rows"]["value"] = 10**400            # JSON reads it; a float cannot hold it
    case("10-to-the-400", rehash(huge_int), "integer of 401 digits")
    huge_int["metrics"]["rows"]["value"] = 123456789
    case("5000-digits", to_text(rehash(huge_int)).replace("123456789", "9" * 5000), "integer of 5000 digits")
    check_int = copy.deepcopy(good)
    check_int["checks"]["fast"]["threshold"] = -10**400
    case("huge-integer-threshold", rehash(check_int), "integer of 401 digits")
    relabelled = copy.deepcopy(good)      # a CPU run relabelled: it would show as "GPU · AMD EPYC"
    relabelled["provenance"].update(device="cuda")
    case("cpu-run-relabelled-cuda", rehash(relabelled), "a CPU run relabelled as a GPU run")
    gpu_named = copy.deepcopy(good)
    gpu_named["provenance"].update(device_name="NVIDIA H100 80GB HBM3")
    case("cpu-run-named-as-a-gpu", rehash(gpu_named), "is not the run's CPU model")
    future = copy.deepcopy(good)
    future["provenance"]["date_utc"] = "2099-01-01T00:00:00Z"
    case("future-date", rehash(future), "in the future")
    edited = copy.deepcopy(good)
    edited["metrics"]["eager_us"]["value"] = 1.0  # a better number, typed in by hand
    case("edited-number", edited, "does not match its content_hash")
    lying = copy.deepcopy(good)
    lying["checks"]["fast"]["passed"] = True
    case("lying-check", rehash(lying), "says passed")
    case("too-many-metrics", rehash({**good, "metrics": {f"m{i}": {"value": i, "unit": ""} for i in range(501)}}),
         "field 'metrics'")
    return cases

def cohort_page(store_dir: Path, lang: str = "en", cohort_id: str = "test-cohort") -> str:
    ctx = PageContext(page=f"{lang}/cohorts/{cohort_id}.md", lang=lang, page_dir="cohorts", site_root="../..")
    expansion = expand(f'{{{{ cohort id="{cohort_id}" }}}}', ctx, ResultStore(store_dir))
    assert expansion.errors == [], expansion.errors
    return expansion.markdown
