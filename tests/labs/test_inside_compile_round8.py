"""Round 8: near misses for the inside_compile lab's own checks (tests/mutation/fresh_bugs.toml, round 8)."""

from __future__ import annotations

import pytest

from labs.inside_compile import funnel


def test_funnel_rows_take_each_column_from_its_own_count():
    # guards funnel_rows: a mode stage reads training's count; a graph stage sums forward and backward
    counts = {stage: {"inference": 3, "training": 10, "forward": 2, "backward": 5} for stage, _ in funnel.STAGES}
    rows = {row[0]: row for row in funnel.funnel_rows(counts)}
    assert rows["aten_ops"] == ["aten_ops", 3, 10, "", ""]
    assert rows["kernels"] == ["kernels", 3, 7, 2, 5]
    del counts["kernels"]
    with pytest.raises(RuntimeError, match="kernels"):
        funnel.funnel_rows(counts)
