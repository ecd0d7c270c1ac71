# Foxden: `make run` serves on http://127.0.0.1:8000 (SQLite), `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test crash lint format bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/foxden migrate
	$(BIN)/foxden serve

test: $(STAMP)
	$(BIN)/pytest -q -rfEs $(PYTEST_ARGS)

# The crash test at full size, on SQLite and on Postgres, with its figures printed.
CRASH_MATCHES ?= 20
CRASH_KILLS ?= 20
CRASH_SEED ?= 14
crash: $(STAMP)
	FOXDEN_CRASH_MATCHES=$(CRASH_MATCHES) FOXDEN_CRASH_KILLS=$(CRASH_KILLS) \
	FOXDEN_CRASH_SEED=$(CRASH_SEED) $(BIN)/pytest -q -s -rfEs tests/reliability/test_crash.py

lint: $(STAMP)
	$(BIN)/ruff check app tests benchmarks migrations
	$(BIN)/ruff format --check app tests benchmarks migrations
	$(BIN)/mypy app

format: $(STAMP)
	$(BIN)/ruff check --fix app tests benchmarks
	$(BIN)/ruff format app tests benchmarks

bench: $(STAMP)
	$(BIN)/python -m benchmarks.engines
	$(BIN)/python -m benchmarks.load

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache foxden.db*
