"""A possible world for a bot: a full `State` built from one seat's view alone.

The view shows the board, the bot's hand, the decree, the trick in progress, the last trick,
and the cards it knows in its partner's hand (the decree taken by a #3, the card it passed
with a #7). Everything else is dealt at random from the cards it has not seen: the rest of
the partner's hand (never of a suit the partner showed out of), the face-down draw pile and
the cards of earlier tricks (which are out of the game).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from app.games.fox_in_the_forest_duet.data import DECK, suit_of
from app.games.fox_in_the_forest_duet.state import (
    CHOOSE_DIRECTION,
    PASS_CARDS,
    Hands,
    Play,
    State,
    TrickResult,
)
from app.games.rng import SEED_BITS, shuffled

View = Mapping[str, Any]
ATTEMPTS = 20


def world_from_view(view: View, seat: int, rng: random.Random) -> State | None:
    """A state `seat` cannot tell from the real one, hidden cards dealt at random."""
    if view["phase"] == "over" or view["viewer"] != seat:
        return None
    partner = 1 - seat
    mine = tuple(card["id"] for card in view["hand"])
    known = tuple(card["id"] for card in view["known_in_hands"][partner])
    trick = tuple(Play(int(p["seat"]), p["card"]["id"]) for p in view["current_trick"])
    last = view["last_trick"]
    seen = {*mine, *known, view["decree"]["id"], *(play.card for play in trick)}
    if last is not None:
        seen |= {p["card"]["id"] for p in last["plays"]}
    unseen = [card for card in DECK if card not in seen]
    need = int(view["hand_counts"][partner]) - len(known)
    piles = int(view["draw_pile_count"])
    if need < 0 or need + piles > len(unseen):
        return None
    theirs = _deal_around_voids(unseen, need, set(view["voids"][partner]), rng)
    rest = shuffled(rng, [card for card in unseen if card not in theirs])
    hands = [mine, known + theirs] if seat == 0 else [known + theirs, mine]
    decision = view["decision"] or {}
    return State(
        seed=rng.getrandbits(SEED_BITS),
        level=int(view["level"]),
        round=int(view["round"]),
        trick_no=int(view["trick"]),
        dealer=int(view["dealer"]),
        leader=int(view["leader"]),
        phase=str(view["phase"]),
        hands=(hands[0], hands[1]),
        deck=tuple(rest[:piles]),
        decree=view["decree"]["id"],
        trick=trick,
        tricks_won=(int(view["tricks_won"][0]), int(view["tricks_won"][1])),
        exchanger=decision.get("exchanger"),
        picks=_picks(view, seat, hands, rng),
        paws=decision.get("paws") if view["phase"] == CHOOSE_DIRECTION else None,
        gems=tuple(int(space["gems"]) for space in view["path"]),
        covered=(int(view["forest_tokens_at_end"][0]), int(view["forest_tokens_at_end"][1])),
        tracker=int(view["tracker"]),
        forest_left=int(view["forest_tokens_left"]),
        supply=int(view["gem_supply"]),
        collected=int(view["gems_collected"]),
        public_in_hand=((), ()),
        partner_knows=_pair(partner, known),
        voids=(tuple(view["voids"][0]), tuple(view["voids"][1])),
        last_trick=_last_trick(last),
    )


def _deal_around_voids(
    unseen: Sequence[str], count: int, voids: set[str], rng: random.Random
) -> tuple[str, ...]:
    fitting = [card for card in unseen if suit_of(card) not in voids]
    pool = fitting if len(fitting) >= count else list(unseen)
    return tuple(shuffled(rng, pool)[:count])


def _pair(seat: int, cards: tuple[str, ...]) -> Hands:
    return (cards, ()) if seat == 0 else ((), cards)


def _picks(
    view: View, seat: int, hands: Sequence[tuple[str, ...]], rng: random.Random
) -> tuple[str | None, str | None]:
    """#7 picks: the bot's own as shown; the partner's, if made, a random card of its hand."""
    if view["phase"] != PASS_CARDS:
        return (None, None)
    decision = view["decision"]
    picks: list[str | None] = [None, None]
    if decision["my_pick"] is not None:
        picks[seat] = decision["my_pick"]["id"]
    partner = 1 - seat
    if decision["picked"][partner] and hands[partner]:
        picks[partner] = shuffled(rng, hands[partner])[0]
    return (picks[0], picks[1])


def _last_trick(last: Mapping[str, Any] | None) -> TrickResult | None:
    if last is None:
        return None
    return TrickResult(
        plays=tuple(Play(int(p["seat"]), p["card"]["id"]) for p in last["plays"]),
        winner=int(last["winner"]),
        paws=int(last["paws"]),
        toward=int(last["toward"]),
        start=int(last["from"]),
        stop=int(last["to"]),
        reset=bool(last["reset"]),
        gem=bool(last["gem"]),
    )
