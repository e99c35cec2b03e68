"""Findings of compile_compare's first-step part built by hand, for tests that call its report and
COMPILE_LOG without compiling anything."""

from __future__ import annotations

from labs.common import measure
from labs.compile_compare import compile_phases


def first_step_findings(vector_isa: measure.IsaSearch | None, warm_isa_s: float | None):
    """Eager 0.5 s then 0.1 s; compiled 6.0 s then 0.1 s, its compile phases 1 + 1 + 1 + 2 = 5 s;
    the warm process's first step 1.5 s (Dynamo 1 s, two FX-cache hits)."""
    from labs.compile_compare.findings import FirstStep, WarmStart
    phases = compile_phases.CompilePhases(dynamo_s=1.0, aot_autograd_s=1.0, inductor_s=1.0, kernel_compile_s=2.0,
                                          records=2)
    warm = WarmStart(first_step_s=1.5, phases=compile_phases.CompilePhases(dynamo_s=1.0, records=2, fx_cache_hits=2),
                     startup_s=3.0, toolchain_s=2.0, vector_isa_s=warm_isa_s, process_s=7.5)
    return FirstStep(eager_trace_s=[0.5, 0.1], compiled_trace_s=[6.0, 0.1], phases=phases, first_loss_diff=0.0,
                     toolchain_s=2.5, vector_isa=vector_isa, built_precompiled_header=False, warm=warm)
