"""The Fox on the Run engine: metadata, options, and the contract's functions."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from app.games import options as option_tools
from app.games.fox_on_the_run import data, rules, state, view
from app.games.fox_on_the_run.state import PHASE_OVER, State
from app.games.fox_on_the_run.turns import seats_of
from app.games.frozen import evolve
from app.games.protocol import (
    JSON,
    Action,
    BadOptions,
    Choice,
    Outcome,
    Seat,
    Secret,
    Transition,
    check_viewer,
)
from app.games.rng import SEED_BITS, shuffled

OPTIONS = (
    Choice(
        key="neutrals",
        label="The Giant and the Rascal (Raffles and Napoleon)",
        values=data.NEUTRAL_CHOICES,
        default=data.NEUTRALS_OFF,
        help=(
            "Add the expansion's neutral characters and choose their sides: at random, or "
            "Raffles with the Foxes or with the Guardians (Napoleon takes the other side). "
            "Needed for 5 or 6 players, where it is switched on at random sides by default."
        ),
    ),
)


class FoxOnTheRun:
    id = "fox-on-the-run"
    title = "Fox on the Run"
    pitch = (
        "Indigo dashes through a hidden forest to free Scarlett while Zev hunts him: "
        "every tile you step on may fling you somewhere new."
    )
    version = 1
    seats = range(2, 7)
    options = OPTIONS
    free_chat = True

    def check_options(self, options: Mapping[str, JSON], players: int) -> dict[str, JSON]:
        if players not in self.seats:
            raise BadOptions("Fox on the Run is for 2 to 6 players.")
        normalized = option_tools.normalize(self.options, options)
        if players >= data.EXPANSION_PLAYERS:
            # 5 and 6 players need the neutrals; an unset option means "yes, sides at random".
            if "neutrals" not in options:
                normalized["neutrals"] = data.NEUTRALS_RANDOM
            elif normalized["neutrals"] == data.NEUTRALS_OFF:
                raise BadOptions(
                    "The Giant and the Rascal is needed for 5 or 6 players: choose the sides "
                    "of Raffles and Napoleon."
                )
        return normalized

    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> State:
        normalized = self.check_options(options, players)
        return state.setup(players, str(normalized["neutrals"]), seed)

    def to_act(self, s: State) -> tuple[Seat, ...]:
        return rules.to_act(s)

    def legal_actions(self, s: State, seat: Seat) -> Sequence[Action]:
        return rules.legal_actions(s, seat)

    def apply(self, s: State, seat: Seat, action: Action) -> Transition[State]:
        new_state, log = rules.apply(s, seat, action)
        return Transition(new_state, log)

    def outcome(self, s: State) -> Outcome | None:
        if s.phase != PHASE_OVER:
            return None
        winners = seats_of(s, s.winner)
        scores = tuple(1.0 if seat in winners else 0.0 for seat in range(s.players))
        detail: dict[str, JSON] = {
            "winning_faction": s.winner,
            "summary": data.REASON_WORDS[s.reason],
            "turns": s.turn,
            "revealed_tiles": len(data.DIRECTIONAL_TILES) - state.hidden_tile_count(s),
            "factions": {
                faction: {
                    "seats": list(seats_of(s, faction)),
                    "characters": [c.name for c in s.characters if c.faction == faction],
                }
                for faction in data.FACTIONS
            },
        }
        return Outcome(winners, scores, s.reason, detail)

    def view(self, s: State, viewer: Seat | None) -> dict[str, JSON]:
        check_viewer(viewer, s.players)
        return view.view(s, viewer)

    def forgotten_before(self, s: State) -> int:
        return 0  # no memory rule: the whole log stays readable

    def secrets(self, s: State) -> Sequence[Secret]:
        """A face-down tile's id names its printed arrows, so it is hidden from everyone."""
        if s.phase == PHASE_OVER:
            return []
        return [Secret(tile.id, ()) for tile in s.board if not tile.revealed]

    def determinize(self, s: State, viewer: Seat | None, rng: random.Random) -> State:
        """Re-deal the face-down tiles among their cells. Nobody, whatever their seat, knows
        more than which printed tiles are still face down, and those never turn or move."""
        fresh_seed = rng.getrandbits(SEED_BITS)
        if s.phase == PHASE_OVER:
            return evolve(s, seed=fresh_seed)
        hidden = [index for index, tile in enumerate(s.board) if not tile.revealed]
        redealt = iter(shuffled(rng, [s.board[index].id for index in hidden]))
        board = list(s.board)
        for index in hidden:
            board[index] = evolve(board[index], id=next(redealt))
        return evolve(s, board=tuple(board), seed=fresh_seed)

    def encode(self, s: State) -> dict[str, JSON]:
        return state.encode(s)

    def decode(self, raw: Mapping[str, JSON]) -> State:
        return state.decode(raw)
