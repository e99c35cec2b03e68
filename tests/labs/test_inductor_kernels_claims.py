"""Lab 03's claims decided on runs written here, each expected figure worked out by hand and each
sentence's decisive words written out: the recount of TinyHead's floor, the sweeps' verdicts that
rest on the band alone, the softmax kernel's form, the autotune cause, the launches, the ceilings.
Until now these ran only on the committed runs (tests/test_claims.py), which hold one case each."""

from __future__ import annotations

import pytest

from course import claims
from labs.common.claims import ClaimError


def _run(device: str, metrics: dict | None = None, tables: dict | None = None) -> dict:
    return {"lab": "inductor_kernels", "device": device,
            "metrics": {key: {"value": value, "unit": ""} for key, value in (metrics or {}).items()},
            "tables": {name: {"columns": list(rows[0]), "rows": [list(r.values()) for r in rows]}
                       for name, rows in (tables or {}).items()},
            "provenance": {"torch": "2.13.0"}}


def _decide(key: str, run: dict):
    return claims.decide("inductor_kernels", key, run)


# -- tinyhead_floor ---------------------------------------------------------------------------
# At batch 1024, float32: input 1024 × 64, weights 64 × 600, bias 600, output 1024 × 600 are
# 4 × 718,936 = 2,875,744 bytes; the logits written and read back add 2 × 4 × 1024 × 600 = 4,915,200.
# 7,790,944 / 2,875,744 = 2.7092×. At 10 GB/s against a 50 GB/s copy: 54.18 %; at 9 GB/s: 48.77 %.

def _tinyhead(achieved_gb_s: float, kernels: int = 1, bound: str = "neither", rows=None) -> dict:
    rows = rows or [{"batch": 64, "achieved_gb_s": 1.0}, {"batch": 1024, "achieved_gb_s": achieved_gb_s}]
    return _run("cpu", {"tinyhead.largest.bound": bound, "tinyhead.kernels": kernels, "tinyhead.largest_batch": 1024,
                        "ceilings.copy_gb_s": 50.0}, {"tinyhead_latency": rows})


def test_the_recounted_floor_calls_the_call_bandwidth_bound_from_half_the_copy_rate():
    said = _decide("tinyhead_floor", _tinyhead(10.0))
    assert said.outcome == "recounted_bandwidth"
    assert said.en.endswith("at batch 1,024 the kernels that ran moved at least 2.71× the floor's bytes, which in the "
                            "call's time is 54.2% of the copy bandwidth: counted that way the call is "
                            "bandwidth-bound, not “neither”.")
    assert said.es.endswith("con el lote 1024 los kernels que corrieron movieron al menos 2,71× los bytes del suelo, "
                            "que en el tiempo de la llamada son el 54,2\u00a0% del ancho de banda de copia: contada "
                            "así, la llamada está limitada por el ancho de banda, no por «ninguno».")
    assert "Inductor generated 1 kernel and left the product to a library call" in said.en


def test_below_half_the_copy_rate_the_recount_lets_the_tables_word_stand():
    said = _decide("tinyhead_floor", _tinyhead(9.0))
    assert said.outcome == "recounted_neither"
    assert said.en.endswith("which in the call's time is 48.8% of the copy bandwidth: below half counted that way "
                            "too, so by this count “neither” stands.")
    assert said.es.endswith("el 48,8\u00a0% del ancho de banda de copia: por debajo de la mitad también contada así, "
                            "de modo que según esta cuenta «ninguno» se mantiene.")


@pytest.mark.parametrize("kernels, bound", [(2, "neither"), (1, "bandwidth"), (0, "overhead")])
def test_the_floor_is_taken_as_measured_when_the_product_was_generated_or_a_bound_was_found(kernels, bound):
    said = _decide("tinyhead_floor", _tinyhead(10.0, kernels, bound))
    assert (said.outcome, said.en) == ("as_measured",
                                       f"At the largest batch the call is {bound}-bound by the floor the table uses.")
    es = {"neither": "ninguno", "bandwidth": "el ancho de banda", "overhead": "la sobrecarga"}[bound]
    assert said.es == f"Con el lote mayor la llamada está limitada por {es} según el suelo que usa la tabla."


def test_a_largest_batch_missing_from_the_sweep_is_an_error_not_a_sentence():
    with pytest.raises(ClaimError, match="no tinyhead_latency row at batch 1024"):
        _decide("tinyhead_floor", _tinyhead(10.0, rows=[{"batch": 512, "achieved_gb_s": 10.0}]))


# -- sweep_band ------------------------------------------------------------------------------

def _sweep_row(batch: int, eager: tuple, compiled: tuple, prefix: str) -> dict:
    return {"batch": batch, f"eager_{prefix}us": eager[0], f"eager_{prefix}q1_us": eager[1],
            f"eager_{prefix}q3_us": eager[2], f"compiled_{prefix}us": compiled[0],
            f"compiled_{prefix}q1_us": compiled[1], f"compiled_{prefix}q3_us": compiled[2]}


def test_a_same_verdict_outside_the_quartiles_is_named_with_its_difference_on_the_gpus_device_clock():
    rows = [_sweep_row(8, (100, 95, 105), (97, 96.5, 97.5), "dev_"),     # 3 % faster; 100 lies outside 96.5–97.5
            _sweep_row(64, (200, 190, 210), (202, 195, 208), "dev_"),    # each median inside the other's: noise
            _sweep_row(512, (400, 398, 402), (416, 415, 417), "dev_")]   # 4 % slower, quartiles apart
    said = _decide("sweep_band.minigpt", _run("cuda", tables={"minigpt_latency": rows}))
    assert said.outcome == "band_only"
    assert said.en.startswith("On the GPU run, on device time, the compiled call was 3.00% faster at batch 8 and "
                              "4.00% slower at batch 512: inside the course's 5% band")
    assert said.es.startswith("En la ejecución en GPU, en tiempo de dispositivo, la llamada compilada fue un "
                              "3,00\u00a0% más rápida con lote 8 y un 4,00\u00a0% más lenta con lote 512: dentro de la "
                              "banda del 5\u00a0% del curso")


def test_a_cpu_sweep_reads_latency_and_a_sweep_without_such_rows_says_so():
    rows = [_sweep_row(8, (100, 95, 105), (102, 98, 104), ""), _sweep_row(64, (100, 99, 101), (80, 79, 81), "")]
    said = _decide("sweep_band.tinyhead", _run("cpu", tables={"tinyhead_latency": rows}))
    assert (said.outcome, said.en) == ("none", "On the CPU run, every verdict of “the same” in this sweep (latency) "
                                               "has medians inside each other's interquartile range.")
    assert said.es.startswith("En la ejecución en CPU, todo veredicto de «igual» en este barrido (latencia)")


def test_a_sweep_with_no_same_verdict_says_nothing_about_same_verdicts():
    # the GPU run's MiniGPT sweep: faster on device time at every batch, so "every verdict of
    # 'the same' has medians inside..." would describe no row at all
    rows = [_sweep_row(1, (385, 384, 386), (206, 205, 207), "dev_"),
            _sweep_row(16, (264, 263, 265), (198, 197, 199), "dev_")]
    said = _decide("sweep_band.minigpt", _run("cuda", tables={"minigpt_latency": rows}))
    assert (said.outcome, said.en, said.es) == ("no_same", "", "")
    # near miss: one row called the same, its spreads overlapping: now there is something to say
    rows.append(_sweep_row(64, (300, 290, 310), (302, 292, 312), "dev_"))
    said = _decide("sweep_band.minigpt", _run("cuda", tables={"minigpt_latency": rows}))
    assert said.outcome == "none" and said.en.startswith("On the GPU run, every verdict of “the same”")


# -- softmax_form, softmax_ceiling, copy_ceiling -----------------------------------------------

@pytest.mark.parametrize("name, outcome, decided, en", [
    ("triton_per_fused__softmax_0", "two_pass", True, "is a persistent reduction: one block holds a whole row"),
    ("triton_red_fused__softmax_1", "online", True, "is a looped reduction: it walks each row in blocks"),
    ("triton_poi_fused_div_2", "unknown", False, "is neither a persistent nor a looped Triton reduction by its name"),
])
def test_the_softmax_kernels_form_is_read_from_its_name(name, outcome, decided, en):
    run = _run("cuda", {"softmax_kernel.name": name, "attention_kernel.name": "triton_red_fused_3"})
    said = _decide("softmax_form.softmax", run)
    assert (said.outcome, said.decided) == (outcome, decided)
    assert said.en.startswith(f"On the GPU the kernel shown, `{name}`, {en}")
    assert _decide("softmax_form.attention", run).outcome == "online"     # the attention kernel's own name


# -- attention_exp_home ------------------------------------------------------------------------

def _homes(device: str, attention: str, tinyhead: str, recomputed: str = "no", lines: str | None = None) -> dict:
    metrics = {"attention.exp_home": attention, "annotation.exp_home": tinyhead, "attention.exp_recomputed": recomputed}
    return _run(device, metrics | ({"attention.exp_lines": lines} if lines else {}))


def test_the_cpu_runs_attention_kernel_writes_exp_in_place_unlike_tinyheads_scratch_row():
    said = _decide("attention_exp_home", _homes("cpu", "in_place", "local_buffer"))
    assert (said.outcome, said.decided) == ("in_place", True)
    assert said.en == ("On the CPU run, the attention kernel writes exp(x − max) back over the scores, in place, and "
                       "reads it back in a later pass: no allocation, but a round trip through memory. TinyHead's "
                       "kernel, by contrast, keeps it in a per-thread scratch row.")
    assert said.es == ("En la ejecución en CPU, el kernel de atención escribe exp(x − max) de vuelta sobre las "
                       "puntuaciones, in situ, y lo vuelve a leer en una pasada posterior: sin asignar memoria, pero "
                       "con un viaje de ida y vuelta a memoria. El kernel de TinyHead, en cambio, lo mantiene en una "
                       "fila de trabajo de cada hilo.")


def test_the_gpu_runs_attention_kernel_keeps_exp_in_registers_and_computes_it_again():
    said = _decide("attention_exp_home", _homes("cuda", "registers", "registers", "yes", "46, 51"))
    # both kernels hold it in registers: TinyHead's "keeps it in registers too", never "stores it too",
    # after a sentence that says the attention kernel never stores it
    assert said.en == ("On the GPU run, the attention kernel never stores exp(x − max): it stays in registers and is "
                       "computed again for the output (its exp lines: 46, 51). TinyHead's kernel, too, keeps it in "
                       "registers.")
    assert said.es == ("En la ejecución en GPU, el kernel de atención nunca guarda exp(x − max): se queda en registros "
                       "y se vuelve a calcular para la salida (sus líneas de exp: 46, 51). El kernel de TinyHead "
                       "también lo mantiene en registros.")
    # near miss: computed once, and TinyHead's kernel elsewhere: neither "again" nor "there too"
    once = _decide("attention_exp_home", _homes("cuda", "registers", "local_buffer", "no", "46"))
    assert once.en == ("On the GPU run, the attention kernel never stores exp(x − max): it stays in registers. "
                       "TinyHead's kernel, by contrast, keeps it in a per-thread scratch row.")


@pytest.mark.parametrize("tinyhead, tail", [("unknown", "."), ("buffer", ". TinyHead's kernel, by contrast, keeps it "
                                                                          "in an output buffer of the kernel.")])
def test_a_scratch_row_is_compared_with_tinyhead_only_where_tinyheads_home_is_known(tinyhead, tail):
    said = _decide("attention_exp_home", _homes("cpu", "local_buffer", tinyhead))
    assert said.en == "On the CPU run, the attention kernel keeps exp(x − max) in a per-thread scratch row" + tail


def test_an_unknown_home_is_said_as_unknown_not_guessed():
    said = _decide("attention_exp_home", _homes("cuda", "unknown", "registers"))
    assert (said.outcome, said.decided) == ("unknown", False)
    assert said.en == "On the GPU run, the kernel facts do not say where the attention kernel keeps exp(x − max)."
    with pytest.raises(ClaimError, match=r"annotation\.exp_home"):
        _decide("attention_exp_home", _run("cpu", {"attention.exp_home": "in_place"}))


@pytest.mark.parametrize("bound, en", [
    ("bandwidth", "On the CPU the softmax is at the copy's floor: bandwidth-bound."),
    ("compute", "On the CPU the softmax is at the matrix-multiply rate's floor: compute-bound."),
    ("overhead", "On the CPU the softmax is mostly the fixed cost of a call: overhead-bound."),
])
def test_the_softmax_ceiling_names_the_bound_the_run_found(bound, en):
    said = _decide("softmax_ceiling", _run("cpu", {"ceilings.softmax.bound": bound}))
    assert (said.outcome, said.en, said.decided) == (bound, en, True)


def test_a_softmax_bound_by_neither_names_no_cause_and_an_unknown_word_is_an_error():
    said = _decide("softmax_ceiling", _run("cuda", {"ceilings.softmax.bound": "neither"}))
    assert (said.outcome, said.decided) == ("neither", False)
    assert said.en.startswith("On the GPU the softmax is neither: far below the copy and far above the fixed cost")
    with pytest.raises(ClaimError, match="'latency'"):
        _decide("softmax_ceiling", _run("cpu", {"ceilings.softmax.bound": "latency"}))


def test_the_copy_ceiling_says_how_each_device_timed_it():
    cpu = _decide("copy_ceiling", _run("cpu", {"ceilings.copy_gb_s": 12.34}))
    assert cpu.outcome == "cpu" and cpu.en.endswith("timed on latency, moved 12.3\u00a0GB/s on the CPU run")
    gpu = _decide("copy_ceiling", _run("cuda", {"ceilings.copy_gb_s": 3456.7}))
    assert gpu.outcome == "cuda" and "moved 3,457\u00a0GB/s on the GPU run, timed as queued calls" in gpu.en
    assert "movió 3457\u00a0GB/s en la ejecución en GPU" in gpu.es


# -- autotune ---------------------------------------------------------------------------------

def _autotune(device: str, tuned: tuple, bounds: str) -> dict:
    rows = [{"mode": "default", "median_us": 100.0, "q1_us": 99.0, "q3_us": 101.0},
            {"mode": "max-autotune", "median_us": tuned[0], "q1_us": tuned[1], "q3_us": tuned[2]}]
    return _run(device, {"autotune.bounds": bounds}, {"autotune": rows})


@pytest.mark.parametrize("device, tuned, bounds, outcome", [
    ("cuda", (120, 119, 121), "max_autotune_gemm_backends=ATEN,TRITON", "slower_not_search"),
    ("cuda", (120, 119, 121), "max_autotune_gemm_backends=aten,triton", "slower_not_search"),
    ("cuda", (120, 119, 121), "max_autotune_gemm_backends=TRITON", "slower_unbounded"),
    ("cpu", (120, 119, 121), "max_autotune_gemm_backends=CPP", "slower_not_search"),   # the CPU's default has ATen
    ("cuda", (80, 79, 81), "max_autotune_gemm_backends=TRITON", "faster"),
    ("cuda", (101, 100, 102), "max_autotune_gemm_backends=TRITON", "same"),
])
def test_a_slower_max_autotune_is_blamed_on_its_search_only_without_aten(device, tuned, bounds, outcome):
    said = _decide("autotune_cause", _autotune(device, tuned, bounds))
    assert (said.outcome, said.decided) == (outcome, False)


def test_every_autotune_cause_names_max_autotunes_other_changes_in_the_courses_words():
    # the page states them once, through this claim; "kernels elementales" is not the course's term
    for tuned, bounds in [((120, 119, 121), "max_autotune_gemm_backends=ATEN"),
                          ((120, 119, 121), "max_autotune_gemm_backends=TRITON"),
                          ((80, 79, 81), "max_autotune_gemm_backends=TRITON")]:
        said = _decide("autotune_cause", _autotune("cuda", tuned, bounds))
        assert "pointwise and reduction kernels" in said.en, said.outcome
        assert "kernels elemento a elemento y de reducción" in said.es and "elementales" not in said.es, said.outcome


def test_the_autotune_verdict_names_the_run_and_an_incomplete_table_is_an_error():
    said = _decide("autotune_verdict", _autotune("cpu", (80, 79, 81), ""))
    assert said.outcome == "faster" and said.en.startswith("On the CPU run max-autotune was faster")
    assert _decide("autotune_verdict", _autotune("cuda", (80, 79, 81), "")).es.startswith("En la ejecución en GPU")
    run = _autotune("cpu", (80, 79, 81), "")
    run["tables"]["autotune"]["rows"] = run["tables"]["autotune"]["rows"][:1]
    with pytest.raises(ClaimError, match="1 rows"):
        _decide("autotune_verdict", run)


# -- minigpt_launches -------------------------------------------------------------------------

def _launches(first: int, last: int) -> dict:
    rows = [{"batch": 1, "eager_launches": first, "eager_dev_us": 850.0},
            {"batch": 16, "eager_launches": 90, "eager_dev_us": 900.0},
            {"batch": 64, "eager_launches": last, "eager_dev_us": 1234.5}]
    return _run("cuda", tables={"minigpt_latency": rows})


def test_fewer_launches_at_the_largest_batch_are_reported_between_the_sweeps_ends_not_explained():
    said = _decide("minigpt_launches", _launches(120, 96))
    assert (said.outcome, said.decided) == ("fewer", False)
    assert said.en.startswith("Eager's launches per call fell from 120 at batch 1 to 96 at batch 64, and its device "
                              "time from 850\u00a0µs to 1,234\u00a0µs, although the work grew.")
    assert said.es.startswith("Los lanzamientos por llamada de eager bajaron de 120 con lote 1 a 96 con lote 64, y su "
                              "tiempo de dispositivo de 850\u00a0µs a 1234\u00a0µs")


@pytest.mark.parametrize("last", [120, 130])
def test_as_many_or_more_launches_are_stated_without_a_story(last):
    said = _decide("minigpt_launches", _launches(120, last))
    assert (said.outcome, said.decided) == ("steady", True)
    assert said.en == (f"Eager launched 120 kernels per call at batch 1 and {last} at batch 64; its device time went "
                       "from 850\u00a0µs to 1,234\u00a0µs.")


# -- the Spanish sentences whole, with figures whose decimal mark shows the language ------------

def test_the_spanish_sentences_carry_their_figures_in_spanish():
    rows = [{"batch": 1, "eager_launches": 120, "eager_dev_us": 85.25},
            {"batch": 64, "eager_launches": 130, "eager_dev_us": 91.75}]
    said = _decide("minigpt_launches", _run("cuda", tables={"minigpt_latency": rows}))
    assert said.es == ("Eager lanzó 120 kernels por llamada con lote 1 y 130 con lote 64; su tiempo de dispositivo "
                       "pasó de 85,2\u00a0µs a 91,8\u00a0µs.")
    assert said.en.endswith("went from 85.2\u00a0µs to 91.8\u00a0µs.")
    rows[1]["eager_launches"] = 96
    said = _decide("minigpt_launches", _run("cuda", tables={"minigpt_latency": rows}))
    assert said.en.startswith("Eager's launches per call fell from 120 at batch 1 to 96 at batch 64, and its device "
                              "time from 85.2\u00a0µs to 91.8\u00a0µs")
    assert said.es.startswith("Los lanzamientos por llamada de eager bajaron de 120 con lote 1 a 96 con lote 64, y su "
                              "tiempo de dispositivo de 85,2\u00a0µs a 91,8\u00a0µs, aunque el trabajo creció.")
    cpu = _decide("copy_ceiling", _run("cpu", {"ceilings.copy_gb_s": 12.34}))
    assert cpu.es.endswith("medida en latencia, movió 12,3\u00a0GB/s en la ejecución en CPU")
    assert cpu.en.startswith("A large copy from one buffer to another in main memory")
    gpu = _decide("copy_ceiling", _run("cuda", {"ceilings.copy_gb_s": 12.34}))
    assert "movió 12,3\u00a0GB/s en la ejecución en GPU, medida con llamadas encoladas" in gpu.es
    assert "moved 12.3\u00a0GB/s on the GPU run" in gpu.en


@pytest.mark.parametrize("device, en, es", [("cpu", "On the CPU", "En la CPU"), ("cuda", "On the GPU", "En la GPU")])
def test_the_softmax_ceiling_names_the_device_in_both_languages(device, en, es):
    said = _decide("softmax_ceiling", _run(device, {"ceilings.softmax.bound": "bandwidth"}))
    assert said.es == f"{es} el softmax está en el suelo de la copia: limitado por el ancho de banda."
    assert said.en == f"{en} the softmax is at the copy's floor: bandwidth-bound."
    neither = _decide("softmax_ceiling", _run(device, {"ceilings.softmax.bound": "neither"}))
    assert neither.es.startswith(f"{es} el softmax no está limitado por ninguno de los dos")
    assert neither.es.endswith("en las dos reducciones o en el número de hilos.")


def test_the_autotune_verdict_reads_whole_in_spanish():
    said = _decide("autotune_verdict", _autotune("cpu", (80, 79, 81), ""))
    assert said.es.startswith("En la ejecución en CPU max-autotune fue más rápido")
    assert said.en.startswith("On the CPU run max-autotune was faster") and said.decided
    slower = _decide("autotune_cause", _autotune("cuda", (120, 119, 121), "max_autotune_gemm_backends=TRITON"))
    assert slower.es.startswith("En la ejecución en GPU, el kernel de ATen no estaba entre los candidatos")
    assert slower.en.startswith("On the GPU run, ATen's kernel was not among the candidates")
    searched = _decide("autotune_cause", _autotune("cuda", (120, 119, 121), "max_autotune_gemm_backends=ATEN"))
    assert searched.en.startswith("On the GPU run, the bounded search alone does not explain the slower max-autotune: "
                                  "ATen's kernel")
    assert searched.es.startswith("En la ejecución en GPU, la búsqueda acotada, por sí sola, no explica que "
                                  "max-autotune fuera más lento: el kernel de ATen")
    other = _decide("autotune_cause", _autotune("cuda", (80, 79, 81), "max_autotune_gemm_backends=TRITON"))
    assert other.en.startswith("Besides choosing GEMMs, `max_autotune` widens")
    assert other.es.startswith("Además de elegir GEMM, `max_autotune` amplía")


# -- each run's cause and bounds, labelled with the run they are about -------------------------

@pytest.mark.parametrize("device, mine, other", [("cpu", "CPU", "GPU"), ("cuda", "GPU", "CPU")])
def test_a_slower_max_autotunes_cause_names_the_run_it_is_about(device, mine, other):
    said = _decide("autotune_cause", _autotune(device, (120, 119, 121), "max_autotune_gemm_backends=ATEN"))
    assert said.en.startswith(f"On the {mine} run, the bounded search alone")
    assert said.es.startswith(f"En la ejecución en {mine}, la búsqueda acotada")
    # near miss: a faster run's sentence names its run at the end, and never the other device
    faster = _decide("autotune_cause", _autotune(device, (80, 79, 81), "max_autotune_gemm_backends=ATEN"))
    assert faster.en.endswith(f"the {mine} run does not split its result between them.")
    assert other not in faster.en and other not in faster.es


def test_the_cpu_runs_bounds_are_its_own_with_the_devices_default_backends():
    said = _decide("autotune_bounds", _run("cpu", {"autotune.bounds": "max_autotune_gemm_search_space=DEFAULT"}))
    assert said.en == ("On the CPU run, max-autotune searched with Inductor's default list of GEMM configurations, not "
                       "the exhaustive one (`max_autotune_gemm_search_space=DEFAULT`), among the GEMM backends "
                       "Inductor uses by default on this device.")
    assert said.es.startswith("En la ejecución en CPU, max-autotune buscó con la lista de configuraciones GEMM por "
                              "defecto de Inductor")
    assert "ATEN" not in said.en and "Triton" not in said.en       # the GPU's bounds are not the CPU's


def test_the_gpu_runs_bounds_say_each_option_it_recorded_and_show_an_unknown_one_as_recorded():
    bounds = ("max_autotune_gemm_search_space=DEFAULT, max_autotune_gemm_backends=ATEN,TRITON, "
              "test_configs.max_mm_configs=4, triton.num_decompose_k_splits=0, benchmark_epilogue_fusion=False, "
              "coordinate_descent_tuning=False, some_future_option=3")
    said = _decide("autotune_bounds", _run("cuda", {"autotune.bounds": bounds}))
    assert said.outcome == "backends_bounded"
    for words in ("candidates from ATen's kernel and Triton templates only (`max_autotune_gemm_backends=ATEN,TRITON`)",
                  "the first 4 Triton configurations Inductor lists per product (`test_configs.max_mm_configs=4`)",
                  "no split-K variants (`triton.num_decompose_k_splits=0`)",
                  "no second benchmark of each choice with its fused epilogue",
                  "no coordinate-descent retuning", "; `some_future_option=3`."):
        assert words in said.en, words
    assert "solo candidatos del kernel de ATen y de plantillas de Triton" in said.es
    assert "by default on this device" not in said.en      # its backends were bounded
    # near miss: a switch turned on reads as on
    on = _decide("autotune_bounds", _run("cuda", {"autotune.bounds": "coordinate_descent_tuning=True"}))
    assert "no coordinate-descent" not in on.en and "sin reajuste" not in on.es
    assert "coordinate-descent retuning of the generated kernels (`coordinate_descent_tuning=True`)" in on.en


# -- Part C and D: the softmax's graph nodes, its kernel's buffers and exp, per run ---------------

def _steps(device: str, *steps: tuple) -> dict:
    rows = [{"step": step, "nodes": nodes, "lines": str(line or "—"), "first_line": line} for step, nodes, line in steps]
    return _run(device, tables={"kernel_annotation_steps": rows})


ONLINE = "prepare_softmax_online_default"


def test_the_cpu_runs_graph_has_five_nodes_and_the_gpu_runs_four_with_the_online_node():
    cpu = _decide("softmax_graph", _steps("cpu", ("max", "amax", 27), ("sub", "sub", 50), ("exp", "exp", 51),
                                          ("sum", "sum_1", 53), ("div", "div", 78)))
    assert cpu.en == ("On the CPU run, the post-grad graph computes the softmax in five nodes, `amax` → `sub` → `exp` → "
                      "`sum_1` → `div`, and the scheduler fuses all five into one kernel.")
    gpu = _decide("softmax_graph", _steps("cuda", ("max", ONLINE, 37), ("sub", "sub_tensor", 38),
                                          ("exp", "exp_default", 39), ("sum", ONLINE, 42), ("div", "div", 45)))
    assert gpu.en == (f"On the GPU run, the post-grad graph computes the softmax in four nodes, `{ONLINE}` → "
                      f"`sub_tensor` → `exp_default` → `div` (`{ONLINE}` computes the max and the sum of exp as one "
                      "node), and the scheduler fuses all four into one kernel.")
    assert gpu.es.endswith("calcula el máximo y la suma de exp como un solo nodo), y el planificador fusiona los "
                           "cuatro en un solo kernel.")


def test_a_step_computed_in_another_kernel_is_not_said_to_be_fused():
    said = _decide("softmax_graph", _steps("cpu", ("max", "amax", None), ("sub", "sub", 50), ("exp", "exp", 51),
                                           ("sum", "sum_1", 53), ("div", "div", 78)))
    assert said.outcome == "split" and "fuses" not in said.en
    assert said.en.endswith("the kernel shown computes 4 of the 5 steps, and the others run in other kernels.")


@pytest.mark.parametrize("device, written, absent, en", [
    ("cpu", "buf1, buf2, buf3, buf4", "buf2", "On the CPU run, the scheduler nodes that became this kernel write "
     "buffers `buf1`, `buf2`, `buf3` and `buf4`; no tensor ever backs `buf2`: `call()` never names it."),
    ("cuda", "buf1, buf2, buf3", "buf1, buf2", "On the GPU run, the scheduler nodes that became this kernel write "
     "buffers `buf1`, `buf2` and `buf3`; no tensor ever backs `buf1` or `buf2`: `call()` never names them."),
    ("cpu", "buf1", "none", "On the CPU run, the scheduler nodes that became this kernel write buffers `buf1`, and "
     "`call()` names every one of them."),                           # near miss: no "backs `none`"
])
def test_each_runs_buffers_and_the_ones_no_tensor_backs_are_its_own(device, written, absent, en):
    said = _decide("softmax_buffers", _run(device, {"annotation.ir_buffers": written,
                                                    "annotation.absent_buffers": absent}))
    assert said.en == en


def test_the_gpu_runs_softmax_keeps_exp_in_registers_and_the_cpus_in_a_scratch_row():
    gpu = _decide("softmax_exp_home", _run("cuda", {"annotation.exp_home": "registers",
                                                    "annotation.exp_recomputed": "yes"}))
    assert gpu.en == ("On the GPU run, exp(x − max) is never stored: it stays in registers and is computed again for "
                      "the output.")
    cpu = _decide("softmax_exp_home", _run("cpu", {"annotation.exp_home": "local_buffer"}))
    assert cpu.en.startswith("On the CPU run, exp(x − max) lives in a per-thread scratch row")
    in_place = _decide("softmax_exp_home", _run("cpu", {"annotation.exp_home": "in_place"}))
    assert "sin asignar memoria" in in_place.es and "reservar" not in in_place.es
