"""The guided first match of Fox on the Tree: the first turns of phase 1 against one bot (see
app.games.tutorial).

Seed 21 lets the learner move first, lay a Swamp, see a conflict on the Farm and save the loser
with the Escape token, and then see an animal eliminated when nobody saves it.
"""

from __future__ import annotations

from app.games.tutorial import Claim, Step, Tutorial

TUTORIAL = Tutorial(
    seed=21,
    players=2,
    options={},
    welcome=(
        "Welcome to Fox on the Tree! Nobody owns an animal: everyone moves every animal. "
        "Your secret card (at the bottom) names your two favourite animals and one you "
        "dislike. Favourites that finish on high numbers of the scoring rings score for "
        "you. Each turn you may play one action token, then move one animal."
    ),
    farewell=(
        "You have seen moves, a Swamp, a conflict and the Escape reaction. The phase goes"
        " on until every animal has arrived or been eliminated; then phase 2 runs the "
        "other way. Play on to the end and see who backed which animal!"
    ),
    steps=(
        Step(
            0,
            {"type": "move", "animal": "fox", "to": 7},
            (
                "Your turn: you may play an action token first, then move an animal. "
                "Predators walk from the Lair toward the Farm: one tile, or a Jump of two"
                " tiles. This time: You move the Fox from the Lair of Predators to Path "
                "tile 7."
            ),
            '.tree-board [data-animal="fox"]',
        ),
        Step(
            1,
            {"type": "move", "animal": "wolf", "to": 7},
            "The bot moves the Wolf from the Lair of Predators to Path tile 7.",
            ".tree-board",
        ),
        Step(
            0,
            {"type": "move", "animal": "fox", "to": 5},
            (
                "Your turn: you may play an action token first, then move an animal. This"
                " time: You move the Fox from Path tile 7 to Path tile 5."
            ),
            '.tree-board [data-animal="fox"]',
        ),
        Step(
            1,
            {"type": "move", "animal": "wolf", "to": 5},
            "The bot moves the Wolf from Path tile 7 to Path tile 5.",
            ".tree-board",
        ),
        Step(
            0,
            {"type": "move", "animal": "fox", "to": 3},
            (
                "Your turn: you may play an action token first, then move an animal. This"
                " time: You move the Fox from Path tile 5 to Path tile 3."
            ),
            '.tree-board [data-animal="fox"]',
        ),
        Step(
            1,
            {"type": "move", "animal": "wolf", "to": 3},
            "The bot moves the Wolf from Path tile 5 to Path tile 3.",
            ".tree-board",
        ),
        Step(
            0,
            {"type": "move", "animal": "bear", "to": 7},
            (
                "Your turn: you may play an action token first, then move an animal. This"
                " time: You move the Bear from the Lair of Predators to Path tile 7."
            ),
            '.tree-board [data-animal="bear"]',
        ),
        Step(
            1,
            {"type": "move", "animal": "fox", "to": 2},
            "The bot moves the Fox from Path tile 3 to Path tile 2.",
            ".tree-board",
        ),
        Step(
            0,
            {"type": "play_swamp", "tile": 2},
            (
                "Your turn: you may play an action token first, then move an animal. A "
                "Swamp holds every animal on its tile until someone removes it with a "
                "Swamp Rescue instead of a move. This time: You place a Swamp on Path "
                "tile 2."
            ),
            '[data-token="swamp"]',
        ),
        Step(
            0,
            {"type": "move", "animal": "chicken", "to": 1},
            (
                "Your turn: move an animal or rescue one from a Swamp. Farm animals walk "
                "from the Farm toward the Lair: one tile, or a Dodge past a row of "
                "animals. This time: You move the Chicken from the Farm to Path tile 1."
            ),
            '.tree-board [data-animal="chicken"]',
        ),
        Step(
            1,
            {"type": "move", "animal": "wolf", "to": 2},
            "The bot moves the Wolf from Path tile 3 to Path tile 2.",
            ".tree-board",
        ),
        Step(
            0,
            {"type": "move", "animal": "cow", "to": 3},
            (
                "Your turn: you may play an action token first, then move an animal or "
                "rescue one from a Swamp. This time: You move the Cow from the Farm to "
                "Path tile 3."
            ),
            '.tree-board [data-animal="cow"]',
        ),
        Step(
            1,
            {"type": "move", "animal": "pig", "to": 1},
            "The bot moves the Pig from the Farm to Path tile 1.",
            ".tree-board",
        ),
        Step(
            0,
            {"type": "move", "animal": "cow", "to": 4},
            (
                "Your turn: you may play an action token first, then move an animal or "
                "rescue one from a Swamp. This time: You move the Cow from Path tile 3 to"
                " Path tile 4."
            ),
            '.tree-board [data-animal="cow"]',
        ),
        Step(
            1,
            {"type": "move", "animal": "pig", "to": 2},
            (
                "The bot moves the Pig from Path tile 1 to Path tile 2. The Pig loses the"
                " conflict on Path tile 2. You may save the Pig with an Escape token. "
                "When farm animals and predators share a tile there is a conflict: a lone"
                " animal loses, and one against one the predator wins unless another farm"
                " animal stands right behind."
            ),
            ".tree-board",
        ),
        Step(
            0,
            {"type": "save", "animal": "pig"},
            (
                "Use your Escape token to save the Pig? If nobody does, it is eliminated."
                " Your Escape token sends the losing animal back to its starting tile "
                "instead: it is not eliminated. This time: You use an Escape token: the "
                "Pig runs back to the Farm."
            ),
            ".tree-question",
        ),
        Step(
            0,
            {"type": "move", "animal": "chicken", "to": 2},
            (
                "Your turn: you may play an action token first, then move an animal or "
                "rescue one from a Swamp. This time: You move the Chicken from Path tile "
                "1 to Path tile 2."
            ),
            '.tree-board [data-animal="chicken"]',
        ),
        Step(
            1,
            {"type": "decline", "animal": "chicken"},
            (
                "The Chicken loses the conflict on Path tile 2. The bot may save the "
                "Chicken with an Escape token. The bot does not use an Escape token. The "
                "Chicken is eliminated and takes number 1 on the track. Nobody saved it, "
                "so it is eliminated and takes the lowest free number of this phase's "
                "ring."
            ),
            ".tree-question",
        ),
    ),
    claims=(
        Claim("Moving an animal", "move", {"seat": 0}),
        Claim("A Swamp is played", "token_placed", {"seat": 0, "token": "swamp"}),
        Claim("A conflict on a tile", "conflict", {}),
        Claim("The Escape reaction saves an animal", "escape", {"seat": 0}),
        Claim("An animal is eliminated", "eliminated", {}),
    ),
)
