"""The guided first match of Fox on the Run: the first rounds of turns, the learner's Guardians
against the bot's Foxes (see app.games.tutorial).

Seed 1 shows the first step, tiles revealed on landing, arrows that carry a character on (and a
choice between two arrows), Zev revealing, Puffer rotating and Scarlett swapping tiles.
"""

from __future__ import annotations

from app.games.tutorial import Claim, Step, Tutorial

TUTORIAL = Tutorial(
    seed=1,
    players=2,
    options={},
    welcome=(
        "Welcome to Fox on the Run! You play the Guardians, Zev and Puffer; the bot plays"
        " the Foxes, Indigo and Scarlett. The Foxes want Indigo to reach Scarlett; you "
        "win if Zev catches Indigo or the whole forest is uncovered. Turns go Indigo, "
        "Puffer, Scarlett, Zev."
    ),
    farewell=(
        "You have seen steps, face-down tiles turned over, arrows carrying characters on "
        "and every character's ability. Play on: keep Zev close to Scarlett, and catch "
        "Indigo!"
    ),
    steps=(
        Step(
            1,
            {"type": "step", "direction": "NW"},
            (
                "Indigo steps north-west from row 5, column 5 to row 4, column 4. Indigo "
                "reveals the tile on row 4, column 4: arrows east and south. Every turn "
                "starts with one step north, east, south or west (Indigo may also go "
                "diagonally), whatever the arrows under the character. Landing on a "
                "face-down tile turns it face up and ends the move."
            ),
            ".run-grid",
        ),
        Step(
            0,
            {"type": "step", "direction": "S"},
            (
                "Move Puffer one tile from row 2, column 2. This time: Puffer steps south"
                " from row 2, column 2 to row 3, column 2."
            ),
            '.run-pawn[data-character="puffer"]',
        ),
        Step(
            1,
            {"type": "step", "direction": "E"},
            (
                "Puffer reveals the tile on row 3, column 2: arrows east and west. "
                "Scarlett steps east from row 1, column 1 to row 1, column 2. Scarlett "
                "reveals the tile on row 1, column 2: arrows west."
            ),
            ".run-grid",
        ),
        Step(
            0,
            {"type": "step", "direction": "E"},
            (
                "Move Zev one tile from row 2, column 2. This time: Zev steps east from "
                "row 2, column 2 to row 2, column 3."
            ),
            '.run-pawn[data-character="zev"]',
        ),
        Step(
            0,
            {"type": "reveal", "at": [0, 2]},
            (
                "Zev reveals the tile on row 2, column 3: arrows south. Reveal a "
                "face-down tile next to Zev, or skip. Zev's ability: after moving, he may"
                " turn a face-down tile next to him face up. This time: Zev reveals the "
                "tile on row 1, column 3: arrows east."
            ),
            '.run-cell[data-cell="C1"]',
        ),
        Step(
            1,
            {"type": "step", "direction": "N"},
            (
                "Indigo steps north from row 4, column 4 to row 3, column 4. Indigo "
                "reveals the tile on row 3, column 4: arrows north."
            ),
            ".run-grid",
        ),
        Step(
            0,
            {"type": "step", "direction": "W"},
            (
                "Move Puffer one tile from row 3, column 2. This time: Puffer steps west "
                "from row 3, column 2 to row 3, column 1."
            ),
            '.run-pawn[data-character="puffer"]',
        ),
        Step(
            0,
            {"type": "rotate", "at": [2, 1], "turns": 1},
            (
                "Puffer reveals the tile on row 3, column 1: arrows west. Rotate a "
                "revealed empty tile next to Puffer, or skip. Puffer's ability: after "
                "moving, he may rotate a revealed empty tile next to him. This time: "
                "Puffer turns the tile on row 3, column 2 a quarter turn clockwise."
            ),
            '.run-cell[data-cell="B3"]',
        ),
        Step(
            1,
            {"type": "step", "direction": "W"},
            "Scarlett steps west from row 1, column 2 to row 1, column 1.",
            ".run-grid",
        ),
        Step(
            1,
            {"type": "skip"},
            ("Scarlett does not use the ability. An ability is never compulsory: you may skip it."),
            ".run-grid",
        ),
        Step(
            0,
            {"type": "step", "direction": "W"},
            (
                "Move Zev one tile from row 2, column 3. This time: Zev steps west from "
                "row 2, column 3 to row 2, column 2."
            ),
            '.run-pawn[data-character="zev"]',
        ),
        Step(
            0,
            {"type": "reveal", "at": [2, 2]},
            (
                "Reveal a face-down tile next to Zev, or skip. This time: Zev reveals the"
                " tile on row 3, column 3: arrows east."
            ),
            '.run-cell[data-cell="C3"]',
        ),
        Step(
            1,
            {"type": "step", "direction": "SW"},
            (
                "Indigo steps south-west from row 3, column 4 to row 4, column 3. Indigo "
                "reveals the tile on row 4, column 3: arrows north and east."
            ),
            ".run-grid",
        ),
        Step(
            0,
            {"type": "step", "direction": "N"},
            (
                "Move Puffer one tile from row 3, column 1. This time: Puffer steps north"
                " from row 3, column 1 to row 2, column 1."
            ),
            '.run-pawn[data-character="puffer"]',
        ),
        Step(
            0,
            {"type": "rotate", "at": [2, 1], "turns": 1},
            (
                "Puffer reveals the tile on row 2, column 1: arrows south and west. "
                "Rotate a revealed empty tile next to Puffer, or skip. This time: Puffer "
                "turns the tile on row 3, column 2 a quarter turn clockwise."
            ),
            '.run-cell[data-cell="B3"]',
        ),
        Step(
            1,
            {"type": "step", "direction": "E"},
            (
                "Scarlett steps east from row 1, column 1 to row 1, column 2. The west "
                "arrow carries Scarlett to row 1, column 1. Landing on a revealed tile "
                "carries the character on in the direction of its arrow."
            ),
            ".run-grid",
        ),
    ),
    claims=(
        Claim("The first step", "step", {"character": "puffer"}),
        Claim("A face-down tile is revealed", "reveal", {}),
        Claim("An arrow carries a character on", "carried", {}),
        Claim("Puffer rotates a tile", "rotate", {}),
    ),
)
