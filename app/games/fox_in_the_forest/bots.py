"""The bots of The Fox in the Forest; each decides from its seat's view and legal actions only.

- `standard` (bot_standard.py): a plan for the Victorious band and simple card play.
- `expert` (bot_expert.py): determinised search, playing sampled worlds out with `standard`.
"""

from __future__ import annotations

from app.games.fox_in_the_forest.bot_expert import expert
from app.games.fox_in_the_forest.bot_standard import standard
from app.games.protocol import Strategy

__all__ = ["STRATEGIES", "expert", "standard"]

STRATEGIES: dict[str, Strategy] = {"standard": standard, "expert": expert}
