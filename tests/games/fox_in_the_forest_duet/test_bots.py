"""The bots: they decide from their knowledge alone, and they help the team."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from app.games.fox_in_the_forest_duet import ENGINE
from app.games.fox_in_the_forest_duet.bots import STRATEGIES, expert, standard
from app.games.fox_in_the_forest_duet.state import State
from app.games.knowledge import SeatKnowledge
from app.games.protocol import Strategy
from app.games.rng import pick
from tests.games import bot_checks
from tests.games.fox_in_the_forest_duet.helpers import gems, make_state, play

GAMES = 100
FAST_EXPERT = expert.budgeted(iterations=12)
"""The search on a small budget, for the checks that only need it to run."""


def _match(seed: int, level: int, bots: tuple[bool, bool]) -> State:
    rng = random.Random(seed)
    state = ENGINE.setup(2, {"level": level}, seed)
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_actions(state, seat)
        if bots[seat]:
            action = standard(SeatKnowledge(ENGINE, state, seat, legal=legal), rng)
            assert action in legal
        else:
            action = pick(rng, legal)
        state = ENGINE.apply(state, seat, action).state
    return state


def test_strategies_expose_standard_and_expert() -> None:
    assert {"standard": standard, "expert": expert} == STRATEGIES


def states(seed: int, count: int) -> Iterator[tuple[State, int]]:
    """States along random playouts at every level, with a seat that may act."""
    rng = random.Random(seed)
    state = ENGINE.setup(2, {"level": 1 + seed % 3}, seed)
    for _ in range(count):
        if not ENGINE.to_act(state):
            state = ENGINE.setup(2, {"level": 1 + rng.randrange(3)}, rng.getrandbits(32))
        seat = pick(rng, ENGINE.to_act(state))
        yield state, seat
        state = ENGINE.apply(state, seat, pick(rng, ENGINE.legal_actions(state, seat))).state


def knowing(state: State, seat: int) -> SeatKnowledge:
    return bot_checks.knowing(ENGINE, state, seat)


@pytest.mark.parametrize("name", ["standard", "expert"])
def test_a_bot_always_returns_a_listed_action(name: str) -> None:
    strategy = FAST_EXPERT if name == "expert" else STRATEGIES[name]
    for index, (state, seat) in enumerate(states(4, 1200 if name == "standard" else 400)):
        knowledge = knowing(state, seat)
        if name == "expert" and len(knowledge.legal) > 1 and index % 8:
            continue  # searching is slow: every single-choice step, a sample of the rest
        assert strategy(knowledge, random.Random(index)) in knowledge.legal


@pytest.mark.parametrize("name", ["standard", "expert"])
def test_a_bot_decides_from_its_knowledge_alone(name: str) -> None:
    """Same view, the partner's cards and the draw pile dealt again, the same worlds drawn:
    the same decision."""
    strategy = FAST_EXPERT if name == "expert" else STRATEGIES[name]
    checked = differed = 0
    for index, (state, seat) in enumerate(states(5, 400)):
        if len(ENGINE.legal_actions(state, seat)) < 2 or index % 6:
            continue
        mine, theirs, twin = bot_checks.decide_with_twin(ENGINE, strategy, state, seat, index)
        assert theirs == mine
        checked += 1
        differed += twin.hands[1 - seat] != state.hands[1 - seat]
    assert checked >= 20 and differed >= checked // 2, (checked, differed)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_bot_and_a_random_partner_finish_a_match_at_every_level(level: int) -> None:
    final = _match(level, level, (True, False))
    assert ENGINE.outcome(final) is not None


def test_a_bot_team_succeeds_clearly_more_often_than_a_random_team() -> None:
    bot_wins = random_wins = bot_gems = random_gems = 0
    for seed in range(GAMES):
        level = 1 + seed % 3
        bot = _match(seed, level, (True, True))
        rand = _match(seed, level, (False, False))
        bot_wins += bool(ENGINE.outcome(bot).winners)  # type: ignore[union-attr]
        random_wins += bool(ENGINE.outcome(rand).winners)  # type: ignore[union-attr]
        bot_gems += bot.collected
        random_gems += rand.collected
    assert bot_wins >= 25, bot_wins
    assert bot_wins >= random_wins + 20
    assert bot_gems > 2 * random_gems


def test_following_it_picks_the_card_that_lands_on_a_gem() -> None:
    # Seat 0 led the 6 of Doves (2 paws). The 4 (1 paw) makes 3 spaces toward seat 0: space 2
    # has a gem; the 2 (3 paws) makes 5: space 0 has none; the 8 wins for seat 1 and moves 4.
    state = make_state(
        ["doves-6", "roses-2"], ["doves-2", "doves-4", "doves-8"], gems=gems((2, 1), (10, 1))
    )
    state = play(state, 0, "doves-6")
    choice = standard(knowing(state, 1), random.Random(0))
    assert choice == {"type": "play", "card": "doves-4"}


def test_it_avoids_going_past_the_path_when_no_token_is_left() -> None:
    state = make_state(
        ["doves-6", "roses-2"],
        ["doves-2", "doves-9"],
        tracker=2,
        covered=(2, 2),
        forest_left=0,
        gems=gems((4, 1), (6, 1)),
    )
    state = play(state, 0, "doves-6")
    # The 2 would carry the tracker 5 toward seat 0 and lose; the 9 wins and moves 2 to space 4.
    choice = standard(knowing(state, 1), random.Random(0))
    assert choice == {"type": "play", "card": "doves-9"}


def test_with_a_5_it_counts_the_paws_that_reach_a_gem() -> None:
    state = make_state(["doves-10", "roses-5"], ["doves-5", "roses-6"], gems=gems((2, 1), (9, 1)))
    state = play(play(state, 0, "doves-10"), 1, "doves-5")
    choice = standard(knowing(state, 0), random.Random(0))
    assert choice == {"type": "count_paws", "use": "lead"}  # 3 spaces: onto the gem on 2


def test_it_decides_from_the_view_as_the_platform_sends_it() -> None:
    # The platform sends JSON with the players' names filled in; the bot must not care.
    state = ENGINE.setup(2, {}, 31)
    view = json.loads(json.dumps(ENGINE.view(state, 0)).replace("{seat1}", "Ada"))
    sent = SeatKnowledge(ENGINE, state, 0, view)
    assert standard(sent, random.Random(1)) == standard(knowing(state, 0), random.Random(1))


def _team_match(seed: int, strategy: Strategy) -> bool:
    state = bot_checks.play_match(ENGINE, (strategy, strategy), seed, {"level": EXPERT_LEVEL})
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return bool(outcome.winners)


EXPERT_LEVEL = 2
"""Side B: at level 1 both teams succeed about 92% of the time, which leaves no room."""
EXPERT_SEEDS = range(3, 6)
TEST_BUDGET = 24
"""Far below the shipped 160 iterations: enough to show the gap on these seeds, cheaply."""


def test_an_expert_team_succeeds_more_often_than_a_standard_team() -> None:
    # Same seeds for both teams (the benchmark measures the gap at level 2, docs/bots.md).
    searcher = expert.budgeted(TEST_BUDGET)  # no wall-time cap: reproducible
    expert_wins = sum(_team_match(seed, searcher) for seed in EXPERT_SEEDS)
    standard_wins = sum(_team_match(seed, standard) for seed in EXPERT_SEEDS)
    assert expert_wins >= standard_wins + 2, (expert_wins, standard_wins)
