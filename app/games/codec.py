"""One JSON codec for every engine's state: frozen dataclasses to JSON and back, exactly.

`state_codec(State)` reads the dataclass's type hints once and compiles an encoder and a
decoder for it, so every engine's `encode`/`decode` is this module and none is written by hand.
What it understands, and the JSON it writes (the shape stored in the database: never change it
without bumping the engine `version`):

- `int`, `str`, `bool`, `float`, `None`: as they are; an `Enum` as its value.
- `tuple[X, ...]` and `tuple[X, Y]`: a JSON list (decoded back to a tuple).
- `X | None`: null or X.
- a nested dataclass: an object of its fields in declaration order, or a list of them in
  declaration order if the class is marked `@json_array` (small records: a play, a tile).
- a field declared with `field(metadata=custom(encode, decode))`: its own pair of functions,
  for a value whose JSON form is an id players know ("r1c2" for a board space).
- a field declared with `field(metadata=stored_as("key"))`: stored under that key, not under
  its name, so a field renamed in the code keeps reading and writing the stored matches.

Decoding fills a field that is absent from the JSON with its default, so states saved before a
field with a default was added still load. Anything else (a set, a dict, a union of two types)
is refused when the codec is built, so a state shape the codec cannot store exactly fails the
first test that touches it rather than a stored match.

Why generated code: the server encodes the state after every action and decodes it on every
cache miss; a generic walk over fields at run time cost more than the move itself. The
compiled functions are what a hand-written codec would be, field by field.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import itertools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

T = TypeVar("T")

Encoder = Callable[[Any], Any]
Decoder = Callable[[Any], Any]

_CUSTOM = "foxden.codec"
_KEY = "foxden.codec.key"
_ARRAY_FORM: set[type] = set()
_counter = itertools.count()

C = TypeVar("C", bound=type)


def json_array(cls: C) -> C:
    """Mark a small dataclass to be stored as a list of its fields (the compact form)."""
    _ARRAY_FORM.add(cls)
    return cls


def custom(encode: Encoder, decode: Decoder) -> dict[str, Any]:
    """Field metadata giving a field its own JSON form: `field(metadata=custom(...))`."""
    return {_CUSTOM: (encode, decode)}


def stored_as(key: str) -> dict[str, Any]:
    """Field metadata storing a field under `key`: `field(metadata=stored_as("stage"))`.

    The stored JSON is the database's, so renaming a field in the code must not rename it
    there (and bump the engine version); this keeps the old key. Merge with `custom(...)` by
    `{**custom(...), **stored_as(...)}`.
    """
    return {_KEY: key}


def _key(field: dataclasses.Field[Any]) -> str:
    """The JSON key of a field: its name unless `stored_as` says otherwise."""
    key: str = field.metadata.get(_KEY, field.name)
    return key


class StateCodec(Generic[T]):
    """The compiled encoder and decoder of one dataclass."""

    def __init__(self, cls: type[T]) -> None:
        self.encode: Callable[[T], dict[str, Any]] = _encoder(typing.cast(type, cls))
        self.decode: Callable[[Mapping[str, Any]], T] = _decoder(typing.cast(type, cls))


@functools.cache
def _cached_codec(cls: type) -> StateCodec[Any]:
    return StateCodec(cls)


def state_codec(cls: type[T]) -> StateCodec[T]:
    """The codec of a state dataclass (built once per class)."""
    codec: StateCodec[T] = _cached_codec(typing.cast(type, cls))
    return codec


# --------------------------------------------------------------------------- type analysis


def _args(tp: Any) -> tuple[Any, ...]:
    return typing.get_args(tp)


def _is_optional(tp: Any) -> bool:
    origin = typing.get_origin(tp)
    return origin in (typing.Union, types.UnionType) and type(None) in _args(tp)


def _without_none(tp: Any) -> Any:
    rest = [arg for arg in _args(tp) if arg is not type(None)]
    if len(rest) != 1:
        raise TypeError(f"the codec stores X | None only, not {tp}")
    return rest[0]


def _is_plain(tp: Any) -> bool:
    """JSON as it is: no conversion either way."""
    if tp in (int, str, bool, float, type(None), Any):
        return True
    if _is_optional(tp):
        return _is_plain(_without_none(tp))
    return False


def _tuple_items(tp: Any) -> tuple[Any, ...] | None:
    """The item types of a tuple type (one entry for `tuple[X, ...]`), None for others."""
    if typing.get_origin(tp) is not tuple:
        return None
    args = _args(tp)
    return args[:1] if len(args) == 2 and args[1] is Ellipsis else args


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


# --------------------------------------------------------------------------- code generation


class _Source:
    """Generated code and the objects it refers to (helpers, defaults, classes)."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {}

    def ref(self, value: Any) -> str:
        name = f"_r{next(_counter)}"
        self.names[name] = value
        return name

    def compile(self, name: str, text: str) -> Callable[[Any], Any]:
        scope: dict[str, Any] = dict(self.names)
        exec(text, scope)
        function: Callable[[Any], Any] = scope[name]
        return function


def _encode_expr(tp: Any, value: str, src: _Source, depth: int = 0) -> str:
    """A Python expression that encodes `value` (an expression of type `tp`)."""
    if _is_plain(tp):
        return value
    items = _tuple_items(tp)
    if items is not None and (len(items) == 1 or all(_is_plain(item) for item in items)):
        return _encode_items(items, value, src, depth)
    return f"{src.ref(_value_encoder(tp))}({value})"


def _encode_items(items: tuple[Any, ...], value: str, src: _Source, depth: int) -> str:
    """The list form of a tuple whose items are `items` (one entry: `tuple[X, ...]`)."""
    if all(_is_plain(item) for item in items):
        return f"list({value})"
    if len(items) == 1:
        var = f"_i{depth}"
        return f"[{_encode_expr(items[0], var, src, depth + 1)} for {var} in {value}]"
    parts = ", ".join(_encode_expr(tp, f"{value}[{i}]", src, depth) for i, tp in enumerate(items))
    return f"[{parts}]"


def _decode_expr(tp: Any, value: str, src: _Source, depth: int = 0) -> str:
    """A Python expression that decodes `value` (JSON) into `tp`."""
    if _is_plain(tp):
        return value
    items = _tuple_items(tp)
    if items is not None and (len(items) == 1 or all(_is_plain(item) for item in items)):
        return _decode_items(items, value, src, depth)
    return f"{src.ref(_value_decoder(tp))}({value})"


def _decode_items(items: tuple[Any, ...], value: str, src: _Source, depth: int) -> str:
    if all(_is_plain(item) for item in items):
        return f"tuple({value})"
    if len(items) == 1:
        var = f"_i{depth}"
        return f"tuple([{_decode_expr(items[0], var, src, depth + 1)} for {var} in {value}])"
    parts = "".join(
        f"{_decode_expr(tp, f'{value}[{i}]', src, depth)}, " for i, tp in enumerate(items)
    )
    return f"({parts})"


@functools.cache
def _value_encoder(tp: Any) -> Encoder:
    """The encoder of any supported type, as a function."""
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum_value
    if _is_optional(tp):
        inner = _value_encoder(_without_none(tp))
        return lambda value: None if value is None else inner(value)
    items = _tuple_items(tp)
    if items is not None:
        return _tuple_encoder(items)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _encoder(tp)
    raise TypeError(f"the state codec cannot store {tp!r}")


@functools.cache
def _value_decoder(tp: Any) -> Decoder:
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp
    if _is_optional(tp):
        inner = _value_decoder(_without_none(tp))
        return lambda data: None if data is None else inner(data)
    items = _tuple_items(tp)
    if items is not None:
        return _tuple_decoder(items)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _decoder(tp)
    raise TypeError(f"the state codec cannot store {tp!r}")


def _enum_value(member: enum.Enum) -> Any:
    return member.value


def _tuple_encoder(items: tuple[Any, ...]) -> Encoder:
    src = _Source()
    body = _encode_items(items, "value", src, 0)
    return src.compile("encode", f"def encode(value):\n    return {body}\n")


def _tuple_decoder(items: tuple[Any, ...]) -> Decoder:
    src = _Source()
    body = _decode_items(items, "data", src, 0)
    return src.compile("decode", f"def decode(data):\n    return {body}\n")


@functools.cache
def _encoder(cls: type) -> Encoder:
    src = _Source()
    hints = _hints(cls)
    parts = []
    for field in dataclasses.fields(cls):
        if _CUSTOM in field.metadata:
            encode = src.ref(field.metadata[_CUSTOM][0])
            parts.append((_key(field), f"{encode}(value.{field.name})"))
        else:
            parts.append((_key(field), _encode_expr(hints[field.name], f"value.{field.name}", src)))
    if cls in _ARRAY_FORM:
        body = "[" + ", ".join(expr for _, expr in parts) + "]"
    else:
        body = "{" + ", ".join(f"{name!r}: {expr}" for name, expr in parts) + "}"
    return src.compile("encode", f"def encode(value):\n    return {body}\n")


@functools.cache
def _decoder(cls: type) -> Decoder:
    src = _Source()
    hints = _hints(cls)
    array = cls in _ARRAY_FORM
    arguments = []
    for index, field in enumerate(dataclasses.fields(cls)):
        key = _key(field)
        raw = f"data[{index}]" if array else f"data[{key!r}]"
        if _CUSTOM in field.metadata:
            expr = f"{src.ref(field.metadata[_CUSTOM][1])}({raw})"
        else:
            expr = _decode_expr(hints[field.name], raw, src)
        if not array and field.default is not dataclasses.MISSING:
            # Absent from states saved before the field existed: its default then.
            expr = f"({expr} if {key!r} in data else {src.ref(field.default)})"
        arguments.append(f"{field.name}={expr}")
    body = f"{src.ref(cls)}({', '.join(arguments)})"
    return src.compile("decode", f"def decode(data):\n    return {body}\n")
