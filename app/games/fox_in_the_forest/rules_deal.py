"""Starting the match and dealing each round."""

from __future__ import annotations

from app.games.fox_in_the_forest.data import HAND_SIZE, SEATS, SPECIAL_IDS
from app.games.fox_in_the_forest.data_cards import label, suit_cards
from app.games.fox_in_the_forest.rules_goals import reveal_goals, shuffled_goal_deck
from app.games.fox_in_the_forest.state import Options, State, Step
from app.games.frozen import evolve
from app.games.protocol import Log, LogEntry
from app.games.rng import below, generator, sample, shuffled


def new_match(options: Options, seed: int) -> State:
    specials = _chosen_specials(options, seed)
    first_dealer = below(generator(seed, "first-dealer"), SEATS)
    state = State(
        seed=seed,
        options=options,
        specials=specials,
        box=tuple(card for card in SPECIAL_IDS if card not in specials),
        scores=(0,) * SEATS,
        round_no=0,
        dealer=first_dealer,
        hands=((),) * SEATS,
        deck=(),
        decree="",
        leader=0,
        lead=None,
        follow=None,
        tricks=(),
        step=Step("play", 0),
        known=((),) * (SEATS + 1),
        round_start=(0,) * SEATS,
        history=(),
        chance=0,
        goal_deck=shuffled_goal_deck(seed, 0) if options.goals else (),
    )
    return deal_round(state, 1, first_dealer)[0]


def _chosen_specials(options: Options, seed: int) -> tuple[str, ...]:
    """The special cards shuffled in: the host's list, or a random pick nobody sees."""
    if options.special_list:
        return tuple(card for card in SPECIAL_IDS if card in options.special_list)
    picked = sample(generator(seed, "specials"), SPECIAL_IDS, options.special_count)
    return tuple(sorted(picked, key=SPECIAL_IDS.index))


def deal_round(state: State, round_no: int, dealer: int) -> tuple[State, Log]:
    """Shuffle every card of the match, deal 13 each, turn up the decree; the non-dealer leads."""
    cards = shuffled(generator(state.seed, "deal", round_no), suit_cards() + state.specials)
    leader = 1 - dealer
    hands: list[tuple[str, ...]] = [(), ()]
    hands[leader] = cards[:HAND_SIZE]
    hands[dealer] = cards[HAND_SIZE : 2 * HAND_SIZE]
    rest = cards[2 * HAND_SIZE :]
    state = evolve(
        state,
        round_no=round_no,
        dealer=dealer,
        hands=tuple(hands),
        deck=rest[1:],
        decree=rest[0],
        leader=leader,
        lead=None,
        follow=None,
        tricks=(),
        step=Step("play", leader),
        known=((),) * (SEATS + 1),
        round_start=state.scores,
        chance=0,
        goal_claims=(),
        decree_changes=(0,) * SEATS,
    )
    log = LogEntry(
        f"Round {round_no}: {{seat{dealer}}} deals; the decree card is the {label(rest[0])}.",
        None,
        {"event": "deal", "round": round_no, "dealer": dealer, "decree": rest[0]},
    )
    state, goal_log = reveal_goals(state)
    return state, (log, *goal_log)
