"""Cohorts: learners submit their runs, instructors add them to a cohort, `make site` publishes it.

    submission.py  what a submission is: its schema (submission.schema.json), checks, content hash
    submit.py      `course submit`: a lab's manifest -> a submission, and the preview of what it shares
    config.py      cohorts/<id>/cohort.toml: title, dates, labs, required preset, alias mode
    store.py       cohorts/<id>/submissions/: reading, and `cohort add` (atomic, with history)
    aggregate.py   cohorts/<id>/.aggregate.json: what each submission contributes, kept by `add`
    reference.py   the course's reference runs beside a cohort (the committed ones)
    report.py      what a cohort page and its download show, computed from the aggregate
    headlines.py   the metrics of each lab that get a distribution plot
    former_checks.py  labels of checks a lab no longer makes, for older submissions
    export.py      `cohort export --csv` (every metric, from the files) and the site's download
    words.py       the cohort pages' words in English and Spanish
    cli.py         the `submit` and `cohort` commands of `python -m course`

The page itself is rendered by course/markers/cohorts.py; hooks/cohorts.py generates a page
per cohort in each language.
"""
