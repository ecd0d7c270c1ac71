"""What a push says, built from public information only.

A notification can show on a locked screen, so it carries nothing one seat may know and the
next may not: the game's title, the other players' names, and the line a *spectator's* view
prompts (the engine's whitelist for nobody in particular: "Waiting for Ada to answer the
Fox."), never the player's own prompt ("Play a card: you must follow Bells" tells what their
hand lacks). The link opens the table at its prompt line, where the pending decision is asked.
"""

from __future__ import annotations

from typing import Any, TypedDict

from app.matches.envelope import fill_names
from app.matches.loaded import LoadedMatch

YOUR_TURN = "your_turn"
CHALLENGE = "challenge"
MATCH_FINISHED = "match_finished"
KINDS = (YOUR_TURN, CHALLENGE, MATCH_FINISHED)
ICON = "/static/icons/foxden-192.png"  # the app's icon (the manifest's), as a notification shows it


class Payload(TypedDict):
    kind: str
    title: str
    body: str
    tag: str  # a device shows one notification per tag: the newest replaces the older
    url: str
    icon: str


def table_url(base: str, match_id: str) -> str:
    """The table, scrolled to its prompt line (the pending decision)."""
    return f"{base}/match/{match_id}#prompt"


def your_turn(loaded: LoadedMatch, seat: int, base: str) -> Payload:
    return Payload(
        kind=YOUR_TURN,
        title=f"Your turn: {loaded.engine.title}",
        body=f"{_against(loaded, seat)}. {_public_prompt(loaded, seat)}",
        tag=loaded.id,
        url=table_url(base, loaded.id),
        icon=ICON,
    )


def match_finished(loaded: LoadedMatch, seat: int, base: str) -> Payload:
    outcome = loaded.outcome or {}
    winners = [int(winner) for winner in outcome.get("winners", [])]
    result = "You won" if seat in winners else "It is over"
    if not winners or len(winners) == len(loaded.seats):
        result = "It is over"
    return Payload(
        kind=MATCH_FINISHED,
        title=f"Match over: {loaded.engine.title}",
        body=f"{_against(loaded, seat)}. {result}: see the final scores.",
        tag=loaded.id,
        url=table_url(base, loaded.id),
        icon=ICON,
    )


def challenge(
    challenge_id: str, challenger: str, game_title: str, rated: bool, base: str
) -> Payload:
    kind = "a rated match" if rated else "a match"
    return Payload(
        kind=CHALLENGE,
        title=f"{challenger} challenges you",
        body=f"{game_title}, {kind}: accept or decline on Foxden.",
        tag=f"challenge-{challenge_id}",
        url=f"{base}/",
        icon=ICON,
    )


def _against(loaded: LoadedMatch, seat: int) -> str:
    others = [info.name for info in loaded.seats if info.seat != seat]
    if not others:
        return "Together"
    if len(others) == 1:
        return f"Against {others[0]}"
    return f"Against {', '.join(others[:-1])} and {others[-1]}"


def _public_prompt(loaded: LoadedMatch, seat: int) -> str:
    view: dict[str, Any] = dict(loaded.engine.view(loaded.state, None))
    names = loaded.names()
    names[seat] = "you"
    return str(fill_names(view.get("prompt", "Your move."), names))
