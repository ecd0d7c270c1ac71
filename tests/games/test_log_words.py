"""The match log is read by players: it names things as players know them, never by raw ids.

Ids are for actions, views and `data` ("r1c2", "bells-7", "card-3", "indigo_freed_scarlett");
a log sentence says "row 1, column 2", "7 of Bells", "the Badger".
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from app.games import REGISTRY
from app.games.protocol import Engine
from tests.games.conformance import option_sets, random_playout

RAW_IDS = re.compile(
    r"\br\dc\d\b"  # an Oh, Fox! board space id
    r"|\b[a-z]+-\d+\b"  # a card id such as bells-7 or card-3
    r"|\b[a-z]+_[a-z_]+\b"  # a snake_case code (reasons, phases, actions)
    r"|\bidentity-"  # an identity card token
)

OH_FOX_ANIMALS = ("badger", "fox", "owl", "viper", "hedgehog", "rabbit", "rat", "sparrow")


def _log_texts(engine: Engine[Any], playouts: int) -> list[str]:
    rng = random.Random(f"log-words:{engine.id}")
    combos = option_sets(engine)
    texts = []
    for index in range(playouts):
        players, options = combos[index % len(combos)]
        playout = random_playout(engine, players, options, rng.getrandbits(63))
        texts += [
            text for step in playout.steps for e in step.log for text in (e.text, e.faded, e.others)
        ]
    return [text for text in texts if text]


@pytest.mark.parametrize("engine", list(REGISTRY.values()), ids=list(REGISTRY))
def test_log_lines_name_nothing_by_its_raw_id(engine: Engine[Any]) -> None:
    for text in _log_texts(engine, 12):
        raw = RAW_IDS.search(text)
        assert raw is None, f"{engine.id}: {raw.group()!r} shown raw in {text!r}"


def test_oh_fox_score_lines_name_the_animal_as_a_name() -> None:
    engine = REGISTRY["oh-fox"]
    scores = [text for text in _log_texts(engine, 6) if text.startswith("Scores:")]
    assert scores, "a finished match logs its scores"
    for text in scores:
        for animal in OH_FOX_ANIMALS:
            assert f"({animal})" not in text, text


def test_duet_round_end_token_sentence_names_the_token_once() -> None:
    engine = REGISTRY["fox-in-the-forest-duet"]
    for text in _log_texts(engine, 12):
        assert text.count("forest token") <= 1, text


def test_oh_fox_names_a_space_as_the_table_labels_it() -> None:
    """The table labels r0c0 "row 1, column 1" (counted from 1): the log says the same."""
    engine = REGISTRY["oh-fox"]
    state = engine.setup(2, engine.check_options({}, 2), 3)
    seat, mark = next(
        (seat, action)
        for seat in engine.to_act(state)
        for action in engine.legal_actions(state, seat)
        if action["type"] == "mark" and action["space"] == "r0c2"
    )
    (entry,) = engine.apply(state, seat, mark).log
    assert entry.text == f"You put {{seat{mark['seat']}}}'s pawn at row 1, column 3."


# The grid's letter-number code of a Fox on the Run tile ("E5"), which a sentence must not use.
RUN_CODE = re.compile(r"\b[A-E][1-5]\b")


def test_fox_on_the_run_names_a_tile_in_words() -> None:
    """The log says "row 5, column 5", as the table's rows and columns are numbered, not "E5"."""
    texts = _log_texts(REGISTRY["fox-on-the-run"], 8)
    for text in texts:
        code = RUN_CODE.search(text)
        assert code is None, f"{code.group()!r} in {text!r}"
    assert any(re.search(r"row [1-5], column [1-5]", text) for text in texts)


def test_fox_on_the_run_prompt_names_the_tile_in_words() -> None:
    engine = REGISTRY["fox-on-the-run"]
    state = engine.setup(2, engine.check_options({}, 2), 5)
    (seat,) = engine.to_act(state)
    prompt = str(engine.view(state, seat)["prompt"])
    assert RUN_CODE.search(prompt) is None, prompt
    assert re.search(r"from row [1-5], column [1-5]", prompt), prompt
