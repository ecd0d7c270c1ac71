# Foxden: `make run` serves on http://127.0.0.1:8000 (SQLite), `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What running needs (requirements.lock), then the dev tools on top (requirements-dev.lock).
RUNTIME := $(VENV)/.runtime
STAMP := $(VENV)/.installed
# The npm tools (package-lock.json): the browser JavaScript's lint and type check.
NPM_STAMP := node_modules/.installed
LOCK := $(BIN)/pip-compile --quiet --strip-extras --allow-unsafe --no-emit-index-url \
	--no-emit-find-links $(LOCK_ARGS)

.PHONY: run test test-loaded crash lint format lock bench bench-engines bench-load bench-load-sqlite bench-mix bench-sockets bench-bots bench-floods bench-claims bench-logline bench-peer clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(RUNTIME): requirements.lock pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.lock
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(RUNTIME)

$(STAMP): requirements-dev.lock $(RUNTIME)
	$(BIN)/pip install --quiet -r requirements-dev.lock
	touch $(STAMP)

$(NPM_STAMP): package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts
	touch $(NPM_STAMP)

run: $(RUNTIME)
	$(BIN)/foxden migrate
	$(BIN)/foxden serve

# One worker per core, a test file per worker at a time (its module fixtures stay together);
# the engine conformance suite is split by game (tests/conftest.py), and the longest files are
# handed out first, in the order tests/scheduling.py gives (which xdist's reorder would undo).
test: $(STAMP)
	$(BIN)/pytest -q -rfEs -n auto --dist loadgroup --no-loadscope-reorder $(PYTEST_ARGS)

# Issue 14's proof: make test three times in a row on a fresh clone, both cores kept busy.
test-loaded:
	.ci/loaded-proof

# The crash test at full size, on SQLite and on Postgres, with its figures printed.
CRASH_MATCHES ?= 20
CRASH_KILLS ?= 20
CRASH_SEED ?= 14
crash: $(STAMP)
	FOXDEN_CRASH_MATCHES=$(CRASH_MATCHES) FOXDEN_CRASH_KILLS=$(CRASH_KILLS) \
	FOXDEN_CRASH_SEED=$(CRASH_SEED) $(BIN)/pytest -q -s -rfEs tests/reliability/test_crash.py

lint: $(STAMP) $(NPM_STAMP)
	$(BIN)/ruff check app tests benchmarks
	$(BIN)/ruff format --check app tests benchmarks
	$(BIN)/mypy  # strict over app, tests and benchmarks (pyproject's [tool.mypy] files)
	$(BIN)/lint-imports
	# The OpenAPI document: Redocly's recommended rules, strict generated clients (npm tools).
	$(BIN)/pytest -q -n 0 tests/api_contract/test_generated_clients.py tests/api_contract/test_operations.py
	# The browser table's JavaScript and the peer benchmark's: ESLint's recommended rules; then
	# tsc's type check of the browser table (strict but for untyped parameters,
	# tsconfig.frontend.json) and of its service worker (tsconfig.worker.json).
	npx --no-install eslint app/frontend benchmarks/peer
	npx --no-install tsc -p tsconfig.frontend.json
	npx --no-install tsc -p tsconfig.worker.json

format: $(STAMP)
	$(BIN)/ruff check --fix app tests benchmarks
	$(BIN)/ruff format app tests benchmarks

# After a change of pyproject.toml's dependencies: pins stay where they are unless
# `make lock LOCK_ARGS=--upgrade` (everything) or `LOCK_ARGS="--upgrade-package NAME"`.
lock: $(STAMP)
	$(LOCK) --output-file=requirements.lock pyproject.toml
	$(LOCK) --extra dev --output-file=requirements-dev.lock pyproject.toml

# Benchmarks print medians of several runs; docs/performance.md has the method and figures.
bench: bench-engines bench-load bench-load-sqlite bench-sockets

bench-engines: $(STAMP)  ## engine microseconds per apply/view/legal/codec, playout actions/s
	$(BIN)/python -m benchmarks.engines

bench-load: $(STAMP)  ## Postgres + Redis, 2 processes: actions/s, latency to every seat, CPU
	$(BIN)/python -m benchmarks.load --backend postgres --processes 2 --matches 20
	$(BIN)/python -m benchmarks.load --backend postgres --processes 2 --matches 40

bench-load-sqlite: $(STAMP)  ## SQLite, 1 process
	$(BIN)/python -m benchmarks.load --backend sqlite --processes 1 --matches 20
	$(BIN)/python -m benchmarks.load --backend sqlite --processes 1 --matches 40

bench-mix: $(STAMP)  ## all five games at once, Postgres + Redis
	$(BIN)/python -m benchmarks.load --game mix --matches 20
	$(BIN)/python -m benchmarks.load --game mix --matches 40

bench-sockets: $(STAMP)  ## server memory per idle WebSocket (10,000 in one process)
	$(BIN)/python -m benchmarks.sockets

bench-floods: $(STAMP)  ## how fast 20 flooding sockets close, and a bystander's ping meanwhile
	$(BIN)/python -m benchmarks.floods

bench-logline: $(STAMP)  ## CPU microseconds of the log line written for every committed move
	$(BIN)/python -m benchmarks.logline

bench-claims: $(STAMP)  ## a bystander's read p99 while 200 account claims arrive at once (Postgres)
	$(BIN)/python -m benchmarks.claims
	$(BIN)/python -m benchmarks.claims --spread

# Foxden against boardgame.io 0.50.2 (package-lock.json, installed by npm ci when missing): the
# two alternate run by run in one sitting, and the ratios are printed (docs/performance.md).
bench-peer: $(STAMP) $(NPM_STAMP)  ## against boardgame.io 0.50.2: both sides' medians, the ratios
	$(BIN)/python -m benchmarks.peer --backend postgres --processes 2 --matches 20
	$(BIN)/python -m benchmarks.peer --backend postgres --processes 2 --matches 40
	$(BIN)/python -m benchmarks.peer --backend sqlite --processes 1 --matches 20

bench-bots: $(STAMP)  ## bot strength and decision time (docs/bots.md)
	$(BIN)/python -m benchmarks.bots

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache foxden.db*
