"""asynclab.lessons.l02_sync_points.syncpoints: the calls, where back-end errors surface, and step timing.

Timing assertions are relationships with a wide margin (a call that waits
for a 700x700 product against one that reads a shape), never absolute times.
"""

import pytest
from mxnet import nd

from asynclab.foundation.timing import Samples
from asynclab.lessons.l02_sync_points import syncpoints as sp

FAULTY = """
from mxnet import nd
x = nd.ones((3, 3))
noise = nd.random.normal(0, -1, shape=(3, 3))
y = x + noise
total = y.sum()
total.wait_to_read()
"""


@pytest.fixture(scope="module")
def work():
    return sp.Workload(700)


@pytest.mark.measured
def test_sync_points_are_named_once_and_marked():
    points = sp.sync_points()
    names = [p.name for p in points]
    assert len(names) == len(set(names))
    assert {"y.wait_to_read()", "y.asnumpy()", "y.item()", "print(y)"} <= set(names)
    assert [p.name for p in points if not p.expected] == ["y.shape", "(nothing)"]
    assert all(p.expected for p in sp.sync_points(include_non_blocking=False))
    with pytest.raises(ValueError):
        sp.SyncPoint("bad", repr, api="torch")


@pytest.mark.measured
def test_workload_issues_one_element_results_of_both_array_types(work):
    import mxnet as mx

    y_nd, y_np = work.issue("nd"), work.issue("np")
    assert isinstance(y_nd, mx.nd.NDArray) and y_nd.shape == (1,)
    assert isinstance(y_np, mx.np.ndarray) and y_np.size == 1
    assert y_nd.asscalar() == pytest.approx(y_np.item(), rel=1e-4)
    with pytest.raises(ValueError):
        work.issue("torch")
    with pytest.raises(ValueError):
        sp.Workload(0)


@pytest.mark.measured
def test_every_call_works_on_its_array_type(work):
    for point in sp.sync_points():
        point.call(work.issue(point.api))
    nd.waitall()


@pytest.mark.measured
def test_a_waiting_call_carries_the_compute_and_reading_the_shape_does_not(work):
    points = {p.name: p for p in sp.sync_points()}
    timings, compute = sp.sync_table([points["y.asnumpy()"], points["y.shape"]], work, repeat=3)
    waits, shape = timings
    assert isinstance(compute, Samples) and len(compute) == 3
    assert waits.wait.median > 20 * shape.wait.median
    assert waits.blocks(compute.median) and not shape.blocks(compute.median)
    text = sp.format_table(timings, compute)
    assert "y.asnumpy()  waits: yes" in text and "y.shape      waits: no" in text


@pytest.mark.measured
def test_time_sync_point_repeats(work):
    point = sp.sync_points()[2]
    timing = sp.time_sync_point(point, work, repeat=2)
    assert timing.name == point.name and len(timing.issue) == 2 and len(timing.wait) == 2
    with pytest.raises(ValueError):
        sp.sync_table([point], work, repeat=0)


@pytest.mark.measured
def test_the_error_surfaces_at_the_synchronization_point_not_at_the_faulty_line():
    report = sp.locate_error(FAULTY)
    assert report.raised_at == 6
    assert report.statement == "total.wait_to_read()"
    assert report.error.startswith("MXNetError") and "scale" in report.error
    assert "-->  6" in report.show()
    nd.waitall()  # nothing left pending for whatever runs next


@pytest.mark.measured
def test_an_error_nobody_waits_for_is_collected_at_the_final_wait():
    report = sp.locate_error(FAULTY.replace("total.wait_to_read()", "print('no wait')"))
    assert report.raised_at is None and report.at_final_wait
    assert "final waitall" in report.show()
    nd.waitall()


@pytest.mark.measured
def test_locate_error_reports_python_errors_at_their_line_and_fills_the_namespace():
    env = {}
    report = sp.locate_error("a = 1\nb = a + 1\nc = missing\nd = 4", env)
    assert report.raised_at == 3 and report.error.startswith("NameError")
    assert env["b"] == 2 and "d" not in env
    clean = sp.locate_error("a = 1")
    assert clean.raised_at is None and not clean.at_final_wait and "nothing raised" in clean.show()
    with pytest.raises(TypeError):
        sp.locate_error(42)


@pytest.mark.kernel
@pytest.mark.measured
def test_naive_engine_moves_the_error_back_to_the_faulty_line():
    report = sp.locate_error_under(FAULTY, "NaiveEngine")
    assert report.engine_type == "NaiveEngine"
    assert report.raised_at == 3 and report.statement.startswith("noise = nd.random.normal")


def test_error_report_survives_a_round_trip_through_a_dict():
    report = sp.ErrorReport(("a", "b"), 2, "ValueError: x", False, "NaiveEngine")
    assert sp.ErrorReport.from_dict(report.to_dict()) == report


def test_first_line_of_error_trims_mxnet_tracebacks():
    error = RuntimeError('Traceback (most recent call last):\n  File "x.h", line 3\nRuntimeError: bad scale')
    assert sp.first_line_of_error(error) == "RuntimeError: bad scale"
    assert sp.first_line_of_error(ValueError()) == "ValueError"


def test_step_timer_adds_up_steps_and_calls_its_sync():
    calls = []
    timer = sp.StepTimer(sync=lambda: calls.append(1))
    for _ in range(3):
        with timer("a"):
            pass
        with timer("b"):
            pass
    assert timer.labels == ["a", "b"] and len(calls) == 6 and timer.synchronized
    assert sum(timer.shares.values()) == pytest.approx(1.0)
    assert timer.slowest() in ("a", "b")
    assert len(timer.table().splitlines()) == 2
    with pytest.raises(TypeError):
        with timer(""):
            pass
    with pytest.raises(ValueError):
        sp.StepTimer().slowest()


@pytest.mark.measured
def test_without_synchronizing_item_gets_the_blame_and_with_it_the_product_does():
    from mxnet import np

    # 1200x1200 and five passes: the item's wait is long enough (a product of ~50 ms each pass) that one hold-up
    # of the front end at another line under make test's lanes cannot outweigh it (700x700 and three passes
    # once blamed relu there; measured here with both cores busy: item's share 0.96 or more in 10 runs)
    x = np.random.uniform(size=(1200, 1200))
    x.wait_to_read()
    naive, fixed = sp.StepTimer(), sp.StepTimer(sync=True)
    sp.blame_loop(x, naive, iterations=5)
    sp.blame_loop(x, fixed, iterations=5)
    assert naive.slowest() == sp.BLAME_STEPS[3] and naive.shares[sp.BLAME_STEPS[3]] > 0.5
    assert fixed.slowest() == sp.BLAME_STEPS[0] and fixed.shares[sp.BLAME_STEPS[3]] < 0.2
    with pytest.raises(ValueError):
        sp.blame_loop(x, naive, iterations=0)


def test_a_wait_counts_from_the_issue_so_a_hold_up_before_the_call_does_not_hide_it():
    """The calling thread held up after the issue while the work ran: the call itself returned at once, but
    not before the work it waits for was done, counted from the issue."""
    from asynclab.foundation.timing import summarize

    held_up = sp.SyncTiming(
        "y.wait_to_read()", summarize([1e-4, 1e-4]), summarize([0.013, 0.001]), True, summarize([0.0131, 0.0141])
    )
    never = sp.SyncTiming("y.shape", summarize([1e-4, 1e-4]), summarize([1e-5, 0.009]), False, summarize([1e-4, 0.009]))
    assert held_up.blocks(0.014) and not never.blocks(0.014)


def test_run_steps_losses_must_be_numbers_of_pythons_or_numpys_own_types():
    import numbers

    import numpy as np

    from asynclab.checks import Rejected
    from asynclab.lessons.l02_sync_points import checks as lab02

    class Lazy:  # a number whose value is read only when the check converts it
        def __float__(self):
            return 1.0

    numbers.Real.register(Lazy)
    source = lab02._Source([0, 1], delay=0.0)
    source.reads = 2
    lab02._verify_losses([1.0, np.float32(1.0)], source, [1.0, 1.0])
    posing = type("L", (np.float64,), {"__module__": "numpy"})  # a subclass that says it is NumPy's
    for wrong in ([Lazy(), 1.0], [True, 1.0], [np.float32(1.0), type("F", (float,), {})(1.0)], [posing(1.0), 1.0]):
        with pytest.raises(Rejected, match="must return the losses as numbers"):
            lab02._verify_losses(wrong, source, [1.0, 1.0])
