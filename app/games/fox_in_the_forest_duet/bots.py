"""The bots of The Fox in the Forest Duet; each decides from its seat's view and legal actions.

- `standard` (bot_standard.py): judges each card by where the trick sends the tracker.
- `expert` (bot_expert.py): determinised search, playing sampled worlds on with `standard`.
"""

from __future__ import annotations

from app.games.fox_in_the_forest_duet.bot_expert import expert
from app.games.fox_in_the_forest_duet.bot_standard import standard
from app.games.protocol import Strategy

__all__ = ["STRATEGIES", "expert", "standard"]

STRATEGIES: dict[str, Strategy] = {"standard": standard, "expert": expert}
