"""The guided first match of The Fox in the Forest: one whole round against the bot (see
app.games.tutorial).

Seed 1 deals a round where the learner follows suit, wins a trick with a trump, plays the Fox
(exchanging the decree), the Woodcutter, a Witch and a Treasure, meets the bot's Swan, and ends
Victorious with 8 tricks.
"""

from __future__ import annotations

from app.games.tutorial import Claim, Step, Tutorial

TUTORIAL = Tutorial(
    seed=1,
    players=2,
    options={},
    welcome=(
        "Welcome to The Fox in the Forest! You and the bot each hold 13 cards in three "
        "suits. The face-up decree card sets the trump suit: Keys this round. Win tricks,"
        " but not too many: after 13 tricks, 0-3 tricks score 6, 4 to 6 score 1 to 3, 7-9"
        " score 6 and 10 or more score nothing."
    ),
    farewell=(
        "That was a whole round! You won 8 tricks: Victorious, 6 points (7 to 9 tricks "
        "score 6, 10 or more score nothing), plus 1 for the Treasure you took: 7. The bot"
        " won 5 tricks, 2 points, plus 2 Treasures: 4. Rounds go on until someone reaches"
        " 21 points; the bot deals the next one."
    ),
    steps=(
        Step(
            1,
            {"type": "play", "card": "keys-7"},
            (
                "The bot leads the 7 of Keys. Now it is your turn to answer. The bot's "
                "card is a Treasure: whoever wins this trick gains 1 point for it."
            ),
            ".fitf-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "keys-10"},
            ("The bot led Keys, and you hold Keys: you must follow suit. Play the 10 of Keys."),
            ".fitf-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "keys-6"},
            (
                "You win the trick (7 of Keys and 10 of Keys) with the higher card of the"
                " led suit. Tricks so far: you 1, the bot 0. The Treasure gives the "
                "winner 1 point. You lead this trick, so any card will do: lead the 6 of "
                "Keys."
            ),
            ".fitf-you .fx-hand",
        ),
        Step(
            1,
            {"type": "play", "card": "moons-1"},
            (
                "The bot plays the 1 of Moons. The bot's card is the Swan: if its player "
                "loses the trick, they still lead the next one. You win the trick (6 of "
                "Keys and 1 of Moons) because the other card neither followed suit nor "
                "was a trump. Tricks so far: you 2, the bot 0. The Swan's player lost the"
                " trick, so they lead next."
            ),
            ".fitf-trick",
        ),
        Step(
            1,
            {"type": "play", "card": "moons-11"},
            (
                "The bot leads the 11 of Moons. Now it is your turn to answer. The bot's "
                "card is the Monarch: when it is led, the other player must answer with "
                "the Swan or their highest card of its suit."
            ),
            ".fitf-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "moons-9"},
            (
                "The bot led its Monarch: you must answer with the Swan or your highest "
                "Moons. Play the 9 of Moons. It is the Witch: alone in a trick, it counts"
                " as a trump."
            ),
            ".fitf-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "keys-5"},
            (
                "You win the trick (11 of Moons and 9 of Moons) with the Witch: alone in "
                "a trick, it counts as a trump. Tricks so far: you 3, the bot 0. You lead"
                " this trick, so any card will do: lead the 5 of Keys. It is the "
                "Woodcutter: its player draws a card, then puts any card from their hand "
                "under the deck."
            ),
            ".fitf-you .fx-hand",
        ),
        Step(
            0,
            {"type": "discard", "card": "bells-1"},
            (
                "The Woodcutter drew you a card. Now put one card from your hand under "
                "the deck, face down: the 1 of Bells."
            ),
            ".fitf-deck",
        ),
        Step(
            1,
            {"type": "play", "card": "moons-2"},
            (
                "The bot plays the 2 of Moons. You win the trick (5 of Keys and 2 of "
                "Moons) because the other card neither followed suit nor was a trump. "
                "Tricks so far: you 4, the bot 0."
            ),
            ".fitf-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "bells-2"},
            "You lead this trick, so any card will do: lead the 2 of Bells.",
            ".fitf-you .fx-hand",
        ),
        Step(
            1,
            {"type": "play", "card": "bells-3"},
            (
                "The bot plays the 3 of Bells. The bot's card is the Fox: its player may "
                "exchange the decree card with a card from their hand."
            ),
            ".fitf-trick",
        ),
        Step(
            1,
            {"type": "keep_decree"},
            (
                "The bot's Fox let it exchange the decree card; it kept it. The bot wins "
                "the trick (2 of Bells and 3 of Bells) with the higher card of the led "
                "suit. Tricks so far: you 4, the bot 1."
            ),
            ".fitf-decree",
        ),
        Step(
            1,
            {"type": "play", "card": "bells-11"},
            (
                "The bot leads the 11 of Bells. Now it is your turn to answer. The bot's "
                "card is the Monarch: when it is led, the other player must answer with "
                "the Swan or their highest card of its suit."
            ),
            ".fitf-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "bells-10"},
            (
                "The bot led its Monarch: you must answer with the Swan or your highest "
                "Bells. Play the 10 of Bells."
            ),
            ".fitf-trick",
        ),
        Step(
            1,
            {"type": "play", "card": "moons-10"},
            (
                "The bot leads the 10 of Moons. Now it is your turn to answer. The bot "
                "wins the trick (11 of Bells and 10 of Bells) with the higher card of the"
                " led suit. Tricks so far: you 4, the bot 2."
            ),
            ".fitf-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "moons-7"},
            (
                "The bot led Moons, and you hold Moons: you must follow suit. Play the 7 "
                "of Moons. It is a Treasure: whoever wins this trick gains 1 point for "
                "it."
            ),
            ".fitf-trick",
        ),
        Step(
            1,
            {"type": "play", "card": "moons-8"},
            (
                "The bot leads the 8 of Moons. Now it is your turn to answer. The bot "
                "wins the trick (10 of Moons and 7 of Moons) with the higher card of the "
                "led suit. Tricks so far: you 4, the bot 3. The Treasure gives the winner"
                " 1 point."
            ),
            ".fitf-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "moons-3"},
            (
                "The bot led Moons, and you hold Moons: you must follow suit. Play the 3 "
                "of Moons. It is the Fox: its player may exchange the decree card with a "
                "card from their hand."
            ),
            ".fitf-trick",
        ),
        Step(
            0,
            {"type": "exchange", "card": "keys-2"},
            (
                "Your Fox lets you exchange the decree card: make the 2 of Keys the new "
                "decree and take the old decree, a higher trump, into your hand. The "
                "decree's suit stays trump: Keys."
            ),
            ".fitf-decree",
        ),
        Step(
            1,
            {"type": "play", "card": "bells-8"},
            (
                "The bot leads the 8 of Bells. Now it is your turn to answer. The bot "
                "wins the trick (8 of Moons and 3 of Moons) with the higher card of the "
                "led suit. Tricks so far: you 4, the bot 4."
            ),
            ".fitf-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "bells-7"},
            (
                "The bot led Bells, and you hold Bells: you must follow suit. Play the 7 "
                "of Bells. It is a Treasure: whoever wins this trick gains 1 point for "
                "it."
            ),
            ".fitf-trick",
        ),
        Step(
            1,
            {"type": "play", "card": "bells-6"},
            (
                "The bot leads the 6 of Bells. Now it is your turn to answer. The bot "
                "wins the trick (8 of Bells and 7 of Bells) with the higher card of the "
                "led suit. Tricks so far: you 4, the bot 5. The Treasure gives the winner"
                " 1 point."
            ),
            ".fitf-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "keys-11"},
            (
                "You have no Bells left, so you may play any card. A trump (Keys, the "
                "decree's suit) beats every other suit: play the 11 of Keys."
            ),
            ".fitf-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "keys-3"},
            (
                "You win the trick (6 of Bells and 11 of Keys) with a trump. Tricks so "
                "far: you 5, the bot 5. You lead this trick, so any card will do: lead "
                "the 3 of Keys. It is the Fox: its player may exchange the decree card "
                "with a card from their hand."
            ),
            ".fitf-you .fx-hand",
        ),
        Step(
            0,
            {"type": "keep_decree"},
            (
                "Your Fox lets you exchange the decree card for a card from your hand, or"
                " keep it: keep it this time."
            ),
            ".fitf-decree",
        ),
        Step(
            1,
            {"type": "play", "card": "bells-4"},
            (
                "The bot plays the 4 of Bells. You win the trick (3 of Keys and 4 of "
                "Bells) because the other card neither followed suit nor was a trump. "
                "Tricks so far: you 6, the bot 5."
            ),
            ".fitf-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "keys-4"},
            "You lead this trick, so any card will do: lead the 4 of Keys.",
            ".fitf-you .fx-hand",
        ),
        Step(
            1,
            {"type": "play", "card": "moons-4"},
            (
                "The bot plays the 4 of Moons. You win the trick (4 of Keys and 4 of "
                "Moons) because the other card neither followed suit nor was a trump. "
                "Tricks so far: you 7, the bot 5."
            ),
            ".fitf-trick",
        ),
        Step(
            0,
            {"type": "play", "card": "keys-8"},
            "You lead this trick, so any card will do: lead the 8 of Keys.",
            ".fitf-you .fx-hand",
        ),
        Step(
            1,
            {"type": "play", "card": "bells-5"},
            (
                "The bot plays the 5 of Bells. The bot's card is the Woodcutter: its "
                "player draws a card, then puts any card from their hand under the deck."
            ),
            ".fitf-trick",
        ),
        Step(
            1,
            {"type": "discard", "card": "keys-1"},
            (
                "The bot's Woodcutter drew a card and put one under the deck. You win the"
                " trick (8 of Keys and 5 of Bells) because the other card neither "
                "followed suit nor was a trump. Tricks so far: you 8, the bot 5."
            ),
            ".fitf-decree",
        ),
    ),
    claims=(
        Claim("Following suit", "play", {"seat": 0}),
        Claim("The Fox exchanges the decree card", "exchange", {"seat": 0}),
        Claim("The Woodcutter draws and discards", "discard", {"seat": 0}),
        Claim("A trick is won and counted", "trick", {"winner": 0}),
        Claim("The round is scored by tricks won", "round_score", {"seat": 0, "points": 6}),
    ),
)
