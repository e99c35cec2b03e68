"""Dataclasses of plain data to JSON and back, by their type hints: what a part's record keeps of
a lab's shared findings, so that a resumed run gets them back as the parts left them.

Handles nested dataclasses, lists, tuples (fixed or `...`), dicts with string keys, `X | None`,
and JSON's own scalars. A field holding anything else (a model, a compiled step, a thread) is
kept as None (a dataclass holding one comes back with that field None): such a field belongs to
the part that made it, and a later part must not need it.
Standard library only.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any

SCALARS = (str, int, float, bool, type(None))


def to_plain(value: Any) -> Any:
    """JSON-ready data for `value`; what JSON cannot hold becomes None."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, SCALARS):
        return value
    if isinstance(value, (list, tuple)):
        return [to_plain(item) for item in value]
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return {k: to_plain(v) for k, v in value.items()}
    return None


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_plain(kind: Any, data: Any) -> Any:
    """The value of type `kind` that `to_plain` turned into `data`."""
    if data is None:
        return None
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        choices = [a for a in args if a is not type(None)]
        return from_plain(choices[0], data) if len(choices) == 1 else data
    if dataclasses.is_dataclass(kind):
        hints = _hints(kind)
        fields = {f.name: from_plain(hints[f.name], data[f.name]) for f in dataclasses.fields(kind)
                  if f.init and f.name in data}
        return kind(**fields)
    if origin is list:
        return [from_plain(args[0] if args else Any, item) for item in data]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_plain(args[0], item) for item in data)
        return tuple(from_plain(a, item) for a, item in zip(args, data, strict=True)) if args else tuple(data)
    if origin is dict:
        return {k: from_plain(args[1] if args else Any, v) for k, v in data.items()}
    return data


def restore_fields(target: Any, data: dict[str, Any], skip: tuple[str, ...] = ()) -> None:
    """Set each field of the dataclass instance `target` from `data` (as `to_plain` made it).

    A field that already holds a mutable dataclass is restored in place, and only where its kept
    value is not None: what it holds live (a thread that samples into it) stays.
    """
    hints = _hints(type(target))
    for field in dataclasses.fields(target):
        if field.name not in data or field.name in skip:
            continue
        current, kept = getattr(target, field.name), data[field.name]
        if _mutable_dataclass(current) and isinstance(kept, dict):
            restore_fields(current, {k: v for k, v in kept.items() if v is not None})
        else:
            setattr(target, field.name, from_plain(hints[field.name], kept))


def _mutable_dataclass(value: Any) -> bool:
    return (dataclasses.is_dataclass(value) and not isinstance(value, type)
            and not type(value).__dataclass_params__.frozen)
