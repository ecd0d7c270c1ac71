"""An ASGI app with the fake test game registered, for real-socket platform tests."""

from app.games import REGISTRY
from app.server.main import create_app
from tests.fakes.high_card import ENGINE

REGISTRY.setdefault(ENGINE.id, ENGINE)
app = create_app()
