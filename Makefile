# fairdraw: every target creates .venv when it is missing (make install is idempotent).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_WORKERS ?= 2

.PHONY: install run demo test test-prep test-all bench clean

# The Dutch engine's matching core is a C extension (setup.py): install a compiler when
# missing (without one the install still succeeds and the engine uses rustworkx, slower).
$(STAMP): pyproject.toml setup.py src/fairdraw/_blossom.c
	@command -v cc >/dev/null 2>&1 || apt-get install -y -q gcc >/dev/null 2>&1 || \
		(apt-get update -q >/dev/null 2>&1 && apt-get install -y -q gcc >/dev/null 2>&1) || \
		echo "no C compiler: the Dutch engine will use the slower rustworkx backend"
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install -q --upgrade pip uv
	@VIRTUAL_ENV=$(CURDIR)/$(VENV) $(BIN)/uv pip install -q -e '.[test]'
	@touch $(STAMP)

install: $(STAMP)

# The main job: the organiser's web page on the SQLite default (it prints its address).
run: $(STAMP)
	@$(BIN)/fairdraw serve

demo: $(STAMP)
	@$(BIN)/fairdraw demo

# Web tests (issue 7): the browser tests drive Debian's chromium, installed here when
# missing (needs apt; without it they are skipped with the reason); TEST_POSTGRES=1 (set
# by .ci/run) also starts a local PostgreSQL 15 so the web suite runs on both databases.
test-prep:
	@test -x /usr/bin/chromium || apt-get install -y -q chromium >/dev/null 2>&1 || \
		(apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1) || \
		echo "chromium could not be installed: the browser tests will be skipped"
	@if [ "$(TEST_POSTGRES)" = 1 ]; then .ci/postgres; fi

test: $(STAMP) test-prep
	$(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) -m "not slow"

test-all: $(STAMP) test-prep
	$(BIN)/python -m pytest -q -n $(PYTEST_WORKERS)

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
