# Set-up and checks. `make test` and `make play` work on a fresh clone: they create
# .venv, install sudokit into it (with its extras) and run.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: test test-slow play web lint typecheck unit bench clean native-check

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The C core (sudokit._native) is built by setup.py during the install. Where a C compiler
# exists it must build (SUDOKIT_NATIVE=required makes a failure stop the install, with the
# compiler's message); without one sudokit installs on its pure-Python backend.
NATIVE_SRC := setup.py $(wildcard src/sudokit/_native/*.c src/sudokit/_native/*.h)
HAVE_CC    := $(shell command -v cc || command -v gcc || command -v clang)
NATIVE     := $(if $(HAVE_CC),required,auto)

# Re-install when the project's build inputs change (the C sources included).
$(VENV)/.installed-test: pyproject.toml $(NATIVE_SRC) $(BIN)/python
	SUDOKIT_NATIVE=$(NATIVE) $(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

$(VENV)/.installed-gui: pyproject.toml $(NATIVE_SRC) $(BIN)/python
	SUDOKIT_NATIVE=$(NATIVE) $(BIN)/python -m pip install --quiet -e '.[gui]'
	touch $@

$(VENV)/.installed-web: pyproject.toml $(NATIVE_SRC) $(BIN)/python
	SUDOKIT_NATIVE=$(NATIVE) $(BIN)/python -m pip install --quiet -e .
	touch $@

# With a compiler the C core must be importable and the active 9x9 backend: a silent
# fallback to pure Python must not hide a broken build.
native-check: $(VENV)/.installed-test
ifneq ($(HAVE_CC),)
	@env -u SUDOKIT_BACKEND $(BIN)/python -c "import sudokit, sudokit._native; \
	assert sudokit.backends()[0] == 'native', sudokit.backends()" \
	|| { echo 'error: a C compiler exists but the C core sudokit._native is not active'; exit 1; }
else
	@echo 'note: no C compiler found; testing the pure-Python backend only'
endif

lint: $(VENV)/.installed-test
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy

# The suite runs on every core (pytest-xdist); `make test-slow` adds the long sweeps.
unit: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n auto

test-slow: $(VENV)/.installed-test
	$(BIN)/python -m pytest -n auto -m slow

test: lint typecheck native-check unit

play: $(VENV)/.installed-gui
	$(BIN)/sudokit play

# The web app: build the static site into $(WEB_DIR) and serve it on 127.0.0.1 (Ctrl+C
# stops it). Needs npm the first time (Pyodide comes from the npm package, then is cached).
WEB_DIR ?= build/web
WEB_PORT ?= 8000
web: $(VENV)/.installed-web
	$(BIN)/sudokit web serve --dir $(WEB_DIR) --port $(WEB_PORT)

bench: $(VENV)/.installed-test
	$(BIN)/python benchmarks/bench_solvers.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
	rm -f src/sudokit/_native.*.so src/sudokit/_native.*.pyd
