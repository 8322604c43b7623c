# Asynchronous Computation Lab. Everything runs from a local virtual
# environment (.venv) that the first target to need it creates.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.asynclab-installed
LAB_STAMP := $(VENV)/.asynclab-lab-installed
NOTEBOOK_DIRS := notebooks solutions
PORT ?= 8888
LAB ?= 01
SUBMISSIONS ?= submissions
OUT ?= grading-out
# Jupyter refuses to serve as root unless told to; containers often run as root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

.PHONY: setup lab test test-lanes unit unit-fast nbval labs labs-check execute grade bench-checks bench-engine clean

## setup: create .venv, install the pinned stack and asynclab, register the kernel
setup: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) tools/check_platform.py
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' || \
	  { echo "The course needs Python 3.11; '$(PYTHON)' is $$($(PYTHON) --version 2>&1). Use: make PYTHON=/path/to/python3.11 ..."; exit 1; }
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	$(PY) -m ipykernel install --sys-prefix --name asynclab --display-name "Python 3 (asynclab)"
	@touch $(STAMP)

$(LAB_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[lab,test]'
	@touch $(LAB_STAMP)

## lab: set up if needed (with JupyterLab), then open JupyterLab on the course's start page
lab: $(LAB_STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir="$(CURDIR)" --ip=127.0.0.1 --port=$(PORT) \
	  --LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb $(ROOT_FLAG)

## test: set up if needed, run the unit tests, then validate every notebook with nbval (what CI runs)
test: setup unit nbval

## test-lanes: the same tests in two lanes at once (tools/test_lanes.py), about 9 minutes instead of 17;
## not CI's command yet: lab 04's catalogue answers, judged on one round, flaked once in this mode
test-lanes: setup
	$(PY) tools/test_lanes.py

unit: setup
	$(PY) -m pytest tests

## unit-fast: the logic-only tests (no MXNet workload, no kernel), well under a minute
unit-fast: setup
	$(PY) -m pytest tests -m "not measured and not kernel"

nbval: setup
	$(PY) -m pytest --nbval --nbval-sanitize-with tests/sanitize.cfg --nbval-cell-timeout=600 $(NOTEBOOK_DIRS)

## labs: regenerate the student labs/ from solutions/
labs: setup
	$(PY) -m asynclab labs

labs-check: setup
	$(PY) -m asynclab labs --check

## execute: re-run lessons and solutions and store their outputs (NB=path to limit)
NB ?= notebooks/*.ipynb solutions/*.ipynb
execute: setup
	$(PY) -m asynclab execute $(NB)

## grade: grade a folder of submissions, e.g. make grade LAB=01 SUBMISSIONS=class/ OUT=results/
grade: setup
	$(PY) -m asynclab grade --lab $(LAB) "$(SUBMISSIONS)" --out "$(OUT)"

## bench-checks: how often each check flakes and which wrong answers it catches
bench-checks: setup
	$(PY) bench/checks_robustness.py $(BENCH_ARGS)

## bench-engine: lesson 05's engine against MXNet's, side by side
bench-engine: setup
	$(PY) bench/engine_overhead.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
