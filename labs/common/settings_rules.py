"""The rules every lab's `settings.py` checks its knobs with, and the per-device holder.

Each lab keeps its knobs in one frozen dataclass, `Settings`, whose `__post_init__` calls these
rules; a bad value stops at construction with one line that names the field and says what to
change, instead of failing minutes into a run. Standard library only.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from labs.common.labmeta import DEVICES

T = TypeVar("T")


def _refuse(field: str, value: object, wanted: str) -> ValueError:
    return ValueError(f"settings: {field} = {value!r}; {wanted}")


def positive(field: str, value: float) -> None:
    """A count, a size or a budget in seconds: a finite number above zero (NaN is refused)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (0 < value < math.inf):
        raise _refuse(field, value, "set a finite number above 0")


def not_negative(field: str, value: float) -> None:
    """A number where 0 means "none" (e.g. no timing): finite and at least zero."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (0 <= value < math.inf):
        raise _refuse(field, value, "set a finite number of at least 0")


def fraction(field: str, value: float, *, one_allowed: bool) -> None:
    """A share of something: above 0, below 1 (or up to 1 when `one_allowed`)."""
    number = not isinstance(value, bool) and isinstance(value, (int, float))
    if not number or not (value > 0 and (value <= 1 if one_allowed else value < 1)):
        raise _refuse(field, value, f"set a fraction above 0 and {'at most' if one_allowed else 'below'} 1")


def all_positive(field: str, values: Iterable[float]) -> None:
    """A non-empty tuple of positive numbers (sizes, batches, contexts)."""
    values = tuple(values)
    if not values:
        raise _refuse(field, values, "list at least one value")
    for at, value in enumerate(values):
        positive(f"{field}[{at}]", value)


def non_empty(field: str, values: Collection[object]) -> None:
    if len(values) == 0:
        raise _refuse(field, values, "list at least one value")


def one_of(field: str, value: object, allowed: Collection[object]) -> None:
    if value not in allowed:
        raise _refuse(field, value, f"use one of {sorted(allowed)}")


def all_of(field: str, values: Collection[object], allowed: Collection[object]) -> None:
    """A non-empty tuple whose every value is one of `allowed`, none twice."""
    non_empty(field, values)
    for value in values:
        one_of(field, value, allowed)
    if len(set(values)) != len(values):
        raise _refuse(field, values, "name each value once")


def keyed_by(field: str, mapping: Mapping[str, object], keys: Collection[str]) -> None:
    """A per-device (or per-anything) table: exactly one entry for each of `keys`."""
    if set(mapping) != set(keys):
        raise _refuse(field, sorted(mapping), f"give one entry for each of {sorted(keys)}, no other")


def at_most(field: str, value: float, limit: float, limit_name: str) -> None:
    if value > limit:
        raise _refuse(field, value, f"it must be at most {limit_name} ({limit!r}): lower it or raise {limit_name}")


def divides(field: str, value: int, whole: int, whole_name: str) -> None:
    """`whole` must split evenly in `value` parts (heads of a width, micro-batches of a batch)."""
    if whole % value:
        raise _refuse(field, value, f"it must divide {whole_name} ({whole}) evenly")


@dataclass(frozen=True)
class PerDevice(Generic[T]):
    """One preset's settings for a lab whose CPU and GPU runs differ in size (a GPU and a 2-core
    CPU are orders of magnitude apart): one field per device of `contract.DEVICES`."""

    cpu: T
    """The settings of a run on the CPU."""
    cuda: T
    """The settings of a run on a CUDA GPU."""

    def on(self, device: str) -> T:
        if device not in DEVICES:
            raise ValueError(f"settings: no device {device!r}; use one of {list(DEVICES)}")
        return getattr(self, device)
