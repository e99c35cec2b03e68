"""The checks of meaning on a bare dump: an output_code.py alone, as a GPU run without the
recorder leaves it, where the oracle runs each kernel's `# Graph fragment:` comment instead of
the recorded graph. Two kernels of one dump are judged each against its own fragment, and a
dump rewritten in place is run again. The fragments are written by hand: a softmax of x over
one dim (amax, sub, exp, sum, div) and a plain exp of y."""

from __future__ import annotations

import pytest

from labs.common.kernel_facts import checks
from labs.common.kernel_facts.records import GraphFacts
from tests.helpers_bare_dumps import EXP_KERNEL, SOFTMAX_KERNEL, exp_claim, softmax_claim, write_bare_dump


@pytest.fixture(autouse=True)
def empty_oracle_cache(monkeypatch):
    monkeypatch.setattr(checks, "_EVALUATED", {})


def test_each_kernel_of_a_bare_dump_is_judged_against_its_own_fragment(tmp_path):
    folder = write_bare_dump(tmp_path)
    # the exp kernel is judged first: its fragment must not stand in for the softmax kernel's
    assert checks.pattern_computes(exp_claim(), folder) is True
    assert checks.pattern_computes(softmax_claim(dim=1), folder) is True
    assert checks.pattern_computes(softmax_claim(dim=0), folder) is False   # near miss: another dim
    assert checks.pattern_computes(exp_claim(), folder) is True             # and back again


def test_a_bare_dump_rewritten_in_place_is_run_again(tmp_path):
    folder = write_bare_dump(tmp_path, softmax_dim=1)
    assert checks.pattern_computes(softmax_claim(dim=1), folder) is True
    # the same kernel names, now a softmax over dim 0; only output_code.py's stamp tells
    write_bare_dump(tmp_path, softmax_dim=0, stamp_ns=1_800_000_000_000_000_000)
    assert checks.pattern_computes(softmax_claim(dim=1), folder) is False
    assert checks.pattern_computes(softmax_claim(dim=0), folder) is True


def test_the_kernel_chosen_for_a_pattern_in_a_bare_dump_runs_it(tmp_path):
    folder = write_bare_dump(tmp_path)
    graph = GraphFacts(str(folder), {"output_code": True}, [], [exp_claim(), softmax_claim()])
    assert checks.kernel_computes_output(graph, SOFTMAX_KERNEL, "softmax", folder) is True
    assert checks.kernel_computes_output(graph, SOFTMAX_KERNEL, "attention_softmax", folder) is True
    assert checks.kernel_computes_output(graph, SOFTMAX_KERNEL, "log_softmax", folder) is False
    assert checks.kernel_computes_output(graph, EXP_KERNEL, "softmax", folder) is False
