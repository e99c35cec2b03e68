"""scripts/bench_float_restart.py: the runs alternate, every run is kept, the medians read every run."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import bench_float_restart as bench


def test_the_ways_alternate_and_the_medians_read_every_run(tmp_path, monkeypatch, capsys):
    seconds = iter([50.0, 30.0, 46.0, 36.0, 51.0, 32.0])
    asked = []

    def fake(device, backend, way):
        asked.append(way)
        return {"way": way, "first_generation_s": next(seconds), "restarts": 2 if way == "symbolic" else 0,
                "torch": "2.11.0", "device_name": "H100"}

    monkeypatch.setattr(bench, "in_fresh_process", fake)
    assert bench.main(["--repeats", "3", "--out", str(tmp_path)]) == 0
    assert asked == ["symbolic", "constant"] * 3
    kept = json.loads((tmp_path / "float_restart.json").read_text())
    assert len(kept["runs"]) == 6 and kept["median_s"] == {"symbolic": 50.0, "constant": 32.0}
    assert "+18.00 s" in capsys.readouterr().out


def test_no_runs_is_refused():
    with pytest.raises(SystemExit):
        bench.main(["--repeats", "0"])
