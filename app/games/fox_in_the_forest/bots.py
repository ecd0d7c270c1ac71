"""The bots of The Fox in the Forest; each decides from its seat's `Knowledge` alone.

- `standard`: aims for the Victorious band (7-9 tricks), counting the tricks its strong cards
  will win anyway. While it still wants tricks it wins them as cheaply as it can; once it has
  enough it ducks, shedding its strongest card that still loses (a forced win spends its
  strongest card). Goals are claimed at once. It reads the view only.
- `expert`: the generic search (app/games/search.py) with `standard` rollouts to the end of the
  round, judged by the round's points (a finished match by its outcome).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from app.games.fox_in_the_forest.data_cards import Face
from app.games.fox_in_the_forest.rules_trick import trick_winner
from app.games.protocol import Action, Knowledge, Strategy
from app.games.search import Position, SearchExpert

WANTED_TRICKS = 7
"""Aim for the bottom of the Victorious band (7-9): strong cards win more tricks than planned."""
VICTORIOUS = 7
HUMBLE = 3
# How many more tricks a card in hand is expected to win (tuned against `random`).
TRUMP_BASE, TRUMP_STEP = 0.5, 0.04
PLAIN_FROM, PLAIN_TOP = 5, 0.7


def standard(knowledge: Knowledge, rng: random.Random) -> Action:
    view, legal, seat = knowledge.view, knowledge.legal, knowledge.seat
    claims = [a for a in legal if a["type"] == "claim"]
    if claims:
        return claims[0]
    kinds = {a["type"] for a in legal}
    if "play" in kinds:
        return _play(view, [a for a in legal if a["type"] == "play"], seat)
    cards = {c["id"]: c for c in view.get("hand", [])}
    if kinds & {"discard", "give"}:
        # Keep strong cards while tricks are wanted; otherwise shed them.
        sign = 1 if _wants_trick(view, seat) else -1
        return min(legal, key=lambda a: sign * _strength(view, cards[a["card"]]))
    if "take" in kinds:
        takes = [a for a in legal if a["type"] == "take"]
        shown = {c["id"]: c for c in (view.get("decision") or {}).get("shown", [])}
        return max(takes, key=lambda a: _strength(view, shown[a["card"]]))
    if "dig" in kinds:
        return {"type": "dig"} if _wants_trick(view, seat) else {"type": "keep_shovel"}
    if "keep_decree" in kinds:
        return {"type": "keep_decree"}
    return legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]


def _wants_trick(view: Mapping[str, Any], seat: int) -> bool:
    """Whether the bot still wants tricks this round.

    It counts the tricks its hand will probably win anyway: strong cards keep winning, so
    chasing tricks until the target only overshoots into Greedy (and hands the opponent a
    Humble 6). When 7 tricks are out of reach it stays Humble if it still can.
    """
    won = int(view["tricks_won"][seat])
    left = 14 - int(view["trick_number"])
    if won + left < VICTORIOUS:
        return won > HUMBLE
    return won + _expected_wins(view) < WANTED_TRICKS


def _expected_wins(view: Mapping[str, Any]) -> float:
    total = 0.0
    for card in view.get("hand", []):
        rank = card["rank"] or 0
        if card["suit"] is not None and card["suit"] == view["trump"]:
            total += TRUMP_BASE + TRUMP_STEP * rank
        else:
            total += max(0.0, (rank - PLAIN_FROM) / (11 - PLAIN_FROM)) * PLAIN_TOP
    return total


def _strength(view: Mapping[str, Any], card: Mapping[str, Any]) -> float:
    """Rough value of keeping a card: rank, plus a bonus for trump."""
    rank = card["rank"] if card["rank"] is not None else 5
    return rank + (10 if card["suit"] is not None and card["suit"] == view["trump"] else 0)


def _face(view: Mapping[str, Any], card: Mapping[str, Any]) -> Face:
    if card["id"] == "mirror" and view["decree"] and view["decree"]["id"] != "mirror":
        card = view["decree"]
    return Face(card["suit"], card["rank"], card["ability"] or "", bool(card["special"]))


def _play(view: Mapping[str, Any], plays: list[Action], seat: int) -> Action:
    hand = {c["id"]: c for c in view["hand"]}
    ranked = sorted(plays, key=lambda a: _strength(view, hand[a["card"]]))
    lead = view["trick"]["lead"]
    wants = _wants_trick(view, seat)
    if lead is None:
        return ranked[-1] if wants else ranked[0]
    lead_card = lead["card"]
    counted = lead["counts_as"]
    lead_face = Face(
        counted["suit"], counted["rank"], counted["ability"] or "", bool(lead_card["special"])
    )
    winners = [
        a
        for a in ranked
        if trick_winner(lead_face, _face(view, hand[a["card"]]), view["trump"], 1 - seat) == seat
    ]
    if wants and winners:
        return winners[0]
    losers = [a for a in ranked if a not in winners]
    if not losers:
        return ranked[-1]  # a forced win: spend the card that would win a trick later anyway
    # Wanted but out of reach: throw the weakest card. Unwanted: shed the strongest loser.
    return losers[0] if wants else losers[-1]


# --------------------------------------------------------------------------- expert

ROUND_POINTS_SCALE = 16.0
"""A round's points difference (at most 6 either way) mapped into (0, 1) around 0.5; a won
match (utility 1) is worth more than any round."""


def round_judge(position: Position) -> tuple[float, ...] | None:
    """Rollouts stop when the round ends: each seat's share of the points it made."""
    start, now = position.root_view, position.view
    if now["round"] == start["round"]:
        return None
    gained = [int(n) - int(s) for n, s in zip(now["scores"], start["scores"], strict=True)]
    return tuple(0.5 + (gained[s] - gained[1 - s]) / ROUND_POINTS_SCALE for s in (0, 1))


expert = SearchExpert(rollout=standard, judge=round_judge, iterations=70)

STRATEGIES: dict[str, Strategy] = {"standard": standard, "expert": expert}
