# Set-up and checks. `make test` and `make play` work on a fresh clone: they create
# .venv, install sudokit into it (with its extras) and run.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: test play lint typecheck unit bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Re-install when the project's build inputs change.
$(VENV)/.installed-test: pyproject.toml $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

$(VENV)/.installed-gui: pyproject.toml $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[gui]'
	touch $@

lint: $(VENV)/.installed-test
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy

unit: $(VENV)/.installed-test
	$(BIN)/python -m pytest

test: lint typecheck unit

play: $(VENV)/.installed-gui
	$(BIN)/sudokit play

bench: $(VENV)/.installed-test
	$(BIN)/python benchmarks/bench_solvers.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
