"""Compile and Compare's claims: what its comparisons may say about clocks, regimes and causes.

Each claim reads the run's manifest (see `labs.common.claims`); `host_overhead_said` is also
called by COMPILE_LOG with the same figures, so the report and the page say the same.
"""

from __future__ import annotations

from labs.common.claims import GRAPH, QUEUED, SAME_BAND, ClaimError, Registry, Run, Said, Spread, band, num
from labs.common.contract import LANGUAGES
from labs.compile_compare import summaries

CLAIMS = Registry("compile_compare")

# Each one-change comparison: its metric prefix and the names of its two sides.
SIDES = {"steady": ("eager", "compiled"), "autotune": ("default", "tuned"),
         "cuda_graphs": ("default", "graphed"), "breaks": ("broken", "fixed"),
         "dynamic": ("static", "symbolic")}
# The sides' names on a Spanish page ("por paso compilado"); English uses the keys themselves.
SIDE_NAMES_ES = {"eager": "eager", "compiled": "compilado", "default": "por defecto", "tuned": "ajustado",
                 "graphed": "con CUDA graphs", "broken": "con rupturas", "fixed": "corregido",
                 "static": "estático", "symbolic": "simbólico"}
COMPARISONS = tuple(SIDES)
NONE = "—"   # what the lab records for a figure the device has no clock for


def method(run: Run, key: str) -> str | None:
    """"graph", "queued", or None on a run with one clock."""
    value = run.value(f"{key}.device_method")
    if value in (GRAPH, QUEUED):
        return value
    if run.device == "cuda":
        raise ClaimError(f"{key}.device_method is {value!r} on a GPU run; re-run the lab")
    return None


def host_overhead_said(device_method: str | None, gaps_ms: tuple[float | None, float | None],
                       sides: tuple[str, str]) -> Said:
    """Host overhead (latency minus device time) as far as the clocks can separate it.

    gaps_ms: the lab's latency-minus-device-time per side, None where the two medians lie
    within each other's spread."""
    if device_method is None:
        return Said("one_clock", "A CPU has one clock: latency is all there is, and no host overhead is "
                    "measured apart from it.",
                    "Una CPU tiene un solo reloj: la latencia es todo lo que hay, y ninguna sobrecarga del "
                    "host se mide aparte.")
    if device_method == QUEUED:
        return Said("not_separable", "Host overhead is not separable on this run: its device time comes from "
                    "steps queued back to back between two events, so it includes the gaps the host leaves "
                    "between launches. Latency close to device time then says both clocks time the same loop, "
                    "host included; it does not show a device-bound step.",
                    "La sobrecarga del host no se puede separar en esta ejecución: su tiempo de dispositivo "
                    "viene de pasos encolados uno tras otro entre dos eventos, así que incluye los huecos que "
                    "el host deja entre lanzamientos. Que la latencia se acerque al tiempo de dispositivo dice "
                    "entonces que los dos relojes miden el mismo bucle, host incluido; no muestra un paso "
                    "limitado por el dispositivo.", decided=False)
    if all(gap is None for gap in gaps_ms):
        return Said("device_bound", "No host overhead is measurable: latency and device time (a replayed CUDA "
                    "graph, the kernels alone) agree within their spread, so the step is device-bound.",
                    "No hay sobrecarga del host medible: la latencia y el tiempo de dispositivo (un CUDA graph "
                    "reproducido, solo los kernels) coinciden dentro de su dispersión, así que el paso está "
                    "limitado por el dispositivo.")
    shown = {lang: [num(g, lang, "ms") if g is not None else ("none measurable" if lang == "en" else
                                                               "ninguna medible") for g in gaps_ms]
             for lang in LANGUAGES}
    return Said("measured", f"Host overhead (latency minus the replayed device time): {shown['en'][0]} per "
                f"{sides[0]} step, {shown['en'][1]} per {sides[1]} step.",
                f"Sobrecarga del host (latencia menos el tiempo de dispositivo reproducido): {shown['es'][0]} por "
                f"paso {SIDE_NAMES_ES[sides[0]]}, {shown['es'][1]} por paso {SIDE_NAMES_ES[sides[1]]}.")


def _gap(run: Run, key: str) -> float | None:
    value = run.value(key)
    return None if value == NONE else float(value)


@CLAIMS.claim("host_overhead", subjects=COMPARISONS, condition=(
    "one clock on a CPU; on a GPU, a queued device time makes host overhead not separable "
    "(never device-bound); a replayed one shows it, or device-bound when both gaps are inside the noise"))
def host_overhead(run: Run, key: str) -> Said:
    sides = SIDES[key]
    gaps = tuple(_gap(run, f"{key}.{side}_overhead_ms") for side in sides)
    return host_overhead_said(method(run, key), gaps, sides)


@CLAIMS.claim("clocks_agree", subjects=COMPARISONS, condition=(
    "the two clocks' verdicts agree or not; agreement on a queued device time is not evidence about "
    "where the time goes"))
def clocks_agree(run: Run, key: str) -> Said:
    how, agree = method(run, key), run.value(f"{key}.clocks_agree")
    if how is None:
        return Said("one_clock", "", "")
    if agree == "no":
        return Said("disagree", "The two clocks disagree: the change moved host overhead more than device "
                    "work, or the other way round, and a training loop sees one or the other depending on "
                    "whether it synchronizes every step.",
                    "Los dos relojes discrepan: el cambio movió más la sobrecarga del host que el trabajo del "
                    "dispositivo, o al revés, y un bucle de entrenamiento ve una cosa u otra según sincronice "
                    "o no en cada paso.")
    if how == QUEUED:
        return Said("agree_queued", "The two clocks give the same verdict, but that does not separate host from "
                    "device here: the device time was queued, launch gaps included, so both clocks may be "
                    "timing the same host-bound loop.",
                    "Los dos relojes dan el mismo veredicto, pero aquí eso no separa el host del dispositivo: el "
                    "tiempo de dispositivo se tomó encolado, con los huecos entre lanzamientos, así que los dos "
                    "relojes pueden estar midiendo el mismo bucle limitado por el host.", decided=False)
    return Said("agree_graph", "The two clocks agree, so the verdict does not depend on how the loop "
                "synchronizes.",
                "Los dos relojes coinciden, así que el veredicto no depende de cómo sincronice el bucle.")


@CLAIMS.claim("device_speedup", subjects=COMPARISONS, condition=(
    "the device-time speedup, marked queued when its device time includes launch gaps"))
def device_speedup(run: Run, key: str) -> Said:
    how = method(run, key)
    if how is None:
        return Said("one_clock", NONE, NONE)
    value = float(run.value(f"{key}.dev_speedup"))
    shown = {lang: summaries.ratio(value, lang) for lang in LANGUAGES}
    if how == QUEUED:
        return Said("queued", f"{shown['en']} (queued: launch gaps included)",
                    f"{shown['es']} (encolado: con los huecos entre lanzamientos)", decided=False)
    return Said("graph", shown["en"], shown["es"])


# -- a verdict and its ratio, as every table of the page shows them ------------------------------

PREFIX = {"latency": "", "device": "dev_"}   # of a clock's metrics (dev_verdict) and table columns (dev_q1_ms)


def _spreads(run: Run, key: str, clock: str) -> tuple[Spread, Spread]:
    """The baseline's and the candidate's median and quartiles on one clock, from the comparison's table."""
    rows, prefix = run.rows(key), PREFIX[clock]
    if len(rows) != 2:
        raise ClaimError(f"table {key} of {run.lab} on {run.device} has {len(rows)} rows, not its two sides")
    return tuple(Spread(float(r[f"{prefix}median_ms"]), float(r[f"{prefix}q1_ms"]), float(r[f"{prefix}q3_ms"]))
                 for r in rows)


def _ratio_said(outcome: str, value: float, words: dict[str, str] | None = None, decided: bool = True) -> Said:
    """A speedup as `summaries.ratio` writes it, after a verdict's words when there are some."""
    texts = {lang: summaries.ratio(value, lang) for lang in LANGUAGES}
    if words:
        texts = {lang: f"{words[lang]} ({texts[lang]})" for lang in LANGUAGES}
    return Said(outcome, texts["en"], texts["es"], decided)


def verdict_said(run: Run, key: str, clock: str) -> Said:
    """The recorded verdict on one clock with its reason and its speedup: "faster (1.054×)", "the
    same by the course's ±5% band (0.964×)". The reason is read again from the table's quartiles
    by the course's rule (`labs.common.claims.band`); a table that rules otherwise than the
    recorded verdict is a run to redo, never a sentence."""
    prefix = PREFIX[clock]
    verdict = run.value(f"{key}.{prefix}verdict")
    if verdict == NONE:   # a CPU's device time, or a comparison this device cannot make
        return Said("one_clock" if run.device == "cpu" and clock == "device" else "not_run", NONE, NONE)
    ruled, within_noise = band(*_spreads(run, key, clock))
    if ruled != verdict:
        raise ClaimError(f"{key}.{prefix}verdict is {verdict!r} but its table's quartiles say {ruled!r}; re-run the lab")
    kind = summaries.kind(verdict, within_noise)
    return _ratio_said(kind, float(run.value(f"{key}.{prefix}speedup")),
                       {lang: summaries.verdict_words(kind, lang) for lang in LANGUAGES})


@CLAIMS.claim("verdict", subjects=COMPARISONS, condition=(
    "the latency verdict and why: faster or slower past the band, the same because each median lies in the "
    "other's quartiles (noise) or because they lie less than SAME_BAND apart (the band)"))
def verdict_latency(run: Run, key: str) -> Said:
    return verdict_said(run, key, "latency")


@CLAIMS.claim("dev_verdict", subjects=COMPARISONS, condition=(
    "the device-time verdict and why, by the same rule as the latency one; a dash on a run with one clock"))
def verdict_device(run: Run, key: str) -> Said:
    return verdict_said(run, key, "device")


@CLAIMS.claim("speedup", subjects=COMPARISONS, condition=(
    "the latency speedup with the digits that keep it off the band's edges as read (0.95×, 1.05×), and the "
    "time change where the speedup would read on the other side of the band than the time it stands for"))
def speedup(run: Run, key: str) -> Said:
    value = run.value(f"{key}.speedup")
    if value == NONE:     # a comparison this device cannot make (CUDA graphs on a CPU)
        return Said("not_run", NONE, NONE)
    plain = summaries.ratio(float(value), "en") == num(float(value), "en", "×")
    return _ratio_said("plain" if plain else "near_band", float(value))


# -- what sets the pace of a loop that never waits ------------------------------------------------

@CLAIMS.claim("loop_pace", devices=("cuda",), condition=(
    "the compiled step queued back to back (a loop that never synchronizes) against its replayed device "
    "time, the kernels alone: more than SAME_BAND above it, the host set the pace; within it, the device "
    "did; a queued device time cannot tell"))
def loop_pace(run: Run, _: None) -> Said:
    if method(run, "steady") == QUEUED:
        return Said("queued", "This run's device time was itself queued, launch gaps included, so it cannot say "
                    "whether the host or the device set the pace of a loop that never waits.",
                    "El tiempo de dispositivo de esta ejecución se tomó también encolado, con los huecos entre "
                    "lanzamientos, así que no puede decir si el ritmo de un bucle que nunca espera lo marcó el "
                    "host o el dispositivo.", decided=False)
    loop, kernels = float(run.value("steady.compiled_loop_ms")), float(run.value("steady.compiled_dev_ms"))
    shown = {lang: (num(loop, lang, "ms"), num(kernels, lang, "ms")) for lang in LANGUAGES}
    head = {"en": f"On the GPU run the compiled step, queued back to back as a loop that never waits runs it, "
                  f"took {shown['en'][0]} a step against {shown['en'][1]} for its kernels alone (replayed as "
                  "a CUDA graph)",
            "es": f"En la ejecución en GPU el paso compilado, encolado uno tras otro como lo ejecuta un bucle "
                  f"que nunca espera, tardó {shown['es'][0]} por paso frente a {shown['es'][1]} de sus kernels "
                  "solos (reproducidos como un CUDA graph)"}
    if loop > kernels * (1 + SAME_BAND):
        return Said("host", f"{head['en']}: the device waited on the host for the difference, so the host, not "
                    "the device, set that loop's pace.",
                    f"{head['es']}: el dispositivo esperó al host durante la diferencia, así que el ritmo de ese "
                    "bucle lo marcó el host, no el dispositivo.")
    if loop >= kernels * (1 - SAME_BAND):
        return Said("device", f"{head['en']}, within the course's {summaries.BAND['en']} band: the host kept "
                    "ahead, and the device set that loop's pace.",
                    f"{head['es']}, dentro de la banda del {summaries.BAND['es']} del curso: el host se mantuvo "
                    "por delante, y el ritmo de ese bucle lo marcó el dispositivo.")
    return Said("unexplained", f"{head['en']}: less than the kernels alone, which a loop cannot take, so the run "
                "does not say what set that loop's pace.",
                f"{head['es']}: menos que los kernels solos, lo que un bucle no puede tardar, así que la "
                "ejecución no dice qué marcó el ritmo de ese bucle.", decided=False)


# reduce-overhead's device time, read for a loop that synchronizes only now and then (the exercise's
# second loop): what the clock did (en, es), then per clock method what it is and what follows.
GRAPHS_MOVED = {"faster": ("Device time fell", "El tiempo de dispositivo bajó"),
                "same": ("Device time did not move measurably", "El tiempo de dispositivo no se movió de forma medible"),
                "slower": ("Device time rose", "El tiempo de dispositivo subió")}
GRAPHS_QUEUED = {   # the clock is that loop's own pace, host and device together
    "clock": ("On this run it is taken from steps queued back to back, as a loop that rarely waits runs them, "
              "launch gaps included",
              "En esta ejecución se toma de pasos encolados uno tras otro, como los ejecuta un bucle que casi nunca "
              "espera, con los huecos entre lanzamientos incluidos"),
    "faster": ("so on this step that loop would gain from CUDA graphs",
               "así que en este paso ese bucle ganaría con los CUDA graphs"),
    "same": ("so on this step that loop would gain nothing measurable from CUDA graphs",
             "así que en este paso ese bucle no ganaría nada medible con los CUDA graphs"),
    "slower": ("so on this step that loop would lose with CUDA graphs",
               "así que en este paso ese bucle perdería con los CUDA graphs"),
    "cause": ("A queued clock does not separate the host from the device, so the run cannot split that pace into "
              "launches and kernel time.",
              "Un reloj encolado no separa el host del dispositivo, así que la ejecución no puede repartir ese ritmo "
              "entre lanzamientos y tiempo de kernels."),
}
GRAPHS_REPLAYED = {   # the clock is the kernels alone: what that loop sees once its host keeps up
    "clock": ("on this run it is the kernels alone (each step replayed as a CUDA graph, no launch gaps)",
              "en esta ejecución es solo el de los kernels (cada paso reproducido como un CUDA graph, sin huecos "
              "entre lanzamientos)"),
    "faster": ("the graphed step's kernels themselves ran faster, so a loop that rarely waits would gain even once "
               "its host keeps up with the device",
               "los propios kernels del paso con CUDA graphs fueron más rápidos, así que un bucle que casi nunca "
               "espera ganaría incluso cuando su host alcance al dispositivo"),
    "same": ("the graphs left the device's work as it was, so a loop that rarely waits would gain only while its "
             "host falls behind the device",
             "los CUDA graphs dejaron igual el trabajo del dispositivo, así que un bucle que casi nunca espera solo "
             "ganaría mientras su host vaya por detrás del dispositivo"),
    "slower": ("the graphed step's kernels cost the device more, so a loop that rarely waits would lose once its "
               "host keeps up",
               "los kernels del paso con CUDA graphs le costaron más al dispositivo, así que un bucle que casi nunca "
               "espera perdería cuando su host alcance al dispositivo"),
}


@CLAIMS.claim("graphs_unsync_loop", devices=("cuda",), condition=(
    "reduce-overhead's device-time verdict, read for a loop that synchronizes only now and then: a queued "
    "device time is that loop's pace (it gains, stays level or loses) but cannot say whether launches or "
    "kernels moved; a replayed one is the kernels alone, so it says what happens once the host keeps up"))
def graphs_unsync_loop(run: Run, _: None) -> Said:
    how, verdict = method(run, "cuda_graphs"), run.value("cuda_graphs.dev_verdict")
    if verdict not in GRAPHS_MOVED:
        raise ClaimError(f"cuda_graphs.dev_verdict is {verdict!r} on a GPU run; re-run the lab")
    moved = GRAPHS_MOVED[verdict]
    if how == QUEUED:
        words = GRAPHS_QUEUED
        texts = [f"{moved[i]}. {words['clock'][i]}, {words[verdict][i]}. {words['cause'][i]}" for i in (0, 1)]
        return Said(f"queued_{verdict}", *texts, decided=False)
    words = GRAPHS_REPLAYED
    texts = [f"{moved[i]}, {'and' if i == 0 else 'y'} {words['clock'][i]}: {words[verdict][i]}." for i in (0, 1)]
    return Said(f"graph_{verdict}", *texts)


@CLAIMS.claim("item_wait", devices=("cuda",), condition=(
    "an .item()'s wait for the device stays out of a replayed device time; a queued one contains it"))
def item_wait(run: Run, _: None) -> Said:
    how = method(run, "breaks")
    lat, dev = float(run.value("breaks.speedup")), float(run.value("breaks.dev_speedup"))
    if how == QUEUED:
        return Said("queued", "On a GPU each `.item()` also makes the host wait for the device. With this run's "
                    "queued device clock that wait is inside the events as well (the GPU idles while the host "
                    f"waits), so removing the breaks shows on both clocks (device time {num(dev, 'en', '×')}, "
                    f"latency {num(lat, 'en', '×')}): the run cannot tell the wait from kernel time.",
                    "En una GPU cada `.item()` hace además que el host espere al dispositivo. Con el reloj de "
                    "dispositivo encolado de esta ejecución esa espera queda también dentro de los eventos (la "
                    "GPU está ociosa mientras el host espera), así que quitar las rupturas se nota en los dos "
                    f"relojes (tiempo de dispositivo {num(dev, 'es', '×')}, latencia {num(lat, 'es', '×')}): la "
                    "ejecución no distingue la espera del tiempo de los kernels.", decided=False)
    return Said("graph", "On a GPU each `.item()` also makes the host wait for the device; a replayed device "
                "time leaves that wait out, so it shows on latency "
                f"({num(lat, 'en', '×')}) and not on device time ({num(dev, 'en', '×')}).",
                "En una GPU cada `.item()` hace además que el host espere al dispositivo; un tiempo de "
                f"dispositivo reproducido deja fuera esa espera, así que se nota en la latencia ({num(lat, 'es', '×')}) "
                f"y no en el tiempo de dispositivo ({num(dev, 'es', '×')}).")


@CLAIMS.claim("fusion_cause", condition=(
    "a faster compiled step is credited to fusion only as the likely cause: the run counts no operations "
    "or memory traffic"))
def fusion_cause(run: Run, _: None) -> Said:
    verdict = run.value("steady.verdict")
    if verdict == "faster":
        return Said("likely", "The likely cause is fusion: the small operations of each block (the layer norms, "
                    "the masked softmax, GELU, the residual additions) run as a few kernels instead of many, "
                    "without round trips through memory between them. The run times the steps but counts "
                    "neither operations nor memory traffic, so that cause is the usual one, not a measured one.",
                    "La causa probable es la fusión: las operaciones pequeñas de cada bloque (las normalizaciones, "
                    "el softmax enmascarado, GELU, las sumas residuales) corren como pocos kernels en lugar de "
                    "muchos, sin viajes de ida y vuelta a memoria entre ellas. La ejecución mide los pasos pero "
                    "no cuenta operaciones ni tráfico de memoria, así que esa causa es la habitual, no una medida.",
                    decided=False)
    if verdict == "slower":
        return Said("slower", "On a model this small on a CPU that is the honest result: the matrix products are "
                    "library calls in both versions and the tensors fit in cache, so fusion saves little, and the "
                    "compiled step adds its guards and wrappers to every call.",
                    "Con un modelo tan pequeño en una CPU ese es el resultado honesto: los productos de matrices "
                    "son llamadas a biblioteca en las dos versiones y los tensores caben en caché, así que la "
                    "fusión ahorra poco, y el paso compilado añade sus guardas y envoltorios a cada llamada.")
    return Said("same", "On a model this small the matrix products are library calls in both versions and the "
                "tensors fit in cache, so what fusion saves is about what the compiled step's guards and "
                "wrappers cost.",
                "Con un modelo tan pequeño los productos de matrices son llamadas a biblioteca en las dos "
                "versiones y los tensores caben en caché, así que lo que ahorra la fusión es más o menos lo "
                "que cuestan las guardas y los envoltorios del paso compilado.")


@CLAIMS.claim("autotune_templates", devices=("cpu",), condition=(
    "on a CPU, GEMM templates need frozen weights for mm and addmm, not for bmm: a training step "
    "(no freezing) can still benchmark batched products"))
def autotune_templates(run: Run, _: None) -> Said:
    count = int(run.value("autotune.gemm_autotunes"))
    if count == 0:
        return Said("none", "On the CPU run max-autotune benchmarked no matrix product. On a CPU Inductor's "
                    "GEMM template for `mm` and `addmm` needs weights it can treat as constants (freezing, in "
                    "inference); a training step's weights change every step.",
                    "En la ejecución en CPU max-autotune no midió ningún producto de matrices. En una CPU la "
                    "plantilla GEMM de Inductor para `mm` y `addmm` necesita pesos que pueda tratar como "
                    "constantes (freezing, en inferencia); los pesos de un paso de entrenamiento cambian en "
                    "cada paso.")
    return Said("some", f"On the CPU run max-autotune benchmarked {count} matrix products without freezing. On a "
                "CPU the GEMM template needs frozen (constant) weights for `mm` and `addmm`, not for the batched "
                "`bmm`, so a training step's batched products can still be tuned while its linear layers "
                "cannot.",
                f"En la ejecución en CPU max-autotune midió {count} productos de matrices sin freezing. En una CPU "
                "la plantilla GEMM necesita pesos congelados (constantes) para `mm` y `addmm`, no para el `bmm` "
                "por lotes, así que los productos por lotes de un paso de entrenamiento se pueden ajustar aunque sus "
                "capas lineales no.")
