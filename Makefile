# The commands that do everything on a fresh machine:
#   make play   set up and open the terminal lobby
#   make serve  set up and start the web table (http://127.0.0.1:8000/)
#   make test   set up and run every check and test (the browser tests need
#               Debian's chromium: apt-get install chromium)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: play serve test lint typecheck pytest coverage bench solve clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/saloon play

serve: $(STAMP)
	$(BIN)/saloon serve

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

typecheck: $(STAMP)
	$(BIN)/mypy

# Both cores: pytest-xdist spreads the tests over two worker processes
# (override with `make test JOBS=1`).
JOBS ?= 2

pytest: $(STAMP)
	$(BIN)/pytest -n $(JOBS)

# The same tests under coverage (slower: every line is traced), with the
# lines no test reaches.
coverage: $(STAMP)
	$(BIN)/pytest -n $(JOBS) --cov --cov-report=term:skip-covered

bench: $(STAMP)
	$(BIN)/python benchmarks/shootout_solve.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage
