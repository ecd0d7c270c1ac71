"""Fox on the Run, with the expansion The Giant and the Rascal: see app/rules/fox-on-the-run.md."""

from __future__ import annotations

from app.games.fox_on_the_run.engine import ENGINE

__all__ = ["ENGINE"]
