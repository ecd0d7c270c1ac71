"""The bots of The Fox in the Forest Duet; each decides from its seat's `Knowledge` alone.

- `standard`: both partners play for the team, so it scores a trick by where it sends the
  tracker: a gem is good, the last gem wins, going past the path costs a forest token (or the
  match). Following, it knows both cards and scores each exactly; leading, it samples the
  partner's possible hands and assumes the partner answers with the best card it may play.
  It reads the view only.
- `expert`: the generic search (app/games/search.py) with rollouts for the rest of the trick
  and one more, judged for the team by gems taken, forest tokens kept and how near the
  tracker stands to a gem (a finished match by its outcome). The rollouts play
  `quick_standard`, which imagines the partner's hand once where `standard` does six times:
  the search's many worlds make up for it, and twice as many fit in the time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from app.games.fox_in_the_forest_duet.data import CENTRE, DECK, LAST_SPACE, paws_of, rank_of
from app.games.fox_in_the_forest_duet.data import suit_of as suit
from app.games.protocol import Action, Knowledge, Strategy
from app.games.search import Position, SearchExpert

View = Mapping[str, Any]
SAMPLES = 6
ROLLOUT_SAMPLES = 1
GEM = 10.0
WIN = 1000.0
RESET = -25.0
LOSS = -1000.0
DISTANCE = 0.3  # per space between the tracker and the nearest gem


def standard(knowledge: Knowledge, rng: random.Random) -> Action:
    return _decide(knowledge, rng, SAMPLES)


def quick_standard(knowledge: Knowledge, rng: random.Random) -> Action:
    """`standard` imagining the partner's hand once instead of six times when it leads: the
    expert's rollout policy, where the search's many worlds make up for the fewer samples."""
    return _decide(knowledge, rng, ROLLOUT_SAMPLES)


def _decide(knowledge: Knowledge, rng: random.Random, samples: int) -> Action:
    view, legal, seat = knowledge.view, knowledge.legal, knowledge.seat
    kind = legal[0]["type"]
    chooser = CHOOSERS.get(kind)
    if chooser is None or len(legal) == 1:
        return legal[0]
    if kind == "play":
        chooser = partial(_play, samples=samples)
    scores = [(chooser(view, action, seat, rng), rng.random(), i) for i, action in enumerate(legal)]
    return legal[max(scores)[2]]


# --------------------------------------------------------------------------- the board


def landing_score(view: View, toward: int, paws: int) -> float:
    """How good it is for the team to move `paws` spaces toward `toward`'s end now."""
    path, tracker = view["path"], view["tracker"]
    target = tracker + (paws if toward == 1 else -paws)
    if not 0 <= target <= LAST_SPACE or path[target]["covered"]:
        return LOSS if view["forest_tokens_left"] == 0 else RESET - _nearest_gem(path, CENTRE)
    gems = path[target]["gems"]
    if gems and view["gems_on_board"] == 1:
        return WIN
    left = [dict(space) for space in path]
    left[target]["gems"] -= 1 if gems else 0
    return (GEM if gems else 0.0) - DISTANCE * _nearest_gem(left, target)


def _nearest_gem(path: Sequence[Mapping[str, Any]], space: int) -> int:
    distances = [abs(s["space"] - space) for s in path if s["gems"] > 0]
    return min(distances, default=0)


def best_move(view: View, winner: int, plays: Sequence[str], paws_options: Sequence[int]) -> float:
    """The best the winner can do with its #5 and #1 choices, which the bot also makes."""
    ways = (0, 1) if any(rank_of(card) == 1 for card in plays) else (winner,)
    return max(landing_score(view, toward, paws) for paws in paws_options for toward in ways)


def paw_options(plays: Sequence[str]) -> tuple[int, ...]:
    paws = [paws_of(card) for card in plays]
    fives = sum(1 for card in plays if rank_of(card) == 5)
    if fives == 2:
        return (sum(paws), paws[0], paws[1], 0)
    if fives == 1:
        return (sum(paws), paws[0], paws[1])
    return (sum(paws),)


def winner_of(lead: tuple[int, str], follow: tuple[int, str], trump: str) -> int:
    (lead_seat, lead_card), (follow_seat, follow_card) = lead, follow
    if (suit(follow_card) == trump) != (suit(lead_card) == trump):
        return follow_seat if suit(follow_card) == trump else lead_seat
    if suit(follow_card) == suit(lead_card) and rank_of(follow_card) > rank_of(lead_card):
        return follow_seat
    return lead_seat


def trick_score(view: View, lead: tuple[int, str], follow: tuple[int, str]) -> float:
    winner = winner_of(lead, follow, view["trump"])
    plays = (lead[1], follow[1])
    return best_move(view, winner, plays, paw_options(plays))


# --------------------------------------------------------------------------- playing cards


def _play(
    view: View, action: Action, seat: int, rng: random.Random, samples: int = SAMPLES
) -> float:
    card = action["card"]
    trick = view["current_trick"]
    if trick:
        lead = (trick[0]["seat"], trick[0]["card"]["id"])
        return trick_score(view, lead, (seat, card))
    return _lead_score(view, card, seat, rng, samples)


def _lead_score(view: View, card: str, seat: int, rng: random.Random, samples: int) -> float:
    """Average over sampled partner hands of the partner's best legal answer."""
    partner = 1 - seat
    hands = [_sample_partner_hand(view, partner, rng) for _ in range(samples)]
    total = 0.0
    for hand in hands:
        answers = _answers(card, hand) or [card]
        total += max(trick_score(view, (seat, card), (partner, answer)) for answer in answers)
    return total / samples


def _answers(lead: str, hand: Sequence[str]) -> list[str]:
    same = [card for card in hand if suit(card) == suit(lead)]
    return list(hand) if rank_of(lead) == 9 or not same else same


def _sample_partner_hand(view: View, partner: int, rng: random.Random) -> list[str]:
    """Cards the partner might hold: what the bot knows it holds plus unseen cards that fit
    the suits it showed out of (played cards are not shown, so they stay possible)."""
    known = [card["id"] for card in view["known_in_hands"][partner]]
    seen = {card["id"] for card in view["hand"]} | {view["decree"]["id"]} | set(known)
    seen |= {play["card"]["id"] for play in view["current_trick"]}
    voids = set(view["voids"][partner])
    unseen = [card for card in DECK if card not in seen and suit(card) not in voids]
    need = max(0, view["hand_counts"][partner] - len(known))
    picked = [unseen[i] for i in _indexes(rng, len(unseen), min(need, len(unseen)))]
    return known + picked


def _indexes(rng: random.Random, size: int, count: int) -> list[int]:
    order = list(range(size))
    for i in range(count):
        j = i + int(rng.random() * (size - i))
        order[i], order[j] = order[j], order[i]
    return order[:count]


# --------------------------------------------------------------------------- decisions


def _count_paws(view: View, action: Action, seat: int, rng: random.Random) -> float:
    plays = [play["card"]["id"] for play in view["current_trick"]]
    paws = next(c["paws"] for c in view["decision"]["choices"] if c["use"] == action["use"])
    return best_move(view, seat, plays, (paws,))


def _direction(view: View, action: Action, seat: int, rng: random.Random) -> float:
    return landing_score(view, action["toward"], view["decision"]["paws"])


def _exchanger(view: View, action: Action, seat: int, rng: random.Random) -> float:
    # The bot knows its own hand, so it takes the exchange itself.
    return 1.0 if action["seat"] == seat else 0.0


def _exchange(view: View, action: Action, seat: int, rng: random.Random) -> float:
    """With both cards down, pick the decree that gives the best trick; otherwise keep."""
    trick = view["current_trick"]
    if len(trick) < 2:
        return 0.5 if action["type"] == "keep_decree" else 0.0
    trump = view["decree"]["suit"] if action["type"] == "keep_decree" else suit(action["card"])
    lead, follow = ((p["seat"], p["card"]["id"]) for p in trick)
    plays = (lead[1], follow[1])
    twin = {**view, "trump": trump}
    return best_move(twin, winner_of(lead, follow, trump), plays, paw_options(plays))


def _pass(view: View, action: Action, seat: int, rng: random.Random) -> float:
    """Pass a card of the longest suit, low on paw prints: it keeps both hands flexible."""
    card = action["card"]
    length = sum(1 for c in view["hand"] if c["suit"] == suit(card))
    return length - 0.1 * paws_of(card)


def _forest(view: View, action: Action, seat: int, rng: random.Random) -> float:
    """Cover the end farther from the tracker, where an overshoot is less likely soon."""
    end_space = view["end_spaces"][action["end"]]
    return float(abs(end_space - view["tracker"]))


Chooser = Callable[[View, Action, int, random.Random], float]

CHOOSERS: dict[str, Chooser] = {
    "play": _play,
    "count_paws": _count_paws,
    "choose_direction": _direction,
    "choose_exchanger": _exchanger,
    "exchange_decree": _exchange,
    "keep_decree": _exchange,
    "pass_card": _pass,
    "place_forest_token": _forest,
}


# --------------------------------------------------------------------------- expert

HORIZON_TRICKS = 2
"""Rollouts stop once the trick in progress and one more are done (or the round ends)."""
TEAM_GEM, TEAM_TOKEN, TEAM_DISTANCE = 10.0, 12.0, 0.5
TEAM_SCALE, TEAM_SPREAD = 80.0, 0.2
"""Progress maps into 0.5 +- 0.2: always between a lost (0.25) and a won (0.75) match."""


def team_judge(position: Position) -> tuple[float, ...] | None:
    """The same value for both partners: what the team gained since the rollout began."""
    start, now = position.root_view, position.view
    if now["round"] == start["round"] and now["trick"] < start["trick"] + HORIZON_TRICKS:
        return None
    progress = (
        TEAM_GEM * (now["gems_collected"] - start["gems_collected"])
        + TEAM_TOKEN * (now["forest_tokens_left"] - start["forest_tokens_left"])
        - TEAM_DISTANCE * _nearest_gem(now["path"], now["tracker"])
    )
    value = 0.5 + max(-TEAM_SPREAD, min(TEAM_SPREAD, progress / TEAM_SCALE))
    return (value, value)


expert = SearchExpert(
    rollout=quick_standard, judge=team_judge, iterations=160, others_by_policy=True
)
"""Twice the worlds of a search with `standard` rollouts in the same time: at level 1 both
succeed about equally (a ceiling near 92%), at level 2 (side B) the expert team succeeds
clearly more often (docs/bots.md)."""

STRATEGIES: dict[str, Strategy] = {"standard": standard, "expert": expert}
