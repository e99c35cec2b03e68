"""Sleeps far past any timeout a test gives it."""
import time


def run(lab):
    lab.part("A", "Sleep", lambda lab: time.sleep(120))
