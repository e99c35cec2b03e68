"""The engine's own words in each language (labels of badges, tabs, headers)."""

import re

STRINGS = {
    "en": {
        "pass": "pass", "fail": "fail", "check": "Check", "value": "Value",
        "threshold": "Threshold", "result": "Result",
        "skipped_title": "Skipped on {device}",
        "skipped_requires": "Part {part} needs a {requires} device; this run used {device}, so it was skipped. The {other} tab shows it.",
        "skipped_reason": "Part {part} was skipped on this run. The lab's reason: {reason}",
        "measured_on": "Measured on", "threads": "threads", "thread": "thread", "preset": "preset",
        "commit": "commit", "uncommitted": "with uncommitted changes", "run_time": "run took",
        "resumed_parts": "{count} of its parts finished in an earlier, interrupted attempt",
        "code_changed": "the lab's code has changed since this run; `{command}` refreshes it",
        "not_in_older_run": "(not in the {device} run: an older version of the lab made it; `{command}` adds this)",
        "truncated": "Showing lines {first}–{last} of {total}.",
        "full_file": "Download the whole file",
        "at_a_glance": "This lab at a glance", "duration": "Duration",
        "about_minutes": "about {minutes} min", "runs_on": "Runs on",
        "prerequisites": "Prerequisites", "none": "none", "you_learn": "You will learn",
        "run_it": "Run it yourself",
        "run_it_where": "`.venv/bin/python -m labs.{lab}` always measures your own machine and writes its manifest and deliverables to `{out}/`. `make labs LAB={lab}` runs it through the runner into `results/{lab}/`; `make serve` (or `make site`) then shows your numbers on your local copy of this page, in place of the committed ones.",
        "previous": "Previous lab", "next": "Next lab",
        "week": "Week", "lab": "Lab", "reading": "Reading",
        "no_rows": "(no rows in this run)",
        "download_notebook": "Download the notebook (.py, jupytext format)",
        "notebook_run": "*The outputs above are those of the course's CPU run: {machine}, torch {torch}, preset {preset}, commit {commit}, {date}.*",
        "footer": "Every number on this site comes from a run of the course's labs, and says which run. Code and text are open; run the labs on your own machine to see its numbers.",
        "measured": "measured on",
        "provenance_full": "full provenance",
        "failed_checks_allowed": "an exploration run: acceptance checks failed and were allowed",
        "moved": "This lab has a new address:",
        "device_clock": "device times: {methods}",
        "device_graph": "{count} replayed as CUDA graphs",
        "device_queued": "{count} from queued calls (launch gaps included)",
        "placement_serial": "ran alone on the machine",
        "placement_side": "ran side by side with other labs: GPU {gpus} of {node_gpus}, cores {cores} ({count} of {node_cores}), {beside}",
        "placement_beside": "beside {labs}",
        "placement_alone": "ran alone: GPU {gpus} of {node_gpus}, cores {cores} ({count} of {node_cores})",
        "releases_differ": "These runs used different torch releases ({releases}): a difference between devices on this page may come from the release as well as the machine.",
        "made_with": "Made with",
        "not_found_title": "Page not found", "not_found_home": "Go to the home page",
        "not_found_text": "Nothing is published at this address: the page may have moved or the address may be mistyped.",
    },
    "es": {
        "pass": "cumple", "fail": "no cumple", "check": "Comprobación", "value": "Valor",
        "threshold": "Umbral", "result": "Resultado",
        "skipped_title": "Omitida en {device}",
        "skipped_requires": "La parte {part} necesita un dispositivo {requires}; esta ejecución usó {device}, así que se omitió. La pestaña {other} la muestra.",
        "skipped_reason": "La parte {part} se omitió en esta ejecución. Motivo que dio el laboratorio: {reason}",
        "measured_on": "Medido en", "threads": "hilos", "thread": "hilo", "preset": "preajuste",
        "commit": "commit", "uncommitted": "con cambios sin confirmar", "run_time": "la ejecución tardó",
        "resumed_parts": "{count} de sus partes terminaron en un intento anterior interrumpido",
        "code_changed": "el código del laboratorio ha cambiado desde esta ejecución; `{command}` lo actualiza",
        "not_in_older_run": "(no está en la ejecución de {device}: la hizo una versión anterior del laboratorio; `{command}` lo añade)",
        "truncated": "Se muestran las líneas {first}–{last} de {total}.",
        "full_file": "Descarga el archivo completo",
        "at_a_glance": "El laboratorio de un vistazo", "duration": "Duración",
        "about_minutes": "unos {minutes} min", "runs_on": "Se ejecuta en",
        "prerequisites": "Requisitos previos", "none": "ninguno", "you_learn": "Aprenderás",
        "run_it": "Ejecútalo tú",
        "run_it_where": "`.venv/bin/python -m labs.{lab}` siempre mide tu propia máquina y escribe su manifiesto y sus entregables en `{out}/`. `make labs LAB={lab}` lo ejecuta a través del orquestador y lo guarda en `results/{lab}/`; después, `make serve` (o `make site`) muestra tus números en tu copia local de esta página, en lugar de los publicados.",
        "previous": "Laboratorio anterior", "next": "Laboratorio siguiente",
        "week": "Semana", "lab": "Laboratorio", "reading": "Lectura",
        "no_rows": "(ninguna fila en esta ejecución)",
        "download_notebook": "Descargar el cuaderno (.py, formato jupytext)",
        "notebook_run": "*Las salidas de arriba son las de la ejecución en CPU del curso: {machine}, torch {torch}, preajuste {preset}, commit {commit}, {date}.*",
        "footer": "Cada número de este sitio sale de una ejecución de los laboratorios del curso, e indica de cuál. El código y los textos son abiertos; ejecuta los laboratorios en tu propia máquina para ver sus números.",
        "measured": "medido en",
        "provenance_full": "procedencia completa",
        "failed_checks_allowed": "ejecución exploratoria: comprobaciones de aceptación fallidas y permitidas",
        "moved": "Este laboratorio tiene una dirección nueva:",
        "device_clock": "tiempos de dispositivo: {methods}",
        "device_graph": "{count} reproducidos como CUDA graphs",
        "device_queued": "{count} de llamadas encoladas (con los huecos entre lanzamientos)",
        "placement_serial": "se ejecutó solo en la máquina",
        "placement_side": "se ejecutó en paralelo con otros laboratorios: GPU {gpus} de {node_gpus}, núcleos {cores} ({count} de {node_cores}), {beside}",
        "placement_beside": "junto a {labs}",
        "placement_alone": "se ejecutó solo: GPU {gpus} de {node_gpus}, núcleos {cores} ({count} de {node_cores})",
        "releases_differ": "Estas ejecuciones usaron versiones distintas de torch ({releases}): una diferencia entre dispositivos en esta página puede deberse a la versión tanto como a la máquina.",
        "made_with": "Hecho con",
        "not_found_title": "Página no encontrada", "not_found_home": "Ir a la página de inicio",
        "not_found_text": "No hay nada publicado en esta dirección: puede que la página se haya movido o que la dirección esté mal escrita.",
    },
}


def t(lang: str, key: str, **values) -> str:
    return STRINGS[lang][key].format(**values)


# Categorical values labs record (timing.verdict, "never", a call's regime in `bound_by`):
# shown in the page's language.
VALUE_TERMS = {
    "en": {"faster": "faster", "slower": "slower", "same": "same", "never": "never", "unplaced": "not established (compiles within noise)", "yes": "yes", "no": "no",
           "overhead": "overhead", "neither": "neither", "compute": "compute", "bandwidth": "bandwidth"},
    "es": {"faster": "más rápido", "slower": "más lento", "same": "igual", "never": "nunca", "unplaced": "sin establecer (compilaciones dentro del ruido)", "yes": "sí", "no": "no",
           "overhead": "sobrecarga", "neither": "ninguno", "compute": "cómputo", "bandwidth": "ancho de banda"},
}

# Sentences labs record in English only (skip reasons, a method's description): the engine
# knows each one's shape and says it in the page's language. A message not listed here is
# shown as the lab wrote it; tests/test_visible.py finds one that reaches a Spanish page.
LAB_MESSAGES = [
    (re.compile(r"needs a (?P<requires>\w+) device; this run used (?P<device>\w+)"),
     {"es": "necesita un dispositivo {requires}; esta ejecución usó {device}"}),
    (re.compile(r"needs at least (?P<need>\d+) ranks; this run has (?P<has>\d+) "
                r"\(set COURSE_RANKS, or use (?P<gpus>\d+) GPUs\)"),
     {"es": "necesita al menos {need} rangos; esta ejecución tiene {has} (define COURSE_RANKS o usa {gpus} GPU)"}),
    (re.compile(r"depyf is not installed"), {"es": "depyf no está instalado"}),
    (re.compile(r"no tlparse executable on PATH or next to (?P<python>\S+)"),
     {"es": "no hay un ejecutable tlparse en el PATH ni junto a {python}"}),
    (re.compile(r"tensor bytes from the profiler's allocation events \(CPU allocator\)"),
     {"es": "bytes de tensores según los eventos de asignación del profiler (asignador de CPU)"}),
    (re.compile(r"torch\.cuda\.max_memory_allocated \(caching allocator\)"),
     {"es": "torch.cuda.max_memory_allocated (asignador con caché)"}),
    # how Inductor computed the capstone's Linear + GELU (labs/capstone/memfuse/inductor_code.py)
    (re.compile(r"template\+epilogue"), {"es": "plantilla Triton con la GELU en el epílogo"}),
    (re.compile(r"(?P<call>\w+)\+(?P<language>C\+\+|Triton) gelu"),
     {"es": "`{call}` y después una GELU en {language}"}),
    (re.compile(r"unrecognized"), {"es": "no reconocida"}),
]


def lab_message(lang: str, text: str) -> str:
    """A lab's English message in the page's language, when the engine knows its shape."""
    for pattern, translations in LAB_MESSAGES:
        if lang in translations and (match := pattern.fullmatch(text)):
            return translations[lang].format(**match.groupdict())
    return text


def term(lang: str, value: str) -> str:
    return VALUE_TERMS[lang].get(value) or lab_message(lang, value)
