"""Sleeps far past any timeout a test gives it; writes its pid to TOY_PID_FILE when set."""
import os
import time


def run(lab):
    if os.environ.get("TOY_PID_FILE"):
        with open(os.environ["TOY_PID_FILE"], "w") as handle:
            handle.write(f"{os.getpid()}\n")
    lab.part("A", "Sleep", lambda lab: time.sleep(120))
