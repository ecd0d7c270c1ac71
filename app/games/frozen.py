"""Cheap helpers for the engines' frozen dataclasses: `evolve` and `field_names`.

Engines never mutate a state; every change builds a new one, several times per action.
`dataclasses.replace` inspects the class's fields and runs the generated `__init__` on every
call, which made it the largest single cost of a random playout (states have 10 to 30
fields). `evolve` copies the instance's `__dict__` instead, so a change costs two dict updates.

That shortcut is only exact for a plain frozen dataclass whose `__dict__` holds its fields and
nothing else, and whose `__init__` does nothing but store them. Any other class (slots,
`__post_init__`, fields outside `__init__`, cached properties) goes through `replace`, so
`evolve` never changes what a copy is, only what it costs. Classes that are copied on every
action are declared without `slots=True` for this reason.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, TypeVar

T = TypeVar("T")


def evolve(instance: T, /, **changes: Any) -> T:
    """A copy of the frozen dataclass `instance` with `changes` applied, as `replace` makes."""
    cls: type = type(instance)
    names = _dict_fields(cls)
    if names is None:
        return dataclasses.replace(instance, **changes)  # type: ignore[type-var]
    if not names.issuperset(changes):
        unknown = ", ".join(sorted(set(changes) - names))
        raise TypeError(f"{cls.__name__} has no field {unknown}")
    copy: T = object.__new__(cls)
    copy.__dict__.update(instance.__dict__)
    copy.__dict__.update(changes)
    return copy


@functools.cache
def field_names(cls: type) -> tuple[str, ...]:
    """A dataclass's field names in declaration order, () for any other class: what encoders
    walk, without `dataclasses.fields` re-reading the class for every instance."""
    if not dataclasses.is_dataclass(cls):
        return ()
    return tuple(field.name for field in dataclasses.fields(cls))


@functools.cache
def _dict_fields(cls: type) -> frozenset[str] | None:
    """The field names of a class whose instances may be copied through `__dict__`, or None
    for a class that `replace` has to copy (the reasons are in the module docstring)."""
    if not dataclasses.is_dataclass(cls) or any("__slots__" in vars(k) for k in cls.__mro__):
        return None
    if hasattr(cls, "__post_init__") or _has_cached_values(cls):
        return None
    fields = dataclasses.fields(cls)
    if any(not field.init for field in fields):
        return None
    return frozenset(field.name for field in fields)


def _has_cached_values(cls: type) -> bool:
    """Cached properties live in `__dict__`: a copy would carry the original's values."""
    return any(
        isinstance(value, functools.cached_property)
        for klass in cls.__mro__
        for value in vars(klass).values()
    )
