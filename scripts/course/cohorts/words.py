"""The cohort pages' own words in each language (course/strings.py holds the lab pages')."""

from labs.common.contract import format_number

WORDS = {
    "en": {
        "learner": "learner {n}",
        "dates": "{starts} to {ends}",
        "labs": "Labs", "lab": "Lab", "preset_full": "full runs only", "preset_smoke": "smoke or full runs",
        "aliases_shown": "aliases as learners wrote them", "aliases_numbered": "learners numbered, aliases kept private",
        "summary": "{subs} from {learners}",
        "shared_title": "What a submission holds",
        "shared": "Each submission holds one lab run's metrics, acceptance checks and a description of the machine "
                  "(device, CPU and GPU model, thread count, torch, Triton and Python versions, commit, date). "
                  "It never holds artifacts, file paths, host names or user names. See [Submissions and cohorts]({link}).",
        "empty_title": "No submissions yet",
        "empty": "This cohort has no submissions yet. Learners make one with `.venv/bin/python -m course submit`; the "
                 "instructor adds them with `.venv/bin/python -m course cohort add {id} FILE…` and runs `make site`.",
        "per_lab": "Learners per lab", "submissions": "Submissions", "learners": "Learners",
        "machines": "Machines", "device": "Device", "cpu_model": "CPU model", "threads": "Threads", "thread": "Thread",
        "torch": "torch",
        "checks": "Acceptance checks", "check": "Check", "passed": "Passed", "rate": "Pass rate",
        "no_rows": "No submissions for this lab yet.",
        "headlines": "Headline metrics",
        "headlines_intro": "Each box holds the cohort's submissions on one kind of machine: the line is the median, "
                           "the box the middle half, the whiskers the runs within 1.5 box heights of it. Points are "
                           "runs (hover for the submission's number); the star is the course's own run.",
        "cohort": "cohort", "reference": "course reference run",
        "words_note": "Not plotted, being a word rather than a number: {words}.",
        "no_values": "No submission recorded this metric.",
        "table": "Every submission", "number": "#", "learner_col": "Learner", "preset": "Preset",
        "python": "Python", "commit": "Commit", "date": "Run on (UTC)", "hash": "Content hash",
        "reference_runs": "The course's reference runs",
        "reference_line": "{lab}: {device}, torch {torch}, preset {preset}, {date}, commit {commit}",
        "no_cohorts": "No cohort has been published yet. An instructor creates one with "
                      "`.venv/bin/python -m course cohort new COHORT-ID`.",
        "cohort_col": "Cohort", "dates_col": "Dates",
        "n_submissions": ("{n} submission", "{n} submissions"), "n_learners": ("{n} learner", "{n} learners"),
        "n_replaced": ("{n} replaced (kept in history)", "{n} replaced (kept in history)"),
        "all_passed": "All checks passed", "other_models": "other models",
        "other_machines": "{machines} other machines, {runs} runs",
        "download": 'The whole table, one row per submission: <a href="{csv}" download>CSV</a> · '
                    '<a href="{json}" download>JSON</a>.',
        "latest_rows": "The latest {shown} of {total} submissions, newest first.",
        "class_col": "Machine", "runs": "Runs", "median": "Median", "quartiles": "Middle half (Q1 to Q3)",
        "range": "Range", "course_run": "Course run",
        "former_check": "no longer checked by the lab",
        "outliers": "Outside the box by more than 1.5 times its height, worth a look: {items}.",
        "no_outliers": "No run lies outside the box by more than 1.5 times its height.",
        "points_note": "Classes of up to {n} runs are drawn run by run; larger ones as their box and their outliers.",
        "runs_shown": "runs (small classes) and outliers",
        "reference_committed": "the run committed in the course's repository",
        "reference_local": "the run found in results/ (not the committed one: no git history to read)",
    },
    "es": {
        "learner": "participante {n}",
        "dates": "del {starts} al {ends}",
        "labs": "Laboratorios", "lab": "Laboratorio", "preset_full": "solo ejecuciones full",
        "preset_smoke": "ejecuciones smoke o full",
        "aliases_shown": "alias tal como los escribieron", "aliases_numbered": "participantes numerados, alias privados",
        "summary": "{subs} de {learners}",
        "shared_title": "Qué contiene un envío",
        "shared": "Cada envío contiene las métricas, las comprobaciones de aceptación y una descripción de la máquina "
                  "de una ejecución de un laboratorio (dispositivo, modelo de CPU y de GPU, número de hilos, versiones "
                  "de torch, Triton y Python, commit, fecha). Nunca contiene artefactos, rutas de archivos, nombres de "
                  "equipo ni de usuario. Véase [Envíos y cohortes]({link}).",
        "empty_title": "Aún no hay envíos",
        "empty": "Esta cohorte aún no tiene envíos. Cada participante crea el suyo con `.venv/bin/python -m course submit`; "
                 "el instructor o la instructora los añade con `.venv/bin/python -m course cohort add {id} FILE…` y ejecuta "
                 "`make site`.",
        "per_lab": "Participantes por laboratorio", "submissions": "Envíos", "learners": "Participantes",
        "machines": "Máquinas", "device": "Dispositivo", "cpu_model": "Modelo de CPU", "threads": "Hilos", "thread": "Hilo",
        "torch": "torch",
        "checks": "Comprobaciones de aceptación", "check": "Comprobación", "passed": "Cumplen", "rate": "Porcentaje",
        "no_rows": "Aún no hay envíos de este laboratorio.",
        "headlines": "Métricas principales",
        "headlines_intro": "Cada caja reúne los envíos de la cohorte en un tipo de máquina: la línea es la mediana, "
                           "la caja la mitad central y los bigotes llegan a las ejecuciones a menos de 1,5 alturas de "
                           "caja. Los puntos son ejecuciones (al pasar el ratón se ve el número del envío); la "
                           "estrella es la ejecución del propio curso.",
        "cohort": "cohorte", "reference": "ejecución de referencia del curso",
        "words_note": "Sin dibujar, por ser una palabra y no un número: {words}.",
        "no_values": "Ningún envío registró esta métrica.",
        "table": "Todos los envíos", "number": "n.º", "learner_col": "Participante", "preset": "Preajuste",
        "python": "Python", "commit": "Commit", "date": "Ejecutado (UTC)", "hash": "Hash del contenido",
        "reference_runs": "Las ejecuciones de referencia del curso",
        "reference_line": "{lab}: {device}, torch {torch}, preajuste {preset}, {date}, commit {commit}",
        "no_cohorts": "Aún no se ha publicado ninguna cohorte. El instructor o la instructora crea una con "
                      "`.venv/bin/python -m course cohort new COHORT-ID`.",
        "cohort_col": "Cohorte", "dates_col": "Fechas",
        "n_submissions": ("{n} envío", "{n} envíos"), "n_learners": ("{n} participante", "{n} participantes"),
        "n_replaced": ("{n} sustituido (guardado en el historial)", "{n} sustituidos (guardados en el historial)"),
        "all_passed": "Todas las comprobaciones cumplidas", "other_models": "otros modelos",
        "other_machines": "{machines} máquinas más, {runs} ejecuciones",
        "download": 'La tabla completa, una fila por envío: <a href="{csv}" download>CSV</a> · '
                    '<a href="{json}" download>JSON</a>.',
        "latest_rows": "Los {shown} envíos más recientes de {total}, el más reciente primero.",
        "class_col": "Máquina", "runs": "Ejecuciones", "median": "Mediana",
        "quartiles": "Mitad central (Q1 a Q3)", "range": "Intervalo", "course_run": "Ejecución del curso",
        "former_check": "el laboratorio ya no la comprueba",
        "outliers": "Fuera de la caja por más de 1,5 veces su altura, para mirar de cerca: {items}.",
        "no_outliers": "Ninguna ejecución queda fuera de la caja por más de 1,5 veces su altura.",
        "points_note": "Las clases de hasta {n} ejecuciones se dibujan ejecución a ejecución; las mayores, como su "
                       "caja y sus valores atípicos.",
        "runs_shown": "ejecuciones (clases pequeñas) y valores atípicos",
        "reference_committed": "la ejecución guardada en el repositorio del curso",
        "reference_local": "la ejecución que hay en results/ (no la confirmada: no hay historial de git que leer)",
    },
}


def w(lang: str, key: str, **values) -> str:
    return WORDS[lang][key].format(**values)


def count(lang: str, key: str, n: int) -> str:
    """A number of things, in the singular for one and the plural otherwise (both languages
    agree on that rule), the number formatted for the language (10,000 / 10.000)."""
    one, many = WORDS[lang][key]
    return (one if n == 1 else many).format(n=format_number(n, lang))
