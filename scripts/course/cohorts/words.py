"""The cohort pages' own words in each language (course/strings.py holds the lab pages')."""


WORDS = {
    "en": {
        "learner": "learner {n}",
        "dates": "{starts} to {ends}",
        "labs": "Labs", "lab": "Lab", "preset_full": "full runs only", "preset_smoke": "smoke or full runs",
        "aliases_shown": "aliases as learners wrote them", "aliases_numbered": "learners numbered, aliases kept private",
        "summary": "{subs} submissions from {learners} learners", "replaced_note": "{n} replaced (kept in history)",
        "shared_title": "What a submission holds",
        "shared": "Each submission holds one lab run's metrics, acceptance checks and a description of the machine "
                  "(device, CPU and GPU model, thread count, torch, Triton and Python versions, commit, date). "
                  "It never holds artifacts, file paths, host names or user names. See [Submissions and cohorts]({link}).",
        "empty_title": "No submissions yet",
        "empty": "This cohort has no submissions yet. Learners make one with `python -m course submit`; the "
                 "instructor adds them with `python -m course cohort add {id} FILE…` and runs `make site`.",
        "per_lab": "Learners per lab", "submissions": "Submissions", "learners": "Learners",
        "machines": "Machines", "device": "Device", "cpu_model": "CPU model", "threads": "Threads",
        "torch": "torch",
        "checks": "Acceptance checks", "check": "Check", "passed": "Passed", "rate": "Pass rate",
        "no_rows": "No submissions for this lab yet.",
        "headlines": "Headline metrics",
        "headlines_intro": "Each box holds the cohort's submissions on one kind of machine, every point one run "
                           "(hover for its row number in the table below); the star is the course's own run.",
        "cohort": "cohort", "reference": "course reference run",
        "words_note": "Not plotted, being a word rather than a number: {words}.",
        "no_values": "No submission recorded this metric.",
        "table": "Every submission", "number": "#", "learner_col": "Learner", "preset": "Preset",
        "python": "Python", "commit": "Commit", "date": "Run on (UTC)", "hash": "Content hash",
        "reference_runs": "The course's reference runs",
        "reference_line": "{lab}: {device}, torch {torch}, preset {preset}, {date}, commit {commit}",
        "no_cohorts": "No cohort has been published yet. An instructor creates one with "
                      "`python -m course cohort new COHORT-ID`.",
        "cohort_col": "Cohort", "dates_col": "Dates",
    },
    "es": {
        "learner": "participante {n}",
        "dates": "del {starts} al {ends}",
        "labs": "Laboratorios", "lab": "Laboratorio", "preset_full": "solo ejecuciones full",
        "preset_smoke": "ejecuciones smoke o full",
        "aliases_shown": "alias tal como los escribieron", "aliases_numbered": "participantes numerados, alias privados",
        "summary": "{subs} envíos de {learners} participantes", "replaced_note": "{n} sustituidos (guardados en el historial)",
        "shared_title": "Qué contiene un envío",
        "shared": "Cada envío contiene las métricas, las comprobaciones de aceptación y una descripción de la máquina "
                  "de una ejecución de un laboratorio (dispositivo, modelo de CPU y de GPU, número de hilos, versiones "
                  "de torch, Triton y Python, commit, fecha). Nunca contiene artefactos, rutas de archivos, nombres de "
                  "equipo ni de usuario. Véase [Envíos y cohortes]({link}).",
        "empty_title": "Aún no hay envíos",
        "empty": "Esta cohorte aún no tiene envíos. Cada participante crea el suyo con `python -m course submit`; "
                 "el instructor o la instructora los añade con `python -m course cohort add {id} FILE…` y ejecuta "
                 "`make site`.",
        "per_lab": "Participantes por laboratorio", "submissions": "Envíos", "learners": "Participantes",
        "machines": "Máquinas", "device": "Dispositivo", "cpu_model": "Modelo de CPU", "threads": "Hilos",
        "torch": "torch",
        "checks": "Comprobaciones de aceptación", "check": "Comprobación", "passed": "Cumplen", "rate": "Porcentaje",
        "no_rows": "Aún no hay envíos de este laboratorio.",
        "headlines": "Métricas principales",
        "headlines_intro": "Cada caja reúne los envíos de la cohorte en un tipo de máquina, y cada punto es una "
                           "ejecución (al pasar el ratón se ve su número en la tabla de abajo); la estrella es la "
                           "ejecución del propio curso.",
        "cohort": "cohorte", "reference": "ejecución de referencia del curso",
        "words_note": "Sin dibujar, por ser una palabra y no un número: {words}.",
        "no_values": "Ningún envío registró esta métrica.",
        "table": "Todos los envíos", "number": "n.º", "learner_col": "Participante", "preset": "Preajuste",
        "python": "Python", "commit": "Commit", "date": "Ejecutado (UTC)", "hash": "Hash del contenido",
        "reference_runs": "Las ejecuciones de referencia del curso",
        "reference_line": "{lab}: {device}, torch {torch}, preajuste {preset}, {date}, commit {commit}",
        "no_cohorts": "Aún no se ha publicado ninguna cohorte. El instructor o la instructora crea una con "
                      "`python -m course cohort new COHORT-ID`.",
        "cohort_col": "Cohorte", "dates_col": "Fechas",
    },
}


def w(lang: str, key: str, **values) -> str:
    return WORDS[lang][key].format(**values)
