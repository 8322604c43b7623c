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

.PHONY: setup lab check test test-browser test-lanes test-serial unit unit-fast nbval labs labs-check new-lesson execute grade gpu-check gpu-nsys bench-checks bench-engine clean

# make test also makes nbgrader's own environment (.venv-nbgrader, for tests/test_nbgrader.py) while the
# course's packages are installed (python -m asynclab.grading.nbgrader_env). Packages are installed by
# asynclab.tooling.installer: uv with pip's indexes, or pip where uv cannot
NBGRADER_BESIDE := $(filter test test-lanes test-serial unit,$(MAKECMDGOALS))
# make test compiles only what the course imports first (--warm: 7 s), not all it installs (24 s); the
# suite writes the .pyc files of the rest (tools/test_lanes.py). Other targets compile everything, as pip does.
NO_COMPILE := $(if $(filter test test-lanes,$(MAKECMDGOALS)),--no-compile --warm)

## setup: create .venv, install the pinned stack and asynclab, register the kernel (under the compute budget)
setup: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) tools/check_platform.py
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' || \
	  { echo "The course needs Python 3.11; '$(PYTHON)' is $$($(PYTHON) --version 2>&1). Use: make PYTHON=/path/to/python3.11 ..."; exit 1; }
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m asynclab.tooling.installer --tool
	@$(if $(NBGRADER_BESIDE),$(PY) -m asynclab.grading.nbgrader_env & nbgrader=$$!;) \
	  echo "$(PY) -m asynclab.tooling.installer $(NO_COMPILE) -e '.[test]'"; \
	  $(PY) -m asynclab.tooling.installer $(NO_COMPILE) -e '.[test]'; code=$$?; \
	  $(if $(NBGRADER_BESIDE),wait $$nbgrader || echo "(tests/test_nbgrader.py will make it on first use)";) exit $$code
	@# an editable install leaves asynclab uncompiled, and where PYTHONDONTWRITEBYTECODE is set (as on the
	@# machines the course is tested on) every process compiles what it imports again: compile it once here
	$(PY) -m compileall -q -j 0 asynclab
	$(PY) -m asynclab kernelspec --sys-prefix
	@touch $(STAMP)

$(LAB_STAMP): $(STAMP)
	$(PY) -m asynclab.tooling.installer -e '.[lab,mindspore,test]'
	@touch $(LAB_STAMP)

# JupyterLab's settings for the course (no prompt about Jupyter's news, no update check): the
# application's overrides, in the environment, so that every user of it gets them
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json
$(LAB_OVERRIDES): tools/jupyterlab-overrides.json | $(STAMP)
	@mkdir -p $(dir $@)
	cp $< $@

## lab: set up if needed (with JupyterLab), then open JupyterLab on the course's start page
lab: $(LAB_STAMP) $(LAB_OVERRIDES)
	$(BIN)/jupyter lab --ServerApp.root_dir="$(CURDIR)" --ip=127.0.0.1 --port=$(PORT) \
	  --LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb $(ROOT_FLAG)

## test: set up if needed, then every test: the unit tests and nbval over every notebook, in two
## lanes at once (tools/test_lanes.py: timing tests in one, the rest beside them). What CI runs.
test: setup
	$(PY) tools/test_lanes.py

## test-browser: JupyterLab in headless Chromium, as a student sees it (tools/browser_test.py);
## screenshots in browser-screenshots/. Needs the system's Chromium (apt-get install chromium).
BROWSER_STAMP := $(VENV)/.asynclab-browser-installed
$(BROWSER_STAMP): $(STAMP)
	$(PY) -m asynclab.tooling.installer -e '.[lab,browser,test]'
	@touch $(BROWSER_STAMP)

test-browser: $(BROWSER_STAMP) $(LAB_OVERRIDES)
	$(PY) tools/browser_test.py

## test-serial: the same tests one after another (unit, then nbval), about twice as long
test-serial: setup unit nbval

## test-lanes: another name for make test
test-lanes: test

unit: setup
	$(PY) -m pytest tests

## unit-fast: the logic-only tests (no MXNet workload, no kernel) but the corpus sweeps, under a minute
unit-fast: setup
	$(PY) -m pytest tests -m "not measured and not kernel and not corpus"

nbval: setup
	ASYNCLAB_CHECK_FIGURES=1 $(PY) -m pytest -p asynclab.tooling.kernel --nbval --nbval-sanitize-with tests/sanitize.cfg --nbval-cell-timeout=600 $(NOTEBOOK_DIRS)

## gpu-check: the course's GPU checks with PyTorch on a CUDA device, one verdict per check. Needs
## only a Python with torch (GPU_PYTHON, default python3), not the course's .venv: GPU machines
## often have Python 3.12 and numpy 2, where MXNet cannot run. `make gpu-check
## REFERENCE=asynclab/data/gpu_reference.json` also measures the lessons' GPU functions and writes
## every reference figure the lessons show on a machine without a GPU.
GPU_PYTHON ?= python3
REFERENCE ?=
gpu-check:
	PYTHONPATH="$(CURDIR)$${PYTHONPATH:+:$$PYTHONPATH}" $(GPU_PYTHON) -m asynclab gpu-check $(if $(REFERENCE),--reference $(REFERENCE))

## gpu-nsys: lesson 07's Nsight Systems reading of asynclab.lessons.l07_profiling.gpu_step, recorded
## again into asynclab/data/nsys_step.json. Needs a CUDA device, a Python with torch (GPU_PYTHON) and
## Nsight Systems (NSYS, default nsys on the PATH).
NSYS ?= nsys
gpu-nsys:
	d=$$(mktemp -d); trap 'rm -rf "$$d"' EXIT; export PYTHONPATH="$(CURDIR)$${PYTHONPATH:+:$$PYTHONPATH}"; \
	$(NSYS) profile -t cuda,nvtx,osrt -s none --cpuctxsw none -o "$$d/step" $(GPU_PYTHON) -m asynclab.lessons.l07_profiling.gpu_step && \
	$(NSYS) export -t sqlite -o "$$d/step.sqlite" "$$d/step.nsys-rep" && \
	$(GPU_PYTHON) -m asynclab.lessons.l07_profiling.gpu_step --from-nsys "$$d/step.sqlite" \
	  --write asynclab/data/nsys_step.json --nsys-version "$$($(NSYS) --version | awk '{print $$NF}')"

## labs: regenerate the student labs/ from solutions/
labs: setup
	$(PY) -m asynclab labs

## new-lesson: a new lesson, registered by discovery: make new-lesson N=11 SLUG=mixed_precision TITLE="Mixed precision"
new-lesson: setup
	@test -n "$(N)" -a -n "$(SLUG)" -a -n "$(TITLE)" || { echo 'Say N, SLUG and TITLE: make new-lesson N=11 SLUG=mixed_precision TITLE="Mixed precision"'; exit 2; }
	$(PY) -m asynclab new-lesson $(N) $(SLUG) --title "$(TITLE)"

labs-check: setup
	$(PY) -m asynclab labs --check

## execute: re-run lessons and solutions and store their outputs (NB=path to limit)
NB ?= notebooks/*.ipynb solutions/*.ipynb
execute: setup
	$(PY) -m asynclab execute $(NB)

## check: grade your own lab as the instructor's grader will, e.g. make check LAB=01 (or NOTEBOOK=path)
NOTEBOOK ?= $(firstword $(wildcard labs/$(LAB)_*_lab.ipynb))
check: setup
	@test -n "$(NOTEBOOK)" || { echo "There is no labs/$(LAB)_*_lab.ipynb; name your notebook: make check NOTEBOOK=path/to/lab.ipynb"; exit 2; }
	$(PY) -m asynclab check "$(NOTEBOOK)"

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
	rm -rf $(VENV) .venv-nbgrader .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
