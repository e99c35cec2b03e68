"""Lab 03's page in both languages, section by section, rendered from the committed runs: what a
sentence says about one device comes from that device's run, each model's table is labelled, the
GPU's device time of the MiniGPT is shown, and max-autotune's other changes are said once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from course.markers import PageContext, expand
from course.results import RESULTS_DIR, ResultStore

ROOT = Path(__file__).resolve().parent.parent.parent
LANGS = ("en", "es")


def source(lang: str) -> str:
    return (ROOT / "docs" / lang / "labs" / "inductor_kernels.md").read_text(encoding="utf-8")


def section(lang: str, anchor: str) -> str:
    """The page's text from the heading `{ #anchor }` to the next heading of any level."""
    text = source(lang)
    start = text.index(f"{{ #{anchor} }}")
    following = re.search(r"^#{2,3} ", text[start:], re.M)
    return text[start:start + following.start()] if following else text[start:]


def rendered(lang: str, text: str) -> str:
    ctx = PageContext(page=f"{lang}/labs/inductor_kernels.md", lang=lang, page_dir="labs", site_root="../..")
    result = expand(text, ctx, ResultStore(RESULTS_DIR))
    assert result.errors == [], result.errors
    return result.markdown


def test_the_committed_runs_keep_exp_in_different_places():
    # guards the tests below: with both runs alike, a CPU-only sentence would not show
    cpu, gpu = (ResultStore(RESULTS_DIR).get("inductor_kernels", d).manifest["metrics"] for d in ("cpu", "cuda"))
    assert cpu["attention.exp_home"]["value"] != gpu["attention.exp_home"]["value"]


@pytest.mark.parametrize("lang, cpu, gpu", [
    ("en", "On the CPU run, the attention kernel writes exp(x − max) back over the scores",
     "On the GPU run, the attention kernel never stores exp(x − max)"),
    ("es", "En la ejecución en CPU, el kernel de atención escribe exp(x − max) de vuelta",
     "En la ejecución en GPU, el kernel de atención nunca guarda exp(x − max)"),
])
def test_where_the_attention_kernel_keeps_exp_is_said_by_each_runs_claim(lang, cpu, gpu):
    text = section(lang, "attention_annotation")
    assert "attention.exp_home" not in text          # no one-device case above the device tabs
    assert "{{ claim inductor_kernels/cpu:attention_exp_home }}" in text
    assert '{{ claim inductor_kernels/cuda:attention_exp_home absent="" }}' in text
    shown = rendered(lang, text)
    assert cpu in shown and gpu in shown


@pytest.mark.parametrize("lang", LANGS)
def test_the_attention_steps_have_a_tab_per_device(lang):
    text = section(lang, "attention_annotation")
    assert "{{ table inductor_kernels:attention_annotation_steps " in text
    assert "inductor_kernels/cpu:attention_annotation_steps" not in text
    assert rendered(lang, text).count("=== \"GPU · NVIDIA H200\"") >= 2     # the listing's tabs, and the table's


@pytest.mark.parametrize("lang", LANGS)
def test_the_exercise_on_exps_home_asks_without_assuming_the_cpus_answer(lang):
    exercises = source(lang)[source(lang).index("??? question \"5."):]
    assert "attention.exp_home" not in exercises
    assert "cpu:attention_exp_home" in exercises and "cuda:attention_exp_home" in exercises


@pytest.mark.parametrize("lang, header", [("en", "Compiled device (µs)"), ("es", "Dispositivo compilado (µs)")])
def test_the_minigpts_device_time_is_shown_beside_the_gpus_verdict_on_it(lang, header):
    text = section(lang, "timing_minigpt")
    assert "{{ figure inductor_kernels/cuda:minigpt_device_time " in text
    table = re.search(r"\{\{ table inductor_kernels/cuda:minigpt_latency [^}]*\}\}", text).group(0)
    assert "compiled_dev_us" in table and "dev_verdict" in table and header in table
    assert header in rendered(lang, text)


@pytest.mark.parametrize("lang, vacuous", [("en", "every verdict of “the same”"), ("es", "todo veredicto de «igual»")])
def test_the_minigpt_section_says_nothing_of_same_verdicts_the_gpu_run_does_not_have(lang, vacuous):
    table = ResultStore(RESULTS_DIR).get("inductor_kernels", "cuda").manifest["tables"]["minigpt_latency"]
    verdicts = {row[table["columns"].index("dev_verdict")] for row in table["rows"]}
    assert "same" not in verdicts        # the committed GPU run this test is about
    assert vacuous not in rendered(lang, section(lang, "timing_minigpt")).lower()


@pytest.mark.parametrize("lang, other_changes, whatever, wrong", [
    ("en", "pointwise and reduction kernels", "whatever the verdict, it is about the bounded search",
     'a verdict of "faster"'),
    ("es", "elemento a elemento y de reducción", "sea cual sea el veredicto, habla de la búsqueda acotada",
     "un veredicto de «más rápido»"),
])
def test_max_autotunes_other_changes_are_said_once_and_the_bound_applies_to_any_verdict(lang, other_changes, whatever,
                                                                                        wrong):
    text = section(lang, "autotune")
    shown = " ".join(rendered(lang, text).split())
    assert shown.count(other_changes) == 1
    assert whatever in " ".join(text.split()) and wrong not in " ".join(text.split())


@pytest.mark.parametrize("lang, tiny, gpt", [("en", "**TinyHead**", "**The grammar MiniGPT**"),
                                             ("es", "**TinyHead**", "**El MiniGPT de gramática**")])
def test_each_models_files_table_is_labelled(lang, tiny, gpt):
    text = source(lang)
    note = text[text.index("files_by_suffix") - 400:text.rindex("files_by_suffix") + 100]
    assert note.index(tiny) < note.index("tinyhead_files_by_suffix") < note.index(gpt) < \
        note.index("minigpt_files_by_suffix")


def test_the_spanish_page_says_it_in_spanish():
    text = source("es")
    assert "cuenta otra historia" not in text
    assert "en la ejecución en GPU, el\n{{ metric inductor_kernels/cuda:ceilings.softmax.share_of_copy" in text
    autotune = re.search(r"\{\{ table inductor_kernels:autotune [^}]*\}\}", text).group(0)
    assert "Freezing" not in autotune and "Pesos congelados" in autotune


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_links_every_runs_executed_notebook(lang):
    assert '{{ link inductor_kernels:notebook text="notebook.ipynb" }}' in source(lang)
    shown = rendered(lang, '{{ link inductor_kernels:notebook text="notebook.ipynb" }}')
    assert "cpu/notebook.ipynb" in shown and "cuda/notebook.ipynb" in shown


# -- the companion notebook: which preset printed its outputs, and why its timings are its own ----

NOTEBOOK = ROOT / "labs" / "inductor_kernels" / "notebook.py"


def notebook_cells() -> list:
    from labs.common.contract import split_cells
    return split_cells(NOTEBOOK.read_text(encoding="utf-8"))[1]


def test_the_notebook_prints_its_preset_and_says_who_sets_it():
    cells = notebook_cells()
    first_code = next(cell for cell in cells if not cell.is_markdown)
    assert 'print(f"torch {torch.__version__} on {DEVICE}, preset {PRESET}")' in first_code.body
    intro = " ".join(cells[0].markdown().split())
    assert "`LAB03_PRESET` picks the MiniGPT: `smoke`, the default" in intro
    assert "The lab runs this notebook with its own preset" in intro


def test_the_notebooks_timing_says_its_verdicts_may_differ_from_the_labs():
    part_e = next(" ".join(c.markdown().split()) for c in notebook_cells() if c.markdown().startswith("## Part E"))
    assert "not from the lab's sweep" in part_e and "may differ from the lab page's" in part_e


def test_the_notebook_prints_file_sizes_with_no_languages_thousands_separator():
    # the Spanish notebook page shows the same outputs: "3,074 bytes" would be English there
    text = NOTEBOOK.read_text(encoding="utf-8")
    assert "{size:>8} bytes" in text
    assert not re.search(r"\{size:[^}]*,\}", text)


# -- Part C and D: what each run's graph and kernel hold, from that run --------------------------

def test_the_committed_runs_graphs_differ_in_their_number_of_softmax_nodes():
    # guards the tests below: with both graphs alike, a CPU-only count would not show
    store = ResultStore(RESULTS_DIR)
    forms = {d: store.get("inductor_kernels", d).manifest["metrics"]["annotation.form"]["value"] for d in ("cpu", "cuda")}
    assert forms == {"cpu": "two_pass", "cuda": "online"}


@pytest.mark.parametrize("lang, cpu, gpu", [
    ("en", "On the CPU run, the post-grad graph computes the softmax in five nodes",
     "On the GPU run, the post-grad graph computes the softmax in four nodes"),
    ("es", "En la ejecución en CPU, el grafo post-grad calcula el softmax en cinco nodos",
     "En la ejecución en GPU, el grafo post-grad calcula el softmax en cuatro nodos"),
])
def test_the_softmax_graph_is_said_per_run_and_no_count_is_typed(lang, cpu, gpu):
    text = section(lang, "softmax_kernel")
    for typed in ("five steps", "all five", "cinco pasos", "los cinco"):
        assert typed not in " ".join(text.split())
    shown = " ".join(rendered(lang, text).split())
    assert cpu in shown and gpu in shown


@pytest.mark.parametrize("lang, typed", [("en", "amax → sub → exp → sum → div"),
                                         ("es", "amax → sub → exp → sum → div")])
def test_part_d_names_no_one_graph_as_every_runs(lang, typed):
    text = section(lang, "annotation")
    assert typed not in text
    assert "prepare_softmax_online" in text        # the general rule names the node that computes two steps


@pytest.mark.parametrize("lang, cpu, gpu", [
    ("en", "On the CPU run, the scheduler nodes that became this kernel write buffers `buf1`, `buf2`, `buf3` and "
     "`buf4`; no tensor ever backs `buf2`",
     "On the GPU run, the scheduler nodes that became this kernel write buffers `buf1`, `buf2` and `buf3`; no tensor "
     "ever backs `buf1` or `buf2`"),
    ("es", "En la ejecución en CPU, los nodos del planificador", "ningún tensor llega a respaldar `buf1` ni `buf2`"),
])
def test_part_d_gives_each_runs_steps_and_buffers(lang, cpu, gpu):
    text = section(lang, "annotation")
    assert "inductor_kernels/cpu:kernel_annotation_steps" not in text and "annotation.ir_buffers" not in text
    assert "{{ table inductor_kernels:kernel_annotation_steps " in text
    assert "annotation.exp_home" not in text       # each run's claim, not a CPU-only case
    shown = " ".join(rendered(lang, text).split())
    assert cpu in shown and gpu in shown
    assert shown.count("=== \"GPU · NVIDIA H200\"") >= 2          # the steps table and the cited lines, per device


@pytest.mark.parametrize("lang, cpu, gpu, cause", [
    ("en", "On the CPU run, max-autotune searched with Inductor's default list of GEMM configurations",
     "On the GPU run, max-autotune searched with", "On the GPU run, the bounded search alone does not explain"),
    ("es", "En la ejecución en CPU, max-autotune buscó con la lista de configuraciones GEMM por defecto",
     "En la ejecución en GPU, max-autotune buscó con", "En la ejecución en GPU, la búsqueda acotada, por sí sola"),
])
def test_max_autotune_gives_each_runs_bounds_and_labels_its_cause(lang, cpu, gpu, cause):
    text = section(lang, "autotune")
    assert "autotune.bounds" not in text               # the bounds come from each run's claim, in words
    shown = " ".join(rendered(lang, text).split()).replace("&#39;", "'")
    assert cpu in shown and gpu in shown and cause in shown
    assert "`max_autotune_gemm_search_space=DEFAULT`), " in shown       # the CPU run's own bounds, stated
    assert shown.index(cpu) < shown.index("`max_autotune_gemm_backends=ATEN,TRITON`")   # the GPU's after the CPU's
