"""The annotation as a learner reads it (document.py, with render.py's rows), from facts written
by hand for two small kernels: a C++ softmax whose exp(x − max) goes through a scratch row, in
English, and a Triton kernel with no pattern, in Spanish at a lower heading level. Each
document is written out whole, line by line, as the page shows it."""

from __future__ import annotations

from labs.common.kernel_facts.document import document
from labs.common.kernel_facts.records import Step
from tests.helpers_kernel_facts_hand import GENERIC_SOURCE, SOFTMAX_SOURCE, generic_facts, softmax_facts

SOFTMAX_EN = """\
# Kernel annotation: `cpp_fused__softmax_0`

`kernel.cpp` is C++ with OpenMP, scalar loops. Made by a test. Every fact below was extracted by \
`labs/common/kernel_facts` from Inductor's own files: the post-grad graph says what is computed, the provenance \
mapping which graph nodes this kernel runs, the kernel's source which line computes what (found by following its \
variables), and `ir_post_fusion.txt` with the wrapper's `call()` which buffers exist. A bare line number is a line \
of `kernel.cpp`.

## What it computes

The post-grad graph computes a softmax of `arg0_1` (the graph asks for amax, then a sum of exp); its output node \
`div` runs in this kernel, from `model.py:12` of your code.

Graph nodes it runs (from the provenance mapping): `amax`, `sub`, `exp`, `sum_1`, `div`.
By source node: `softmax` → amax, sub, exp, sum_1; `truediv` → div.

Your code it came from: `model.py:12` (`return x.softmax(-1)`); `model.py:13`.

## The steps, line by line

| Step | Graph node | Lines | What it computes |
|---|---|---|---|
| max | `amax` | 4 | max(x): the maximum along the reduced dimension |
| sub | `sub` | 8 | x − max: shifts x so that exp cannot overflow |
| exp | `exp` | 9 | exp(x − max) |
| sum | `sum_1` | 11 | the sum of exp(x − max) along the same dimension |
| div | `div` | 13 | exp(x − max) / sum: the softmax itself |

## Input and output

x (`arg0_1`) is computed from the loads at lines 3 and 6, of `in_ptr0` (`arg0_1`).
The output (`div`) is written at line 14.

## Where exp(x − max) lives

In a scratch row of each thread (one row at a time, which stays in cache), never a tensor.
It is written at line 10 and read back at line 12.

## Line by line

- **kernel.cpp:3** `auto tmp0 = in_ptr0[x1 + 8L*x0];` ⏎
  reads what x is computed from (in_ptr0[x1 + 8L*x0] → arg0_1)
- **kernel.cpp:4** `tmp_acc0 = max_propagate_nan(tmp_acc0, tmp0);` ⏎
  max(x): the maximum along the reduced dimension (node amax)
- **kernel.cpp:5** `out_ptr1[x0] = tmp_acc0;` ⏎
  writes the row's max, one number per row (out_ptr1[x0] → buf0)
- **kernel.cpp:6** `auto tmp1 = in_ptr0[x1 + 8L*x0];` ⏎
  reads what x is computed from (in_ptr0[x1 + 8L*x0] → arg0_1)
- **kernel.cpp:7** `auto tmp2 = out_ptr1[x0];` ⏎
  reads back what line 5 wrote (out_ptr1[x0] → buf0)
- **kernel.cpp:8** `auto tmp3 = tmp1 - tmp2;` ⏎
  x − max: shifts x so that exp cannot overflow (node sub)
- **kernel.cpp:9** `auto tmp4 = std::exp(tmp3);` ⏎
  exp(x − max) (node exp)
- **kernel.cpp:10** `local_buffer_data_0[x1] = tmp4;` ⏎
  writes exp(x − max) to a scratch row
- **kernel.cpp:11** `tmp_acc1 = tmp_acc1 + tmp4;` ⏎
  the sum of exp(x − max) along the same dimension (node sum_1)
- **kernel.cpp:12** `auto tmp5 = local_buffer_data_0[x1];` ⏎
  reads back what line 10 wrote (local_buffer_data_0[x1])
- **kernel.cpp:13** `auto tmp6 = tmp5 / tmp_acc1;` ⏎
  exp(x − max) / sum: the softmax itself (node div)
- **kernel.cpp:14** `out_ptr0[x1 + 8L*x0] = tmp6;` ⏎
  writes the output, node div (out_ptr0[x1 + 8L*x0] → buf1)
- **kernel.cpp:15** `out_ptr1[0L] = tmp_acc1;` ⏎
  writes one number for the whole batch, a sum (out_ptr1[0L] → buf0)
- **kernel.cpp:16** `tmp_acc2 = welford_combine(tmp_acc2, tmp6);` ⏎
  Welford mean and variance reduction

## Buffers: the scheduler's plan and call()

Scheduler nodes of `ir_post_fusion.txt` that became this one kernel: `op0`, `op1`.

| Buffer | Size | IR op stored | In call() |
|---|---|---|---|
| `buf0` | [4, 1] | `amax` | allocated by call() |
| `buf1` | [4, 8] | `div` | takes over the memory of `buf9` in call() |

## Not stated

- 2 pattern outputs run in this kernel; only the first is described
""".replace(" ⏎\n", "  \n")   # ⏎: the two spaces of a Markdown line break


def test_a_softmax_kernels_annotation_is_the_walk_through_written_out():
    assert document(softmax_facts(), "en", "kernel.cpp", "Made by a test.", SOFTMAX_SOURCE) == SOFTMAX_EN


def test_headings_sit_one_level_below_an_embedding_reports():
    text = document(softmax_facts(), "en", "kernel.cpp", "Made by a test.", SOFTMAX_SOURCE, level=3)
    headings = [line for line in text.splitlines() if line.startswith("#")]
    assert headings == ["### Kernel annotation: `cpp_fused__softmax_0`", "#### What it computes",
                        "#### The steps, line by line", "#### Input and output", "#### Where exp(x − max) lives",
                        "#### Line by line", "#### Buffers: the scheduler's plan and call()", "#### Not stated"]


def _lines_with(text: str, *starts: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(starts)]


def test_an_output_used_at_once_and_an_exp_computed_twice_are_said_so():
    facts = softmax_facts(output={"stored": [], "consumed_by": [13, 15]}, exp_recomputed=True,
                          steps=[*softmax_facts().steps[:2], Step("exp", ["exp"], [9, 12]), *softmax_facts().steps[3:]])
    text = document(facts, "en", "kernel.cpp", "", SOFTMAX_SOURCE)
    assert "| exp | `exp` | 9, 12 | exp(x − max) |" in text.splitlines()
    assert _lines_with(text, "The output", "It is computed twice") == [
        "The output (`div`) is never stored: it is used at once, inside this kernel, at lines 13 and 15.",
        "It is computed twice, once for the sum and once for the output (lines 9 and 12): cheaper than a round "
        "trip through memory."]
    spanish = document(facts, "es", "kernel.cpp", "", SOFTMAX_SOURCE)
    assert _lines_with(spanish, "La salida", "Se calcula dos veces") == [
        "La salida (`div`) no se guarda nunca: se usa en el acto, dentro de este kernel, en las líneas 13 y 15.",
        "Se calcula dos veces, una para la suma y otra para la salida (las líneas 9 y 12): más barato que un viaje "
        "de ida y vuelta a memoria."]


def test_an_exp_recomputed_but_without_lines_and_an_output_unknown_say_nothing():
    facts = softmax_facts(output=None, exp_recomputed=True, input=None,
                          steps=[s if s.step != "exp" else Step("exp", ["exp"], None, "cpp_fused_1")
                                 for s in softmax_facts().steps])
    text = document(facts, "en", "kernel.cpp", "", SOFTMAX_SOURCE)
    assert not _lines_with(text, "The output", "It is computed twice", "x (`")
    assert "| exp | `exp` | in kernel `cpp_fused_1` | exp(x − max) |" in text.splitlines()


def test_an_exp_kept_in_place_never_stored_as_exp_names_no_lines():
    facts = softmax_facts(exp_home="in_place", stores=[e for e in softmax_facts().stores
                                                       if e["pointer"] != "local_buffer_data_0"])
    text = document(facts, "en", "kernel.cpp", "", SOFTMAX_SOURCE)
    section = text.split("## Where exp(x − max) lives\n\n")[1].split("\n\n")[0]
    assert section == "In the kernel's own input buffer, overwritten in place and read back."


def test_a_step_without_lines_is_not_found_and_a_missing_step_has_no_row():
    facts = softmax_facts(steps=[Step("max", ["amax"], []), Step("sub", ["sub"], [8]), Step("div", ["div"], [13])])
    text = document(facts, "es", "kernel.cpp", "", SOFTMAX_SOURCE)
    table = _lines_with(text, "| ")
    assert table[:5] == ["| Paso | Nodo del grafo | Líneas | Qué calcula |",
                         "| max | `amax` | no encontrada | max(x): el máximo a lo largo de la dimensión reducida |",
                         "| sub | `sub` | 8 | x − max: desplaza x para que exp no pueda desbordarse |",
                         "| div | `div` | 13 | exp(x − max) / suma: el propio softmax |",
                         "| Búfer | Tamaño | Operación de la IR guardada | En call() |"]


GENERIC_ES = """\
## Anotación del kernel `triton_poi_fused_0`

`kernel.py` es Triton, elemento a elemento (sin reducción). Por una prueba. Cada dato de abajo lo extrajo \
`labs/common/kernel_facts` de los propios archivos de Inductor: el grafo post-grad dice qué se calcula; el mapa de \
procedencia, qué nodos del grafo ejecuta este kernel; el código del kernel, qué línea calcula cada cosa (siguiendo \
sus variables), e `ir_post_fusion.txt` junto con el `call()` del envoltorio, qué búferes existen. Un número de \
línea sin más es una línea de `kernel.py`.

### Qué calcula

Ninguno de los patrones que conoce el anotador (softmax, log-softmax, entropía cruzada, normalización de capa y RMS, \
GELU, SiLU, SwiGLU) tiene su salida en este kernel, así que se describe de forma genérica: sus lecturas, escrituras \
y reducciones.

Nodos del grafo que ejecuta (según el comentario con el fragmento del grafo sobre el kernel): ninguno.

### Línea a línea

- **kernel.py:5** `tmp0 = tl.load(in_ptr0 + (x0), xmask)` ⏎
  lee in_ptr0[x0] → arg0_1
- **kernel.py:6** `tmp1 = triton_helpers.max2(tmp0, 1)` ⏎
  reducción: máximo
- **kernel.py:7** `tl.store(out_ptr0 + (x0), tmp0, xmask)` ⏎
  escribe una copia de lo que leyó (out_ptr0[x0] → buf0)
- **kernel.py:8** `tl.store(out_ptr1 + (0), tmp1, None)` ⏎
  escribe un solo número para todo el lote, max (out_ptr1[0] → buf1)
- **kernel.py:9** `tl.store(out_ptr2 + (x0), tmp0 * 2, xmask)` ⏎
  escribe `mul` (out_ptr2[x0])

### No se afirma

- qué búferes planificó el planificador: el volcado no tiene ir_post_fusion.txt
- mystery_code
""".replace(" ⏎\n", "  \n")


def test_a_kernel_with_no_pattern_is_described_generically_in_spanish():
    assert document(generic_facts(), "es", "kernel.py", "Por una prueba.", GENERIC_SOURCE, level=2) == GENERIC_ES


def test_what_a_kernel_computes_unknown_and_its_nodes_unknown_are_said_so():
    text = document(generic_facts(pattern=None, nodes=None), "en", "kernel.py", "", GENERIC_SOURCE)
    assert "What this kernel computes is not stated (see *Not stated*); it is described generically." in text
    assert "Graph nodes it runs" not in text and "None of the patterns" not in text


def test_without_a_claim_for_the_output_or_a_form_the_sentence_has_neither():
    facts = softmax_facts(claims=[{"pattern": "gelu", "output_node": "mul", "where": "model.py:9"}], form=None)
    text = document(facts, "en", "kernel.cpp", "", SOFTMAX_SOURCE)
    assert "The post-grad graph computes a softmax of `arg0_1`; its output node `div` runs in this kernel." in text
    unplaced = softmax_facts(claims=[{"pattern": "softmax", "output_node": "div", "where": None}])
    assert "its output node `div` runs in this kernel.\n" in document(unplaced, "en", "kernel.cpp", "", SOFTMAX_SOURCE)


def test_every_input_pointer_is_named_with_its_buffer_when_it_has_one():
    facts = softmax_facts(input={"pointers": {"in_ptr0": "arg0_1", "in_ptr1": None}, "lines": [3]})
    text = document(facts, "es", "kernel.cpp", "", SOFTMAX_SOURCE)
    assert "x (`arg0_1`) se calcula a partir de las lecturas de la línea 3, de `in_ptr0` (`arg0_1`), `in_ptr1`." in text


def test_one_scheduler_node_is_not_listed_and_no_ir_means_no_buffers_section():
    text = document(softmax_facts(ir_nodes=["op0"]), "en", "kernel.cpp", "", SOFTMAX_SOURCE)
    assert "Scheduler nodes" not in text and "| `buf0` | [4, 1] | `amax` | allocated by call() |" in text
    assert "## Buffers" not in document(softmax_facts(ir_buffers=None), "en", "kernel.cpp", "", SOFTMAX_SOURCE)


def test_a_cited_line_the_source_does_not_have_is_quoted_empty():
    short = "\n".join(GENERIC_SOURCE.splitlines()[:7])   # the kernel file cut after line 7
    text = document(generic_facts(), "en", "kernel.py", "", short)
    assert "- **kernel.py:7** `tl.store(out_ptr0 + (x0), tmp0, xmask)`  \n" in text
    assert "- **kernel.py:8** ``  \n" in text and "- **kernel.py:9** ``  \n" in text
