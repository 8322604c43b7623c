"""Lab 04's checks pass the solution and fail every known wrong answer in bench/mutants/lab04.

Right answers written another way (``bench/mutants/lab04/correct/``, in the
mutant format with full points) must pass the checks their cells feed.

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
from waiting_loops import waiting_loop

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ROOT = Path(__file__).resolve().parents[1]
SOLUTION = nbtools.read(ROOT / "solutions" / "04_async_memory_lab.ipynb")
MUTANTS = load_mutants(ROOT / "bench" / "mutants" / "lab04")
# Right answers written differently from the solution: each must score full points.
CORRECT = load_mutants(ROOT / "bench" / "mutants" / "lab04" / "correct")
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


def test_the_solution_passes_every_check(monkeypatch):
    # Three epochs per condition, as a check with a short protocol: one epoch alone is noisy.
    monkeypatch.setattr(lab04, "_EPOCHS", Protocol(warmup=0, min_rounds=3, max_rounds=3, budget_s=90))
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


# Exercise cell -> the checks that call what it defines.
FEEDS = {"ex1-peak-increase": ["peak-increase"], "ex2-train-async": ["front-returns-early"],
         "ex3-train-synced": ["sync-bounds-memory"], "ex4-train-every": ["sync-every-k"]}
RIGHT = [(m, name) for m in CORRECT for cell in m.replace for name in FEEDS[cell]]


def test_the_right_variants_expect_full_points():
    assert any(m.name == "ok-loops-return-loss-arrays" for m in CORRECT)
    for mutant in CORRECT:
        mutant.check_names(list(CHECKS))
        assert mutant.expected_total == sum(
            points for name, points in mutant.expect.items()) and all(mutant.expect.values())


@pytest.mark.parametrize("variant, name", RIGHT, ids=[f"{m.name}->{n}" for m, n in RIGHT])
def test_each_right_variant_passes_its_check(variant, name):
    ns = _namespace(variant.replace)
    _run_check(name, ns)  # raises CheckFailed on a failure


RETURNS = {"arrays": lambda losses: losses,
           "dict": lambda losses: {i: value for i, value in enumerate(losses)},
           "mixed": lambda losses: [losses[0], "text", None, losses[1].asnumpy(), 2.5],
           "none": lambda losses: None}


@pytest.mark.parametrize("kind", sorted(RETURNS))
def test_what_a_correct_loop_returns_does_not_matter(kind):
    lab04.check_sync_bounds_memory(waiting_loop(RETURNS[kind]))  # raises CheckFailed on a failure


def test_a_correct_every_k_loop_returning_loss_arrays_passes():
    def train_every(net, trainer, loss, batches, k):
        return waiting_loop(every=k)(net, trainer, loss, batches)

    lab04.check_sync_every_k(train_every)


# -- peak-increase: what it allocates, and how it reports a failure ---------------
def test_the_peak_check_allocates_mxnet_memory_that_tracemalloc_cannot_see():
    import tracemalloc

    kept: list = []
    tracemalloc.start()
    try:
        lab04._allocate_and_keep(60, kept)()
        lab04._allocate_for_a_moment(240)()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(kept) == 1 and kept[0].size * 4 == 60_000_000
    kept.clear()
    assert peak < 5_000_000  # bytes: far below the 60 MB and 240 MB allocated


def test_the_peak_check_frees_what_it_kept():
    from asynclab.memory import rss_mb
    from asynclab.training import release_free_memory

    calls = []

    def peak_increase(fn):
        fn()
        calls.append(rss_mb())
        return 60.0 if len(calls) % 2 else 240.0  # right for both sizes, without measuring

    release_free_memory()
    before = rss_mb()
    lab04.check_peak_increase(peak_increase)
    release_free_memory()
    assert calls[0] - before > 40  # the 60 MB block was still there when fn returned
    assert rss_mb() - before < 20  # and the check freed it afterwards


@pytest.mark.parametrize("value, shown", [(0.0, "0.00x"), (-5.0, "-0.08x"), (1e-12, "0.00x")])
def test_a_zero_or_negative_peak_fails_on_its_figure(value, shown):
    def peak_increase(fn):
        fn()
        return value

    with pytest.raises(CheckFailed, match=rf"^FAIL \[peak-increase\] your peak increase was {shown}") as err:
        lab04.check_peak_increase(peak_increase)
    assert "failed:" not in str(err.value)


def test_a_peak_of_zero_for_one_size_only_fails_on_its_figure():
    calls = []

    def peak_increase(fn):
        fn()
        calls.append(1)
        return 60.0 if len(calls) % 2 else 0.0  # right for the kept 60 MB, 0 for the 240 MB

    with pytest.raises(CheckFailed, match=r"^FAIL \[peak-increase\] your peak increase was 0.00x"):
        lab04.check_peak_increase(peak_increase)


def test_a_peak_returned_as_a_one_element_array_counts():
    from mxnet import nd

    calls = []

    def peak_increase(fn):
        fn()
        calls.append(1)
        return nd.array([60.0 if len(calls) % 2 else 240.0])

    lab04.check_peak_increase(peak_increase)


@pytest.mark.parametrize("value, error", [(None, "TypeError: it returned NoneType, not a number"),
                                          (float("nan"), "ValueError: it returned nan"),
                                          ("a lot", "TypeError: it returned str, not a number")])
def test_a_peak_that_is_not_a_number_fails_in_one_sentence(value, error):
    with pytest.raises(CheckFailed, match=rf"calling your peak increase failed: {error}"):
        lab04.check_peak_increase(lambda fn: value)


# The verdict of sync-every-k on three peaks (MB): waiting every batch, k=5, k=50.
@pytest.mark.parametrize("each, small, large", [
    (25.4, 29.6, 71.8),          # the solution's stored run: share 0.09
    (25.0, 34.4, 69.4),          # the worst quiet run measured: +9.4 MB, 35 MB spread
    (25.0, 43.6, 96.0),          # the loaded run that broke the old +15 MB bound: share 0.26
    (25.0, 24.0, 60.0),          # k=5 a little under waiting every batch
])
def test_every_k_verdict_passes_a_bounded_k5(each, small, large):
    assert lab04.every_k_passes(each, small, large)


@pytest.mark.parametrize("each, small, large, why", [
    (25.0, 25.0, 25.0, "always waits: no spread"),
    (25.0, 72.0, 73.0, "never waits: k=5 as high as k=50"),
    (25.0, 60.0, 72.0, "k=5 in the upper half"),
    (25.0, 53.0, 80.0, "share 0.51, just over a half"),
    (25.0, 30.0, 20.0, "k=50 below waiting every batch"),
    (25.0, 26.0, 35.5, "spread just under 10 MB"),
])
def test_every_k_verdict_fails_a_loop_that_does_not_bound_k5(each, small, large, why):
    assert not lab04.every_k_passes(each, small, large), why


def test_every_k_share_is_undefined_without_a_rise_at_k50():
    assert lab04.every_k_share(25.0, 25.0, 25.0) == float("inf")
    assert lab04.every_k_share(25.0, 30.0, 35.0) == pytest.approx(0.5)
