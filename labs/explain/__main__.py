"""`python -m labs.explain PATH.py:ClassName --input ...` explains a learner's module; run by the
course's runner (the harness's options only), it is the lab that renders the page's examples."""
import sys

from labs.common.harness import main as run_lab
from labs.common.harness import option_values


def runs_the_lab(argv: list[str]) -> bool:
    """True when every argument is one of the harness's options (with its values): the runner's call."""
    values = option_values("explain")
    at = 0
    while at < len(argv):
        name, inline = argv[at].partition("=")[0], "=" in argv[at]
        if name not in values:
            return False  # a module (with or without .py), --input, -h: the command line's to answer
        at += 1 + (0 if inline else values[name])
    return True


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if not runs_the_lab(argv):
        from labs.explain.cli import main as explain_module

        sys.exit(explain_module(argv))
    run_lab("explain", argv)


if __name__ == "__main__":
    main()
