"""The ASGI entry point: `uvicorn app.asgi:app`."""

from app.main import create_app

app = create_app(serving=True)
