"""Crashes outside any part: the runner must record it as failed."""


def run(lab):
    raise SystemExit(3)
