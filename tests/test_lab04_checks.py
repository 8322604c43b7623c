"""Lab 04's checks pass the solution and fail every known wrong answer in bench/mutants/lab04.

The exercise and check cells are taken from the solution notebook itself and
the wrong answers from the mutant files, so these tests see exactly what a
student's kernel runs. To stay quick they give each check a single round
(the lab gives at least three): memory is compared with large blocks mapped
on their own pages, where the loops that wait repeat to the megabyte and the
gaps the checks need are 2-4x below the ones measured. No absolute time or
memory figure is asserted.
"""

from pathlib import Path

import pytest

from asynclab import nbtools
from asynclab.checks import CheckFailed, Protocol, lab04
from asynclab.grading.mutants import load_mutants

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = nbtools.read(ROOT / "solutions" / "04_async_memory_lab.ipynb")
MUTANTS = load_mutants(ROOT / "bench" / "mutants" / "lab04")
CHECKS = {nbtools.grade_id(c)[len("check-"):]: c.source for c in nbtools.check_cells(SOLUTION)}
EXERCISES = {nbtools.grade_id(c): c.source for c in SOLUTION.cells if nbtools.is_solution(c)}
SETUP = next(c.source for c in SOLUTION.cells if nbtools.grade_id(c) == "setup")


@pytest.fixture(autouse=True)
def one_round(monkeypatch):
    monkeypatch.setattr(lab04, "_EPOCHS", Protocol(warmup=0, min_rounds=1, max_rounds=1, budget_s=60))
    monkeypatch.setattr(lab04, "_TOOL", Protocol(warmup=0, min_rounds=2, max_rounds=2, budget_s=20))


def _namespace(replace=None) -> dict:
    """What the student's kernel holds after the setup and exercise cells."""
    ns: dict = {}
    setup = "\n".join(line for line in SETUP.splitlines() if not line.lstrip().startswith("%"))
    exec(compile(setup, "<setup>", "exec"), ns)
    for grade_id, source in EXERCISES.items():
        source = (replace or {}).get(grade_id, source)
        exec(compile(source, f"<{grade_id}>", "exec"), ns)
    return ns


def _run_check(name: str, ns: dict):
    exec(compile(CHECKS[name], f"<check-{name}>", "exec"), ns)


def test_the_lab_has_the_four_checks_and_their_mutants():
    assert sorted(CHECKS) == ["front-returns-early", "peak-increase", "sync-bounds-memory", "sync-every-k"]
    assert len(MUTANTS) >= 3
    caught = set()
    for mutant in MUTANTS:
        mutant.check_names(list(CHECKS))
        caught |= {name for name, points in mutant.expect.items() if points == 0}
    assert caught == set(CHECKS), "every check should have a wrong answer it catches"


def test_the_solution_passes_every_check():
    ns = _namespace()
    for name in CHECKS:
        _run_check(name, ns)  # raises CheckFailed on a failure


CAUGHT = [(m, name) for m in MUTANTS for name, points in m.expect.items() if points == 0]


@pytest.mark.parametrize("mutant, name", CAUGHT, ids=[f"{m.name}->{n}" for m, n in CAUGHT])
def test_each_wrong_answer_fails_its_check(mutant, name):
    ns = _namespace(mutant.replace)
    with pytest.raises(CheckFailed, match=rf"^FAIL \[{name}\]"):
        _run_check(name, ns)


def test_a_student_function_that_raises_fails_with_one_sentence():
    def train_every(net, trainer, loss, batches, k):
        raise ValueError("not yet")

    with pytest.raises(CheckFailed, match=r"calling train_every failed: ValueError: not yet"):
        lab04.check_sync_every_k(train_every)
