"""What happens after a card has been played: the next decision, the trick, the round."""

from __future__ import annotations

from app.games.fox_in_the_forest.data import SEATS, round_points
from app.games.fox_in_the_forest.data_cards import label
from app.games.fox_in_the_forest.hidden_memory import completed_tricks, trick_entry
from app.games.fox_in_the_forest.rules_deal import deal_round
from app.games.fox_in_the_forest.rules_goals import settle_goals, trigger_ongoing
from app.games.fox_in_the_forest.rules_trick import next_leader, trick_points, winner_of
from app.games.fox_in_the_forest.state import DEAL, OVER, Play, RoundRecord, State, Step, Trick
from app.games.frozen import evolve
from app.games.protocol import Log, LogEntry


def proceed(state: State) -> tuple[State, Log]:
    """The trick goes on: the follower plays, or both have played and the trick is decided."""
    if state.lead is None:
        return evolve(state, step=Step("play", state.leader)), ()
    if state.follow is None:
        return evolve(state, step=Step("play", 1 - state.leader)), ()
    return resolve(state, state.lead, state.follow)


def resolve(state: State, lead: Play, follow: Play) -> tuple[State, Log]:
    winner = winner_of(state, lead, follow)
    gained, lost = trick_points(state)
    scores = list(state.scores)
    # Gains first, then losses: a score never goes below 0 ("ignore any further loss").
    scores[winner] = max(0, scores[winner] + gained - lost)
    trick = Trick(state.leader, winner, (lead, follow), lead.cards + follow.cards, state.decree)
    leader = next_leader(state, winner)
    state = evolve(
        state,
        scores=tuple(scores),
        tricks=(*state.tricks, trick),
        lead=None,
        follow=None,
        leader=leader,
    )
    log = _trick_log(state, trick, gained, lost, leader)
    state, goal_log = trigger_ongoing(state, trick)
    log = (*log, *goal_log)
    if not any(state.hands):
        state, end_log = end_round(state)
        return state, (*log, *end_log)
    return evolve(state, step=Step("play", leader)), log


def _trick_log(state: State, trick: Trick, gained: int, lost: int, leader: int) -> Log:
    winner = trick.winner
    cards = " and ".join(label(card) for card in trick.pile)
    text = f"{{seat{winner}}} wins the trick ({cards})."
    if gained:
        text += f" Treasure: +{gained}."
    if lost:
        text += f" Poison: -{lost}."
    if leader != winner:
        text += f" The Swan lets {{seat{leader}}} lead next."
    data = {
        "event": "trick",
        "winner": winner,
        "cards": list(trick.pile),
        "gained": gained,
        "lost": lost,
        "next_leader": leader,
        "tricks": [tricks_won(state, seat) for seat in range(SEATS)],
    }
    faded = f"{{seat{winner}}} won a trick."
    return (trick_entry(text, faded, completed_tricks(state), data),)


def tricks_won(state: State, seat: int) -> int:
    return sum(1 for trick in state.tricks if trick.winner == seat)


def end_round(state: State) -> tuple[State, Log]:
    """Score the round on the chart; the match ends once someone reaches the target."""
    state, goal_log = settle_goals(state)
    tricks = tuple(tricks_won(state, seat) for seat in range(SEATS))
    points = tuple(round_points(count)[0] for count in tricks)
    scores = tuple(score + gain for score, gain in zip(state.scores, points, strict=True))
    gained = tuple(now - before for now, before in zip(scores, state.round_start, strict=True))
    record = RoundRecord(state.round_no, state.dealer, tricks, points, gained)
    state = evolve(state, scores=scores, history=(*state.history, record))
    log = tuple(
        LogEntry(
            f"{{seat{seat}}} won {tricks[seat]} tricks: {round_points(tricks[seat])[1]}, "
            f"+{points[seat]} points ({scores[seat]} in all).",
            None,
            {"event": "round_score", "seat": seat, "tricks": tricks[seat], "points": points[seat]},
        )
        for seat in range(SEATS)
    )
    log = (*goal_log, *log)
    if max(scores) >= state.options.target_score:
        return evolve(state, step=Step(OVER, -1)), (*log, _end_log(state))
    # The next dealer deals in a separate action, so the round's last trick and scores stay on
    # the table (and the cards just played are not in anyone's new hand in the same update).
    return evolve(state, step=Step(DEAL, 1 - state.dealer)), log


def next_round(state: State) -> tuple[State, Log]:
    return deal_round(state, state.round_no + 1, state.step.seat)


def match_winners(state: State) -> tuple[tuple[int, ...], str]:
    """Most points; a tie goes to whoever gained more in the last round; else a shared win."""
    best = max(state.scores)
    leaders = tuple(seat for seat in range(SEATS) if state.scores[seat] == best)
    if len(leaders) == 1:
        return leaders, "target_score"
    last = state.history[-1].gained
    best_last = max(last[seat] for seat in leaders)
    winners = tuple(seat for seat in leaders if last[seat] == best_last)
    return winners, ("tie_break" if len(winners) == 1 else "shared_win")


def _end_log(state: State) -> LogEntry:
    winners, reason = match_winners(state)
    if len(winners) == 1:
        text = f"{{seat{winners[0]}}} wins the match."
    else:
        text = "The match ends in a shared win."
    return LogEntry(text, None, {"event": "match_over", "winners": list(winners), "reason": reason})
