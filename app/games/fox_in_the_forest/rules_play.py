"""Playing a card: which cards are allowed, and the abilities a card sets off when played."""

from __future__ import annotations

from app.games.fox_in_the_forest.data_cards import Face, face, is_special, label, printed_face
from app.games.fox_in_the_forest.hidden_memory import current_trick, trick_entry
from app.games.fox_in_the_forest.rules_flow import proceed
from app.games.fox_in_the_forest.rules_specials import (
    fairy_look,
    last_won_trick,
    potion_discard,
    shovel_dig,
    tree_pick,
)
from app.games.fox_in_the_forest.rules_trick import play_face
from app.games.fox_in_the_forest.rules_zones import draw, made_public, remove_from_hand
from app.games.fox_in_the_forest.state import Play, State, Step
from app.games.frozen import evolve
from app.games.protocol import Log


def is_leading(state: State, seat: int) -> bool:
    return seat == state.leader and state.lead is None


def legal_cards(state: State, seat: int) -> tuple[str, ...]:
    """The cards `seat` may play now (in hand order)."""
    hand = state.hands[seat]
    if state.step.suit:
        # The Hammer: play a card of the named suit if possible.
        named = tuple(c for c in hand if _face_in_hand(state, c).suit == state.step.suit)
        return named or hand
    if is_leading(state, seat) or state.lead is None:
        return hand
    return follow_options(state, hand, state.lead)


def _face_in_hand(state: State, card: str) -> Face:
    return face(card, state.decree, state.options.poison)


def follow_options(state: State, hand: tuple[str, ...], lead: Play) -> tuple[str, ...]:
    """Follow the lead suit if you can; unsuited cards always count as following."""
    lead_suit = play_face(state, lead).suit
    if lead_suit is None:
        return hand  # an unsuited card was led: any card may follow
    faces = {card: face(card, state.decree, state.options.poison) for card in hand}
    in_suit = [card for card in hand if faces[card].suit == lead_suit]
    if not in_suit:
        return hand
    if monarch_led(state, lead):
        top = max(faces[card].rank or 0 for card in in_suit)
        in_suit = [c for c in in_suit if faces[c].rank == top or faces[c].ability == "swan"]
    return tuple(card for card in hand if card in in_suit or faces[card].suit is None)


def monarch_led(state: State, lead: Play) -> bool:
    """A Monarch led from hand forces the Swan or the highest card of its suit.

    A crowned card only counts as a Monarch when deciding the winner, and the Mirror copies
    the decree too late (when the trick is decided) to force anything.
    """
    if lead.crown or is_special(lead.card):
        return False
    return printed_face(lead.card, state.options.poison).ability == "monarch"


def play_card(state: State, seat: int, card: str, crown: bool = False) -> tuple[State, Log]:
    """Put `card` from hand (with the Crown, if added) into the trick; set off its ability."""
    state = remove_from_hand(state, seat, card)
    state, log = place(state, seat, Play(seat, card, crown))
    if crown:
        state, crown_log = crown_draw(state, seat)
        return proceed_with(state, (*log, *crown_log))
    state, ability_log = on_play(state, seat, Play(seat, card))
    return state, (*log, *ability_log)


def place(state: State, seat: int, play: Play) -> tuple[State, Log]:
    state = made_public(state, play.card)
    leading = is_leading(state, seat)
    state = evolve(state, lead=play) if leading else evolve(state, follow=play)
    verb = "leads" if leading else "plays"
    text = f"{{seat{seat}}} {verb} the {label(play.card)}."
    faded = ""  # a forgotten trick reads as its result only: a second play would tell an ability
    data = {"event": "play", "seat": seat, "card": play.card}
    return state, (trick_entry(text, faded, current_trick(state), data),)


def crown_draw(state: State, seat: int) -> tuple[State, Log]:
    state = remove_from_hand(state, seat, "crown")
    state = made_public(state, "crown")
    text = f"{{seat{seat}}} adds the Crown and draws a card."
    faded = ""  # abilities of forgotten tricks leave no trace: the play line says enough
    entry = trick_entry(text, faded, current_trick(state), {"event": "crown", "seat": seat})
    state, draw_log = draw(state, seat)
    return state, (entry, *draw_log)


def crown_partners(state: State, seat: int) -> tuple[str, ...]:
    """Cards the Crown may be added to: any legal play of a non-special card."""
    if "crown" not in state.hands[seat]:
        return ()
    return tuple(card for card in legal_cards(state, seat) if not is_special(card))


def proceed_with(state: State, log: Log) -> tuple[State, Log]:
    state, more = proceed(state)
    return state, (*log, *more)


def on_play(state: State, seat: int, play: Play) -> tuple[State, Log]:
    """The ability printed on a card played from hand (the Mirror copies none of these)."""
    ability = printed_face(play.card, state.options.poison).ability
    if ability == "fox" and state.hands[seat]:
        return evolve(state, step=Step("fox", seat)), ()
    if ability == "woodcutter" or (ability == "axe" and _follows_woodcutter(state, seat)):
        return woodcutter(state, seat)
    if ability == "tree" and state.lead == play and state.follow is None:
        return _tree(state, seat)
    if ability == "fairy":
        return fairy_look(state, seat)
    if ability == "hammer" and state.follow == play:
        return evolve(state, step=Step("hammer", seat)), ()
    if ability == "potion":
        if state.hands[seat]:
            return evolve(state, step=Step("potion", seat, suit=state.step.suit)), ()
        return potion_discard(state, seat, None)
    if ability == "shovel" and last_won_trick(state, seat) is not None:
        return evolve(state, step=Step("shovel", seat)), ()
    return proceed(state)


def _follows_woodcutter(state: State, seat: int) -> bool:
    """The Axe uses the Woodcutter's ability when it follows a Woodcutter played from hand."""
    lead = state.lead
    if lead is None or lead.seat == seat or lead.crown or is_special(lead.card):
        return False
    return printed_face(lead.card, state.options.poison).ability == "woodcutter"


def _tree(state: State, seat: int) -> tuple[State, Log]:
    """A led Tree: the other player plays a random card, ignoring suit (its ability still acts)."""
    if not state.hands[1 - seat]:
        return proceed(state)
    state, card = tree_pick(state, seat)
    text = f"The Tree makes {{seat{1 - seat}}} play a random card."
    faded = ""
    entry = trick_entry(text, faded, current_trick(state), {"event": "tree", "seat": seat})
    state, log = play_card(state, 1 - seat, card)
    return state, (entry, *log)


def dig(state: State, seat: int) -> tuple[State, Log]:
    """The Shovel: play a random card of your last won trick instead (no need to follow suit)."""
    state, card = shovel_dig(state, seat)
    text = f"{{seat{seat}}} digs up a card with the Shovel."
    faded = ""
    entry = trick_entry(text, faded, current_trick(state), {"event": "dig", "seat": seat})
    state, log = place(state, seat, Play(seat, card))
    state, ability_log = on_play(state, seat, Play(seat, card))
    return state, (entry, *log, *ability_log)


def woodcutter(state: State, seat: int) -> tuple[State, Log]:
    """Draw 1 card, then discard any 1 card to the bottom of the deck (its own step)."""
    state, log = draw(state, seat)
    if not state.hands[seat]:
        return proceed_with(state, log)
    return evolve(state, step=Step("discard", seat)), log
