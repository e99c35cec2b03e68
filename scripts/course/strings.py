"""The engine's own words in each language (labels of badges, tabs, headers)."""

STRINGS = {
    "en": {
        "pass": "pass", "fail": "fail", "check": "Check", "value": "Value",
        "threshold": "Threshold", "result": "Result",
        "skipped_title": "Skipped on {device}",
        "skipped_requires": "Part {part} needs a {requires} device; this run used {device}, so it was skipped. The {other} tab shows it.",
        "skipped_reason": "Part {part} was skipped on this run. The lab's reason: {reason}",
        "measured_on": "Measured on", "threads": "threads", "preset": "preset",
        "commit": "commit", "uncommitted": "with uncommitted changes", "run_time": "run took",
        "code_changed": "the lab's code has changed since this run; `{command}` refreshes it",
        "truncated": "Showing lines {first}–{last} of {total}.",
        "full_file": "Download the whole file",
        "at_a_glance": "This lab at a glance", "duration": "Duration",
        "about_minutes": "about {minutes} min", "runs_on": "Runs on",
        "prerequisites": "Prerequisites", "none": "none", "you_learn": "You will learn",
        "run_it": "Run it yourself",
        "run_it_where": "`python -m labs.{lab}` always measures your own machine and writes its manifest and deliverables to `{out}/`. `make labs LAB={lab}` runs it through the runner into `results/{lab}/`; `make serve` (or `make site`) then shows your numbers on your local copy of this page, in place of the committed ones.",
        "previous": "Previous lab", "next": "Next lab",
        "week": "Week", "lab": "Lab", "reading": "Reading",
        "needs": "Needs",
        "download_notebook": "Download the notebook (.py, jupytext format)",
        "footer": "Every number on this site comes from a run of the course's labs, and says which run. Code and text are open; run the labs on your own machine to see its numbers.",
        "measured": "measured on",
        "provenance_full": "full provenance",
        "failed_checks_allowed": "an exploration run: acceptance checks failed and were allowed",
        "moved": "This lab has a new address:",
        "device_clock": "device times: {methods}",
        "device_graph": "{count} replayed as CUDA graphs",
        "device_queued": "{count} from queued calls (launch gaps included)",
        "releases_differ": "These runs used different torch releases ({releases}): a difference between devices on this page may come from the release as well as the machine.",
    },
    "es": {
        "pass": "cumple", "fail": "no cumple", "check": "Comprobación", "value": "Valor",
        "threshold": "Umbral", "result": "Resultado",
        "skipped_title": "Omitida en {device}",
        "skipped_requires": "La parte {part} necesita un dispositivo {requires}; esta ejecución usó {device}, así que se omitió. La pestaña {other} la muestra.",
        "skipped_reason": "La parte {part} se omitió en esta ejecución. Motivo que dio el laboratorio: {reason}",
        "measured_on": "Medido en", "threads": "hilos", "preset": "preajuste",
        "commit": "commit", "uncommitted": "con cambios sin confirmar", "run_time": "la ejecución tardó",
        "code_changed": "el código del laboratorio ha cambiado desde esta ejecución; `{command}` lo actualiza",
        "truncated": "Se muestran las líneas {first}–{last} de {total}.",
        "full_file": "Descarga el archivo completo",
        "at_a_glance": "El laboratorio de un vistazo", "duration": "Duración",
        "about_minutes": "unos {minutes} min", "runs_on": "Se ejecuta en",
        "prerequisites": "Requisitos previos", "none": "ninguno", "you_learn": "Aprenderás",
        "run_it": "Ejecútalo tú",
        "run_it_where": "`python -m labs.{lab}` siempre mide tu propia máquina y escribe su manifiesto y sus entregables en `{out}/`. `make labs LAB={lab}` lo ejecuta a través del orquestador y lo guarda en `results/{lab}/`; después, `make serve` (o `make site`) muestra tus números en tu copia local de esta página, en lugar de los publicados.",
        "previous": "Laboratorio anterior", "next": "Laboratorio siguiente",
        "week": "Semana", "lab": "Laboratorio", "reading": "Lectura",
        "needs": "Necesita",
        "download_notebook": "Descargar el cuaderno (.py, formato jupytext)",
        "footer": "Cada número de este sitio sale de una ejecución de los laboratorios del curso, e indica de cuál. El código y los textos son abiertos; ejecuta los laboratorios en tu propia máquina para ver sus números.",
        "measured": "medido en",
        "provenance_full": "procedencia completa",
        "failed_checks_allowed": "ejecución exploratoria: criterios de aceptación no cumplidos y permitidos",
        "moved": "Este laboratorio tiene una dirección nueva:",
        "device_clock": "tiempos de dispositivo: {methods}",
        "device_graph": "{count} reproducidos como grafos CUDA",
        "device_queued": "{count} de llamadas encoladas (con los huecos entre lanzamientos)",
        "releases_differ": "Estas ejecuciones usaron versiones distintas de torch ({releases}): una diferencia entre dispositivos en esta página puede deberse a la versión tanto como a la máquina.",
    },
}

LANGUAGES = tuple(STRINGS)


def t(lang: str, key: str, **values) -> str:
    return STRINGS[lang][key].format(**values)


# Categorical values labs record (timing.verdict, "never"): shown in the page's language.
VALUE_TERMS = {
    "en": {"faster": "faster", "slower": "slower", "same": "same", "never": "never", "yes": "yes", "no": "no"},
    "es": {"faster": "más rápido", "slower": "más lento", "same": "igual", "never": "nunca", "yes": "sí", "no": "no"},
}


def term(lang: str, value: str) -> str:
    return VALUE_TERMS[lang].get(value, value)
