"""Component data and rulings for Oh, Fox!, in one place.

Everything printed on a card or on the board lives here, so a corrected component list replaces
data, not rules code. The house board and the diets come from RULINGS.md (the rulebook shows
them only as pictures); every ruling is listed for players in app/rules/oh-fox.md.
"""

from __future__ import annotations

from typing import Final

GAME_ID: Final = "oh-fox"
TURNS: Final = 8

# ----------------------------------------------------------------------------- colours and board

# Seat i plays colour COLOURS[i]: the rulebook lets players pick, Foxden deals them in seat order.
COLOURS: Final = ("red", "blue", "green", "yellow")

ROWS: Final = 4
COLS: Final = 4

# The board is a torus: leaving an edge re-enters on the opposite edge (RULINGS.md).
DIRECTIONS: Final = ("north", "east", "south", "west")
DELTAS: Final = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}
OPPOSITE: Final = {"north": "south", "east": "west", "south": "north", "west": "east"}

HOMES: Final = {"red": (0, 1), "blue": (1, 3), "green": (3, 2), "yellow": (2, 0)}
HEALING: Final = (1, 1)
TUNNELS: Final = {"purple": ((0, 0), (2, 2)), "orange": ((0, 3), (2, 1))}

FOODS: Final = ("nuts", "berries", "clover", "bugs")
FOOD_GRID: Final = (
    ("nuts", "berries", "clover", "bugs"),
    ("berries", "nuts", "bugs", "clover"),
    ("bugs", "clover", "berries", "nuts"),
    ("clover", "bugs", "nuts", "berries"),
)

# ----------------------------------------------------------------------------- action cards

# Card types in the order a hand is sorted; every player owns the same 13 cards.
CARD_TYPES: Final = ("single", "double", "stop", "move_stop", "trigger")
CARD_COUNTS: Final = {"single": 4, "double": 3, "stop": 3, "move_stop": 1, "trigger": 2}
CARD_NAMES: Final = {
    "single": "single move",
    "double": "double move",
    "stop": "stop",
    "move_stop": "move-stop",
    "trigger": "trigger",
}
# A stop card has no direction (the Navigator objective says so); every other card has one.
UNDIRECTED: Final = frozenset({"stop"})

# ----------------------------------------------------------------------------- animals

PREDATORS: Final = ("badger", "fox", "owl", "viper")
PREY: Final = ("hedgehog", "rabbit", "rat", "sparrow", "squirrel", "toad")
ANIMALS: Final = PREDATORS + PREY
ANIMAL_NAMES: Final = {animal: animal.capitalize() for animal in ANIMALS}
"""How log lines name an animal standing for a player: "{seat0} (Badger)"."""

DIETS: Final = {
    "squirrel": "nuts",
    "sparrow": "berries",
    "rat": "berries",
    "rabbit": "clover",
    "hedgehog": "bugs",
    "toad": "bugs",
}

ABILITIES: Final = {
    "hedgehog": "A single move; you cannot be attacked this turn.",
    "rabbit": "On a tunnel, go straight to the other tunnel of its colour; else a single move.",
    "rat": "A single move in the opposite direction.",
    "sparrow": "Fly forward until you land on a home space of any colour; "
    "you cannot be attacked while flying.",
    "squirrel": "A double move.",
    "toad": "Jump straight to the healing space from anywhere, even if you are already there.",
    "badger": "On a tunnel, go straight to the other tunnel of its colour; else a single move.",
    "fox": "A single move in the opposite direction.",
    "owl": "Fly 3 spaces forward; you cannot attack while flying, only where you land.",
    "viper": "A single move, then a single move back to where you started the turn.",
}

# Animal cards shown face up: (predators, prey). Forest Facades adds more; the "prey only"
# sizes are the rulebook's handicap for an experienced predator.
ANIMAL_CARD_SIZES: Final = {
    "standard": (2, 3),
    "tough_nut": (3, 4),
    "completely_nuts": (4, 6),
    "tough_nut_prey_only": (2, 4),
    "completely_nuts_prey_only": (2, 6),
}

# ----------------------------------------------------------------------------- objectives

OBJECTIVE_COUNT: Final = 2
OBJECTIVES: Final = ("fickler", "navigator", "slowpoke", "straggler", "stroller", "swimmer")
OBJECTIVE_NAMES: Final = {key: key.capitalize() for key in OBJECTIVES}
OBJECTIVE_TEXT: Final = {
    "fickler": "Never play the same type of action card in two turns in a row.",
    "navigator": "Point at least one action card in each of the 4 directions (stops have none).",
    "slowpoke": "Play none of your double move cards.",
    "straggler": "Play all 3 of your stop cards (the move-stop does not count).",
    "stroller": "Play all 4 of your single move cards (the move-stop does not count).",
    "swimmer": "Play a stop card while on the healing space (the move-stop does not count).",
}

# ----------------------------------------------------------------------------- scoring

FULL_HUNGER: Final = 3  # eating this many food earns the bonus heart
NO_TRIGGER_TURN: Final = TURNS + 1  # a player who never triggers counts as triggering last
