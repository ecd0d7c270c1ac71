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
from app.games.fox_in_the_forest.view_types import CardView
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
    return SUIT_CARDS


def is_special(card: str) -> bool:
    return card in SPECIALS


def printed_suit(card: str) -> str | None:
    return _SUIT[card]


def printed_rank(card: str) -> int | None:
    return _RANK[card]


def printed_face(card: str, poison: bool) -> Face:
    """The card as printed; the 8s carry "poison" only when the Poison module is on."""
    return _PRINTED_FACE[poison][card]


def face(card: str, decree: str, poison: bool, crowned: bool = False) -> Face:
    """How `card` counts in a trick under the current decree card."""
    if crowned:
        # Crown: "ignore any ability your other card has and treat it as a Monarch".
        return Face(_SUIT[card], MONARCH_RANK, "", False)
    if card == "mirror" and decree != "mirror":
        return _PRINTED_FACE[poison][decree]
    return _PRINTED_FACE[poison][card]


def trump_suit(decree: str) -> str | None:
    """The decree card's suit; a special card as decree means there is no trump suit."""
    return _SUIT[decree]


def label(card: str) -> str:
    """The spelled-out name used in log text: "7 of Bells", "Axe"."""
    return _LABEL[card]


def describe(card: str, poison: bool) -> dict[str, JSON]:
    """A card as a renderer draws it: id, suit, rank, ability and readable name."""
    return dict(_DESCRIPTION[poison][card])  # a copy: the caller owns what it is given


def card_view(card: str, poison: bool) -> CardView:
    """`describe`, typed as the view's card."""
    return _DESCRIPTION[poison][card].copy()


def sort_key(card: str) -> tuple[int, int, str]:
    """Hands are shown suit by suit, low to high, specials last."""
    return _SORT_KEY[card]


# --------------------------------------------------------------------------- tables
# Everything above is looked up, not computed: engines ask for these attributes thousands of
# times per match, so they are worked out once per card id here, from the component data.

SUIT_CARDS: tuple[str, ...] = tuple(f"{suit}-{rank}" for suit in SUITS for rank in range(1, 12))
ALL_CARDS: tuple[str, ...] = SUIT_CARDS + tuple(SPECIALS)


def _parse(card: str) -> tuple[str | None, int | None]:
    if card in SPECIALS:
        return None, SPECIALS[card][0]
    suit, rank = card.split("-")
    return suit, int(rank)


def _printed(card: str, poison: bool) -> Face:
    suit, rank = _parse(card)
    if suit is None:
        return Face(None, rank, card, True)
    ability = "poison" if poison and rank == POISON_RANK else SUIT_ABILITIES.get(rank or 0, "")
    return Face(suit, rank, ability, False)


def _spelled(card: str) -> str:
    if card in SPECIALS:
        return SPECIALS[card][1]
    suit, rank = card.split("-")
    return f"{rank} of {SUIT_NAMES[suit]}"


def _description(card: str, poison: bool) -> CardView:
    printed = _PRINTED_FACE[poison][card]
    ability_name = ABILITY_NAMES.get(printed.ability, "")
    return {
        "id": card,
        "suit": printed.suit,
        "rank": printed.rank,
        "ability": printed.ability or None,
        "special": printed.special,
        "name": _LABEL[card] + (f" ({ability_name})" if ability_name else ""),
    }


def _sort_key(card: str) -> tuple[int, int, str]:
    suit, rank = _parse(card)
    if suit is None:
        return (len(SUITS), 0, card)
    return (SUITS.index(suit), rank or 0, card)


_SUIT: dict[str, str | None] = {card: _parse(card)[0] for card in ALL_CARDS}
_RANK: dict[str, int | None] = {card: _parse(card)[1] for card in ALL_CARDS}
_LABEL: dict[str, str] = {card: _spelled(card) for card in ALL_CARDS}
_SORT_KEY: dict[str, tuple[int, int, str]] = {card: _sort_key(card) for card in ALL_CARDS}
_PRINTED_FACE: dict[bool, dict[str, Face]] = {
    poison: {card: _printed(card, poison) for card in ALL_CARDS} for poison in (False, True)
}
_DESCRIPTION: dict[bool, dict[str, CardView]] = {
    poison: {card: _description(card, poison) for card in ALL_CARDS} for poison in (False, True)
}
