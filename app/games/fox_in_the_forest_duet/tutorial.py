"""The guided first match of The Fox in the Forest Duet: the first tricks of a round with the bot
as partner (see app.games.tutorial).

Seed 1 shows following suit, a 5's choice of paw prints, a 9 led (free to follow), the learner's
3 exchanging the decree, the tracker running off the path, a 7's swap and gems taken.
"""

from __future__ import annotations

from app.games.tutorial import Claim, Step, Tutorial

TUTORIAL = Tutorial(
    seed=1,
    players=2,
    options={},
    welcome=(
        "Welcome to The Fox in the Forest Duet! You and the bot are one team; the decree "
        "card's suit is trump. Win tricks in turn to walk the tracker along the forest "
        "path and pick up gems: the tracker moves toward the winner's end by the paw "
        "prints on the two cards. Pick up every gem within three rounds, without running "
        "off the path too often."
    ),
    farewell=(
        "You have seen the heart of the game: following suit, trump, paw prints moving "
        "the tracker and taking gems, and the 1, 3, 5, 7 and 9. One more rule: a tracker "
        "that would run off the path goes back to the centre, and a forest token closes "
        "that end; when no token is left, the team loses. Play on with the bot to collect"
        " every gem!"
    ),
    steps=(
        Step(
            0,
            {"type": "play", "card": "roses-2"},
            "Lead a card to trick 1. This time: You lead the 2 of Roses.",
            '.duet-you [data-card="roses-2"]',
        ),
        Step(
            1,
            {"type": "play", "card": "roses-9"},
            (
                "The bot plays the 9 of Roses. The bot wins the trick. The tracker moves "
                "3 spaces toward the bot's end and the team takes a gem (11 left on the "
                "board). The tracker walks toward the trick winner's end by the paw "
                "prints of both cards, and the team takes a gem where it lands."
            ),
            ".duet-trick",
        ),
        Step(
            1,
            {"type": "play", "card": "doves-6"},
            "The bot leads the 6 of Doves.",
            ".duet-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "doves-1"},
            (
                "Play a card: you must follow Doves. A 1 lets the trick's winner choose "
                "which way the tracker moves. This time: You play the 1 of Doves."
            ),
            '.duet-you [data-card="doves-1"]',
        ),
        Step(
            1,
            {"type": "choose_direction", "toward": 1},
            (
                "The bot wins the trick. The bot moves the tracker toward the bot's end. "
                "The tracker moves 2 spaces toward the bot's end and the team takes a gem"
                " (10 left on the board)."
            ),
            ".duet-board",
        ),
        Step(
            1,
            {"type": "play", "card": "roses-4"},
            "The bot leads the 4 of Roses.",
            ".duet-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "roses-5"},
            (
                "Play a card: you must follow Roses. A 5 lets the trick's winner ignore "
                "the paw prints of one card. This time: You play the 5 of Roses."
            ),
            '.duet-you [data-card="roses-5"]',
        ),
        Step(
            0,
            {"type": "count_paws", "use": "both"},
            (
                "You win the trick. You won the trick with a 5 in it: choose which paw "
                "prints count. The tracker moves toward the winner's end by the paw "
                "prints counted. This time: You count the paw prints of the 4 of Roses "
                "and the 5 of Roses: 2."
            ),
            ".duet-board",
        ),
        Step(
            0,
            {"type": "play", "card": "stars-9"},
            (
                "The tracker moves 2 spaces toward your end and the team takes a gem (9 "
                "left on the board). Lead a card to trick 4. When a 9 is led, the other "
                "player need not follow suit. This time: You lead the 9 of Stars."
            ),
            '.duet-you [data-card="stars-9"]',
        ),
        Step(
            1,
            {"type": "play", "card": "stars-8"},
            (
                "The bot plays the 8 of Stars. You win the trick. The tracker moves 2 "
                "spaces toward your end and the team takes a gem (8 left on the board)."
            ),
            ".duet-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "doves-9"},
            "Lead a card to trick 5. This time: You lead the 9 of Doves.",
            '.duet-you [data-card="doves-9"]',
        ),
        Step(
            1,
            {"type": "play", "card": "stars-2"},
            (
                "The bot plays the 2 of Stars. You win the trick. The tracker moves 3 "
                "spaces toward your end and the team takes a gem (7 left on the board)."
            ),
            ".duet-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "doves-5"},
            "Lead a card to trick 6. This time: You lead the 5 of Doves.",
            '.duet-you [data-card="doves-5"]',
        ),
        Step(
            1,
            {"type": "play", "card": "doves-10"},
            "The bot plays the 10 of Doves. The bot wins the trick.",
            ".duet-trick",
        ),
        Step(
            1,
            {"type": "count_paws", "use": "lead"},
            (
                "The bot counts the paw prints of the 5 of Doves: 1. The tracker moves 1 "
                "space toward the bot's end and the team takes a gem (6 left on the "
                "board)."
            ),
            ".duet-board",
        ),
        Step(
            1,
            {"type": "play", "card": "roses-6"},
            "The bot leads the 6 of Roses.",
            ".duet-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "doves-3"},
            (
                "Play any card: you have no Roses. A 3 lets its player choose who may "
                "exchange the decree card (and so change trump). This time: You play the "
                "3 of Doves."
            ),
            '.duet-you [data-card="doves-3"]',
        ),
        Step(
            0,
            {"type": "choose_exchanger", "seat": 0},
            (
                "Your 3: choose who may exchange the decree card, you or the bot. This "
                "time: You choose: you may exchange the decree card."
            ),
            ".duet-decree",
        ),
        Step(
            0,
            {"type": "exchange_decree", "card": "doves-4"},
            (
                "Keep the decree (2 of Doves) or exchange it for a card in hand. This "
                "time: You take the decree 2 of Doves and make the 4 of Doves the decree:"
                " Doves are trump."
            ),
            ".duet-decree",
        ),
        Step(
            0,
            {"type": "play", "card": "stars-3"},
            (
                "You win the trick. The tracker moves 4 spaces toward your end and the "
                "team takes a gem (5 left on the board). Lead a card to trick 8. This "
                "time: You lead the 3 of Stars."
            ),
            '.duet-you [data-card="stars-3"]',
        ),
        Step(
            0,
            {"type": "choose_exchanger", "seat": 0},
            (
                "Your 3: choose who may exchange the decree card, you or the bot. This "
                "time: You choose: you may exchange the decree card."
            ),
            ".duet-decree",
        ),
        Step(
            0,
            {"type": "keep_decree"},
            (
                "Keep the decree (4 of Doves) or exchange it for a card in hand. This "
                "time: You keep the decree card."
            ),
            ".duet-decree",
        ),
        Step(
            1,
            {"type": "play", "card": "stars-7"},
            (
                "The bot plays the 7 of Stars. Both players now pick a card to pass. A 7 "
                "makes both of you pick a card at the same time and swap them."
            ),
            ".duet-trick",
        ),
        Step(
            0,
            {"type": "pass_card", "card": "doves-7"},
            (
                "A 7 was played: pick a card to pass to the bot. This time: You pick the "
                "7 of Doves to pass."
            ),
            '.duet-you [data-card="doves-7"]',
        ),
        Step(
            1,
            {"type": "pass_card", "card": "stars-1"},
            (
                "You have picked a card to pass. The bot has picked a card to pass. You "
                "pass the 7 of Doves and receive the 1 of Stars. You and the bot swap a "
                "card. The bot wins the trick. The tracker moves 2 spaces toward the "
                "bot's end and the team takes a gem (4 left on the board)."
            ),
            ".duet-you",
        ),
    ),
    claims=(
        Claim("The tracker moves and takes a gem", "move", {"gem": True}),
        Claim("The 3 exchanges the decree", "exchange_decree", {}),
        Claim("A 7 swaps a card", "swapped", {}),
        Claim("A 5 chooses the paws", "count_paws", {}),
    ),
)
