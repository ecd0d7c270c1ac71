"""What each viewer may know, built field by field (a whitelist, never the state minus secrets)."""

from __future__ import annotations

from app.games.oh_fox.data import (
    ABILITIES,
    CARD_TYPES,
    DIETS,
    OBJECTIVE_NAMES,
    OBJECTIVE_TEXT,
    TURNS,
)
from app.games.oh_fox.data_board import board_view, space_id
from app.games.oh_fox.scoring import outcome, reckoning_json, score_json, scores_of
from app.games.oh_fox.scoring_reckoning import track
from app.games.oh_fox.state import (
    GUESS,
    OVER,
    PROGRAM,
    OhFoxState,
    colour_of,
    current_turn,
    first_trigger_turn,
    hand_counts,
    home_space,
    is_predator_animal,
    next_guess_seat,
    predator_is_public,
    predator_seat,
    to_act,
)
from app.games.oh_fox.view_types import (
    AnimalCard,
    Ending,
    MarkView,
    OhFoxView,
    SeatView,
    YouView,
)

_REASON_TEXT = {
    "most_hearts": "with the most hearts",
    "tie_break_last_trigger": "on the tie-break of the last first trigger card",
    "tie_break_predator": "on the tie-break: the predator wins a tie",
    "tie_break_fewest_attacks": "on the tie-break of the fewest attacks",
}


def identity_card(animal: str) -> str:
    """The id of an identity card: the token that `secrets` declares hidden."""
    return f"identity-{animal}"


def _names(seats: tuple[int, ...] | list[int]) -> str:
    names = [f"{{seat{s}}}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def prompt(state: OhFoxState, viewer: int | None) -> str:
    if state.phase == OVER:
        result = outcome(state)
        if result is None or result.reason == "shared_tie":
            return "The match is over: a tie that no tie-break breaks, so the win is shared."
        return (
            f"The match is over: {_names(list(result.winners))} wins {_REASON_TEXT[result.reason]}."
        )
    if state.phase == GUESS:
        predator = predator_seat(state)
        if viewer == predator:
            return f"Guess which prey animal {{seat{next_guess_seat(state)}}} is."
        return f"Waiting for {{seat{predator}}}, the predator, to guess everyone's identity."
    turn = current_turn(state)
    waiting = to_act(state)
    if viewer in waiting:
        extra = ""
        if not state.masked and viewer == predator_seat(state):
            extra = " (you may also place the other players' pawns as a memory aid)"
        return f"Turn {turn} of {TURNS}: choose an action card and its direction{extra}."
    if viewer is not None:
        return f"Turn {turn} of {TURNS}: your card is chosen; waiting for {_names(list(waiting))}."
    return f"Turn {turn} of {TURNS}: waiting for {_names(list(waiting))} to choose."


def _role(state: OhFoxState, seat: int) -> str | None:
    if not predator_is_public(state):
        return None
    return "predator" if seat == predator_seat(state) else "prey"


def _seat_view(state: OhFoxState, seat: int) -> SeatView:
    over = state.phase == OVER
    row = state.rows[seat]
    first = first_trigger_turn(row)
    return {
        "seat": seat,
        "colour": colour_of(seat),
        "home": space_id(home_space(seat)),
        "row": [
            {"turn": t, "card": p.card, "direction": p.direction}
            for t, p in enumerate(row, start=1)
        ],
        "hand": hand_counts(state, seat),
        "cards_left": sum(hand_counts(state, seat).values()),
        "chosen": state.phase == PROGRAM and state.pending[seat] is not None,
        "first_trigger_turn": first if first <= len(row) else None,
        "role": _role(state, seat),
        "animal": state.identities[seat] if over else None,
    }


def _you_view(state: OhFoxState, seat: int) -> YouView:
    animal = state.identities[seat]
    pending = state.pending[seat]
    counts = hand_counts(state, seat)
    if pending is not None:
        counts[pending.card] -= 1  # the owner knows its chosen card has left its hand
    return {
        "seat": seat,
        "colour": colour_of(seat),
        "animal": animal,
        "identity_card": identity_card(animal),
        "role": "predator" if is_predator_animal(animal) else "prey",
        "diet": DIETS.get(animal),
        "ability": ABILITIES[animal],
        "hand": [card for card in CARD_TYPES for _ in range(counts[card])],
        "choice": None
        if pending is None
        else {"card": pending.card, "direction": pending.direction},
        "track": [space_id(s) for s in track(animal, state.rows[seat], home_space(seat))],
    }


def _animal_cards(state: OhFoxState) -> list[AnimalCard]:
    return [
        {
            "animal": a,
            "kind": "predator" if is_predator_animal(a) else "prey",
            "diet": DIETS.get(a),
            "ability": ABILITIES[a],
        }
        for a in state.animals
    ]


def _marks(state: OhFoxState) -> list[MarkView]:
    predator = predator_seat(state)
    return [
        {"seat": s, "space": None if m is None else space_id(m)}
        for s, m in enumerate(state.marks)
        if s != predator
    ]


def _ending(state: OhFoxState) -> Ending:
    """Everything hidden, revealed once the match is over."""
    result = outcome(state)
    return {
        "reckoning": reckoning_json(state),
        "scores": [score_json(s) for s in scores_of(state)],
        "winners": [] if result is None else list(result.winners),
        "reason": None if result is None else result.reason,
    }


def view(state: OhFoxState, viewer: int | None) -> OhFoxView:
    public_predator = predator_is_public(state)
    result: OhFoxView = {
        "phase": state.phase,
        "turn": current_turn(state),
        "turns": TURNS,
        "turns_played": len(state.rows[0]),
        "prompt": prompt(state, viewer),
        "to_act": list(to_act(state)),
        "board": board_view(),
        "animals": _animal_cards(state),
        "objectives": [
            {"id": o, "name": OBJECTIVE_NAMES[o], "text": OBJECTIVE_TEXT[o]}
            for o in state.objectives
        ],
        "masked_predator": state.masked,
        "predator_seat": predator_seat(state) if public_predator else None,
        "seats": [_seat_view(state, s) for s in range(state.players)],
        "guesses": [{"seat": s, "animal": g} for s, g in enumerate(state.guesses) if g],
        "you": None if viewer is None else _you_view(state, viewer),
        "marks": None,
    }
    if viewer is not None and viewer == predator_seat(state) and not state.masked:
        result["marks"] = _marks(state)
    if state.phase == OVER:
        ending = _ending(state)
        result["reckoning"] = ending["reckoning"]
        result["scores"] = ending["scores"]
        result["winners"] = ending["winners"]
        result["reason"] = ending["reason"]
    return result
