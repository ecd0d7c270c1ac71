"""The app with every match dealt from one known seed, for a browser test that must meet the
same deal on every run (tests/browser/test_trick_hold.py): a random deal made it reach what it
looks at on most runs, not all. Only the deal is fixed; ids, tokens and the rest are as served.

`uvicorn tests.browser.seeded_app:app`. The seed is read at each match's creation, from the
module that creates matches, so it is set there before the app is built."""

from __future__ import annotations

from app.lobby import create
from app.server.main import create_app

# Of the seeds 1-300 played out with the engines (both players' first legal move, as the test
# plays), the one whose deal brings the test's three held tricks soonest in both Fox in the
# Forest games: in 6 and 7 moves (seed 1 took 15 and 14).
SEED = 88


def _known_seed() -> int:
    return SEED


# The name create.py imported from app.games.rng, replaced where it is looked up.
create.new_seed = _known_seed  # type: ignore[attr-defined]
app = create_app(serving=True)
