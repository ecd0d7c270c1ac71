"""The files the app ships inside its package: the browser table, the rules pages, the
migrations. Found with importlib.resources, so an installed wheel serves and migrates exactly
as a checkout does.

pip installs wheels unpacked, so each of these is a real directory: StaticFiles and Alembic
need one (neither reads from a zip archive).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_PACKAGE = Path(str(resources.files("app")))

FRONTEND = _PACKAGE / "frontend"
RULES = _PACKAGE / "rules"
MIGRATIONS = _PACKAGE / "migrations"
ALEMBIC_INI = _PACKAGE / "alembic.ini"
