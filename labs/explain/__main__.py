"""`python -m labs.explain PATH.py:ClassName --input ...` explains a learner's module; run by the
course's runner (`--device/--preset/--out` only), it is the lab that renders the page's examples."""
import sys

from labs.common.harness import main as run_lab

# The runner's options, and how many values each takes: anything else is the learner's command.
# Every option of the harness's parser (labs/common/harness.py), checked by a test that reads it.
LAB_OPTIONS = {"--device": 1, "--preset": 1, "--out": 1, "--keep-work": 0, "--allow-failed-checks": 0, "--resume": 1}


def runs_the_lab(argv: list[str]) -> bool:
    at = 0
    while at < len(argv):
        name, inline = argv[at].partition("=")[0], "=" in argv[at]
        if name not in LAB_OPTIONS:
            return False  # a module (with or without .py), --input, -h: the command line's to answer
        at += 1 + (0 if inline else LAB_OPTIONS[name])
    return True


if __name__ == "__main__":
    if not runs_the_lab(sys.argv[1:]):
        from labs.explain.cli import main

        sys.exit(main())
    run_lab("explain")
