"""COMPILE_LOG's sections 1 and 6 and its number writer, from first-step findings built by hand
(tests/helpers_compile_compare.py): each table line whole, and every figure in its sentence, in
English and Spanish. Nothing compiles."""

from __future__ import annotations

from dataclasses import replace

import pytest

from labs.common import measure
from labs.compile_compare import compile_log
from labs.compile_compare.findings import Findings
from labs.compile_compare.shapes import PolicyRun
from tests.helpers_compile_compare import first_step_findings

NBSP = "\u00a0"


def _writer(lang: str) -> compile_log._Writer:
    return compile_log._Writer(lang)


@pytest.mark.parametrize("seconds, en, es", [
    (0.1, f"0.100{NBSP}s", f"0,100{NBSP}s"), (0.0999, f"99.9{NBSP}ms", f"99,9{NBSP}ms"),
    (12.5, f"12.5{NBSP}s", f"12,5{NBSP}s"), (0.0, f"0{NBSP}ms", f"0{NBSP}ms")])
def test_seconds_below_a_tenth_are_written_in_milliseconds(seconds, en, es):
    assert (_writer("en").s(seconds), _writer("es").s(seconds)) == (en, es)


def test_the_writers_units_and_digits():
    en, es = _writer("en"), _writer("es")
    assert (en.ms(0.0123), es.ms(0.0123)) == (f"12.3{NBSP}ms", f"12,3{NBSP}ms")
    assert (en.pct(74.6), es.pct(74.6)) == ("75%", f"75{NBSP}%")        # two significant digits
    assert (en.num(2.0, "×"), es.num(1234.6)) == ("2.00×", "1235")
    assert en.table(["a", "b"], [[1, "x|y"]]) == ["| a | b |", "|---|---|", "| 1 | x\\|y |", ""]


def _findings(**first) -> Findings:
    found = first_step_findings(measure.IsaSearch(1.25, 3, "avx2"), warm_isa_s=0.05)
    return Findings("cpu", "full", "2.13.0", first_step=replace(found, **first))


FIRST = {
    "en": ["## 1. First step: what compiling costs", "",
           "|  | eager | compiled, cold cache | compiled, warm cache (new process) |", "|---|---|---|---|",
           f"| first step | 0.500{NBSP}s | 6.00{NBSP}s | 1.50{NBSP}s |", ""],
    "es": ["## 1. Primer paso: lo que cuesta compilar", "",
           "|  | eager | compilado, caché fría | compilado, caché caliente (proceso nuevo) |", "|---|---|---|---|",
           f"| primer paso | 0,500{NBSP}s | 6,00{NBSP}s | 1,50{NBSP}s |", ""],
}
# cold phases 1 + 1 + 1 + 2 s of a 6 s step, the rest 1 s; warm: Dynamo 1 s of 1.5 s, the rest 0.5 s
PHASE_CELLS = {"en": [f"1.00{NBSP}s | 17% | 1.00{NBSP}s", f"1.00{NBSP}s | 17% | 0{NBSP}ms",
                      f"1.00{NBSP}s | 17% | 0{NBSP}ms", f"2.00{NBSP}s | 33% | 0{NBSP}ms",
                      f"1.00{NBSP}s | 17% | 0.500{NBSP}s"],
               "es": [f"1,00{NBSP}s | 17{NBSP}% | 1,00{NBSP}s", f"1,00{NBSP}s | 17{NBSP}% | 0{NBSP}ms",
                      f"1,00{NBSP}s | 17{NBSP}% | 0{NBSP}ms", f"2,00{NBSP}s | 33{NBSP}% | 0{NBSP}ms",
                      f"1,00{NBSP}s | 17{NBSP}% | 0,500{NBSP}s"]}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_first_step_table_and_the_phase_table_carry_the_findings(lang):
    lines = compile_log.first_step_section(_findings(), {}, _writer(lang))
    assert lines[:6] == FIRST[lang]
    # each paragraph ends with a blank line: the ratio, the toolchain and the warm restart
    for start in ({"en": "The compiled first step", "es": "El primer paso compilado"}[lang], TOOLCHAIN[lang], WARM[lang]):
        at = next(i for i, line in enumerate(lines) if line.startswith(start))
        assert lines[at + 1] == "", start
    assert lines[-1] == ""
    assert lines[6].startswith({"en": "The compiled first step took 12.0× as long as eager's.",
                                "es": "El primer paso compilado tardó 12,0× lo que el de eager."}[lang])
    rows = [line for line in lines if line.startswith("| ") and line.split(" | ")[0][2:] in
            ("dynamo", "aot_autograd", "inductor", "kernel_compile", "rest")]
    assert [row.split(" | ")[0][2:] for row in rows] == ["dynamo", "aot_autograd", "inductor", "kernel_compile", "rest"]
    assert [" | ".join(row.split(" | ")[2:])[:-2] for row in rows] == PHASE_CELLS[lang]


def _sentence(lines: list[str], start: str) -> str:
    [found] = [line for line in lines if line.startswith(start)]
    return found


TOOLCHAIN = {"en": "Not in these numbers:", "es": "Fuera de estas cifras:"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_toolchain_sentence_names_the_header_and_the_vector_search_only_when_they_happened(lang):
    said = _sentence(compile_log.first_step_section(_findings(), {}, _writer(lang)), TOOLCHAIN[lang])
    assert {"en": f"took 2.50{NBSP}s: importing Inductor, starting its compile workers. Every",
            "es": f"tardó 2,50{NBSP}s: importar Inductor, arrancar sus procesos de compilación. Todo"}[lang] in said
    assert said.endswith({"en": f"took 1.25{NBSP}s (3 test programs built now: this machine's first search for this "
                                "torch); it chose avx2.",
                          "es": f"tardó 1,25{NBSP}s (construyó ahora 3 programas de prueba: la primera búsqueda de "
                                "esta máquina para este torch); eligió avx2."}[lang])
    header = _sentence(compile_log.first_step_section(_findings(built_precompiled_header=True), {}, _writer(lang)),
                       TOOLCHAIN[lang])
    assert {"en": "starting its compile workers, and building Inductor's precompiled C++ header (once per machine "
                  "and temp folder). Every",
            "es": "arrancar sus procesos de compilación y construir la cabecera C++ precompilada de Inductor (una vez "
                  "por máquina y carpeta temporal). Todo"}[lang] in header
    found = _sentence(compile_log.first_step_section(_findings(vector_isa=measure.IsaSearch(0.25, 0, "avx512")), {},
                                                     _writer(lang)), TOOLCHAIN[lang])
    assert found.endswith({"en": f"took 0.250{NBSP}s (its test programs already built by an earlier process on this "
                                 "machine, loaded again); it chose avx512.",
                           "es": f"tardó 0,250{NBSP}s (sus programas de prueba ya los había construido otro proceso en "
                                 "esta máquina; solo los volvió a cargar); eligió avx512."}[lang])
    none = _sentence(compile_log.first_step_section(_findings(vector_isa=None), {}, _writer(lang)), TOOLCHAIN[lang])
    assert none.endswith({"en": "Every process that compiles pays it once.",
                          "es": "Todo proceso que compila la paga una vez."}[lang])


WARM = {"en": "A new process pointed at", "es": "Un proceso nuevo apuntado"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_warm_restart_sentence_carries_each_of_its_figures(lang):
    said = _sentence(compile_log.first_step_section(_findings(), {}, _writer(lang)), WARM[lang])
    expected = {"en": [f"took 1.50{NBSP}s for its first step (75% less; 0 AOTAutograd and 2 FX-graph cache hits)",
                       f"Dynamo still traced the bytecode (1.00{NBSP}s)",
                       f"the restart cost 3.00{NBSP}s of imports and setup, 50.0{NBSP}ms for the vector-instruction "
                       f"search and 2.00{NBSP}s for its own first compile of anything; 7.50{NBSP}s from launch"],
                "es": [f"tardó 1,50{NBSP}s en su primer paso (75{NBSP}% menos; 0 aciertos en la caché de AOTAutograd y "
                       "2 en la de grafos FX)", f"Dynamo volvió a trazar el bytecode (1,00{NBSP}s)",
                       f"el reinicio costó 3,00{NBSP}s de importaciones y preparación, 50,0{NBSP}ms de la búsqueda de "
                       f"instrucciones vectoriales y 2,00{NBSP}s de su propia primera compilación; 7,50{NBSP}s desde "
                       "el arranque"]}[lang]
    for part in expected:
        assert part in said, part
    warm = replace(_findings().first_step.warm, vector_isa_s=None,
                   phases=replace(_findings().first_step.warm.phases, aot_cache_hits=1))
    said = _sentence(compile_log.first_step_section(_findings(warm=warm), {}, _writer(lang)), WARM[lang])
    assert {"en": f"3.00{NBSP}s of imports and setup and 2.00{NBSP}s for its own",
            "es": f"3,00{NBSP}s de importaciones y preparación y 2,00{NBSP}s de su propia"}[lang] in said
    assert {"en": "1 AOTAutograd and 2 FX-graph", "es": "1 acierto en la caché de AOTAutograd y 2"}[lang] in said


def _policy(name: str, recompiles: int, graphs: int, compile_s: float) -> PolicyRun:
    return PolicyRun(name, recompiles_logged=recompiles, graphs=graphs, compile_s=compile_s)


WARMUP_CACHE = {"en": f"1. Keep `TORCHINDUCTOR_CACHE_DIR` on storage that survives restarts (and ship it with the job "
                      f"image when the machine is new): here it turned a 6.00{NBSP}s first step into 1.50{NBSP}s.",
                "es": "1. Mantén `TORCHINDUCTOR_CACHE_DIR` en un almacenamiento que sobreviva a los reinicios (y "
                      "distribúyelo con la imagen del trabajo cuando la máquina sea nueva): aquí convirtió un primer "
                      f"paso de 6,00{NBSP}s en uno de 1,50{NBSP}s."}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_warm_up_procedure_quotes_the_cache_and_names_the_fastest_policy_only_beyond_the_noise(lang):
    f = _findings()
    f.policies = {"static": _policy("static", 3, 4, 9.0), "dynamic": _policy("dynamic", 1, 2, 4.0),
                  "mark_dynamic": _policy("mark_dynamic", 1, 1, 4.0)}
    lines = compile_log.warmup_section(f, _writer(lang))
    assert lines[2] == WARMUP_CACHE[lang]
    assert lines[:2] == [{"en": "## 6. Warm-up procedure for a job that compiles",
                          "es": "## 6. Procedimiento de calentamiento para un trabajo que compila"}[lang], ""]
    assert lines[3].startswith({"en": "2. Run one step per input shape", "es": "2. Ejecuta un paso por cada forma"}[lang])
    assert lines[3].endswith({"en": " Of the policies measured here, `mark_dynamic` compiled in the least time.",
                              "es": " De las políticas medidas aquí, `mark_dynamic` fue la que menos tardó en "
                                    "compilar."}[lang])
    assert [line[:3] for line in lines[2:6]] == ["1. ", "2. ", "3. ", "4. "] and lines[6:] == [""]
    f.policies["static"] = _policy("static", 3, 4, 7.9)     # 7.9 s against 4 s: inside the 2× noise
    lines = compile_log.warmup_section(f, _writer(lang))
    assert lines[3].startswith({"en": "2. Run one step per input shape", "es": "2. Ejecuta un paso por cada forma"}[lang])
    assert lines[3].endswith({"en": " Of the policies measured here, `mark_dynamic` recompiled least (1); their "
                                    "compile times lay within the 2× by which one cold compile can vary, so none "
                                    "compiled measurably faster.",
                              "es": " De las políticas medidas aquí, `mark_dynamic` fue la que menos recompiló (1); "
                                    "sus tiempos de compilación quedaron dentro del 2× que puede variar una "
                                    "compilación en frío, así que ninguna compiló de forma medible más rápido."}[lang])
    f.policies["static"] = _policy("static", 3, 4, 8.0)     # exactly twice: named
    assert "`mark_dynamic` " + {"en": "compiled in", "es": "fue la que menos tardó"}[lang] in \
        compile_log.warmup_section(f, _writer(lang))[3]


def test_the_warm_up_procedure_says_what_the_length_mark_raised_and_survives_missing_parts():
    f = _findings()
    f.length_mark_error = "ConstraintViolationError: Not all values of L['idx'].size()[1] are valid"
    step = compile_log.warmup_section(f, _writer("en"))[3]
    assert step.startswith("2. Run one step per input shape")
    assert step.endswith("a hard `mark_dynamic` on the length raised `ConstraintViolationError`.")
    bare = compile_log.warmup_section(Findings("cpu", "full", "2.13.0"), _writer("en"))
    assert bare[2] == ("1. Keep `TORCHINDUCTOR_CACHE_DIR` on storage that survives restarts (and ship it with the job "
                       "image when the machine is new).")
    assert bare[3].endswith("so they compile once.")


@pytest.mark.parametrize("parts, en, es", [
    ({}, "_Part `first_step` did not run: no result._", "_La parte `first_step` no se ejecutó: sin resultado._"),
    ({"first_step": {"status": "failed", "reason": "RuntimeError: boom"}},
     "_Part `first_step` failed: RuntimeError: boom._", "_La parte `first_step` falló: RuntimeError: boom._"),
])
def test_a_part_that_left_no_findings_says_so_in_the_pages_language(parts, en, es):
    f = Findings("cpu", "full", "2.13.0")
    assert compile_log.first_step_section(f, parts, _writer("en"))[2] == en
    assert compile_log.first_step_section(f, parts, _writer("es"))[2] == es


def test_the_cuda_graphs_part_skipped_on_a_cpu_reads_in_spanish():
    parts = {"cuda_graphs": {"status": "skipped", "reason": "needs a CUDA device; this run used cpu"}}
    assert _writer("en").missing(parts, "cuda_graphs")[0] == (
        "_Part `cuda_graphs` skipped: needs a CUDA device; this run used cpu._")
    assert _writer("es").missing(parts, "cuda_graphs")[0] == (
        "_La parte `cuda_graphs` se omitió: necesita un dispositivo CUDA; esta ejecución usó cpu._")


def test_the_reason_the_lab_skips_with_is_the_one_the_log_translates():
    from labs.compile_compare.compile_log_words import WORDS
    for device in ("cpu", "mps"):
        reason = WORDS["en"]["needs_cuda"].format(device=device)
        assert _writer("es").reason({"reason": reason}) == f"necesita un dispositivo CUDA; esta ejecución usó {device}"
    # near misses stay as the run wrote them: another device's wording, a longer message
    for reason in ("needs a ROCm device; this run used cpu", "needs a CUDA device; this run used cpu (twice)"):
        assert _writer("es").reason({"reason": reason}) == reason


# -- section 2: eager 20 ms against compiled 10 ms a step (latency), first steps 0.5 s and 6 s ---------

def _ms(median: float, q1: float, q3: float, reps: int, clock: str = "latency", method: str = "") -> measure.Stats:
    return measure.Stats(median / 1e3, q1 / 1e3, q3 / 1e3, q1 / 1e3, q3 / 1e3, reps, clock, method)


def _steady(device: tuple | None, lang: str) -> list[str]:
    from labs.compile_compare.findings import AB
    latency = (_ms(20, 19, 21, 30), _ms(10, 9.5, 10.5, 31))
    f = Findings("cuda" if device else "cpu", "full", "2.13.0", tokens_per_step=4096,
                 steady=AB("eager", "compiled", measure.Comparison(latency, device), 0.5, 6.0))
    return compile_log.steady_section(f, {}, _writer(lang))


LATENCY_ROWS = {"en": [f"| eager | latency | 20.0{NBSP}ms | 19.0{NBSP}ms – 21.0{NBSP}ms | 30 | 0.500{NBSP}s |",
                       f"| compiled | latency | 10.0{NBSP}ms | 9.50{NBSP}ms – 10.5{NBSP}ms | 31 | 6.00{NBSP}s |"],
                "es": [f"| eager | latencia | 20,0{NBSP}ms | 19,0{NBSP}ms – 21,0{NBSP}ms | 30 | 0,500{NBSP}s |",
                       f"| compilado | latencia | 10,0{NBSP}ms | 9,50{NBSP}ms – 10,5{NBSP}ms | 31 | 6,00{NBSP}s |"]}


def test_the_steady_state_on_a_cpu_reads_whole():
    # 4096 tokens a step: 4096 / 0.020 s and 4096 / 0.010 s; 5.5 s more up front, 10 ms saved a step
    assert _steady(None, "en") == [
        "## 2. Steady state", "", "| variant | clock | median | quartiles | steps timed | first step |",
        "|---|---|---|---|---|---|", *LATENCY_ROWS["en"], "",
        "Compiled against eager: faster on latency (2.00×).",
        "Tokens per second (latency): eager 204,800, compiled 409,600.",
        "Compiling (against eager) pays off after 550 steps on latency.", ""]
    assert _steady(None, "es") == [
        "## 2. Régimen estacionario", "", "| variante | reloj | mediana | cuartiles | pasos medidos | primer paso |",
        "|---|---|---|---|---|---|", *LATENCY_ROWS["es"], "",
        "Compilado frente a eager: más rápido en latencia (2,00×).",
        "Tokens por segundo (latencia): eager 204\u202f800, compilado 409\u202f600.",
        "Compilar (frente a eager) se amortiza tras 550 pasos en latencia.", ""]


def test_a_replayed_device_clock_adds_its_rows_the_host_overhead_and_its_own_payoff():
    # device 14 ms and 6 ms: overheads 20 - 14 and 10 - 6 ms; 5.5 s over 8 ms saved a step is 687.5 steps
    device = (_ms(14, 13.8, 14.2, 30, "device", measure.GRAPH), _ms(6, 5.9, 6.1, 31, "device", measure.GRAPH))
    lines = _steady(device, "en")
    assert lines[6:8] == [f"| eager | device time | 14.0{NBSP}ms | 13.8{NBSP}ms – 14.2{NBSP}ms | 30 | 0.500{NBSP}s |",
                          f"| compiled | device time | 6.00{NBSP}ms | 5.90{NBSP}ms – 6.10{NBSP}ms | 31 | 6.00{NBSP}s |"]
    assert lines[9:] == [
        "Compiled against eager: faster on both clocks (latency 2.00× and device time 2.33×).",
        "Tokens per second (latency): eager 204,800, compiled 409,600.",
        f"Host overhead (latency minus the replayed device time): 6.00{NBSP}ms per eager step, 4.00{NBSP}ms per "
        "compiled step.",
        "Compiling (against eager) pays off after 550 steps on latency.",
        "Compiling (against eager) pays off after 688 steps on device time.", ""]
    assert _steady(device, "es")[11] == (f"Sobrecarga del host (latencia menos el tiempo de dispositivo reproducido): "
                                         f"6,00{NBSP}ms por paso eager, 4,00{NBSP}ms por paso compilado.")


def test_a_queued_device_clock_is_named_so_and_its_overhead_is_not_claimed():
    device = (_ms(14, 13.8, 14.2, 30, "device", measure.QUEUED), _ms(6, 5.9, 6.1, 31, "device", measure.QUEUED))
    lines = _steady(device, "en")
    assert [line.split(" | ")[1] for line in lines[4:8]] == ["latency", "latency"] + [
        "device time (queued calls, launch gaps included)"] * 2
    assert lines[11].startswith("Host overhead is not separable on this run:")
    assert _steady(device, "es")[6].split(" | ")[1] == (
        "tiempo de dispositivo (llamadas encoladas, con los huecos entre lanzamientos)")


def test_a_missing_steady_state_says_which_part_and_why():
    f = Findings("cpu", "full", "2.13.0")
    parts = {"steady_state": {"status": "failed", "reason": "RuntimeError: out of memory"}}
    assert compile_log.steady_section(f, parts, _writer("es")) == [
        "## 2. Régimen estacionario", "", "_La parte `steady_state` falló: RuntimeError: out of memory._", ""]
    parts = {"steady_state": {"status": "interrupted", "reason": "stopped"}}    # a status with no word keeps its own
    assert compile_log.steady_section(f, parts, _writer("es"))[2] == "_La parte `steady_state` interrupted: stopped._"
