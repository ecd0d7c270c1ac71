"""Card ids, names and the "face" a card shows in a trick.

Card ids are "bells-7" for suit cards and the special's name ("axe", "mirror") for the
Deluxe special cards. A card's *face* is how it counts when following suit and deciding a
trick: the printed card, except that the Mirror copies the decree card and a crowned card
counts as the Monarch of its suit with no ability.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games.fox_in_the_forest.data import (
    ABILITY_NAMES,
    MONARCH_RANK,
    POISON_RANK,
    SPECIALS,
    SUIT_ABILITIES,
    SUIT_NAMES,
    SUITS,
)
from app.games.protocol import JSON


@dataclass(frozen=True, slots=True)
class Face:
    suit: str | None
    """None: unsuited (counts as the other card's suit)."""
    rank: int | None
    """None: no rank (never wins on rank)."""
    ability: str
    """"swan", "fox", ..., a special's id, or "" when the card has none (or it is ignored)."""
    special: bool


def suit_cards() -> tuple[str, ...]:
    return tuple(f"{suit}-{rank}" for suit in SUITS for rank in range(1, 12))


def is_special(card: str) -> bool:
    return card in SPECIALS


def printed_suit(card: str) -> str | None:
    return None if is_special(card) else card.split("-")[0]


def printed_rank(card: str) -> int | None:
    if is_special(card):
        return SPECIALS[card][0]
    return int(card.split("-")[1])


def printed_face(card: str, poison: bool) -> Face:
    """The card as printed; the 8s carry "poison" only when the Poison module is on."""
    if is_special(card):
        return Face(None, SPECIALS[card][0], card, True)
    suit, rank = card.split("-")[0], int(card.split("-")[1])
    ability = SUIT_ABILITIES.get(rank, "")
    if poison and rank == POISON_RANK:
        ability = "poison"
    return Face(suit, rank, ability, False)


def face(card: str, decree: str, poison: bool, crowned: bool = False) -> Face:
    """How `card` counts in a trick under the current decree card."""
    if crowned:
        # Crown: "ignore any ability your other card has and treat it as a Monarch".
        return Face(printed_suit(card), MONARCH_RANK, "", False)
    if card == "mirror" and decree != "mirror":
        return printed_face(decree, poison)
    return printed_face(card, poison)


def trump_suit(decree: str) -> str | None:
    """The decree card's suit; a special card as decree means there is no trump suit."""
    return printed_suit(decree)


def label(card: str) -> str:
    """The spelled-out name used in log text: "7 of Bells", "Axe"."""
    if is_special(card):
        return SPECIALS[card][1]
    suit, rank = card.split("-")
    return f"{rank} of {SUIT_NAMES[suit]}"


def describe(card: str, poison: bool) -> dict[str, JSON]:
    """A card as a renderer draws it: id, suit, rank, ability and readable name."""
    printed = printed_face(card, poison)
    ability_name = ABILITY_NAMES.get(printed.ability, "")
    return {
        "id": card,
        "suit": printed.suit,
        "rank": printed.rank,
        "ability": printed.ability or None,
        "special": printed.special,
        "name": label(card) + (f" ({ability_name})" if ability_name else ""),
    }


def sort_key(card: str) -> tuple[int, int, str]:
    """Hands are shown suit by suit, low to high, specials last."""
    suit = printed_suit(card)
    if suit is None:
        return (len(SUITS), 0, card)
    return (SUITS.index(suit), printed_rank(card) or 0, card)
