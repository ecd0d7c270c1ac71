"""The guided first match of Oh, Fox!: a whole two-player match, the learner a prey and the bot the
predator (see app.games.tutorial).

The match is short at two seats: eight turns of secret programming, the predator's guess and the
reckoning.
"""

from __future__ import annotations

from app.games.tutorial import Claim, Step, Tutorial

TUTORIAL = Tutorial(
    seed=1,
    players=2,
    options={"predator": "second"},
    welcome=(
        "Welcome to Oh, Fox! Each of you is secretly an animal: you are the hedgehog, a "
        "prey that eats bugs, and the bot is the predator. Your identity card (only you "
        "see it) tells your animal, its food and its home; the others can only guess it. "
        "Over 8 turns you program action cards in secret; they are all played out at the "
        "end."
    ),
    farewell=(
        "That was a whole match! The reckoning played every turn: hearts for food eaten, "
        "broken hearts for attacks, and the predator's guesses. Try a real match next."
    ),
    steps=(
        Step(
            1,
            {"type": "play", "card": "double", "direction": "east"},
            "The bot has chosen its card for this turn, in secret.",
            ".of-board-wrap",
        ),
        Step(
            0,
            {"type": "play", "card": "move_stop", "direction": "north"},
            (
                "Turn 1 of 8: choose an action card and its direction. Everyone chooses a"
                " card and its direction in secret; the cards are revealed together, but "
                "they are only carried out at the end, in the reckoning. A move-stop card"
                " moves you one space and then acts where you stop. This time, choose a "
                "move-stop card pointing north for turn 1."
            ),
            '.of-hand-cards [data-card="move_stop"]',
        ),
        Step(
            1,
            {"type": "play", "card": "double", "direction": "south"},
            (
                "Turn 1: you play a move-stop card pointing north; the bot plays a double"
                " move card pointing east."
            ),
            ".of-board-wrap",
        ),
        Step(
            0,
            {"type": "play", "card": "double", "direction": "west"},
            (
                "Turn 2 of 8: choose an action card and its direction. A double move card"
                " moves you two spaces. This time, choose a double move card pointing "
                "west for turn 2."
            ),
            '.of-hand-cards [data-card="double"]',
        ),
        Step(
            1,
            {"type": "play", "card": "double", "direction": "west"},
            (
                "Turn 2: you play a double move card pointing west; the bot plays a "
                "double move card pointing south."
            ),
            ".of-board-wrap",
        ),
        Step(
            0,
            {"type": "play", "card": "single", "direction": "south"},
            (
                "Turn 3 of 8: choose an action card and its direction. A single move card"
                " moves you one space in its direction. This time, choose a single move "
                "card pointing south for turn 3."
            ),
            '.of-hand-cards [data-card="single"]',
        ),
        Step(
            1,
            {"type": "play", "card": "move_stop", "direction": "south"},
            (
                "Turn 3: you play a single move card pointing south; the bot plays a "
                "double move card pointing west."
            ),
            ".of-board-wrap",
        ),
        Step(
            0,
            {"type": "play", "card": "stop"},
            (
                "Turn 4 of 8: choose an action card and its direction. A stop card keeps "
                "you where you are (and lets you eat or heal there). This time, choose a "
                "stop card for turn 4."
            ),
            '.of-hand-cards [data-card="stop"]',
        ),
        Step(
            1,
            {"type": "play", "card": "stop"},
            ("Turn 4: you play a stop card; the bot plays a move-stop card pointing south."),
            ".of-board-wrap",
        ),
        Step(
            0,
            {"type": "play", "card": "double", "direction": "east"},
            (
                "Turn 5 of 8: choose an action card and its direction. This time, choose "
                "a double move card pointing east for turn 5."
            ),
            '.of-hand-cards [data-card="double"]',
        ),
        Step(
            1,
            {"type": "play", "card": "single", "direction": "east"},
            ("Turn 5: you play a double move card pointing east; the bot plays a stop card."),
            ".of-board-wrap",
        ),
        Step(
            0,
            {"type": "play", "card": "single", "direction": "south"},
            (
                "Turn 6 of 8: choose an action card and its direction. This time, choose "
                "a single move card pointing south for turn 6."
            ),
            '.of-hand-cards [data-card="single"]',
        ),
        Step(
            1,
            {"type": "play", "card": "single", "direction": "south"},
            (
                "Turn 6: you play a single move card pointing south; the bot plays a "
                "single move card pointing east."
            ),
            ".of-board-wrap",
        ),
        Step(
            0,
            {"type": "play", "card": "single", "direction": "north"},
            (
                "Turn 7 of 8: choose an action card and its direction. This time, choose "
                "a single move card pointing north for turn 7."
            ),
            '.of-hand-cards [data-card="single"]',
        ),
        Step(
            1,
            {"type": "play", "card": "single", "direction": "north"},
            (
                "Turn 7: you play a single move card pointing north; the bot plays a "
                "single move card pointing south."
            ),
            ".of-board-wrap",
        ),
        Step(
            0,
            {"type": "play", "card": "stop"},
            (
                "Turn 8 of 8: choose an action card and its direction. After 8 turns the "
                "predator guesses who is which animal: a right guess hurts the prey. This"
                " time, choose a stop card for turn 8."
            ),
            '.of-hand-cards [data-card="stop"]',
        ),
        Step(
            1,
            {"type": "guess", "seat": 0, "animal": "hedgehog"},
            (
                "All 8 turns are chosen. The bot, the predator, now guesses which animal "
                "you are: a right guess costs the prey. Then the reckoning below plays "
                "all 8 turns in order: prey eat the food they stop on for hearts, the "
                "predator's attacks break hearts, a stop on the healing space mends one. "
                "Watch it step by step."
            ),
            ".of-board-wrap",
        ),
    ),
    claims=(
        Claim("Choosing a card and its direction", "chose", {}),
        Claim("The predator guesses identities", "guess", {}),
        Claim("The reckoning carries out the turns", "executed", {}),
        Claim("Hearts and broken hearts are scored", "scores", {}),
    ),
)
