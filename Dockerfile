# syntax=docker/dockerfile:1
# Foxden's image: `docker build -t foxden .`; docker-compose.yml runs it behind nginx.
# Stage 1 builds wheels (the locked dependencies and Foxden itself); stage 2 installs only
# those into a slim Python and runs as an unprivileged user.

FROM python:3.11-slim AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
WORKDIR /src
COPY requirements.lock ./
RUN pip wheel --wheel-dir /wheels -r requirements.lock
COPY pyproject.toml README.md ./
COPY app ./app
RUN pip wheel --no-deps --wheel-dir /wheels .

FROM python:3.11-slim
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1 PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 FOXDEN_HOST=0.0.0.0 FOXDEN_PORT=8000
RUN useradd --system --uid 10001 --user-group --home-dir /srv/foxden --create-home foxden
COPY --from=build /src/requirements.lock /tmp/requirements.lock
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    pip install --no-index --find-links /wheels -r /tmp/requirements.lock foxden \
    && rm /tmp/requirements.lock
# Numeric, so runtimes that check for a non-root user can (the user is "foxden").
USER 10001:10001
# SQLite's default file (./foxden.db) lives here; with Postgres nothing is written.
WORKDIR /srv/foxden
EXPOSE 8000
# Ready means the database and the broker answer (GET /readyz); no curl in a slim image.
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/readyz', timeout=4).status != 200)"]
# SIGTERM drains the sockets (1012) and exits 0: see README, "How to operate".
STOPSIGNAL SIGTERM
ENTRYPOINT ["foxden"]
CMD ["serve"]
