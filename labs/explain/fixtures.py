"""Write Inductor's dumps for the example modules as test fixtures, with their provenance.

    python -m labs.explain.fixtures --device cuda --out tests/fixtures

makes one folder per module kind, `<device>-torch<major.minor>-<kind>/`, holding the files
the annotator reads (output_code.py, ir_pre_fusion.txt, ir_post_fusion.txt, the provenance
mapping, fx_graph_readable.py, fx_graph_transformed.py, post_grad_graph.json), the facts
extracted at capture time (kernel_facts.json) and a README.md saying what made them. Paths of
the machine are replaced: the repository by nothing, the cache folder by `<inductor-cache>`.
About a minute on a GPU, two to four on two CPU cores (each of the 16 kinds compiles once,
cold). An `expected.json` already in a target folder is kept: after regenerating, run
`python -m labs.common.kernel_facts.score tests/fixtures/<device>-*` and redraft
(`--draft`) and re-read the expectations of any folder it reports wrong.
"""

from __future__ import annotations

import argparse
import datetime
import re
import sys
import tempfile
from pathlib import Path

import torch

from labs.common import fingerprint
from labs.common.kernel_facts import facts, recorder
from labs.explain.examples import KINDS, Kind

FILES = ("output_code.py", "ir_pre_fusion.txt", "ir_post_fusion.txt",
         "inductor_provenance_tracking_node_mappings.json", "fx_graph_readable.py",
         "fx_graph_transformed.py", "post_grad_graph.json")
ROOT = Path(__file__).resolve().parent.parent.parent


def folder_name(device: str, kind: str) -> str:
    major_minor = ".".join(torch.__version__.split("+")[0].split(".")[:2])
    return f"{device}-torch{major_minor}-{kind}"


def capture(kind: Kind, device: str, work: Path) -> Path:
    """Compile the kind's module on its example input; return its one graph's debug folder."""
    torch.manual_seed(0)
    model = kind.make().to(device).eval()
    inputs = kind.inputs(device)
    with torch.no_grad(), recorder.capturing(work / kind.name) as captured:
        torch.compile(model, dynamic=False)(*inputs)
    if len(captured.folders) != 1:
        raise RuntimeError(f"{kind.name}: expected one compiled graph, got {len(captured.folders)}")
    return captured.folders[0]


def write_fixture(kind: Kind, device: str, source: Path, out: Path) -> Path:
    target = out / folder_name(device, kind.name)
    target.mkdir(parents=True, exist_ok=True)
    for name in FILES:
        if (source / name).is_file():
            (target / name).write_text(_scrub((source / name).read_text(encoding="utf-8")), encoding="utf-8")
    facts.write(facts.analyze(target), target)
    (target / "README.md").write_text(_readme(kind, device), encoding="utf-8")
    return target


def _scrub(text: str) -> str:
    """Drop this machine's paths: the repository (`# File:` comments) and the kernel cache."""
    text = text.replace(str(ROOT) + "/", "")
    return re.sub(r"(# kernel path: )\S*/(\w{2}/\w+\.\w+)", r"\1<inductor-cache>/\2", text)


def _readme(kind: Kind, device: str) -> str:
    triton = getattr(sys.modules.get("triton"), "__version__", None)
    versions = f"torch {torch.__version__}" + (f", triton {triton}" if triton else "")
    model = kind.make()
    return (f"Inductor's debug output for `{type(model).__name__}` (`labs/explain/examples.py`, kind "
            f"`{kind.name}`), inputs {kind.described}, under `torch.no_grad()` (an inference graph), "
            f"compiled with the default mode on {fingerprint.device_name(device)} ({device}) with "
            f"{versions}, {datetime.date.today().isoformat()}, by "
            f"`python -m labs.explain.fixtures --device {device}`: Inductor's trace and provenance "
            "tracking switched on through `torch._inductor.config`, and a post-grad pass that records "
            "the graph it sees (`post_grad_graph.json`). Files as Inductor wrote them, with this "
            "machine's paths removed. `kernel_facts.json` holds the facts extracted at capture time; "
            "`expected.json`, when present, the facts a person checked by reading the kernel.\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m labs.explain.fixtures", description=__doc__.split("\n")[0])
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "fixtures")
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated subset of: " + ", ".join(KINDS))
    args = parser.parse_args(argv)
    if args.device == "cuda" and not torch.cuda.is_available():
        parser.error("--device cuda, but torch sees no CUDA GPU; run on a GPU machine or pass --device cpu")
    with tempfile.TemporaryDirectory(prefix="fixtures-") as scratch:
        work = Path(scratch)
        for name in args.kinds.split(","):
            kind = KINDS[name]
            started = datetime.datetime.now()
            source = capture(kind, args.device, work)
            target = write_fixture(kind, args.device, source, args.out)
            seconds = (datetime.datetime.now() - started).total_seconds()
            print(f"{target}  ({seconds:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
