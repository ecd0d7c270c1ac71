"""Lobby options: publish an engine's option specs as JSON Schema and normalise raw input.

Engines call `normalize` from their `check_options` and then add their own cross-field rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from app.games.protocol import JSON, BadOptions, Choice, Flag, Integer, OptionSpec, Subset


def schema(specs: Sequence[OptionSpec]) -> dict[str, JSON]:
    """A JSON Schema object describing the options (served by GET /api/v1/games).

    Beside every `enum` stands `choices: [{value, label}]`, each value in a player's words
    (the spec's `words`), so every page (lobby form, lobby summary, home list) shows the same
    words and none has to spell an identifier."""
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {spec.key: _property(spec) for spec in specs},
    }


def _property(spec: OptionSpec) -> dict[str, JSON]:
    base: dict[str, JSON] = {"title": spec.label, "description": spec.help}
    if isinstance(spec, Choice):
        return base | {
            "enum": list(spec.values),
            "choices": _choices(spec),
            "default": spec.default,
        }
    if isinstance(spec, Flag):
        return base | {"type": "boolean", "default": spec.default}
    if isinstance(spec, Integer):
        return base | {
            "type": "integer",
            "minimum": spec.minimum,
            "maximum": spec.maximum,
            "default": spec.default,
        }
    return base | {
        "type": "array",
        "items": {"enum": list(spec.values), "choices": _choices(spec)},
        "uniqueItems": True,
        "default": list(spec.default),
    }


def _choices(spec: Choice | Subset) -> list[JSON]:
    return [{"value": value, "label": words_for(spec, value)} for value in spec.values]


def words_for(spec: Choice | Subset, value: JSON) -> str:
    """The spec's words for `value`; for a value without (a test game's), the identifier made
    readable: "raffles-with-foxes" -> "Raffles with foxes"."""
    if value in spec.words:
        return spec.words[value]
    text = str(value).replace("-", " ").replace("_", " ")
    return text[:1].upper() + text[1:]


def defaults(specs: Sequence[OptionSpec]) -> dict[str, JSON]:
    return {spec.key: _default(spec) for spec in specs}


def _default(spec: OptionSpec) -> JSON:
    return list(spec.default) if isinstance(spec, Subset) else spec.default


def normalize(specs: Sequence[OptionSpec], raw: Mapping[str, JSON]) -> dict[str, JSON]:
    """Every option with its value: the given one if valid, else the default.

    Unknown keys and wrong types are refused rather than ignored, so a typo in a client never
    silently plays a different variant.
    """
    if not isinstance(raw, Mapping):
        raise BadOptions("Options must be an object.")
    by_key = {spec.key: spec for spec in specs}
    unknown = sorted(set(raw) - set(by_key))
    if unknown:
        raise BadOptions(f"Unknown option: {unknown[0]}.")
    result = defaults(specs)
    for key, value in raw.items():
        result[key] = _checked(by_key[key], value)
    return result


def _checked(spec: OptionSpec, value: JSON) -> JSON:
    if isinstance(spec, Choice):
        # bool is an int in Python: keep True from matching a choice of 1.
        if any(_same(value, allowed) for allowed in spec.values):
            return value
        allowed = ", ".join(str(v) for v in spec.values)
        raise BadOptions(f"{spec.label} must be one of: {allowed}.")
    if isinstance(spec, Flag):
        if isinstance(value, bool):
            return value
        raise BadOptions(f"{spec.label} must be true or false.")
    if isinstance(spec, Integer):
        is_int = isinstance(value, int) and not isinstance(value, bool)
        if is_int and spec.minimum <= value <= spec.maximum:
            return value
        raise BadOptions(
            f"{spec.label} must be a whole number from {spec.minimum} to {spec.maximum}."
        )
    return _checked_subset(spec, value)


def _checked_subset(spec: Subset, value: JSON) -> JSON:
    if not isinstance(value, list):
        raise BadOptions(f"{spec.label} must be a list.")
    for item in value:
        if not any(_same(item, allowed) for allowed in spec.values):
            raise BadOptions(f"{spec.label}: {item!r} is not one of the choices.")
    if len({repr(item) for item in value}) != len(value):
        raise BadOptions(f"{spec.label} lists the same choice twice.")
    return list(value)


def _same(a: JSON, b: JSON) -> bool:
    return type(a) is type(b) and a == b
