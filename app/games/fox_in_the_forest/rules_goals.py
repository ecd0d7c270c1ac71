"""The goal module with Foxden's 16 house goals (RULINGS.md).

Two goals are revealed each round. A goal is claimable from the moment its condition holds
(every condition is a fact about this round's public tricks, so it stays true once met); a
claim is an action. Ongoing goals trigger by themselves after each trick.
"""

from __future__ import annotations

from collections.abc import Callable

from app.games.fox_in_the_forest.data import GOAL_IDS, GOALS, GOALS_PER_ROUND, SEATS, SUITS
from app.games.fox_in_the_forest.data_cards import Face, face
from app.games.fox_in_the_forest.state import DEAL, OVER, State, Trick
from app.games.frozen import evolve
from app.games.protocol import Log, LogEntry
from app.games.rng import generator, shuffled


def shuffled_goal_deck(
    seed: int, shuffle_no: int, goals: tuple[str, ...] = GOAL_IDS
) -> tuple[str, ...]:
    return shuffled(generator(seed, "goals", shuffle_no), goals)


def reveal_goals(state: State) -> tuple[State, Log]:
    """Turn up two goals for the new round, reshuffling the discard pile when the deck runs out."""
    if not state.options.goals:
        return state, ()
    revealed: list[str] = []
    for _ in range(GOALS_PER_ROUND):
        if not state.goal_deck:
            shuffles = state.goal_shuffles + 1
            deck = shuffled_goal_deck(state.seed, shuffles, state.goal_discard)
            state = evolve(state, goal_deck=deck, goal_discard=(), goal_shuffles=shuffles)
        if not state.goal_deck:
            break
        revealed.append(state.goal_deck[0])
        state = evolve(state, goal_deck=state.goal_deck[1:])
    state = evolve(state, goals_open=tuple(revealed))
    text = "Goals this round: " + " / ".join(GOALS[goal][0] for goal in revealed)
    return state, (LogEntry(text, None, {"event": "goals", "goals": revealed}),)


# --------------------------------------------------------------------------- conditions


def _faces(trick: Trick, poison: bool) -> list[Face]:
    """The cards as they counted in the trick (a Mirror as the decree, a crowned card as 11)."""
    return [face(p.card, trick.decree, poison, p.crown) for p in trick.plays]


def _mine_and_theirs(trick: Trick, seat: int, poison: bool) -> tuple[Face, Face]:
    faces = _faces(trick, poison)
    mine = 0 if trick.plays[0].seat == seat else 1
    return faces[mine], faces[1 - mine]


def _ranks(trick: Trick, poison: bool) -> list[int | None]:
    return [f.rank for f in _faces(trick, poison)]


def _won(state: State, seat: int) -> list[Trick]:
    return [trick for trick in state.tricks if trick.winner == seat]


def _any_won(state: State, seat: int, test: Callable[[Trick, bool], bool]) -> bool:
    return any(test(trick, state.options.poison) for trick in _won(state, seat))


def _in_a_row(state: State, seat: int, length: int) -> bool:
    run = 0
    for trick in state.tricks:
        run = run + 1 if trick.winner == seat else 0
        if run >= length:
            return True
    return False


def _low_beats_high(trick: Trick, seat: int, poison: bool) -> bool:
    mine, theirs = _mine_and_theirs(trick, seat, poison)
    return mine.rank is not None and theirs.rank is not None and theirs.rank - mine.rank >= 5


def _led_suits(state: State, seat: int) -> set[str | None]:
    return {face(t.plays[0].card, t.decree, state.options.poison).suit for t in _won(state, seat)}


CONDITIONS: dict[str, Callable[[State, int], bool]] = {
    "g01": lambda s, seat: bool(s.tricks) and s.tricks[0].winner == seat,
    "g02": lambda s, seat: len(s.tricks) == 13 and s.tricks[-1].winner == seat,
    "g03": lambda s, seat: _any_won(s, seat, lambda t, p: 11 in _ranks(t, p)),
    "g04": lambda s, seat: _any_won(
        s, seat, lambda t, p: t.leader == seat and _faces(t, p)[0].rank == 1
    ),
    "g05": lambda s, seat: _any_won(s, seat, lambda t, p: _ranks(t, p).count(9) == 2),
    "g06": lambda s, seat: _in_a_row(s, seat, 3),
    "g07": lambda s, seat: _any_won(
        s, seat, lambda t, p: None not in _ranks(t, p) and len(set(_ranks(t, p))) == 1
    ),
    "g08": lambda s, seat: _any_won(
        s, seat, lambda t, p: (_mine_and_theirs(t, seat, p)[0].rank or 99) <= 3
    ),
    "g09": lambda s, seat: _any_won(
        s, seat, lambda t, p: all(r is not None and r % 2 == 0 for r in _ranks(t, p))
    ),
    "g10": lambda s, seat: s.decree_changes[seat] > 0,
    "g11": lambda s, seat: set(SUITS) <= _led_suits(s, seat),
    "g12": lambda s, seat: _any_won(s, seat, lambda t, p: _low_beats_high(t, seat, p)),
    "g13": lambda s, seat: (
        len(s.tricks) >= 10 and sum(1 for t in s.tricks[:10] if t.winner == seat) == 5
    ),
}

# Ongoing goals: does this trick, just won by `seat`, trigger the goal?
TRIGGERS: dict[str, Callable[[State, int, Trick], bool]] = {
    "g14": lambda s, seat, t: 2 in _ranks(t, s.options.poison),
    "g15": lambda s, seat, t: 11 in _ranks(t, s.options.poison),
    "g16": lambda s, seat, t: sum(1 for x in s.tricks[:-1] if x.winner == seat) >= 9,
}


def claimable(state: State, seat: int) -> list[str]:
    if state.phase in (OVER, DEAL):
        return []
    return [g for g in state.goals_open if g in CONDITIONS and CONDITIONS[g](state, seat)]


def claimants(state: State) -> tuple[int, ...]:
    if not state.goals_open:
        return ()  # no goal on the table (always so without the module): nothing to check
    return tuple(seat for seat in range(SEATS) if claimable(state, seat))


def _score(state: State, seat: int, goal: str, points: int) -> tuple[State, int]:
    """Add (or take away) points; a score never goes below 0. Returns the real change."""
    new = max(0, state.scores[seat] + points)
    change = new - state.scores[seat]
    scores = tuple(new if i == seat else s for i, s in enumerate(state.scores))
    claims = (*state.goal_claims, (goal, seat, change))
    return evolve(state, scores=scores, goal_claims=claims), change


def claim(state: State, seat: int, goal: str) -> tuple[State, Log]:
    state, change = _score(state, seat, goal, GOALS[goal][1])
    state = evolve(
        state,
        goals_open=tuple(g for g in state.goals_open if g != goal),
        goal_discard=(*state.goal_discard, goal),
    )
    text = f'{{seat{seat}}} claims the goal "{GOALS[goal][0]}" (+{change}).'
    return state, (LogEntry(text, None, {"event": "claim", "seat": seat, "goal": goal}),)


def trigger_ongoing(state: State, trick: Trick) -> tuple[State, Log]:
    """After a trick: every ongoing goal its winner triggers scores at once (not optional)."""
    log: Log = ()
    for goal in state.goals_open:
        if goal in TRIGGERS and TRIGGERS[goal](state, trick.winner, trick):
            state, change = _score(state, trick.winner, goal, GOALS[goal][1])
            text = f'{{seat{trick.winner}}} triggers "{GOALS[goal][0]}" ({change:+d}).'
            data = {"event": "ongoing", "seat": trick.winner, "goal": goal, "points": change}
            log = (*log, LogEntry(text, None, data))
    return state, log


def settle_goals(state: State) -> tuple[State, Log]:
    """At the end of the round, goals still claimable are claimed for their owner, and every
    goal still on the table goes to the discard pile.

    If both players qualify for the same goal, the player who did not deal gets it.
    """
    log: Log = ()
    order = (1 - state.dealer, state.dealer)
    for goal in state.goals_open:
        winner = next((seat for seat in order if goal in claimable(state, seat)), None)
        if winner is not None:
            state, more = claim(state, winner, goal)
            log = (*log, *more)
    state = evolve(state, goals_open=(), goal_discard=(*state.goal_discard, *state.goals_open))
    return state, log
