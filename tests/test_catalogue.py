"""Every answer of the catalogue (``asynclab/lessons/lNN_<slug>/answers/*.py``) scores what its EXPECT says.

One parametrized test runs a lab's checks on each answer *in-process*: the
solution notebook's code cells are executed with ``exec`` in one namespace,
with the answer's exercise cells in place of the solution's. A check that
fails raises :class:`~asynclab.checks.CheckFailed` (score 0); one that passes
returns a result whose ``points`` is its score. Any other error of a check
cell scores 0 too, as in the grader (a check cell that cannot run earns
nothing); its message is shown when the score is not the expected one.

Only what an answer can change is run (:func:`asynclab.grading.answers.plan`):
the checks whose cells depend, by names and through other cells, on a
replaced exercise cell, and the setup and exercise cells they need. Every
other check scores what the solution scores, so EXPECT must give it full
points; that is asserted without running it. The solution's own answer is
graded by nbval over ``solutions/``; here it runs for one cheap lab only, so
that the path stays tested.

Lab 04's memory checks compare the resident memory of the whole process, so
lab-04 answers run outside the test process (and so do lab 09's, whose checks
measure memory and time), in one worker process of their
own (this file, run as a script with ``--serve``): the answers run one after
another there, as a student's check cells run one after another in one
kernel, each in a fresh namespace and after the memory it freed has been
handed back. A worker that dies is replaced for the next answer. That the
checks hold whatever ran before them in the process is what this shows.

The checks run under a shorter protocol than in the lab (:func:`quick_checks`; some labs also
on less work, :data:`SHRUNK`): they may stop after two rounds as soon as their verdict is sure; an unsure
verdict still gets the lab's rounds. Lab 04's memory checks judge a right
answer on one round without a warm-up epoch, and a wrong one on one round
first: if that round fails, the answer scored what it must; if it passes, the
check runs again on two rounds, the second in reverse order (in a single
round the later epochs can peak 12 MB higher, which is enough to let a loop that
ignores k pass sync-every-k). The catalogue's answers sit far from the thresholds (wrong
loops near 1x, right ones past 1.3x-300x); how the full protocol behaves on
a noisy machine is what ``make bench-checks`` measures.

Before any cell runs, every check the answer can change is judged as the grader
judges it (:mod:`asynclab.grading.copies`): an answer that copies the course's
own code scores 0 on that check with the detector's sentence, and the check
is not run. The checks it cannot change are judged too: a cell that rewrites a
module at its top level costs every check after it, which must then expect 0.

Run a single answer by hand with ``python tests/test_catalogue.py 04 peak-absolute``.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import functools
import importlib
import json
import linecache
import math
import os
import random
import subprocess
import sys
import threading
from collections.abc import Mapping
from pathlib import Path

import pytest

from asynclab import course
from asynclab.checks.core import RAISED_IN_CHECK
from asynclab.grading import answers as catalogue
from asynclab.grading import copies
from asynclab.grading.layout import find_solution
from asynclab.tooling import nbtools

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "solutions"
LESSONS = course.lessons()  # each lesson's lesson.toml declares the traits read here
LABS = [lesson.number for lesson in LESSONS]
IN_WORKER = {x.number for x in LESSONS if x.has("own-process")}  # checks measure the whole process's memory
MEMORY_ONLY = {x.number for x in LESSONS if x.has("memory")}  # checks compare memory and no time
SLEEPS = {x.number for x in LESSONS if x.has("sleeps")}  # checks time sleeps and order, not the CPU
# answers that leave the process unusable for the ones after them (lab 07: MXNet's profiler refuses
# set_config for good after dump(finished=True)): each runs in a process of its own
OWN_PROCESS = {(x.number, name) for x in LESSONS for name in x.own_process_answers}
SOLUTION_RUN_IN = {x.number for x in LESSONS if x.has("catalogue-runs-solution")}
MARK = "CATALOGUE-SCORES "
ANSWER_TIMEOUT_S = 900


UNTOUCHED_RUN_IN = set(LABS)  # the stubs fail at once


@functools.cache
def _solution(lab: str):
    return nbtools.read(find_solution(SOLUTIONS, lab))


def _answers(lab: str) -> list[catalogue.Answer]:
    found = catalogue.lab_answers(lab, SOLUTIONS, include_solution=lab in SOLUTION_RUN_IN)
    return found + ([catalogue.untouched_answer(_solution(lab), lab)] if lab in UNTOUCHED_RUN_IN else [])


def _answer(lab: str, name: str) -> catalogue.Answer:
    solution = _solution(lab)
    if name == catalogue.SOLUTION_NAME:
        return catalogue.solution_answer(solution, lab)
    if name == "untouched":
        return catalogue.untouched_answer(solution, lab)
    return catalogue.load_answer(course.lesson(lab).answers / f"{name}.py", solution)


# (a lab-04 answer's own process, started as a script, needs no list of cases)
CASES = [] if __name__ == "__main__" else [(lab, answer) for lab in LABS for answer in _answers(lab)]


def _marks(lab: str, answer: catalogue.Answer) -> list[pytest.MarkDecorator]:
    """Where make test runs the answer: lab 04's checks compare memory and labs 05's and 10's time sleeps
    (traits memory, sleeps), and an answer whose checks time no computation on the CPU (each declared
    ``times_cpu=False``: counts, values, memory) is untimed; all three run beside the timing tests."""
    if lab in MEMORY_ONLY:
        return [pytest.mark.memory]
    if lab in SLEEPS:
        return [pytest.mark.sleeps]
    from asynclab.checks.core import declared

    by_name = declared(importlib.import_module(course.lesson(lab).checks_module))
    run = catalogue.plan(_solution(lab), answer).run
    return [pytest.mark.untimed] if run and not any(by_name[name].times_cpu for name in run) else []


PARAMS = [pytest.param(lab, answer, id=f"lab{lab}-{answer.name}", marks=_marks(lab, answer)) for lab, answer in CASES]


# ------------------------------------------------------------------ running an answer
@contextlib.contextmanager
def _patched(module, patch: dict):
    """Set ``module``'s attributes from ``patch`` for the block, then put the old values back."""
    saved = {attr: getattr(module, attr) for attr in patch}
    for attr, value in patch.items():
        setattr(module, attr, value)
    try:
        yield
    finally:
        for attr, value in saved.items():
            setattr(module, attr, value)


def _checks_of(lab: str):
    """The lab's check module and its declared checks, by attribute name."""
    from asynclab.checks import Check

    module = importlib.import_module(course.lesson(lab).checks_module)
    return module, {attr: c for attr, c in vars(module).items() if isinstance(c, Check)}


def quick_checks(lab: str, expect: Mapping[str, float] | None = None):
    """The lab's declared checks with a protocol that stops as soon as a verdict is sure.

    A check the answer must fail (``expect`` gives it 0) is measured once (no
    second attempt); it first runs a single round (:func:`one_round_first`),
    and only when that round passes is it judged again on the lab's own
    minimum of rounds, as the grader judges it: one round on a machine whose
    both cores are busy can read anything (lab 03's fixed sleep passed
    async-beats-sync in one round of ten with two busy processes). One it
    must pass keeps at least three rounds (or the lab's own minimum, when
    lower), so that a right answer is judged on a median.
    """
    expect = expect or {}
    module, checks = _checks_of(lab)
    patch = {}
    for attr, check in checks.items():
        p = check.protocol
        if lab in IN_WORKER and expect.get(check.name) == 0:
            # two rounds, the second in reverse order: one round's later epochs peak higher; one attempt (a
            # second is for a right answer that a burst of load failed, and a wrong one fails it again)
            quick = dataclasses.replace(p, warmup=0, min_rounds=2, attempts=1)
        elif lab in IN_WORKER:
            quick = dataclasses.replace(p, warmup=0, min_rounds=1)
        elif expect.get(check.name) == 0:
            quick = dataclasses.replace(p, attempts=1)
        else:
            quick = dataclasses.replace(p, min_rounds=min(p.min_rounds, 3))
        patch[attr] = dataclasses.replace(check, protocol=quick)
    patch.update(SHRUNK.get(lab, {}))
    if hasattr(module, "TIMEOUT"):  # lab 05: an engine whose waits hang fails sooner
        patch["TIMEOUT"] = min(module.TIMEOUT, 2.0)
    if hasattr(module, "TIMEOUT_S"):  # lab 10: a cluster that deadlocks is stopped sooner (forked from the
        patch["TIMEOUT_S"] = min(module.TIMEOUT_S, 6.0)  # zygote, the longest right run takes about 2.5 s)
    # what the machine does, which a prediction is compared with: measured once per session (labs 02 and 06)
    # or taken from the solution (:data:`RECORDED`: labs 01, 04, 07, 08, 09), so that every answer is
    # compared with the same figures
    for measure in (
        "_measure_calls",
        "error_lines",
        "_measure_table",
        "_measure_peaks",
        "_grows",
        "_allocations",
        *DRAWN_MEASURES,
    ):
        if hasattr(module, measure):
            patch[measure] = _measured_once(lab, getattr(module, measure), module)
    if hasattr(module, "_each_probe"):  # lab 04: the reference loop's peak, once per worker (_probed_once)
        patch["_each_probe"] = _probed_once(lab, module._each_probe)
    if any(hasattr(module, measure) for measure in DRAWN_MEASURES) and hasattr(module, "draw"):
        # the measurement's arguments are drawn (lab 06: the workspaces and two counts, in a fresh
        # process of a few seconds): every answer draws the same ones, so that one measurement serves all
        patch["draw"] = random.Random(f"catalogue-{lab}")
    return _patched(module, patch)


# work the catalogue shrinks: an answer is run for its verdict, which holds on less data and shorter
# operations, while the lab's own sizes are what nbval of the solution and `make bench-checks` measure.
# Lab 09 (the timing lane's longest catalogue, 134 s): the speed check's 40-48 chunks become 16-20 (right
# answers read 1.55x-1.57x quiet against 1.61x-1.69x, and 1.32x-1.46x with one core busy in 12 runs where
# the lab's sizes read 1.39x and up; wrong ones 0.91x; needs 1.2x, and a failing verdict is measured
# twice) and the budget check's 100 MB data set 50 MB (tiny chunks read 15.5x the time of 2**20-value
# ones, needs <= 2.5x; chunks as large as the budget are still refused); the memory check's data set
# stays, since it must hold more than 8 chunks. Ten answers took 39 s instead of about 100 s. Lab 05 (the
# side lane's): its overlap and serialize checks judge what share of two operations ran side by side,
# whatever their length: 0.1 s operations instead of 0.2 s took its 36 answers from 77 s to 44 s, every
# score as declared quiet and with one and two cores kept busy. Lab 04's peaks for predict-peak and the
# tables the prediction steps of labs 01, 07, 08 and 09 are judged against are not measured here at all
# (:data:`RECORDED`).
SHRUNK = {
    "05": {"WORK_SECONDS": 0.1},
    "09": {"LENGTHS": (16, 20), "BUDGET_LENGTH_MB": 50},
}

# measurements whose arguments the check draws at random: the catalogue draws them from a seeded
# generator, the same for every answer (each answer still gets its own predictions checked)
DRAWN_MEASURES = ("_measured_head_starts",)


_MEASURED: dict = {}

# Lab 04's sync-every-k compares two peaks of the answer's loop with the peak of the course's loop that
# waits every batch: an epoch of 2.4-2.6 s in every round of every answer, the same loop each time.
# The catalogue measures that reference once per worker process and gives every answer its value.
# A wrong answer fails on k=50's rise over k=5 (its own two epochs), which the reference does not enter;
# a right one read k=5's share of k=50's rise at 0.08-0.11 here (the solution's median over runs is
# 0.14-0.18, docs/robustness.md), against 0.5: a reference lower by d MB adds d to both rises, so a
# share of 0.18 under a rise of 35 MB needs d of about 20 MB to reach 0.5, where the reference's
# peak read 17.9-18.1 MB in six epochs quiet and six with a core busy.
_PROBED: dict = {}


def _probed_once(lab: str, make_probe):
    """``make_probe(config, model)``, whose probe measures on its first call in this process only, for
    each ``config``, and returns that measurement on every later call."""

    def made(config, model):
        probe = make_probe(config, model)
        key = (lab, make_probe.__name__, repr(config))

        def once() -> float:
            if key not in _PROBED:
                _PROBED[key] = probe()
            return _PROBED[key]

        return once

    return made


def _stored_peaks() -> dict[int, float]:
    """The peaks (MB above the start) of waiting every k batches that the solution of lab 04 measured when
    it was last executed: the figures ``peak_k<k>_mb`` of its stored predict-peak result."""
    from asynclab.checks import MIME_TYPE

    for cell in nbtools.check_cells(_solution("04")):
        if nbtools.grade_id(cell) != "check-predict-peak":
            continue
        for output in cell.get("outputs", []):
            figures = output.get("data", {}).get(MIME_TYPE, {}).get("figures", {})
            peaks = {
                int(k[len("peak_k") : -len("_mb")]): float(v) for k, v in figures.items() if k.startswith("peak_k")
            }
            if peaks:
                return peaks
    raise LookupError("solutions/04_async_memory_lab.ipynb stores no predict-peak result: run `make execute`")


def _stored_predicted(lab: str, grade_id: str):
    """What the solution of ``lab`` assigns to PREDICTED in its cell ``grade_id``, as a function of no
    arguments: nbval of the solution measures the same thing and holds the prediction to it in every run
    of make test."""

    def stored():
        for cell in _solution(lab).cells:
            if nbtools.grade_id(cell) != grade_id:
                continue
            for node in ast.parse(cell.source).body:
                if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] == ["PREDICTED"]:
                    return ast.literal_eval(node.value)
        raise LookupError(f"the solution of lab {lab} assigns no PREDICTED in {grade_id}")

    return stored


# measurements the catalogue takes from the solution instead of measuring them again: a prediction is judged
# against them, which any real measurement of this machine exercises as well as a new one, and nbval of the
# solution measures them live in every run of make test. Lab 04's peaks for predict-peak, as the solution
# measured them when it was stored, take a fresh process on one CPU (46 s on four rounds, the side lane's
# longest test); bench/reports/lab04_predict_peak.md shows how right and wrong predictions fare against live
# ones at the ends of the ranges k is drawn from (right ones off by at most 0.114 of the gap, wrong ones by
# 0.551 or more; needs <= 0.3). The tables of
# labs 01 (twelve calls timed, about 4 s), 07 (which calls allocate, about 5 s), 08 (three frameworks' calls
# timed, about 6 s) and 09 (ten loops' growth, about 12 s) are the solution's PREDICTED, which its check holds
# to a live measurement.
RECORDED = {
    ("01", "_measure_calls"): _stored_predicted("01", "ex-predict-blocking"),
    ("04", "_measure_peaks"): _stored_peaks,
    ("07", "_allocations"): _stored_predicted("07", "ex-predict-allocations"),
    ("08", "_measure_table"): _stored_predicted("08", "ex-predict-frameworks"),
    ("09", "_grows"): _stored_predicted("09", "ex-predict-memory-growth"),
}


def _measured_once(lab: str, measure, module):
    """``measure`` run on its first call only, for each value of its arguments that are not arrays
    (lab 01's gets a fresh matrix each time), or taken from the solution (:data:`RECORDED`); a
    measurement that refuses to run outside its check
    (:func:`asynclab.checks.core.refuse_unless_checking`) still does.

    The wrapper stands where the check's module calls its measurement, so its code is compiled as code of
    that module's file: a measurement accepts its check's call only through the course's own code
    (:func:`asynclab.checks.core.checking`), and a frame of this test file between the two would be refused
    as an answer's would."""
    from asynclab.checks.core import checking, declared

    scope = {
        "checking": checking,
        "checks": tuple(declared(module).values()),
        "measure": measure,
        "lab": lab,
        "_MEASURED": _MEASURED,
        "RECORDED": RECORDED,
    }
    exec(compile(_CACHED_SOURCE, module.__file__, "exec"), scope)
    return scope["cached"]


_CACHED_SOURCE = """
def cached(*args):
    if not checking(*checks):
        return measure(*args)  # outside the lab's checks it refuses, as in the lab
    key = (lab, measure.__name__, *(a for a in args if isinstance(a, (str, int, float, tuple))))
    if key not in _MEASURED:
        _MEASURED[key] = RECORDED[key]() if key in RECORDED else measure(*args)
    return _MEASURED[key]
"""


def single_round(lab: str, names: set[str]):
    """The checks ``names`` of the lab, as already patched, limited to one round."""
    module, checks = _checks_of(lab)
    return _patched(
        module,
        {
            attr: dataclasses.replace(c, protocol=dataclasses.replace(c.protocol, min_rounds=1, max_rounds=1))
            for attr, c in checks.items()
            if c.name in names
        },
    )


def _last_expression(code: str, filename: str, namespace: dict):
    """Run a cell as IPython would and return the value of its last expression (or None)."""
    tree = ast.parse(code, filename)
    last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    if last is not None:
        tree.body.pop()
    exec(compile(tree, filename, "exec"), namespace)
    if last is None:
        return None
    return eval(compile(ast.Expression(last.value), filename, "eval"), namespace)


def copied(lab: str, answer: catalogue.Answer, checks: list[str]) -> dict[str, str]:
    """The checks among ``checks`` that the grader scores 0 as copied course code, with the sentence."""
    solution = _solution(lab)
    judge = copies.judge_for(solution)
    found, sources = {}, []
    for cell in answer.apply(solution).cells:
        if cell.cell_type != "code":
            continue
        name = (nbtools.grade_id(cell) or "")[len("check-") :]
        if nbtools.is_check(cell) and name in checks:
            verdict = judge.verdict(sources, cell.source, name)
            if verdict is not None:
                found[name] = f"FAIL [{name}] {verdict.sentence}"
        sources.append(cell.source)
    return found


def without_checks(todo: catalogue.Plan, names) -> catalogue.Plan:
    """``todo`` with the check cells of ``names`` left out (their scores are decided already)."""
    cells = [c for c in todo.cells if not (c[1] == "check" and c[0][len("check-") :] in names)]
    return catalogue.Plan(cells, [r for r in todo.run if r not in names], todo.unchanged)


def run_answer(lab: str, name: str) -> tuple[dict[str, float], dict[str, str]]:
    """The scores of the checks answer ``name`` can change, and a note per check or cell that raised."""
    answer = _answer(lab, name)
    todo = catalogue.plan(_solution(lab), answer)
    judged = copied(lab, answer, todo.run)
    todo = without_checks(todo, judged)
    with quick_checks(lab, answer.expect), _environment_kept():
        scores, notes = _run_cells(todo, lab, one_round_first(answer.expect)) if todo.run else ({}, {})
    scores.update(dict.fromkeys(judged, 0.0))
    notes.update(judged)
    return scores, notes


@contextlib.contextmanager
def _environment_kept():
    """Put this process's environment back as it was: an answer may set variables (lab 08 does)."""
    saved = dict(os.environ)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def _score_check(code: str, label: str, namespace: dict) -> tuple[float, str]:
    """Run one check cell: its score and the line it showed (or what it raised)."""
    from asynclab.checks import CheckFailed

    try:
        result = _last_expression(code, f"<{label}>", namespace)
        return (float(result.points) if result.passed else 0.0), result.verdict()
    except CheckFailed as failed:
        return 0.0, (str(failed).splitlines()[0] if str(failed) else "FAIL")
    except Exception as error:
        return 0.0, f"the check cell raised {type(error).__name__}: {error}"


class _NoShell:
    """IPython's shell as the cells run here see it (``catalogue.code_of`` writes a magic as a call of
    ``get_ipython()``): the lab's cells run only magics that change nothing here (``%matplotlib inline``)."""

    def run_line_magic(self, name: str, line: str) -> None:
        if name not in copies.QUIET_MAGICS:
            raise RuntimeError(f"%{name} runs only in IPython")

    def run_cell_magic(self, name: str, line: str, cell: str) -> None:
        self.run_line_magic(name, line)


def _run_cells(
    todo: catalogue.Plan, lab: str = "", first: set[str] = frozenset()
) -> tuple[dict[str, float], dict[str, str]]:
    """Run the planned cells in one namespace; the checks in ``first`` try one round before more."""
    namespace: dict = {"__name__": "__main__", "get_ipython": _NoShell}
    scores: dict[str, float] = {}
    notes: dict[str, str] = {}
    for label, kind, source in todo.cells:
        code = catalogue.code_of(source)
        # as IPython does: a cell's source stays readable (inspect.getsource; lab 06 sends a function's)
        linecache.cache[f"<{label}>"] = (len(code), None, code.splitlines(True), f"<{label}>")
        if kind != "check":
            try:
                exec(compile(code, f"<{label}>", "exec"), namespace)
            except Exception as error:  # the grader runs on after a failing cell, so do we
                notes[label] = f"{type(error).__name__}: {error}"
            continue
        check = label[len("check-") :]
        if check in first:
            with single_round(lab, {check}):
                scores[check], notes[check] = _score_check(code, label, namespace)
            if scores[check] == 0.0:
                continue
        scores[check], notes[check] = _score_check(code, label, namespace)
    return scores, notes


def one_round_first(expect: Mapping[str, float]) -> set[str]:
    """The checks an answer must fail: each first runs one round, and is judged again only if that one passes.

    A wrong answer that fails its first round has scored what it must; one
    that passes it is judged again on the protocol :func:`quick_checks` gives
    it (lab 04's memory checks: two rounds, the second reversed, since a
    single round can peak higher late in the process; the others: the lab's
    own minimum of rounds, decided on medians).
    """
    return {name for name, points in expect.items() if points == 0}


class _Worker:
    """A Python process that runs the planned cells of one answer after another, for one lab."""

    def __init__(self, lab: str) -> None:
        self.lab = lab
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--serve", lab],
            cwd=ROOT,
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )

    def alive(self) -> bool:
        return self.proc.poll() is None

    def run(self, todo: catalogue.Plan, expect: Mapping[str, float]) -> tuple[dict[str, float], dict[str, str]] | None:
        """The scores and notes, or None when the process died on the way (stdout has its last words)."""
        self.proc.stdin.write(json.dumps({"cells": todo.cells, "expect": dict(expect)}) + "\n")
        self.proc.stdin.flush()
        seen = []
        timer = threading.Timer(ANSWER_TIMEOUT_S, self.proc.kill)  # a hung answer must not hang the suite
        timer.start()
        try:
            for line in self.proc.stdout:
                if line.startswith(MARK):
                    data = json.loads(line[len(MARK) :])
                    return data["scores"], data["notes"]
                seen.append(line)
        finally:
            timer.cancel()
        self.last_words = "".join(seen[-40:]) + self.proc.stderr.read()[-3000:]
        return None

    def close(self) -> None:
        if self.alive():
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()


_WORKERS: dict[str, _Worker] = {}


@pytest.fixture(scope="module", autouse=True)
def _close_workers():
    yield
    for worker in _WORKERS.values():
        worker.close()
    _WORKERS.clear()


def _run_in_worker(lab: str, name: str) -> tuple[dict[str, float], dict[str, str]]:
    worker = _WORKERS.get(lab)
    if worker is None or not worker.alive():
        worker = _WORKERS[lab] = _Worker(lab)
    answer = _answer(lab, name)
    todo = catalogue.plan(_solution(lab), answer)
    judged = copied(lab, answer, todo.run)
    todo = without_checks(todo, judged)
    result = worker.run(todo, answer.expect) if todo.run else ({}, {})
    assert result is not None, f"the worker running {lab}/{name} died:\n{worker.last_words}"
    return {**result[0], **dict.fromkeys(judged, 0.0)}, {**result[1], **judged}


def _run_in_own_process(lab: str, name: str) -> tuple[dict[str, float], dict[str, str]]:
    worker = _Worker(lab)
    try:
        answer = _answer(lab, name)
        todo = catalogue.plan(_solution(lab), answer)
        judged = copied(lab, answer, todo.run)
        todo = without_checks(todo, judged)
        result = worker.run(todo, answer.expect) if todo.run else ({}, {})
    finally:
        worker.close()
    assert result is not None, f"the process running {lab}/{name} died:\n{worker.last_words}"
    return {**result[0], **dict.fromkeys(judged, 0.0)}, {**result[1], **judged}


def serve(lab: str) -> int:
    """Run one answer's cells per line of stdin (JSON ``{"cells": [...], "expect": {...}}``); print its scores."""
    from asynclab.foundation.workloads import release_free_memory

    for line in sys.stdin:
        order = json.loads(line)
        cells = [tuple(cell) for cell in order["cells"]]
        release_free_memory()
        expect = order["expect"]
        with quick_checks(lab, expect):
            scores, notes = _run_cells(catalogue.Plan(cells, [], []), lab, one_round_first(expect))
        print(MARK + json.dumps({"scores": scores, "notes": notes}), flush=True)
    return 0


# ------------------------------------------------------------------ the tests
@pytest.mark.measured
@pytest.mark.parametrize("lab, answer", PARAMS)
def test_answer_scores_what_it_expects(lab, answer):
    solution = _solution(lab)
    points = catalogue.check_points(solution)
    todo = catalogue.plan(solution, answer)
    # untouched by the answer: scores what the solution scores, unless the judge refuses what a cell of the answer
    # did at its top level (a rewritten module changes every check after it, whatever the check is handed)
    refused = copied(lab, answer, todo.unchanged)
    for check in todo.unchanged:
        if check in refused:
            assert answer.expect[check] == 0, f"{answer.where}: {refused[check]}, so EXPECT must give {check} 0"
            continue
        assert answer.expect[check] == points[check], (
            f"{answer.where}: {check} depends on no cell it replaces, so EXPECT must give it full points"
        )
    if not todo.run:
        return
    run = (
        _run_in_own_process if (lab, answer.name) in OWN_PROCESS else _run_in_worker if lab in IN_WORKER else run_answer
    )
    scores, notes = run(lab, answer.name)
    wrong = {
        c: (scores.get(c), answer.expect[c])
        for c in todo.run
        if not math.isclose(scores.get(c, -1.0), answer.expect[c])
    }
    assert not wrong, f"{answer.where} ({answer.description}): got/expected {wrong}\n" + "\n".join(
        f"  {k}: {v}" for k, v in notes.items()
    )
    # a wrong answer must fail for its own mistake, not because a name is missing from its file
    # (the untouched lab's stubs leave their names undefined on purpose)
    undefined = {
        c: notes[c]
        for c in todo.run
        if answer.expect[c] == 0 and "NameError" in notes.get(c, "") and answer.name != "untouched"
    }
    assert not undefined, f"{answer.where}: fails by NameError, not by its mistake: {undefined}"
    # nor because the check's own code raised where no code of the answer ran: a fault of the check, or
    # something of the answer's it should refuse with a sentence of its own (asynclab.checks.core.raised_in_answer)
    crashed = {c: notes[c] for c in todo.run if answer.expect[c] == 0 and RAISED_IN_CHECK in notes.get(c, "")}
    assert not crashed, f"{answer.where}: fails because its check raised, not by its mistake: {crashed}"


def test_answers_whose_checks_time_no_cpu_run_beside_the_timing_tests():
    """make test's lanes select by marker: an answer is untimed when every check it runs is declared
    times_cpu=False, and the memory and sleeps traits mark a whole lab."""
    marks = {p.id: {m.name for m in p.marks} for p in PARAMS}
    assert marks["lab01-memory-typed-in"] == {"untimed"}  # memory-of-result only
    assert marks["lab07-predict-allocations-nothing"] == {"untimed"}  # counts of allocations
    assert marks["lab01-overlap-waits-first"] == set()  # overlaps-the-read times the CPU
    assert marks["lab08-forward-sleeps"] == set()
    assert marks["lab04-predict-typed-in"] == {"memory"} and marks["lab05-untouched"] == {"sleeps"}


def test_every_lab_has_answers_for_every_check():
    """Each check has a wrong answer it must catch (a 0 in some EXPECT)."""
    for lab in LABS:
        answers = catalogue.lab_answers(lab, SOLUTIONS, include_solution=False)
        caught = {name for a in answers for name, pts in a.expect.items() if pts == 0}
        assert caught == set(catalogue.check_names(_solution(lab))), f"lab {lab}: no wrong answer for some check"


def test_the_cells_run_define_every_name_the_checks_read():
    """The selection leaves out no setup cell a check needs (a missing one would score 0 by NameError)."""
    import builtins

    for lab in LABS:
        solution = _solution(lab)
        answer = catalogue.solution_answer(solution, lab)
        todo = catalogue.plan(solution, answer)
        bound = set(dir(builtins)) | {"__name__", "get_ipython"}  # IPython's, in a kernel
        for label, _kind, source in todo.cells:
            missing = catalogue.names_used(source) - bound - catalogue.names_bound(source)
            assert not missing, f"lab {lab}: {label} reads {sorted(missing)} that no earlier cell run binds"
            bound |= catalogue.names_bound(source)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--serve"]:
        return serve(argv[1])
    lab, name = argv
    scores, notes = run_answer(lab, name)
    print(MARK + json.dumps({"scores": scores, "notes": notes}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
