"""Deciding a trick: who wins it, what it scores, who leads next."""

from __future__ import annotations

from app.games.fox_in_the_forest.data_cards import Face, face, trump_suit
from app.games.fox_in_the_forest.state import Play, State


def play_face(state: State, play: Play) -> Face:
    return face(play.card, state.decree, state.options.poison, play.crown)


def trick_winner(lead: Face, follow: Face, trump: str | None, leader: int) -> int:
    """The seat that wins a trick led by `leader` with these two faces."""
    follower = 1 - leader
    decided = _decided_by_text(lead, follow, trump)
    if decided is not None:
        return leader if decided else follower
    if lead == follow:
        # "Identical cards": whoever led the trick is the winner.
        return leader
    lead_suit, follow_suit = _suits_in_trick(lead, follow)
    lone_witch = [lead.ability, follow.ability].count("witch") == 1
    lead_trump = _is_trump(lead, lead_suit, trump, lone_witch)
    follow_trump = _is_trump(follow, follow_suit, trump, lone_witch)
    if lead_trump != follow_trump:
        return leader if lead_trump else follower
    if not lead_trump and follow_suit != lead_suit:
        return leader  # the follower neither followed nor trumped
    return leader if _outranks_or_ties(lead, follow) else follower


def _decided_by_text(lead: Face, follow: Face, trump: str | None) -> bool | None:
    """True: the leader wins, False: the follower wins, None: play it out on suit and rank.

    These are the special cards whose text names the winner outright.
    """
    if follow.ability == "axe" and lead.ability == "woodcutter":
        return False
    if lead.ability == "shovel":
        return False  # a Shovel that stays in the trick loses it
    if follow.ability == "shovel":
        return True
    if lead == follow:
        return None
    lead_suit, follow_suit = _suits_in_trick(lead, follow)
    for mine, theirs, their_suit, mine_is_lead in (
        (lead, follow, follow_suit, True),
        (follow, lead, lead_suit, False),
    ):
        verdict = _own_text(mine, theirs, their_suit, trump, lead, follow)
        if verdict is not None:
            return verdict == mine_is_lead
    return None


def _own_text(
    mine: Face, theirs: Face, their_suit: str | None, trump: str | None, lead: Face, follow: Face
) -> bool | None:
    """Whether the Bow or Hammer `mine` beats `theirs`; None for any other card."""
    if mine.ability == "bow":
        lone_witch = [lead.ability, follow.ability].count("witch") == 1
        return theirs.special or _is_trump(theirs, their_suit, trump, lone_witch)
    if mine.ability == "hammer":
        return theirs.rank is not None and theirs.rank % 2 == 1
    return None


def _suits_in_trick(lead: Face, follow: Face) -> tuple[str | None, str | None]:
    """An unsuited card counts as the other card's suit."""
    lead_suit = lead.suit if lead.suit is not None else follow.suit
    follow_suit = follow.suit if follow.suit is not None else lead.suit
    return lead_suit, follow_suit


def _is_trump(card: Face, suit: str | None, trump: str | None, lone_witch: bool) -> bool:
    # A single Witch counts as trump even when a special decree means there is no trump suit.
    if lone_witch and card.ability == "witch":
        return True
    return suit is not None and suit == trump


def _outranks_or_ties(lead: Face, follow: Face) -> bool:
    """The leader keeps the trick unless the follower's rank is strictly higher.

    A card without a rank never wins on rank.
    """
    if follow.rank is None:
        return True
    if lead.rank is None:
        return False
    return lead.rank >= follow.rank


def winner_of(state: State, lead: Play, follow: Play) -> int:
    return trick_winner(
        play_face(state, lead), play_face(state, follow), trump_suit(state.decree), state.leader
    )


def trick_points(state: State) -> tuple[int, int]:
    """(points gained, points lost) by the winner: Treasures and, with the module, Poisons."""
    faces = [play_face(state, play) for play in (state.lead, state.follow) if play is not None]
    gained = sum(1 for f in faces if f.ability == "treasure")
    lost = sum(1 for f in faces if f.ability == "poison")
    return gained, lost


def next_leader(state: State, winner: int) -> int:
    """The Swan: if you play it and lose the trick, you lead the next one."""
    loser = 1 - winner
    loser_play = state.lead if state.leader == loser else state.follow
    if loser_play is not None and play_face(state, loser_play).ability == "swan":
        return loser
    return winner
