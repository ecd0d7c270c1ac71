"""The flow of a match: tricks, the odd cards' decisions, moving the tracker, rules_rounds."""

from __future__ import annotations

from app.games.fox_in_the_forest_duet import rules_board, rules_rounds
from app.games.fox_in_the_forest_duet.data import (
    SUIT_NAMES,
    TRICKS_PER_ROUND,
    card_name,
    rank_of,
    suit_of,
)
from app.games.fox_in_the_forest_duet.hidden_memory import trick_entry
from app.games.fox_in_the_forest_duet.rules_tricks import (
    add_card,
    add_void,
    drop_void,
    out_of_sight,
    paw_total,
    ranks_in,
    remove_card,
    set_hand,
    showed_out,
    suit_to_follow,
    trick_winner,
)
from app.games.fox_in_the_forest_duet.state import (
    CHOOSE_DIRECTION,
    CHOOSE_EXCHANGER,
    COUNT_PAWS,
    EXCHANGE_DECREE,
    OVER,
    PASS_CARDS,
    PLAY,
    Play,
    State,
    Step,
    TrickResult,
)
from app.games.frozen import evolve
from app.games.protocol import IllegalAction, LogEntry

# #5: which cards' paw prints count ("lead"/"follow": that card only).
PAW_CHOICES_ONE_FIVE = ("both", "lead", "follow")
PAW_CHOICES_TWO_FIVES = ("both", "lead", "follow", "neither")


def to_act(state: State) -> tuple[int, ...]:
    if state.phase == OVER:
        return ()
    if state.phase == PLAY:
        return (state.leader if not state.trick else 1 - state.leader,)
    if state.phase == CHOOSE_EXCHANGER:
        return (state.trick[-1].seat,)
    if state.phase == EXCHANGE_DECREE:
        return (exchanger_of(state),)
    if state.phase == PASS_CARDS:
        return tuple(seat for seat in (0, 1) if state.picks[seat] is None)
    if state.phase in (COUNT_PAWS, CHOOSE_DIRECTION):
        return (trick_winner(state.trick, state.decree),)
    return (state.leader,)  # FOREST_SETUP, ROUND_END: the next leader chooses for the team


def exchanger_of(state: State) -> int:
    if state.exchanger is None:
        raise ValueError("corrupt state: no exchanger while exchanging the decree")
    return state.exchanger


# --------------------------------------------------------------------------- playing a card


def play(state: State, seat: int, card: str) -> Step:
    if card not in state.hands[seat]:
        raise IllegalAction("You do not hold that card.")
    suit = suit_to_follow(state, seat)
    if suit is not None and suit_of(card) != suit:
        raise IllegalAction(f"You must follow suit: you hold {SUIT_NAMES[suit]}.")
    voids = state.voids
    if showed_out(state, seat, card):
        # A public inference: a player who did not follow holds no card of the lead suit.
        voids = add_void(voids, seat, suit_of(state.trick[0].card))
    played = remove_card(evolve(state, voids=voids), seat, card)
    played = evolve(played, trick=(*state.trick, Play(seat, card)))
    verb = "plays" if state.trick else "leads"
    entry = trick_entry(
        state,
        f"{{seat{seat}}} {verb} the {card_name(card)}.",
        "",  # a forgotten trick reads as its result only
        {"event": "play", "seat": seat, "card": card},
    )
    after, log = _ability_on_play(played, seat, card)
    return after, [entry, *log]


def _ability_on_play(state: State, seat: int, card: str) -> Step:
    """#3 and #7 act the moment they are played, before the trick goes on."""
    if rank_of(card) == 3:
        return _start_three(state)
    if rank_of(card) == 7:
        return _start_seven(state)
    return continue_trick(state)


def continue_trick(state: State) -> Step:
    if len(state.trick) == 1:
        return evolve(state, phase=PLAY), []
    return _resolve(state)


# --------------------------------------------------------------------------- #3: the decree


def exchange_candidates(state: State) -> tuple[int, ...]:
    """Ruling: only a player with a card in hand can be chosen to exchange the decree."""
    return tuple(seat for seat in (0, 1) if state.hands[seat])


def _start_three(state: State) -> Step:
    candidates = exchange_candidates(state)
    if not candidates:
        after, log = continue_trick(state)
        note = trick_entry(
            state,
            "No one has a card left, so the 3 has no effect.",
            "",
            {"event": "3"},
        )
        return after, [note, *log]
    if len(candidates) == 1:
        only = candidates[0]
        return _let_exchange(state, only, f"Only {{seat{only}}} has cards left, so ")
    return evolve(state, phase=CHOOSE_EXCHANGER), []


def choose_exchanger(state: State, seat: int, chosen: int) -> Step:
    if chosen not in exchange_candidates(state):
        raise IllegalAction("Choose yourself or your partner (a player with a card in hand).")
    return _let_exchange(state, chosen, f"{{seat{seat}}} chooses: ")


def _let_exchange(state: State, chosen: int, why: str) -> Step:
    entry = LogEntry(
        f"{why}{{seat{chosen}}} may exchange the decree card.",
        data={"event": "3", "seat": chosen},
    )
    return evolve(state, phase=EXCHANGE_DECREE, exchanger=chosen), [entry]


def exchange_decree(state: State, seat: int, card: str) -> Step:
    if card not in state.hands[seat]:
        raise IllegalAction("You do not hold that card.")
    old = state.decree
    swapped = add_card(remove_card(state, seat, card), seat, old)
    # Everyone saw the old decree go into this hand.
    public = set_hand(swapped.public_in_hand, seat, [*swapped.public_in_hand[seat], old])
    voids = drop_void(swapped.voids, seat, suit_of(old))
    swapped = evolve(swapped, decree=card, public_in_hand=public, voids=voids, exchanger=None)
    entry = LogEntry(
        f"{{seat{seat}}} takes the decree {card_name(old)} and makes the {card_name(card)} "
        f"the decree: {SUIT_NAMES[suit_of(card)]} are trump.",
        data={"event": "exchange_decree", "seat": seat, "taken": old, "decree": card},
    )
    after, log = continue_trick(swapped)
    return after, [entry, *log]


def keep_decree(state: State, seat: int) -> Step:
    entry = LogEntry(f"{{seat{seat}}} keeps the decree card.", data={"event": "keep_decree"})
    after, log = continue_trick(evolve(state, exchanger=None))
    return after, [entry, *log]


# --------------------------------------------------------------------------- #7: swap cards


def _start_seven(state: State) -> Step:
    if not all(state.hands):
        # Ruling: on the last trick a hand is empty, so nobody can pass anything.
        after, log = continue_trick(state)
        note = trick_entry(
            state,
            "A hand is empty, so the 7 has no effect.",
            "",
            {"event": "7"},
        )
        return after, [note, *log]
    entry = LogEntry("Both players now pick a card to pass.", data={"event": "7"})
    return evolve(state, phase=PASS_CARDS, picks=(None, None)), [entry]


def pass_card(state: State, seat: int, card: str) -> Step:
    if card not in state.hands[seat]:
        raise IllegalAction("You do not hold that card.")
    picks = (card, state.picks[1]) if seat == 0 else (state.picks[0], card)
    picked = evolve(state, picks=picks)
    log = [
        LogEntry(
            f"You pick the {card_name(card)} to pass.",
            audience=seat,
            data={"event": "pick", "seat": seat, "card": card},
            others=f"{{seat{seat}}} picks the {card_name(card)} to pass.",
        ),
        LogEntry(
            f"{{seat{seat}}} has picked a card to pass.", data={"event": "picked", "seat": seat}
        ),
    ]
    if picks[0] is None or picks[1] is None:
        return picked, log
    after, more = _swap(picked, picks[0], picks[1])
    return after, log + more


def _swap(state: State, from_0: str, from_1: str) -> Step:
    swapped = add_card(remove_card(state, 0, from_0), 1, from_0)
    swapped = add_card(remove_card(swapped, 1, from_1), 0, from_1)
    knows = swapped.partner_knows
    knows = set_hand(set_hand(knows, 1, [*knows[1], from_0]), 0, [*knows[0], from_1])
    # The passed cards are unknown to onlookers, so earlier void inferences no longer hold.
    swapped = evolve(swapped, partner_knows=knows, voids=((), ()), picks=(None, None))
    swapped = out_of_sight(swapped, state)
    log = [
        LogEntry(
            f"You pass the {card_name(from_0)} and receive the {card_name(from_1)}.",
            audience=0,
            data={"event": "swap", "gave": from_0, "got": from_1},
            others=f"{{seat0}} passes the {card_name(from_0)} and receives the "
            f"{card_name(from_1)}.",
        ),
        # The same swap from the other side: the entry above tells it to the others.
        LogEntry(
            f"You pass the {card_name(from_1)} and receive the {card_name(from_0)}.",
            audience=1,
            data={"event": "swap", "gave": from_1, "got": from_0},
        ),
        LogEntry("{seat0} and {seat1} swap a card.", data={"event": "swapped"}),
    ]
    after, more = continue_trick(swapped)
    return after, log + more


# --------------------------------------------------------------------------- the trick's end


def _resolve(state: State) -> Step:
    winner = trick_winner(state.trick, state.decree)
    won = list(state.tricks_won)
    won[winner] += 1
    state = evolve(state, tricks_won=(won[0], won[1]))
    entry = trick_entry(
        state,
        f"{{seat{winner}}} wins the trick.",
        f"{{seat{winner}}} won a trick.",
        {"event": "trick", "winner": winner},
    )
    if 5 in ranks_in(state.trick):
        return evolve(state, phase=COUNT_PAWS), [entry]
    after, log = _after_count(state, paw_total(state.trick))
    return after, [entry, *log]


def paw_choices(state: State) -> tuple[str, ...]:
    fives = ranks_in(state.trick).count(5)
    return PAW_CHOICES_TWO_FIVES if fives == 2 else PAW_CHOICES_ONE_FIVE


def count_paws(state: State, seat: int, use: str) -> Step:
    if use not in paw_choices(state):
        raise IllegalAction("Only a second 5 lets you ignore both cards' paw prints.")
    counted = counted_plays(state, use)
    paws = paw_total(counted)
    names = " and the ".join(card_name(p.card) for p in counted)
    counts = f"the paw prints of the {names}" if counted else "neither card's paw prints"
    entry = trick_entry(
        state,
        f"{{seat{seat}}} counts {counts}: {paws}.",
        "",
        {"event": "count_paws", "use": use, "paws": paws},
    )
    after, log = _after_count(state, paws)
    return after, [entry, *log]


def _after_count(state: State, paws: int) -> Step:
    # Ruling: with no paw prints to move, a #1's choice of way changes nothing; it is skipped.
    if 1 in ranks_in(state.trick) and paws > 0:
        return evolve(state, phase=CHOOSE_DIRECTION, paws=paws), []
    winner = trick_winner(state.trick, state.decree)
    return _move(state, winner, paws)


def choose_direction(state: State, seat: int, toward: int) -> Step:
    if state.paws is None:
        raise ValueError("corrupt state: no paw count while choosing the way")
    paws = state.paws
    entry = LogEntry(
        f"{{seat{seat}}} moves the tracker toward {rules_board.end_name(toward)}.",
        data={"event": "direction", "toward": toward},
    )
    after, log = _move(evolve(state, paws=None), toward, paws)
    return after, [entry, *log]


def _move(state: State, toward: int, paws: int) -> Step:
    winner = trick_winner(state.trick, state.decree)
    moved, result, log = rules_board.move(state, winner, toward, paws)
    if moved.phase == OVER:
        return evolve(moved, last_trick=result, trick=()), log
    after, more = _finish_trick(moved, result)
    return after, log + more


def _finish_trick(state: State, result: TrickResult) -> Step:
    state = evolve(
        state,
        trick=(),
        last_trick=result,
        leader=result.winner,
        trick_no=state.trick_no + 1,
        phase=PLAY,
    )
    if state.trick_no <= TRICKS_PER_ROUND:
        return state, []
    return rules_rounds.end_round(state)


def counted_plays(state: State, use: str) -> tuple[Play, ...]:
    """The cards whose paw prints a #5 choice counts."""
    lead, follow = state.trick
    return {"both": (lead, follow), "lead": (lead,), "follow": (follow,), "neither": ()}[use]
