"""The catalogue says every option value in a player's words, for every real game."""

from __future__ import annotations

import re

import httpx
import pytest

from app.games import REGISTRY
from app.games.protocol import Choice, Subset

REAL_GAMES = sorted(REGISTRY)
IDENTIFIER = re.compile(r"\b[a-z]+[_-][a-z_-]+\b")  # tough_nut, raffles-with-foxes


def _enums(schema: dict) -> list[tuple[str, list, list]]:  # type: ignore[type-arg]
    found = []
    for key, spec in schema["properties"].items():
        holder = spec["items"] if spec.get("type") == "array" else spec
        if "enum" in holder:
            found.append((key, holder["enum"], holder["choices"]))
    return found


@pytest.mark.parametrize("game_id", REAL_GAMES)
async def test_every_option_value_has_a_label_from_the_rules(
    client: httpx.AsyncClient, game_id: str
) -> None:
    games = {g["id"]: g for g in (await client.get("/api/v1/games")).json()}
    schema = games[game_id]["options_schema"]
    for key, values, choices in _enums(schema):
        assert [c["value"] for c in choices] == values, key  # same values, same order, same types
        spec = next(s for s in REGISTRY[game_id].options if s.key == key)
        assert isinstance(spec, Choice | Subset)
        assert [c["label"] for c in choices] == [spec.words[v] for v in values], key
    identifiers = {
        v for _k, values, _c in _enums(schema) for v in values if IDENTIFIER.fullmatch(str(v))
    }
    for key, spec in schema["properties"].items():  # no help text spells a value as an id
        named = [v for v in identifiers if re.search(rf"\b{re.escape(v)}\b", spec["description"])]
        assert not named, (key, spec["description"])


async def test_oh_fox_sizes_read_as_the_rulebook_names_them(client: httpx.AsyncClient) -> None:
    games = {g["id"]: g for g in (await client.get("/api/v1/games")).json()}
    animal_cards = games["oh-fox"]["options_schema"]["properties"]["animal_cards"]
    assert animal_cards["enum"][1] == "tough_nut"  # the API keeps its identifiers
    assert animal_cards["choices"][1] == {
        "value": "tough_nut",
        "label": "Tough Nut (3 predators + 4 prey)",
    }


async def test_a_game_without_written_labels_still_gets_words(client: httpx.AsyncClient) -> None:
    games = {g["id"]: g for g in (await client.get("/api/v1/games")).json()}
    for game in games.values():
        for _key, values, choices in _enums(game["options_schema"]):
            assert len(choices) == len(values)
            assert all(c["label"] and "_" not in c["label"] for c in choices)
