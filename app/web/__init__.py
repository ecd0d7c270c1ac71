"""The HTTP edge: middleware every request passes, the FastAPI dependencies routers take, the
API document and the browser pages. Routers live in their feature packages."""
