"""labs/common/plain.py: dataclasses of plain data to JSON and back, by their type hints."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field

from labs.common.plain import from_plain, restore_fields, to_plain


@dataclass(frozen=True)
class Stats:
    median_s: float
    reps: int
    clock: str = ""


@dataclass(frozen=True)
class Pair:
    both: tuple[Stats, Stats]
    device: tuple[Stats, Stats] | None = None


@dataclass
class Findings:
    name: str
    pairs: dict[str, Pair] = field(default_factory=dict)
    shapes: tuple[int, ...] = ()
    sizes: tuple[int, int] | None = None
    steps: list[float] = field(default_factory=list)
    model: object | None = None          # a live object: not data, comes back None
    busy: threading.Event = field(default_factory=threading.Event)


def test_nested_dataclasses_tuples_dicts_and_optionals_come_back_equal_through_json():
    stats = Stats(0.25, 7, "latency")
    made = Findings("run", {"steady": Pair((stats, Stats(0.5, 3))), "none": Pair((stats, stats), (stats, stats))},
                    shapes=(1, 2, 3), sizes=(4, 5), steps=[0.1, 0.2])
    data = json.loads(json.dumps({k: v for k, v in to_plain(made).items() if k != "busy"}))
    again = Findings("other")
    restore_fields(again, data, skip=("busy",))
    assert (again.name, again.pairs, again.shapes, again.sizes, again.steps) == \
        ("run", made.pairs, (1, 2, 3), (4, 5), [0.1, 0.2])
    assert isinstance(again.pairs["steady"].both, tuple) and isinstance(again.pairs["steady"].both[0], Stats)


def test_what_json_cannot_hold_comes_back_none_and_skipped_fields_stay():
    made = Findings("run", model=object())
    busy = threading.Event()
    again = Findings("x", busy=busy)
    restore_fields(again, to_plain(made), skip=("busy",))
    assert again.model is None and again.busy is busy
    assert from_plain(tuple[int, int] | None, None) is None
    assert from_plain(list[Stats], [{"median_s": 1.0, "reps": 2}]) == [Stats(1.0, 2)]


@dataclass
class Watch:
    cores: int = 2
    samples: list[int] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)


@dataclass
class Run:
    watch: Watch = field(default_factory=Watch)
    best: Stats | None = None


def test_a_mutable_dataclass_already_there_is_restored_in_place_keeping_what_it_holds_live():
    earlier = Run(Watch(4, [3, 1, 2]), Stats(1.0, 2))
    live = Run()
    watch, stop = live.watch, live.watch._stop
    restore_fields(live, json.loads(json.dumps(to_plain(earlier))))
    assert live.watch is watch and watch._stop is stop, "the live watch (and its thread's event) was replaced"
    assert (watch.cores, watch.samples, live.best) == (4, [3, 1, 2], Stats(1.0, 2))
    restore_fields(live, to_plain(Run()))          # a later record: the frozen one is replaced, None too
    assert live.best is None and watch.samples == []
