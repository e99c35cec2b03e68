"""Starts a helper in its own session that keeps stdout open, then hangs: the runner's
timeout must still bound its wait. The helper's pid goes to TOY_PID_FILE."""
import os
import subprocess
import time


def run(lab):
    helper = subprocess.Popen(["sleep", "60"], start_new_session=True)  # inherits stdout
    with open(os.environ["TOY_PID_FILE"], "w") as handle:
        handle.write(f"{os.getpid()} {helper.pid}\n")
    lab.part("A", "Hang", lambda lab: time.sleep(60))
