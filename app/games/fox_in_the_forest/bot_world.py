"""A possible world for a bot: a full `State` built from one seat's view alone.

What the view shows is copied (own hand, scores, the decree, the trick in progress, the last
trick, cards whose place the seat knows); what it hides is dealt at random from the cards the
seat has not seen: the opponent's hand, the draw deck and the piles of earlier tricks (their
faces are not shown, so any unseen card may be in them). Public knowledge narrows the deal:
an opponent who did not follow the lead suit in the last trick holds none of it.

Only the base game (Poison included) is modelled; with special cards or goals the view does
not pin the world down well enough and `world_from_view` returns None.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from app.games.fox_in_the_forest.cards import face, printed_suit, suit_cards
from app.games.fox_in_the_forest.data import SEATS, SPECTATOR
from app.games.fox_in_the_forest.state import Options, Play, RoundRecord, State, Step, Trick
from app.games.rng import SEED_BITS, shuffled

View = Mapping[str, Any]
PLACEHOLDER_DECREE = "bells-1"
"""Stands in for the decree of an earlier trick, which only matters to goals and the Shovel."""


def supported(view: View) -> bool:
    """Whether the view pins a world down: base game (Poison allowed), play still going."""
    options = view["options"]
    return (
        not options["special_cards"]
        and not options["goals"]
        and view["phase"] in ("play", "fox", "discard")
        and view.get("hand") is not None
    )


def world_from_view(view: View, seat: int, rng: random.Random) -> State | None:
    """A state the seat cannot tell from the real one, hidden cards dealt at random."""
    if not supported(view):
        return None
    opponent = 1 - seat
    poison = bool(view["options"]["poison"])
    mine = tuple(card["id"] for card in view["hand"])
    decree = view["decree"]["id"]
    trick = view["trick"]
    current = [p for p in (trick["lead"], trick["follow"]) if p is not None]
    last = view["last_trick"]
    known_deck = {entry["position"]: entry["card"]["id"] for entry in view["known"]["deck"]}
    known_hand = [card["id"] for card in view["known"]["hands"][opponent]]
    seen = {*mine, decree, *known_deck.values(), *known_hand}
    seen |= {card for p in current for card in _cards(p)}
    if last is not None:
        seen |= {card for p in last["plays"] for card in _cards(p)}
    unseen = [card for card in suit_cards() if card not in seen]

    earlier = int(view["trick_number"]) - 1 - (1 if last is not None else 0)
    pile_sizes = [2] * earlier
    need_hand = int(view["hand_counts"][opponent]) - len(known_hand)
    need_deck = int(view["deck_count"]) - len(known_deck)
    if need_hand < 0 or need_deck < 0 or len(unseen) != need_hand + need_deck + sum(pile_sizes):
        return None  # the view does not add up (a case this model does not cover)

    void = _void_suit(view, opponent, poison)
    order = list(shuffled(rng, unseen))
    fits = [card for card in order if printed_suit(card) != void]
    misfits = [card for card in order if printed_suit(card) == void]
    if len(fits) < need_hand:
        fits, misfits = order, []  # cannot honour the void: deal anyway
    their_hand = tuple(known_hand) + tuple(fits[:need_hand])
    rest = list(shuffled(rng, fits[need_hand:] + misfits))
    deck = tuple(
        known_deck[i] if i in known_deck else rest.pop() for i in range(int(view["deck_count"]))
    )
    piles = [tuple(rest.pop() for _ in range(size)) for size in pile_sizes]

    hands: list[tuple[str, ...]] = [(), ()]
    hands[seat], hands[opponent] = mine, their_hand
    scores = tuple(int(s) for s in view["scores"])
    round_points = tuple(int(p) for p in view["round_points"])
    return State(
        seed=rng.getrandbits(SEED_BITS),
        options=Options(target_score=int(view["target_score"]), poison=poison),
        specials=(),
        box=(),
        scores=scores,
        round_no=int(view["round"]),
        dealer=int(view["dealer"]),
        hands=tuple(hands),
        deck=deck,
        decree=decree,
        leader=int(view["leader"]),
        lead=_play(trick["lead"]),
        follow=_play(trick["follow"]),
        tricks=_tricks(view, piles, last),
        step=Step(str(view["phase"]), int(view["to_act"][0])),
        known=_known(seat, known_deck, known_hand),
        round_start=tuple(s - p for s, p in zip(scores, round_points, strict=True)),
        history=tuple(_record(record) for record in view["history"]),
        chance=0,
    )


def _cards(play: Mapping[str, Any]) -> tuple[str, ...]:
    return (play["card"]["id"], "crown") if play.get("crowned") else (play["card"]["id"],)


def _play(play: Mapping[str, Any] | None) -> Play | None:
    if play is None:
        return None
    return Play(int(play["seat"]), play["card"]["id"], bool(play["crowned"]))


def _void_suit(view: View, opponent: int, poison: bool) -> str | None:
    """The suit the opponent showed out of in the last trick, if it followed another suit."""
    last = view["last_trick"]
    if last is None or int(last["leader"]) == opponent:
        return None
    lead, follow = (p["card"]["id"] for p in last["plays"])
    decree = last["decree"]["id"]
    lead_suit = face(lead, decree, poison).suit
    if lead_suit is None or face(follow, decree, poison).suit == lead_suit:
        return None
    return lead_suit


def _tricks(
    view: View, piles: Sequence[tuple[str, ...]], last: Mapping[str, Any] | None
) -> tuple[Trick, ...]:
    """Earlier tricks with the right winners; their order and faces are not known."""
    won = [int(count) for count in view["tricks_won"]]
    if last is not None:
        won[int(last["winner"])] -= 1
    winners = [seat for seat in range(SEATS) for _ in range(won[seat])]
    tricks = [
        Trick(w, w, (Play(w, pile[0]), Play(1 - w, pile[1])), pile, PLACEHOLDER_DECREE)
        for w, pile in zip(winners, piles, strict=True)
    ]
    if last is not None:
        plays = tuple(
            Play(int(p["seat"]), p["card"]["id"], bool(p["crowned"])) for p in last["plays"]
        )
        pile = tuple(card for p in last["plays"] for card in _cards(p))
        tricks.append(
            Trick(int(last["leader"]), int(last["winner"]), plays, pile, last["decree"]["id"])
        )
    return tuple(tricks)


def _known(
    seat: int, known_deck: Mapping[int, str], known_hand: Sequence[str]
) -> tuple[tuple[str, ...], ...]:
    known: list[tuple[str, ...]] = [()] * (SEATS + 1)
    known[seat] = (*known_deck.values(), *known_hand)
    known[SPECTATOR] = ()
    return tuple(known)


def _record(record: Mapping[str, Any]) -> RoundRecord:
    return RoundRecord(
        int(record["round"]),
        int(record["dealer"]),
        tuple(record["tricks"]),
        tuple(record["trick_points"]),
        tuple(record["gained"]),
    )
