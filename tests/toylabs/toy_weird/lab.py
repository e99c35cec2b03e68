"""Prints progress-looking lines that are JSON but not events, then succeeds."""
from labs.common.contract import PROGRESS_PREFIX


def run(lab):
    for junk in ("[1, 2]", "5", '"text"', "null", "{not json", '{"part": {"nested": 1}}'):
        print(PROGRESS_PREFIX + junk, flush=True)
    lab.part("A", "Measure", lambda lab: lab.metric("answer", 1.0))
