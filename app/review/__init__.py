"""The information-honest post-game review: a queue of (match, seat) reviews, a worker per
process that weighs each decision with the game's expert search from the seat's own
information (app/games/review.py), the routes that ask for and read it, and the practice
table that plays on from a decision against the bots (docs/review.md)."""
