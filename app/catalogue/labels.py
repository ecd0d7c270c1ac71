"""Words for option values, as the rulebooks say them, added to each game's options schema.

The engines name their option values with identifiers ("tough_nut", "raffles-with-foxes"):
right for the API, wrong on a screen. The catalogue publishes, next to every value, the label a
player reads, so every page (lobby form, lobby summary, home list) shows the same words.

A test checks that every value of every real game has a label here, so a new option cannot
reach the screen as an identifier.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

JSONValue = str | int | bool

VALUE_LABELS: Mapping[str, Mapping[str, Mapping[JSONValue, str]]] = {
    "fox-in-the-forest": {
        "target_score": {16: "16 points (short)", 21: "21 points", 35: "35 points (long)"},
        "special_list": {
            "axe": "8 Axe",
            "tree": "6 Tree",
            "fairy": "4 Fairy",
            "crown": "2 Crown",
            "mirror": "Mirror",
            "bow": "Bow",
            "hammer": "Hammer",
            "potion": "Potion",
            "shovel": "Shovel",
        },
    },
    "fox-in-the-forest-duet": {
        "level": {
            1: "Level 1 (side A)",
            2: "Level 2 (side B)",
            3: "Level 3 (side B, a forest token placed first)",
        },
    },
    "fox-on-the-run": {
        "neutrals": {
            "off": "Not in play",
            "random": "In play, sides at random",
            "raffles-with-foxes": "Raffles with the Foxes, Napoleon with the Guardians",
            "raffles-with-guardians": "Raffles with the Guardians, Napoleon with the Foxes",
        },
    },
    "oh-fox": {
        "animal_cards": {
            "standard": "Standard (2 predators + 3 prey)",
            "tough_nut": "Tough Nut (3 predators + 4 prey)",
            "completely_nuts": "Completely Nuts (4 predators + 6 prey)",
            "tough_nut_prey_only": "Tough Nut, prey only (2 predators + 4 prey)",
            "completely_nuts_prey_only": "Completely Nuts, prey only (2 predators + 6 prey)",
        },
        "picked_animals": {
            name: name.capitalize()
            for name in (
                "badger",
                "fox",
                "owl",
                "viper",
                "hedgehog",
                "rabbit",
                "rat",
                "sparrow",
                "squirrel",
                "toad",
            )
        },
        "objectives": {"two": "Two objective cards", "none": "No objective cards"},
        "picked_objectives": {
            name: name.capitalize()
            for name in ("fickler", "navigator", "slowpoke", "straggler", "stroller", "swimmer")
        },
        "predator": {
            "random": "Dealt at random",
            "first": "The player in seat 1",
            "second": "The player in seat 2",
            "third": "The player in seat 3",
            "fourth": "The player in seat 4",
        },
    },
}

# Help texts of the engines that spell values as identifiers, said in a player's words.
DESCRIPTIONS: Mapping[str, Mapping[str, str]] = {
    "oh-fox": {
        "animal_cards": "How many animal cards are shown face up. Tough Nut and Completely Nuts "
        "(Forest Facades) add predators and prey; their prey-only sizes keep 2 predators and "
        "add only prey, a handicap for an experienced predator.",
        "objectives": "Two objective cards (those picked below, the rest at random), or none "
        "for an easier first game.",
    },
}


def humanize(value: JSONValue) -> str:
    """The fallback for a value with no label (test games): "raffles-with-foxes" -> words."""
    text = str(value).replace("-", " ").replace("_", " ")
    return text[:1].upper() + text[1:]


def label_of(game: str, key: str, value: JSONValue) -> str:
    return VALUE_LABELS.get(game, {}).get(key, {}).get(value) or humanize(value)


def labelled_schema(game: str, schema: Mapping[str, Any]) -> dict[str, Any]:
    """`schema` with `choices: [{value, label}]` beside every enum (extends, never renames)."""
    properties = {
        key: _labelled_property(game, key, spec)
        for key, spec in schema.get("properties", {}).items()
    }
    return {**schema, "properties": properties}


def _labelled_property(game: str, key: str, spec: Mapping[str, Any]) -> dict[str, Any]:
    result = dict(spec)
    description = DESCRIPTIONS.get(game, {}).get(key)
    if description:
        result["description"] = description
    if "enum" in spec:
        result["choices"] = _choices(game, key, spec["enum"])
    items = spec.get("items")
    if isinstance(items, Mapping) and "enum" in items:
        result["items"] = {**items, "choices": _choices(game, key, items["enum"])}
    return result


def _choices(game: str, key: str, values: list[JSONValue]) -> list[dict[str, Any]]:
    return [{"value": value, "label": label_of(game, key, value)} for value in values]
