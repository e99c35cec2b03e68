"""`make mutation`: mutmut over the fast tier, on the modules that guard results and pages.

    .venv/bin/python tests/mutation/run.py [--budget SECONDS] [--jobs N] [MODULE ...]

mutmut names a mutant by its file's path, and the engine's `course` package lives in
scripts/course while it is imported as `course`: mutmut would look for `scripts.course.x`
and never switch a mutant on. So the run happens in a scratch copy of the tree
(.work/mutation/tree) where scripts/course sits at the root as course/, with a
[tool.mutmut] section written for the modules asked for. Each mutant runs only the fast
tests that executed the function it changes (mutmut records that first), with a timeout;
timeouts and crashes are counted apart from kills. When the budget runs out, mutmut is
stopped and what it finished is reported. The report goes to tests/mutation/REPORT.md
(per module: mutants, killed, survived, timeouts, not run) and the survivors' diffs to
tests/mutation/survivors/<module>.diff, for review.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from report import head_commit, in_tree, write_report  # beside this file (the script's folder is on sys.path)
from undecorate import undecorate_registrations

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
TREE = ROOT / ".work" / "mutation" / "tree"

# The modules worth it first, each with the fast test files that exercise it.
MODULES: dict[str, list[str]] = {
    "labs/common/measure.py": ["tests/labs/test_measure.py", "tests/test_measure_fakes.py"],
    "labs/common/formatting.py": ["tests/test_formatting.py", "tests/test_properties.py"],
    "scripts/course/escape.py": ["tests/test_escaping.py", "tests/test_hardening.py"],
    "labs/common/fingerprint.py": ["tests/test_cache_key.py", "tests/test_runner.py"],
    "labs/common/contract.py": ["tests/test_contract_ids.py"],   # its one function; the rest is re-exports
    "scripts/course/importing.py": ["tests/test_importing.py", "tests/test_hardening.py"],
    "scripts/course/cohorts/submission.py": ["tests/test_cohort_rules.py", "tests/test_cohorts.py",
                                             "tests/test_results_store.py", "tests/test_properties.py",
                                             "tests/test_submission_messages.py", "tests/test_submit_summary.py"],
    "scripts/course/results.py": ["tests/test_results.py", "tests/test_hardening.py", "tests/test_importing.py",
                                  "tests/test_freshness.py", "tests/test_markers.py", "tests/test_results_store.py",
                                  "tests/test_manifest_rules.py", "tests/test_hardening_engine.py"],
    "labs/common/ceilings.py": ["tests/labs/test_measure.py", "tests/test_measure_fakes.py", "tests/test_ceilings_fake_gpu.py"],
    # The store in-process: tests/test_resume.py drives it through subprocesses mutmut cannot see.
    "labs/common/resume.py": ["tests/test_resume_store.py"],
    # The rules called directly (test_settings_shape.py builds every lab's Settings: 8 s a mutant).
    "labs/common/settings_rules.py": ["tests/test_settings_rules.py"],
}
# Packages whose modules share one set of tests (each module is still counted on its own).
PACKAGES: dict[str, list[str]] = {
    "scripts/hooks": ["tests/test_hooks_fast.py", "tests/test_hooks_pages.py", "tests/test_hardening_engine.py",
                      "tests/test_site_inputs.py"],
    "scripts/course/markers": ["tests/test_markers.py", "tests/test_marker_near_misses.py", "tests/test_claims.py",
                               "tests/test_hardening.py", "tests/test_hardening_engine.py", "tests/test_hooks_fast.py",
                               "tests/test_properties_markers.py", "tests/test_cohorts.py", "tests/test_curriculum_markers.py",
                               "tests/test_cohort_markers.py", "tests/test_cohorts_scale.py",
                               "tests/test_figure_marker.py", "tests/test_code_marker.py",
                               "tests/test_expand_edges.py", "tests/test_table_marker.py"],
    "scripts/course/cohorts": ["tests/test_cohort_rules.py", "tests/test_cohort_config.py", "tests/test_cohort_downloads.py",
                               "tests/test_cohort_aggregate.py", "tests/test_cohort_words.py",
                               "tests/test_cohorts.py", "tests/test_cohorts_scale.py",
                               "tests/test_cohorts_site.py", "tests/test_results_store.py", "tests/test_properties.py",
                               "tests/test_submission_messages.py"],
    "labs/common/kernel_facts": ["tests/labs/test_kernel_facts.py", "tests/labs/test_kernel_facts_planted.py",
                                 "tests/labs/test_explain.py", "tests/labs/test_explain_report.py",
                                 "tests/labs/test_annotate.py"],
}
# kernel_facts module by module: the test files that import it (the package's list also runs the
# explain lab's tests, which reach most modules only through a whole report).
KERNEL_FACTS_TESTS: dict[str, list[str]] = {
    "post_grad": ["test_kernel_facts", "test_meaning_gelu", "test_kernel_facts_planted", "test_post_grad_fragment",
                  "test_post_grad_print"],
    "oracle": ["test_kernel_facts_planted", "test_meaning_gelu", "test_oracle_inputs", "test_oracle_fixtures",
               "test_oracle_evaluate", "test_oracle_findings"],
    "meaning": ["test_kernel_facts", "test_kernel_facts_planted", "test_meaning_gelu", "test_meaning_rules"],
    "checks": ["test_kernel_facts", "test_kernel_facts_planted", "test_explain_report", "test_checks_edges",
               "test_checks_open_survivors", "test_kernel_facts_locale"],
    "text_checks": ["test_kernel_facts", "test_kernel_facts_planted", "test_text_checks",
                    "test_text_checks_open_survivors", "test_kernel_facts_locale"],
    "score": ["test_kernel_facts", "test_kernel_facts_score", "test_kernel_facts_score_open_survivors"],
    "dataflow": ["test_kernel_facts", "test_kernel_facts_planted", "test_kernel_graph_keys",
                 "test_kernel_graph_folds"],
    "patterns": ["test_patterns_fx", "test_patterns_near_misses", "test_kernel_lines_describe", "test_kernel_facts", "test_kernel_facts_planted"],
    "kernel_source": ["test_kernel_facts", "test_kernel_graph_keys", "test_kernel_source_statements",
                      "test_kernel_source_near_misses"],
    "builder": ["test_kernel_facts", "test_kernel_graph_keys", "test_builder_values", "test_builder_near_misses"],
    "kernel_lines": ["test_kernel_lines_describe", "test_kernel_lines_near_misses", "test_kernel_facts", "test_kernel_facts_planted"],
    "traffic": ["test_traffic_bytes", "test_explain_report"],
    "facts": ["test_facts_fields", "test_facts_launches", "test_kernel_facts", "test_kernel_facts_planted"],
    "records": ["test_kernel_facts", "test_records_lookup"],
    "document": ["test_document_text", "test_annotate"],
    "render": ["test_render_rows", "test_render_order", "test_document_text", "test_annotate"],
    "words": ["test_document_text", "test_render_rows"],   # its tables only: nothing mutmut mutates
    "recorder": ["test_recorder_graph"],   # test_capture_reuse.py compiles (slow): this one does not
}
for _module, _tests in KERNEL_FACTS_TESTS.items():
    MODULES[f"labs/common/kernel_facts/{_module}.py"] = [f"tests/labs/{t}.py" for t in _tests]
for _package, _tests in PACKAGES.items():
    for _module in sorted((ROOT / _package).glob("*.py")):
        if _module.stat().st_size:   # an empty __init__.py has nothing to mutate
            MODULES.setdefault(str(_module.relative_to(ROOT)), _tests)
# The cohort store and report: only the test files that reach them (the package's list runs
# eleven files, most of which never call them).
COHORT_STORE_TESTS = ["tests/test_cohorts.py", "tests/test_cohorts_scale.py", "tests/test_cohorts_site.py",
                      "tests/test_cohort_downloads.py", "tests/test_cohort_store_edges.py"]
MODULES["scripts/course/cohorts/store.py"] = COHORT_STORE_TESTS
MODULES["scripts/course/cohorts/report.py"] = [*COHORT_STORE_TESTS, "tests/test_cohort_markers.py",
                                               "tests/test_cohort_words.py", "tests/test_cohort_report_stats.py"]
MODULES["scripts/course/cohorts/submit.py"] = ["tests/test_cohorts.py", "tests/test_submit_summary.py"]
# The cohort page marker: the files that render a cohort's page (the markers' list runs fifteen).
MODULES["scripts/course/markers/cohorts.py"] = ["tests/test_cohort_markers.py", "tests/test_cohorts.py",
                                                "tests/test_cohorts_scale.py"]
# The cohort commands: the files that run `course submit` and `course cohort` through the parser.
MODULES["scripts/course/cohorts/cli.py"] = ["tests/test_cohorts.py", "tests/test_cohorts_scale.py",
                                            "tests/test_cohort_cli.py"]
# The markers' page and result renderers, and the theme's strings hook: only the test files
# that reach them (the packages' lists run fifteen and four files).
MARKER_RESULT_TESTS = ["tests/test_markers.py", "tests/test_marker_near_misses.py", "tests/test_hardening.py",
                       "tests/test_expand_edges.py", "tests/test_marker_results.py", "tests/test_metric_difference.py"]
MODULES["scripts/course/markers/results.py"] = MARKER_RESULT_TESTS
MODULES["scripts/course/markers/page.py"] = [*MARKER_RESULT_TESTS, "tests/test_table_marker.py",
                                             "tests/test_figure_marker.py", "tests/test_code_marker.py",
                                             "tests/test_hardening_engine.py", "tests/test_claims.py"]
MODULES["scripts/hooks/strings.py"] = ["tests/test_hooks_pages.py"]
MODULES["scripts/course/runner.py"] = ["tests/test_runner.py", "tests/test_freshness.py", "tests/test_cache_key.py",
                                       "tests/test_runner_environment.py",
                                       "tests/test_repository.py"]
# The GPU node's scheduler and the side-by-side drift bench: each its own test file.
MODULES["scripts/course/gpu_node.py"] = ["tests/test_gpu_node.py"]
MODULES["scripts/course/drift.py"] = ["tests/test_side_by_side_drift.py"]

# `course status`, the run's outcome and progress lines, the build's one-line errors: the files
# that call them in-process.
MODULES["scripts/course/status.py"] = ["tests/test_status_lines.py"]
# (course/outcome.py has nothing mutmut mutates: a dataclass and one @property; tests/test_outcome.py
# holds them by hand.)
MODULES["scripts/course/progress.py"] = ["tests/test_progress_lines.py", "tests/test_outcome.py"]
MODULES["scripts/course/build_errors.py"] = ["tests/test_build_errors.py"]
# Issue 26's engine modules never mutated before: each its own test files.
MODULES["scripts/course/site_inputs.py"] = ["tests/test_site_inputs.py"]
MODULES["scripts/course/machine_paths.py"] = ["tests/test_machine_paths.py"]
MODULES["scripts/course/includes.py"] = ["tests/test_hardening_engine.py"]
# The rest of issue 26's engine modules: the files that call each in-process (the command line's
# end-to-end tests run `python -m course` in a subprocess, which mutmut cannot see).
MODULES["scripts/course/__main__.py"] = ["tests/test_course_cli.py", "tests/test_cohort_cli.py", "tests/test_cohorts.py",
                                         "tests/test_cohorts_scale.py"]
MODULES["scripts/course/claims.py"] = ["tests/test_claims_registry.py", "tests/test_claims.py"]
MODULES["scripts/course/curriculum.py"] = ["tests/test_curriculum.py", "tests/test_curriculum_markers.py"]
MODULES["scripts/course/glossary.py"] = ["tests/test_glossary.py", "tests/test_claims.py", "tests/test_site.py"]
MODULES["scripts/course/notebooks.py"] = ["tests/test_notebooks.py", "tests/test_site.py"]
MODULES["scripts/course/code_comments.py"] = ["tests/test_code_comments.py"]
MODULES["scripts/course/plots.py"] = ["tests/test_plots.py", "tests/test_markers.py", "tests/test_cohort_markers.py"]
MODULES["scripts/course/strings.py"] = ["tests/test_strings.py", "tests/test_curriculum_markers.py", "tests/test_markers.py"]
MODULES["scripts/course/translations.py"] = ["tests/test_translations.py", "tests/test_hardening.py", "tests/test_site.py"]
# The labs' judgments: the code that turns measured rows into verdicts, picks and the sentences
# a page prints from them. Each with the fast test files that import it.
COMPILE_COMPARE_TESTS = ["tests/labs/test_compile_compare.py", "tests/labs/test_compile_compare_summaries.py",
                         "tests/labs/test_compile_compare_judgments.py",
                         "tests/labs/test_compile_compare_recompiles_report.py",
                         "tests/labs/test_compile_log_sections.py", "tests/labs/test_compile_log_rule_and_counts.py",
                         "tests/labs/test_compile_compare_verdict_words.py",
                         "tests/test_claims_round8.py", "tests/test_claims_registry.py"]
for _module in ("claims", "findings", "summaries", "payoff"):
    MODULES[f"labs/compile_compare/{_module}.py"] = COMPILE_COMPARE_TESTS
for _module in ("gradcheck", "validate", "pick", "predict"):
    MODULES[f"labs/distributed/{_module}.py"] = ["tests/labs/test_distributed.py",
                                                 "tests/labs/test_distributed_round8.py",
                                                 "tests/labs/test_gradcheck_mapping.py",
                                                 "tests/labs/test_pick_sentences.py",
                                                 "tests/labs/test_predict_formulas.py",
                                                 "tests/labs/test_validate_lines.py"]
MODULES["labs/compile_compare/shapes.py"] = COMPILE_COMPARE_TESTS   # the policies' predicted recompilations
for _module in ("report", "compile_log", "recompile_log"):   # what COMPILE_LOG and the manifest say
    MODULES[f"labs/compile_compare/{_module}.py"] = COMPILE_COMPARE_TESTS
MODULES["labs/explain/report.py"] = ["tests/labs/test_explain_report.py", "tests/labs/test_explain_round8.py",
                                     "tests/labs/test_explain_report_whole.py"]
CLAIMS_TESTS = ["tests/test_claims.py", "tests/test_claims_round8.py", "tests/test_claims_registry.py",
                "tests/test_claims_rules.py"]
for _module in ("common", "inside_compile"):
    MODULES[f"labs/{_module}/claims.py"] = CLAIMS_TESTS
MODULES["labs/inductor_kernels/claims.py"] = CLAIMS_TESTS + ["tests/labs/test_inductor_kernels_claims.py"]
for _module in ("release_changes", "diff"):
    MODULES[f"labs/kernel_history/{_module}.py"] = ["tests/labs/test_kernel_history.py",
                                                    "tests/labs/test_release_changes_whole.py",
                                                    "tests/labs/test_diff_rows.py"]
for _module in ("claims", "report"):
    MODULES[f"labs/capstone/{_module}.py"] = ["tests/labs/test_capstone.py", "tests/labs/test_capstone_round8.py",
                                              "tests/labs/test_capstone_report_numbers.py",
                                              "tests/labs/test_capstone_standing.py",
                                              "tests/labs/test_capstone_day70.py",
                                              "tests/labs/test_capstone_facts.py",
                                              "tests/labs/test_capstone_claims_decided.py", "tests/test_claims_round8.py"]


def build_tree(modules: list[str]) -> None:
    shutil.rmtree(TREE, ignore_errors=True)
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.splitlines()
    for name in listed:
        source = ROOT / name
        if source.is_file() and not source.is_symlink():
            target = TREE / in_tree(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    for module in modules:   # decorated claims would never be mutated (undecorate.py says why)
        path = TREE / in_tree(module)
        path.write_text(undecorate_registrations(path.read_text(encoding="utf-8")), encoding="utf-8")
    tests = sorted({t for m in modules for t in MODULES.get(m, []) if (ROOT / t).is_file()})
    pyproject = (TREE / "pyproject.toml").read_text()
    tops = {in_tree(p).split("/")[0] for p in listed if "/" in p}
    also = sorted(tops - {"tests"}) + ["mkdocs.yml"]
    pyproject += "\n[tool.mutmut]\n" + "\n".join([
        f"source_paths = {json.dumps([in_tree(m) for m in modules])}",
        f"also_copy = {json.dumps(also)}",
        f"pytest_add_cli_args_test_selection = {json.dumps(['-m', 'not slow', *tests])}",
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-x", "-q"]',
        # Only lines a fast test executes are mutated: a CUDA-only branch is the GPU tier's
        # (make test-gpu), and its mutants would survive here whatever the tests say.
        "mutate_only_covered_lines = true",
        "timeout_multiplier = 5.0",
        "timeout_constant = 10.0",
    ]) + "\n"
    (TREE / "pyproject.toml").write_text(pyproject)


def run_mutmut(budget_s: float, jobs: int) -> tuple[bool, int | None]:
    """(whether mutmut finished within the budget, its exit status when it did)."""
    # One intra-op thread: mutmut forks each mutant from a process that already ran torch, and a
    # fork taken while OpenMP's pool exists can hang in the next parallel op (every mutant of a
    # function that runs one timed out: gradcheck.reference, 10 of 10).
    env = dict(os.environ, PYTHONPATH=str(TREE), NO_MKDOCS_2_WARNING="1", OMP_NUM_THREADS="1")
    mutmut = [sys.executable, "-m", "mutmut", "run", "--max-children", str(jobs)]
    process = subprocess.Popen(mutmut, cwd=TREE, env=env, start_new_session=True)
    try:
        return True, process.wait(timeout=budget_s)
    except subprocess.TimeoutExpired:
        print(f"\nbudget of {budget_s:.0f} s spent: stopping mutmut, reporting what it finished", flush=True)
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
        return False, None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", default=list(MODULES), help="files to mutate (default: all listed)")
    parser.add_argument("--budget", type=float, default=1800, help="seconds for the whole run")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    unknown = [m for m in args.modules if m not in MODULES]
    if unknown:
        print(f"no tests are listed for {', '.join(unknown)}: add the module to MODULES in {__file__}",
              file=sys.stderr)
        return 2
    started = time.monotonic()
    print(f"mutmut on {len(args.modules)} module(s), budget {args.budget:.0f} s, {args.jobs} job(s); "
          "mutmut's line shows done/total, then killed 🎉, no tests 🫥, timeouts ⏰, survived 🙁", flush=True)
    commit = head_commit()   # the tree is a copy of the work tree now, whatever is committed later
    build_tree(args.modules)
    finished, status = run_mutmut(args.budget, args.jobs)
    if finished and status != 0:
        # mutmut stops before the first mutant when a selected test fails unmutated (its stats
        # run): a report now would record every mutant as not run over the last real counts.
        print(f"mutmut failed (exit {status}), its output above says why; the report is unchanged",
              file=sys.stderr)
        return 1
    write_report(TREE, args.modules, finished, time.monotonic() - started, commit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
