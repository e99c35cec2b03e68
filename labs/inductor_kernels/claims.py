"""Inside Inductor's claims: what the kernels shown, the sweeps and the ceilings may say.

Each claim reads the run's manifest (see `labs.common.claims`).
"""

from __future__ import annotations

import re

from labs.common.claims import BAND_TEXT, ClaimError, Registry, Run, Said, Spread, band, band_said, num, percent
from labs.common.contract import LANGUAGES

CLAIMS = Registry("inductor_kernels")

PERSISTENT, LOOPED = "triton_per_", "triton_red_"   # Inductor's names for the two reduction kinds
ON_RUN = {"cpu": ("On the CPU run", "En la ejecución en CPU"), "cuda": ("On the GPU run", "En la ejecución en GPU")}
THE_RUN = {"cpu": ("the CPU run", "la ejecución en CPU"), "cuda": ("the GPU run", "la ejecución en GPU")}


@CLAIMS.claim("softmax_form", subjects=("softmax", "attention"), devices=("cuda",), condition=(
    "a persistent kernel (triton_per_) computes softmax in two passes over a row held in registers; "
    "only a looped kernel (triton_red_) uses the online combine"))
def softmax_form(run: Run, which: str) -> Said:
    name = str(run.value("softmax_kernel.name" if which == "softmax" else "attention_kernel.name"))
    code = f"`{name}`"
    if name.startswith(PERSISTENT):
        return Said("two_pass", f"On the GPU the kernel shown, {code}, is a persistent reduction: one block holds a whole "
                    "row. The graph says `prepare_softmax_online`, but in a persistent kernel Inductor "
                    "computes it in two passes (`prepare_softmax_twopass_fallback`): the max, then the "
                    "sum of exponentials, both over the row held in registers, so the row is still read from "
                    "memory once. The online combine (max and sum in one loop, rescaling the running sum when a "
                    "larger max turns up) appears only in looped `triton_red_…` kernels, for rows too "
                    "long for one block.",
                    f"En la GPU, el kernel que se muestra, {code}, es una reducción persistente: un bloque contiene una fila "
                    "entera. El grafo dice `prepare_softmax_online`, pero en un kernel persistente "
                    "Inductor lo calcula en dos pasadas (`prepare_softmax_twopass_fallback`): el máximo "
                    "y luego la suma de exponenciales, ambas sobre la fila guardada en registros, así que la fila "
                    "se lee de memoria una sola vez. La combinación online (máximo y suma en un solo bucle, "
                    "reescalando la suma cuando aparece un máximo mayor) solo aparece en kernels con bucle "
                    "`triton_red_…`, para filas demasiado largas para un bloque.")
    if name.startswith(LOOPED):
        return Said("online", f"On the GPU the kernel shown, {code}, is a looped reduction: it walks each row in blocks, and "
                    "there Inductor uses the online softmax, which keeps a running max and a running sum "
                    "in one loop and rescales the sum whenever a larger max turns up.",
                    f"En la GPU, el kernel que se muestra, {code}, es una reducción con bucle: recorre cada fila por bloques, "
                    "y ahí Inductor usa el softmax online, que lleva un máximo y una suma parciales en un solo "
                    "bucle y reescala la suma cuando aparece un máximo mayor.")
    return Said("unknown", f"On the GPU the kernel shown, {code}, is neither a persistent nor a looped Triton reduction by "
                "its name: the run does not decide in how many passes it computes the max and the sum.",
                f"En la GPU, por su nombre, el kernel que se muestra, {code}, no es una reducción Triton persistente ni con "
                "bucle: la ejecución no decide en cuántas pasadas calcula el máximo y la suma.", decided=False)


def _joined(items: list[str], last: str) -> str:
    """`a`, `a and b`, `a, b and c` (or `y`, `ni`: the word before the last item)."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def _listed(value: object) -> list[str]:
    """A metric that lists names ("buf1, buf2"), or says there are none ("none") or that the files
    do not tell ("unknown"): the names, or no names."""
    text = str(value)
    return [] if text in ("none", "unknown", "") else text.split(", ")


def _codes(names: list[str], last: str) -> str:
    return _joined([f"`{name}`" for name in names], last)


NUMBER_WORDS = {1: ("one", "un"), 2: ("two", "dos"), 3: ("three", "tres"), 4: ("four", "cuatro"),
                5: ("five", "cinco"), 6: ("six", "seis"), 7: ("seven", "siete")}
# The softmax's steps as kernel_facts names them (the steps table's `step` column), in words
STEP_WORDS = {"max": ("the max", "el máximo"), "sub": ("x − max", "x − max"), "exp": ("exp(x − max)", "exp(x − max)"),
              "sum": ("the sum of exp", "la suma de exp"), "div": ("the division", "la división")}


def _nodes_by_step(rows: list[dict]) -> dict[str, list[str]]:
    """Each graph node of the steps table, in the order of the first step it computes, with its steps."""
    steps_of: dict[str, list[str]] = {}
    for row in rows:
        for node in _listed(row["nodes"]):
            steps_of.setdefault(node, []).append(str(row["step"]))
    return steps_of


@CLAIMS.claim("softmax_graph", condition=(
    "the post-grad graph's softmax nodes, read from the steps table (kernel_annotation_steps) in the order of "
    "the steps they compute; a node that computes two steps (prepare_softmax_online: the max and the sum) is "
    "named once and said to; 'fuses all' only when the kernel shown has lines for every step"))
def softmax_graph(run: Run, _: None) -> Said:
    rows = run.rows("kernel_annotation_steps")
    steps_of = _nodes_by_step(rows)
    where = ON_RUN[run.device]
    if not steps_of:
        return Said("unknown", f"{where[0]}, the graph files do not say which nodes compute the softmax.",
                    f"{where[1]}, los archivos del grafo no dicen qué nodos calculan el softmax.", decided=False)
    count = len(steps_of)
    words = NUMBER_WORDS.get(count, (str(count), str(count)))
    plural = "s" if count > 1 else ""
    chain = " → ".join(f"`{node}`" for node in steps_of)
    en = f"{where[0]}, the post-grad graph computes the softmax in {words[0]} node{plural}, {chain}"
    es = f"{where[1]}, el grafo post-grad calcula el softmax en {words[1]} nodo{plural}, {chain}"
    merged = [(node, steps) for node, steps in steps_of.items() if len(steps) > 1]
    for node, steps in merged:
        en += f" (`{node}` computes {_joined([STEP_WORDS.get(s, (s, s))[0] for s in steps], 'and')} as one node)"
        es += f" (`{node}` calcula {_joined([STEP_WORDS.get(s, (s, s))[1] for s in steps], 'y')} como un solo nodo)"
    elsewhere = [row for row in rows if row["first_line"] is None]
    if elsewhere:
        inside = len(rows) - len(elsewhere)
        return Said("split", en + f"; the kernel shown computes {inside} of the {len(rows)} steps, and the others "
                    "run in other kernels.",
                    es + f"; el kernel que se muestra calcula {inside} de los {len(rows)} pasos, y los demás se "
                    "ejecutan en otros kernels.")
    if count == 1:
        en, es = en + ", and one kernel runs it.", es + ", y lo ejecuta un solo kernel."
    else:
        en += f", and the scheduler fuses all {words[0]} into one kernel."
        es += f", y el planificador fusiona los {words[1]} en un solo kernel."
    return Said("merged_nodes" if merged else "node_per_step", en, es)


@CLAIMS.claim("softmax_buffers", condition=(
    "the buffers the scheduler nodes of TinyHead's softmax kernel write (annotation.ir_buffers), and those "
    "call() never names, so that no tensor ever backs them (annotation.absent_buffers)"))
def softmax_buffers(run: Run, _: None) -> Said:
    written, absent = _listed(run.value("annotation.ir_buffers")), _listed(run.value("annotation.absent_buffers"))
    where = ON_RUN[run.device]
    if not written:
        return Said("unknown", f"{where[0]}, the IR does not say which buffers this kernel's nodes write.",
                    f"{where[1]}, la IR no dice qué búferes escriben los nodos de este kernel.", decided=False)
    en = f"{where[0]}, the scheduler nodes that became this kernel write buffers {_codes(written, 'and')}"
    es = (f"{where[1]}, los nodos del planificador que se convirtieron en este kernel escriben los búferes "
          f"{_codes(written, 'y')}")
    if not absent:
        return Said("all_backed", en + ", and `call()` names every one of them.",
                    es + ", y `call()` los nombra todos.")
    one = len(absent) == 1
    return Said("unbacked", en + f"; no tensor ever backs {_codes(absent, 'or')}: `call()` never names "
                f"{'it' if one else 'them'}.",
                es + f"; ningún tensor llega a respaldar {_codes(absent, 'ni')}: `call()` nunca "
                f"{'lo' if one else 'los'} nombra.")


@CLAIMS.claim("softmax_exp_home", condition=(
    "where TinyHead's softmax kernel keeps exp(x − max), as the run's kernel facts say (annotation.exp_home: "
    "a scratch row, registers, in place, a buffer; computed again when annotation.exp_recomputed)"))
def softmax_exp_home(run: Run, _: None) -> Said:
    home = str(run.value("annotation.exp_home"))
    where = ON_RUN[run.device]
    if home == "local_buffer":
        en = ("exp(x − max) lives in a per-thread scratch row of the kernel, one row at a time: no batch × "
              "vocabulary tensor makes a round trip through memory.")
        es = ("exp(x − max) vive en una fila de trabajo de cada hilo dentro del kernel, una fila cada vez: "
              "ningún tensor de lote × vocabulario hace el viaje de ida y vuelta a memoria.")
    elif home == "registers":
        again = run.value("annotation.exp_recomputed") == "yes"
        en = "exp(x − max) is never stored: it stays in registers" + (
            " and is computed again for the output." if again else ".")
        es = "exp(x − max) nunca se guarda: se queda en registros" + (
            " y se vuelve a calcular para la salida." if again else ".")
    elif home == "in_place":
        en = ("exp(x − max) is written over the kernel's own input, in place: no allocation, but still a round "
              "trip through memory.")
        es = ("exp(x − max) se escribe sobre la propia entrada del kernel, in situ: sin asignar memoria, pero con "
              "un viaje de ida y vuelta a memoria.")
    elif home == "buffer":
        en, es = ("exp(x − max) is written to an output buffer of the kernel.",
                  "exp(x − max) se escribe en un búfer de salida del kernel.")
    else:
        return Said("unknown", f"{where[0]}, the kernel facts do not say where the kernel keeps exp(x − max).",
                    f"{where[1]}, los datos del kernel no dicen dónde guarda exp(x − max).", decided=False)
    return Said(home, f"{where[0]}, {en}", f"{where[1]}, {es}")


# Where a softmax kernel keeps exp(x − max), as kernel_facts names it (attention.exp_home, annotation.exp_home)
EXP_HOME_WORDS = {
    "local_buffer": ("a per-thread scratch row", "una fila de trabajo de cada hilo"),
    "registers": ("registers", "registros"),
    "in_place": ("its own input buffer, overwritten in place", "su propio búfer de entrada, sobrescrito in situ"),
    "buffer": ("an output buffer of the kernel", "un búfer de salida del kernel"),
}


def _attention_exp_said(run: Run, home: str) -> tuple[str, str]:
    """What the attention kernel does with exp(x − max), in both languages."""
    if home == "in_place":
        return ("the attention kernel writes exp(x − max) back over the scores, in place, and reads it back "
                "in a later pass: no allocation, but a round trip through memory.",
                "el kernel de atención escribe exp(x − max) de vuelta sobre las puntuaciones, in situ, y lo "
                "vuelve a leer en una pasada posterior: sin asignar memoria, pero con un viaje de ida y "
                "vuelta a memoria.")
    if home == "registers":
        again = run.value("attention.exp_recomputed") == "yes"
        lines = run.value("attention.exp_lines") if again and run.has("attention.exp_lines") else None
        return (("the attention kernel never stores exp(x − max): it stays in registers"
                 + (" and is computed again for the output" if again else "")
                 + (f" (its exp lines: {lines})." if lines else ".")),
                ("el kernel de atención nunca guarda exp(x − max): se queda en registros"
                 + (" y se vuelve a calcular para la salida" if again else "")
                 + (f" (sus líneas de exp: {lines})." if lines else ".")))
    en, es = EXP_HOME_WORDS[home]
    return (f"the attention kernel keeps exp(x − max) in {en}.",
            f"el kernel de atención guarda exp(x − max) en {es}.")


@CLAIMS.claim("attention_exp_home", condition=(
    "where the MiniGPT's attention kernel keeps exp(x − max), as the run's kernel facts say "
    "(attention.exp_home: in place, a scratch row, registers, a buffer; computed twice when "
    "attention.exp_recomputed), compared with TinyHead's kernel of the same run (annotation.exp_home)"))
def attention_exp_home(run: Run, _: None) -> Said:
    home, tiny = str(run.value("attention.exp_home")), str(run.value("annotation.exp_home"))
    where = ON_RUN[run.device]
    if home not in EXP_HOME_WORDS:
        return Said("unknown", f"{where[0]}, the kernel facts do not say where the attention kernel keeps "
                    "exp(x − max).",
                    f"{where[1]}, los datos del kernel no dicen dónde guarda el kernel de atención exp(x − max).",
                    decided=False)
    en, es = _attention_exp_said(run, home)
    # "keeps" (mantiene), not "stores": after "never stores it", a kernel that holds it in
    # registers too must not read as storing it
    if tiny == home:
        compare = (f" TinyHead's kernel, too, keeps it in {EXP_HOME_WORDS[tiny][0]}.",
                   f" El kernel de TinyHead también lo mantiene en {EXP_HOME_WORDS[tiny][1]}.")
    elif tiny in EXP_HOME_WORDS:
        compare = (f" TinyHead's kernel, by contrast, keeps it in {EXP_HOME_WORDS[tiny][0]}.",
                   f" El kernel de TinyHead, en cambio, lo mantiene en {EXP_HOME_WORDS[tiny][1]}.")
    else:
        compare = ("", "")
    return Said(home, f"{where[0]}, {en}{compare[0]}", f"{where[1]}, {es}{compare[1]}")


def _autotune_sides(run: Run) -> tuple[Spread, Spread]:
    rows = run.rows("autotune")
    if len(rows) != 2:
        raise ClaimError(f"the autotune table has {len(rows)} rows, not default and max-autotune")
    default, tuned = (Spread(r["median_us"], r["q1_us"], r["q3_us"]) for r in rows)
    return default, tuned


@CLAIMS.claim("autotune_verdict", condition=(
    "max-autotune against default by the course's rule, saying so when 'the same' rests on the 5 % band "
    "alone (medians outside each other's interquartile range)"))
def autotune_verdict(run: Run, _: None) -> Said:
    default, tuned = _autotune_sides(run)
    said = band_said(default, tuned, ("max-autotune", "max-autotune"))
    where = ON_RUN[run.device]
    return Said(said.outcome, f"{where[0]} {said.en}.", f"{where[1]} {said.es}.", said.decided)


# What each option of the course's bounded search (labs/common/autotune.py) does to it, in words;
# an option this table does not know is shown as recorded, in code.
GEMM_BACKENDS = {"ATEN": ("ATen's kernel", "del kernel de ATen"), "TRITON": ("Triton templates", "de plantillas de Triton"),
                 "CPP": ("C++ templates", "de plantillas de C++"), "CUTLASS": ("CUTLASS templates", "de plantillas de CUTLASS")}
SWITCHES = {  # option: (its words when False or 0, when on)
    "triton.num_decompose_k_splits": (("no split-K variants", "sin variantes split-K"),
                                      ("split-K variants", "con variantes split-K")),
    "benchmark_epilogue_fusion": (("no second benchmark of each choice with its fused epilogue",
                                   "sin una segunda prueba de cada opción con su epílogo fusionado"),
                                  ("each choice benchmarked again with its fused epilogue",
                                   "cada opción probada otra vez con su epílogo fusionado")),
    "coordinate_descent_tuning": (("no coordinate-descent retuning of the generated kernels",
                                   "sin reajuste por descenso de coordenadas de los kernels generados"),
                                  ("coordinate-descent retuning of the generated kernels",
                                   "con reajuste por descenso de coordenadas de los kernels generados")),
}


def _bound_words(name: str, value: str) -> tuple[str, str]:
    """One option of the search in words, with the option as recorded."""
    if name == "max_autotune_gemm_search_space" and value.upper() == "DEFAULT":
        en, es = ("Inductor's default list of GEMM configurations, not the exhaustive one",
                  "la lista de configuraciones GEMM por defecto de Inductor, no la exhaustiva")
    elif name == "max_autotune_gemm_backends":
        backends = [GEMM_BACKENDS.get(b.upper(), (f"`{b}`", f"de `{b}`")) for b in value.split(",") if b]
        en = "candidates from " + _joined([b[0] for b in backends], "and") + " only"
        es = "solo candidatos " + _joined([b[1] for b in backends], "y")
    elif name == "test_configs.max_mm_configs":
        en, es = (f"the first {value} Triton configurations Inductor lists per product",
                  f"las {value} primeras configuraciones de Triton que lista Inductor por producto")
    elif name in SWITCHES:
        en, es = SWITCHES[name][value not in ("False", "0")]
    else:
        return f"`{name}={value}`", f"`{name}={value}`"
    return f"{en} (`{name}={value}`)", f"{es} (`{name}={value}`)"


@CLAIMS.claim("autotune_bounds", condition=(
    "the bounds the run's max-autotune searched with (autotune.bounds), each in words; where the run did not "
    "bound the GEMM backends, Inductor's defaults for the device competed"))
def autotune_bounds(run: Run, _: None) -> Said:
    recorded = str(run.value("autotune.bounds"))
    where = ON_RUN[run.device]
    if not recorded:
        return Said("unbounded", f"{where[0]}, this torch had none of the options that bound the search: it "
                    "searched unbounded.",
                    f"{where[1]}, este torch no tenía ninguna de las opciones que acotan la búsqueda: buscó sin "
                    "cotas.")
    options = [item.partition("=")[::2] for item in re.split(r",\s+", recorded)]
    said = [_bound_words(name, value) for name, value in options]
    en = f"{where[0]}, max-autotune searched with " + "; ".join(en for en, _ in said)
    es = f"{where[1]}, max-autotune buscó con " + "; ".join(es for _, es in said)
    if any(name == "max_autotune_gemm_backends" for name, _ in options):
        return Said("backends_bounded", en + ".", es + ".")
    return Said("default_backends", en + ", among the GEMM backends Inductor uses by default on this device.",
                es + ", entre los backends de GEMM que Inductor usa por defecto en este dispositivo.")


@CLAIMS.claim("autotune_cause", condition=(
    "a slower max-autotune is not blamed on a bounded GEMM search that includes ATen (the default's own "
    "choice); max_autotune also changes pointwise and reduction configs and template fusion"))
def autotune_cause(run: Run, _: None) -> Said:
    verdict, _overlap = band(*_autotune_sides(run))
    bounds = str(run.value("autotune.bounds"))
    aten = "ATEN" in bounds.upper() or run.device == "cpu"   # the CPU's default backends include ATen
    where, the_run = ON_RUN[run.device], THE_RUN[run.device]
    if verdict == "slower" and aten:
        return Said("slower_not_search", f"{where[0]}, the bounded search alone does not explain the slower "
                    "max-autotune: ATen's kernel, the default's own choice, was among the candidates, so a product "
                    "could have kept it; but a kernel that wins its own benchmark can still run slower inside the "
                    "whole graph, and this run does not record which implementation each product got. "
                    "`max_autotune` changes more than GEMM choices: it also widens the configurations tried for "
                    "pointwise and reduction kernels and changes which epilogues fuse into templates. This run "
                    "records the verdict, not which of those changes cost the time; comparing the two modes' "
                    "`output_code.py` and timing kernel by kernel would.",
                    f"{where[1]}, la búsqueda acotada, por sí sola, no explica que max-autotune fuera más lento: "
                    "el kernel de ATen, la elección del modo por defecto, estaba entre los candidatos, así que un "
                    "producto pudo conservarlo; pero un kernel que gana su propia prueba puede ir más lento dentro "
                    "del grafo completo, y esta ejecución no registra qué implementación recibió cada producto. "
                    "`max_autotune` cambia más que las GEMM: también amplía las configuraciones que prueba para "
                    "kernels elemento a elemento y de reducción y cambia qué epílogos se fusionan en las plantillas. "
                    "Esta ejecución registra el veredicto, no cuál de esos cambios costó el tiempo; lo diría "
                    "comparar el `output_code.py` de los dos modos y medir kernel a kernel.",
                    decided=False)
    if verdict == "slower":
        return Said("slower_unbounded", f"{where[0]}, ATen's kernel was not among the candidates, so the search "
                    "itself may have picked slower products; the run does not separate that from max-autotune's "
                    "other changes: it also widens the configurations tried for pointwise and reduction kernels and "
                    "changes which epilogues fuse into templates.",
                    f"{where[1]}, el kernel de ATen no estaba entre los candidatos, así que la propia búsqueda pudo "
                    "elegir productos más lentos; la ejecución no lo separa de los demás cambios de max-autotune: también "
                    "amplía las configuraciones que prueba para kernels elemento a elemento y de reducción y cambia "
                    "qué epílogos se fusionan en las plantillas.",
                    decided=False)
    return Said(verdict, "Besides choosing GEMMs, `max_autotune` widens the configurations of pointwise and "
                f"reduction kernels and changes template fusion; {the_run[0]} does not split its result between them.",
                "Además de elegir GEMM, `max_autotune` amplía las configuraciones de los kernels elemento a elemento y de "
                f"reducción y cambia la fusión en plantillas; {the_run[1]} no reparte su resultado entre ellos.",
                decided=False)


SWEEPS = {"tinyhead": "tinyhead_latency", "minigpt": "minigpt_latency"}


@CLAIMS.claim("sweep_band", subjects=tuple(SWEEPS), condition=(
    "a sweep's 'same' rows whose medians lie outside each other's interquartile range rest on the 5 % "
    "band alone: named, with their difference (device time on a GPU, latency on a CPU); a sweep with no "
    "'same' row has nothing to qualify and says nothing"))
def sweep_band(run: Run, sweep: str) -> Said:
    clock = "dev_" if run.device == "cuda" else ""
    same, band_only = 0, []
    for row in run.rows(SWEEPS[sweep]):
        eager = Spread(row[f"eager_{clock}us"], row[f"eager_{clock}q1_us"], row[f"eager_{clock}q3_us"])
        compiled = Spread(row[f"compiled_{clock}us"], row[f"compiled_{clock}q1_us"], row[f"compiled_{clock}q3_us"])
        verdict, overlap = band(eager, compiled)
        same += verdict == "same"
        if verdict == "same" and not overlap:
            band_only.append((row["batch"], abs(compiled.median / eager.median - 1) * 100,
                              compiled.median < eager.median))
    if not same:   # every row faster or slower: a sentence about "the same" would describe nothing
        return Said("no_same", "", "")
    what = ("device time", "tiempo de dispositivo") if clock else ("latency", "latencia")
    where = ON_RUN[run.device]
    if not band_only:
        return Said("none", f"{where[0]}, every verdict of “the same” in this sweep ({what[0]}) has medians "
                    "inside each other's interquartile range.",
                    f"{where[1]}, todo veredicto de «igual» en este barrido ({what[1]}) tiene medianas dentro "
                    "del rango intercuartílico de la otra.")
    en = " and ".join(f"{percent(p, 'en')} {'faster' if faster else 'slower'} at batch {num(b, 'en')}"
                      for b, p, faster in band_only)
    es = " y ".join(f"un {percent(p, 'es')} más {'rápida' if faster else 'lenta'} con lote {num(b, 'es')}"
                    for b, p, faster in band_only)
    return Said("band_only", f"{where[0]}, on {what[0]}, the compiled call was {en}: inside the course's "
                f"{BAND_TEXT['en']} band, so the course calls it “the same within the noise”, yet the medians "
                "lie outside each other's interquartile range: a difference the run tells from noise, smaller "
                "than the band.",
                f"{where[1]}, en {what[1]}, la llamada compilada fue {es}: dentro de la banda del "
                f"{BAND_TEXT['es']} del curso, así que el curso la llama «igual dentro del ruido», pero las "
                "medianas caen fuera del rango intercuartílico de la otra: una diferencia que la ejecución "
                "distingue del ruido, menor que la banda.")


@CLAIMS.claim("copy_ceiling", condition=(
    "what the copy ceiling is on this device: a buffer-to-buffer copy in memory on a CPU (latency), a "
    "device-to-device copy on a GPU timed queued while the kernels beside it are replayed"))
def copy_ceiling(run: Run, _: None) -> Said:
    rate = float(run.value("ceilings.copy_gb_s"))
    if run.device == "cpu":
        return Said("cpu", f"A large copy from one buffer to another in main memory, far larger than any cache and timed "
                    "on latency, moved "
                    f"{num(rate, 'en', 'GB/s')} on the CPU run",
                    f"Una copia grande de un búfer a otro en memoria principal, mucho mayor que cualquier caché y "
                    "medida en latencia, movió "
                    f"{num(rate, 'es', 'GB/s')} en la ejecución en CPU")
    return Said("cuda", f"A large device-to-device copy, far larger than any cache, moved {num(rate, 'en', 'GB/s')} on the GPU run, "
                "timed as queued calls (inside a CUDA graph a copy becomes a copy-engine node, slower than the "
                "kernel a copy runs as outside a graph), while the kernels compared with it are replayed",
                f"Una copia grande de dispositivo a dispositivo, mucho mayor que cualquier caché, movió {num(rate, 'es', 'GB/s')} en la "
                "ejecución en GPU, medida con llamadas encoladas (dentro de un CUDA graph una copia se vuelve un "
                "nodo del motor de copia, más lento que el kernel con el que se ejecuta una copia fuera de un grafo), mientras que los "
                "kernels que se comparan con ella se reproducen")


BOUND_WORDS = {
    "bandwidth": ("at the copy's floor: bandwidth-bound", "en el suelo de la copia: limitado por el ancho de banda"),
    "compute": ("at the matrix-multiply rate's floor: compute-bound",
                "en el suelo de la velocidad de multiplicación: limitado por el cómputo"),
    "overhead": ("mostly the fixed cost of a call: overhead-bound",
                 "sobre todo el coste fijo de una llamada: limitado por la sobrecarga"),
}


@CLAIMS.claim("softmax_ceiling", condition=(
    "the softmax's place against the ceilings; 'neither' names no cause, since the run has no exp-only "
    "measurement"))
def softmax_ceiling(run: Run, _: None) -> Said:
    bound = run.value("ceilings.softmax.bound")
    where = ("On the CPU", "En la CPU") if run.device == "cpu" else ("On the GPU", "En la GPU")
    if bound in BOUND_WORDS:
        en, es = BOUND_WORDS[bound]
        return Said(bound, f"{where[0]} the softmax is {en}.", f"{where[1]} el softmax está {es}.")
    if bound != "neither":
        raise ClaimError(f"ceilings.softmax.bound is {bound!r}, not one the course knows")
    return Said("neither", f"{where[0]} the softmax is neither: far below the copy and far above the fixed cost "
                "of a call. The run has no exp-only measurement, so it does not say whether computing exp, the "
                "two reductions or the thread count takes the time.",
                f"{where[1]} el softmax no está limitado por ninguno de los dos: muy por debajo de la copia y muy por encima del coste "
                "fijo de una llamada. La ejecución no mide la exponencial por separado, así que no dice si el "
                "tiempo se va en calcular exp, en las dos reducciones o en el número de hilos.", decided=False)


# TinyHead's shape (labs/inductor_kernels/tinyhead.py's defaults, float32; a test holds them equal)
TINYHEAD_D, TINYHEAD_VOCAB, FLOAT32_BYTES = 64, 600, 4
BANDWIDTH_SHARE = 50.0    # labs.common.ceilings.bound_by's share: "bandwidth" from half the copy rate
BOUND_ES = {"neither": "ninguno", "bandwidth": "el ancho de banda", "compute": "el cómputo",
            "overhead": "la sobrecarga"}   # the table's terms on a Spanish page


def tinyhead_recount(batch: int) -> float:
    """How many times the floor's bytes the kernels that ran must move at `batch`: the floor counts
    input, weights, bias and output once; the library product also writes the logits, and the
    softmax reads them back."""
    floor = FLOAT32_BYTES * (batch * TINYHEAD_D + TINYHEAD_D * TINYHEAD_VOCAB + TINYHEAD_VOCAB
                             + batch * TINYHEAD_VOCAB)
    return (floor + 2 * FLOAT32_BYTES * batch * TINYHEAD_VOCAB) / floor


@CLAIMS.claim("tinyhead_floor", condition=(
    "the floor counts input, weights and output once, as if the product and the softmax were fused; with "
    "the product left to a library call (one generated kernel), the largest batch's rate is counted again with "
    f"the logits written and read back, and called bandwidth-bound from {BANDWIDTH_SHARE:g} % of the copy "
    "bandwidth, as the table's rule does"))
def tinyhead_floor(run: Run, _: None) -> Said:
    bound = run.value("tinyhead.largest.bound")
    generated = int(run.value("tinyhead.kernels"))
    if bound == "neither" and generated <= 1:
        batch = int(run.value("tinyhead.largest_batch"))
        row = next((r for r in run.rows("tinyhead_latency") if int(r["batch"]) == batch), None)
        if row is None:
            raise ClaimError(f"the run of inductor_kernels on {run.device} has no tinyhead_latency row at batch {batch}")
        times = tinyhead_recount(batch)
        share = 100 * float(row["achieved_gb_s"]) * times / float(run.value("ceilings.copy_gb_s"))
        said = {lang: (f"The floor behind “Bound by” counts the input, the weights and the output once, as if the "
                       f"matrix product and the softmax were one kernel. Inductor generated {generated} kernel and "
                       "left the product to a library call, which writes the logits to memory for the softmax to "
                       f"read back: at batch {num(batch, 'en')} the kernels that ran moved at least "
                       f"{num(times, 'en', '×')} the floor's bytes, which in the call's time is "
                       f"{num(share, 'en', '%')} of the copy bandwidth"
                       if lang == "en" else
                       "El suelo de la columna «Limitado por» cuenta la entrada, los pesos y la salida una vez, "
                       "como si el producto de matrices y el softmax fueran un solo kernel. Inductor generó "
                       f"{generated} kernel y dejó el producto a una llamada de biblioteca, que escribe los logits "
                       f"en memoria para que el softmax los vuelva a leer: con el lote {num(batch, 'es')} los "
                       f"kernels que corrieron movieron al menos {num(times, 'es', '×')} los bytes del suelo, que en el "
                       f"tiempo de la llamada son el {num(share, 'es', '%')} del ancho de banda de copia")
                for lang in LANGUAGES}
        if share >= BANDWIDTH_SHARE:
            return Said("recounted_bandwidth", said["en"] + f": counted that way the call is bandwidth-bound, not "
                        f"“{bound}”.",
                        said["es"] + f": contada así, la llamada está limitada por el ancho de banda, no por "
                        f"«{BOUND_ES.get(bound, bound)}».")
        return Said("recounted_neither", said["en"] + f": below half counted that way too, so by this count "
                    f"“{bound}” stands.",
                    said["es"] + ": por debajo de la mitad también contada así, de modo que según esta cuenta "
                    f"«{BOUND_ES.get(bound, bound)}» se mantiene.")
    return Said("as_measured", f"At the largest batch the call is {bound}-bound by the floor the table uses.",
                f"Con el lote mayor la llamada está limitada por {BOUND_ES.get(bound, bound)} según el suelo que "
                "usa la tabla.")


@CLAIMS.claim("minigpt_launches", devices=("cuda",), condition=(
    "eager's launches per call and device time across the MiniGPT sweep: fewer launches at a larger batch "
    "is reported, not explained (the run counts launches, not which kernels)"))
def minigpt_launches(run: Run, _: None) -> Said:
    rows = run.rows("minigpt_latency")
    first, last = rows[0], rows[-1]
    launches = (int(first["eager_launches"]), int(last["eager_launches"]))
    dev = (float(first["eager_dev_us"]), float(last["eager_dev_us"]))
    batches = (first["batch"], last["batch"])
    if launches[1] < launches[0]:
        return Said("fewer", f"Eager's launches per call fell from {launches[0]} at batch {batches[0]} to "
                    f"{launches[1]} at batch {batches[1]}, and its device time from {num(dev[0], 'en', 'µs')} to "
                    f"{num(dev[1], 'en', 'µs')}, although the work grew. The run counts launches but does "
                    "not name the kernels, so it cannot say which ones disappeared.",
                    f"Los lanzamientos por llamada de eager bajaron de {launches[0]} con lote {batches[0]} a "
                    f"{launches[1]} con lote {batches[1]}, y su tiempo de dispositivo de {num(dev[0], 'es', 'µs')} a "
                    f"{num(dev[1], 'es', 'µs')}, aunque el trabajo creció. La ejecución cuenta lanzamientos pero no "
                    "nombra los kernels, así que no puede decir cuáles desaparecieron.",
                    decided=False)
    return Said("steady", f"Eager launched {launches[0]} kernels per call at batch {batches[0]} and "
                f"{launches[1]} at batch {batches[1]}; its device time went from {num(dev[0], 'en', 'µs')} to "
                f"{num(dev[1], 'en', 'µs')}.",
                f"Eager lanzó {launches[0]} kernels por llamada con lote {batches[0]} y {launches[1]} con lote "
                f"{batches[1]}; su tiempo de dispositivo pasó de {num(dev[0], 'es', 'µs')} a "
                f"{num(dev[1], 'es', 'µs')}.")
