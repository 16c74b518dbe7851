# fairdraw: every target creates .venv when it is missing (make install is idempotent).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_WORKERS ?= 2

.PHONY: install run demo test test-all bench clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install -q --upgrade pip uv
	@VIRTUAL_ENV=$(CURDIR)/$(VENV) $(BIN)/uv pip install -q -e '.[test]'
	@touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	@$(BIN)/fairdraw demo

demo: $(STAMP)
	@$(BIN)/fairdraw demo

test: $(STAMP)
	$(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) -m "not slow"

test-all: $(STAMP)
	$(BIN)/python -m pytest -q -n $(PYTEST_WORKERS)

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
