"""One release's probe, run with that release's python: compile each module and record what
the release made of it.

    <release python> -m labs.kernel_history.probe --device cpu --preset full --out DIR

First, once per probe, a one-line compile pays the process's one-time compile costs
(`measure.warm_up_compiler`), so that no module's compile time carries them. Then per module, in
this order (capture and timing never overlap):
1. cold compile time: a fresh compile in a fresh cache, no dumps (`measure.compile_seconds`),
   that cache kept in the module's work folder;
2. guards: the checks of Dynamo's cache entries for the module's forward, by kind;
3. eager against compiled: `measure.compare` (latency; device time too on a GPU);
4. capture: the same graphs compiled again with Inductor's debug trace on, lowered afresh and
   dumped, their kernels loaded from the cache step 1 built (`recorder.capturing(kernels_from=)`):
   the kernels of each graph, normalised, with the ops each fused, its loop/reduction tags and
   the annotator's pattern where `labs.common.kernel_facts` can state it (anything it cannot is
   "not annotated").

DIR/probe.json is rewritten after every module, so a probe killed by its timeout still leaves
the modules it finished. A module that fails is recorded with its reason; the others go on.
"""

from __future__ import annotations

import argparse
import contextlib
import platform
import sys
import tempfile
import traceback
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import torch

from labs.common import inductor_output, measure
from labs.common.atomic import write_json_atomic
from labs.inside_compile.guards import guard_kinds
from labs.kernel_history import modules
from labs.kernel_history.normalize import fusion, normalize, strategy
from labs.kernel_history.settings import SETTINGS

PROBE_FILE = "probe.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m labs.kernel_history.probe")
    parser.add_argument("--device", choices=["cpu", "cuda"], required=True)
    parser.add_argument("--preset", choices=sorted(SETTINGS), required=True)
    parser.add_argument("--modules", required=True, help="comma-separated module names")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    settings = SETTINGS[args.preset]
    result: dict = {"torch": torch.__version__, "python": platform.python_version(),
                    "device_name": _device_name(args.device), "modules": {}}
    measure.warm_up_compiler(args.device)
    for name in args.modules.split(","):
        try:
            result["modules"][name] = probe_module(modules.build(name, settings.shapes, args.device),
                                                   args.device, args.out / "work" / name, settings.budget_s)
        except Exception as error:  # one module's failure is its row's reason, not the probe's end
            traceback.print_exc()
            result["modules"][name] = {"error": f"compile failed: {_one_line(error)}"}
        result["threads"] = measure.threads_used()
        write_json_atomic(args.out / PROBE_FILE, result)
    return 0


def probe_module(case: modules.Case, device: str, work: Path, budget_s: float) -> dict:
    work.mkdir(parents=True, exist_ok=True)  # a new folder for the timed compile's cache, kept for the capture
    kernels = Path(tempfile.mkdtemp(prefix="kernel-cache-", dir=work))
    compiled = torch.compile(case.module)
    record: dict = {"compile_s": measure.compile_seconds(case.call(compiled), device, keep_in=kernels),
                    "guards": guards(case)}
    with measure.cpu_threads(measure.timing_threads(device), device):
        comparison = measure.compare(case.call(case.module), case.call(compiled), device, budget_s=budget_s)
    record["eager"], record["compiled"] = (s.as_dict() for s in comparison.latency)
    if comparison.device:
        record["eager_device"], record["compiled_device"] = (s.as_dict() for s in comparison.device)
    return capture(case, work / "debug", kernels) | record


# -- 4. capture ------------------------------------------------------------------------------

@dataclass
class _Folders:
    folders: list[Path] = field(default_factory=list)


@contextlib.contextmanager
def _plain_capture(debug_dir: Path) -> Iterator[_Folders]:
    """Inductor's trace on, fresh cache, no annotator: the kernels alone."""
    from torch._inductor import config as inductor_config
    found = _Folders()
    before = set(inductor_output.graph_folders(debug_dir))
    with measure.cold_caches(), inductor_config.patch({"trace.enabled": True}), \
            torch._dynamo.config.patch(debug_dir_root=str(debug_dir)):
        yield found
    found.folders = [f for f in inductor_output.graph_folders(debug_dir) if f not in before]


def capture(case: modules.Case, debug_dir: Path, kernels_from: Path) -> dict:
    """The kernels of one recorded compile; annotated when kernel_facts can, plain otherwise.
    kernels_from: the cache of the module's timed compile (its kernels are loaded, not rebuilt)."""
    debug_dir.mkdir(parents=True, exist_ok=True)
    annotator_error = None
    try:
        from labs.common.kernel_facts import recorder
        with recorder.capturing(debug_dir / "recorded", kernels_from=kernels_from) as captured:
            case.call(torch.compile(case.module))()
        folders = captured.folders
    except Exception as error:  # the annotator's recorder is optional: fall back to a plain dump
        annotator_error = _one_line(error)
        with _plain_capture(debug_dir / "plain") as captured:
            case.call(torch.compile(case.module))()
        folders = captured.folders
    if not folders:
        raise RuntimeError("the compile wrote no output_code.py (no graph reached Inductor)")
    kernels, library_calls = [], []
    for index, folder in enumerate(folders):
        output_code = (folder / "output_code.py").read_text(encoding="utf-8")
        patterns = annotate(folder) if annotator_error is None else {}
        library_calls += inductor_output.extern_kernel_calls(inductor_output.wrapper_call(output_code))
        for kernel in inductor_output.parse_kernels(output_code):
            kernels.append({"graph": index, "name": kernel.name, "language": kernel.language,
                            "fusion": fusion(kernel.name), "strategy": strategy(kernel.name, kernel.source),
                            "pattern": patterns.get(kernel.name), "source": normalize(kernel.source)})
    return {"graphs": len(folders), "kernels": kernels, "library_calls": library_calls,
            "annotator": "ok" if annotator_error is None else f"not annotated: {annotator_error}"}


def annotate(folder: Path) -> dict[str, str]:
    """kernel -> the annotator's pattern ("softmax, two_pass", "none"); kernels it cannot state
    are left out (not annotated), and so is every kernel when the annotator fails."""
    try:
        from labs.common.kernel_facts import facts
        graph = facts.analyze(folder)
    except Exception:  # another engineer may be rewriting the annotator: absence is not an error
        return {}
    found = {}
    for kernel in graph.kernels:
        pattern = getattr(kernel, "pattern", None)
        if pattern is not None:
            form = getattr(kernel, "form", None)
            found[kernel.kernel] = f"{pattern}, {form}" if form else str(pattern)
    return found


# -- 2. guards -------------------------------------------------------------------------------

def guards(case: modules.Case) -> dict:
    """{"entries": n, "kinds": {KIND: count}} for the module's forward; {} if unreadable."""
    try:
        from torch._dynamo.eval_frame import _debug_get_cache_entry_list
        entries = [entry for code in _entry_codes(case) for entry in _debug_get_cache_entry_list(code)]
    except Exception as error:
        return {"error": _one_line(error)}
    kinds: Counter[str] = Counter()
    for entry in entries:
        kinds += guard_kinds(str(entry.guard_manager))
    return {"entries": len(entries), "kinds": dict(sorted(kinds.items()))}


def _entry_codes(case: modules.Case) -> list:
    """The frames Dynamo may have compiled for the module: its own forward, the module call
    wrappers, and, for torch.nn's own modules (whose files Dynamo does not enter as frames),
    the `wrap_inline` shim it compiles instead. Dynamo was reset before this module's compile,
    so no other module's entries are left on the shared ones."""
    codes = [case.code, torch.nn.Module._call_impl.__code__, torch.nn.Module._wrapped_call_impl.__code__]
    try:
        from torch._dynamo.external_utils import wrap_inline
        codes.append(wrap_inline(lambda: None).__code__)
    except (ImportError, AttributeError):
        pass
    return codes


# -- helpers ---------------------------------------------------------------------------------

def _device_name(device: str) -> str:
    if device == "cuda" and torch.cuda.is_available():
        return torch.cuda.get_device_name()
    return platform.processor() or platform.machine()


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0][:240] if text else ''}".rstrip(": ")


if __name__ == "__main__":
    sys.exit(main())
