"""The sentence that sums up compile_compare's comparisons names, on device time, the ones whose
device time was queued: those hold the host's gaps, the replayed ones do not."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from labs.compile_compare import summaries
from labs.compile_compare.lab import COMPARISON_NAMES, comparison_name


def ab(method: str | None):
    return SimpleNamespace(timing=SimpleNamespace(device_method=method))


@pytest.mark.parametrize("lang, marker", [("en", "on queued calls"), ("es", "con llamadas encoladas")])
@pytest.mark.parametrize("method, clock, marked", [
    ("queued", "device", True), ("graph", "device", False),
    ("queued", "latency", False),          # latency is the same clock whatever device time was
    (None, "latency", False)])
def test_a_queued_comparison_is_named_so_on_device_time_only(lang, marker, method, clock, marked):
    name = comparison_name("cuda_graphs", ab(method), clock, lang)
    assert name.startswith(COMPARISON_NAMES["cuda_graphs"][lang])
    assert (marker in name) == marked


def test_the_summary_sentence_carries_the_marked_names():
    rows = [(comparison_name("steady", ab("graph"), "device", "en"), "faster", False),
            (comparison_name("cuda_graphs", ab("queued"), "device", "en"), "faster", False)]
    said = summaries.comparisons(rows, "en")
    assert "reduce-overhead against default on queued calls" in said
    assert "compiled against eager on queued calls" not in said
