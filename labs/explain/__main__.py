"""`python -m labs.explain PATH.py:ClassName --input ...` explains a learner's module; run by the
course's runner (`--device/--preset/--out` only), it is the lab that renders the page's examples."""
import sys

from labs.common.harness import main as run_lab

if any(arg.endswith(".py") or ".py:" in arg for arg in sys.argv[1:]) or {"-h", "--help"} & set(sys.argv[1:]):
    from labs.explain.cli import main

    sys.exit(main())
run_lab("explain")
