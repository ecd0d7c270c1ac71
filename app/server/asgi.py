"""The ASGI entry point: `uvicorn app.server.asgi:app`."""

from app.server.main import create_app

app = create_app(serving=True)
