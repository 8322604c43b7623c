"""Lab 06's checks: bad input gets one sentence before anything is measured; the product operators the checks
refuse are MXNet's; a task left on the notebook's event loop is refused.

What the checks decide on right and wrong answers is tested by the catalogue
(``asynclab/lessons/l06_automatic_parallelism/answers``, tests/test_catalogue.py) and benched by
``bench/checks_robustness.py --lab 06``.
"""

import pytest

from asynclab.checks import CheckFailed
from asynclab.lessons.l06_automatic_parallelism import checks as lab06
from asynclab.lessons.l06_automatic_parallelism import parallelism


def test_norms_both_must_be_a_function():
    with pytest.raises(CheckFailed, match=r"FAIL \[two-devices-at-once\] norms_both must be a function, not str"):
        lab06.check_two_devices_at_once("interleaved")


def test_head_start_must_be_a_function():
    with pytest.raises(CheckFailed, match=r"FAIL \[predict-head-start\] head_start must be a function, not int"):
        lab06.check_predict_head_start(7)


def test_two_stages_must_be_a_function():
    with pytest.raises(CheckFailed, match=r"FAIL \[stages-side-by-side\] two_stages must be a function, not str"):
        lab06.check_stages_side_by_side("def two_stages(): pass")


def test_a_pipeline_needs_at_least_one_worker():
    with pytest.raises(ValueError, match="workers must be at least 1"):
        parallelism.fresh_pipeline(0)


def test_the_thresholds_leave_the_wrong_schedules_below_them():
    """Issued one device after the other, only the last 3 of reps products per device can run side by side
    (3 = the 4 shared workspaces less one): the threshold must sit well above that share at every count
    step 1 draws, and step 2's counts must start where a device first waits (reps = 4)."""
    worst = max((lab06.TEMP_COPIES - 1) / reps for reps in lab06.REPS)
    assert worst < lab06.BOTH_OVERLAP
    ranges = lab06.HEAD_REPS
    assert min(ranges[0]) >= lab06.TEMP_COPIES
    # one count from each range, in order, up to the 22 the step asks about
    assert all(max(low) < min(high) for low, high in zip(ranges, ranges[1:])) and max(ranges[-1]) == 22


def test_operator_threads_refuses_fewer_than_one_thread():
    with pytest.raises(ValueError, match="threads must be at least 1, got 0"):
        parallelism.operator_threads(0)


@pytest.mark.measured
def test_under_the_budget_two_devices_finish_and_one_product_keeps_to_one_core():
    run = parallelism.operator_threads(1, n=200, reps=5, pairs=10, timeout=60.0)
    assert run.pairs_finished and run.pairs_seconds is not None
    assert run.cores_one_device < 1.5


@pytest.mark.measured
def test_pairs_not_done_in_time_are_reported_as_not_finished():
    """The pairs' process stops itself when its time is up (it stops pairs stuck in the engine the same
    way) and says so: not finished, no seconds, not an error."""
    run = parallelism.operator_threads(1, n=400, reps=2, pairs=2000, timeout=0.05)
    assert not run.pairs_finished and run.pairs_seconds is None and run.timeout_s == 0.05


def test_a_product_two_results_share_counts_once():
    """Grouped, the results' records share their nodes: norms listed from one product show one product."""
    import mxnet as mx
    from mxnet import nd

    xa, xb = nd.ones((3, 3)), nd.ones((3, 3), ctx=mx.cpu(1))
    for array in (xa, xb):
        array.attach_grad()
    with lab06._recording():
        shared = nd.dot(xa, xa)
        one_product = [nd.norm(shared) for _ in range(3)]
        own_products = [nd.norm(nd.dot(xb, xb)) for _ in range(3)]
    assert lab06._distinct_dots(one_product) == 1
    assert lab06._distinct_dots(one_product + own_products) == 4


def test_work_issued_from_a_thread_the_call_starts_is_recorded():
    """MXNet records per thread: the threads started while the check records record too, and afterwards
    a new thread records nothing."""
    import threading

    from mxnet import autograd, nd

    x = nd.ones((3, 3))
    x.attach_grad()
    found = []

    def issue():
        found.append((nd.dot(x, x), autograd.is_recording()))

    with lab06._recording():
        worker = threading.Thread(target=issue)
        worker.start()
        worker.join()
    later = threading.Thread(target=issue)
    later.start()
    later.join()
    (during, recorded), (_, recorded_later) = found
    assert recorded and not recorded_later
    assert lab06._distinct_dots([during]) == 1


@pytest.mark.measured
def test_a_thread_left_running_after_the_work_is_done_fails_with_one_sentence(monkeypatch):
    """A thread norms_both starts may log once the check has stopped reading the output: the check waits for
    the call's threads, and one that is still running THREADS_LEFT_S after the work finished fails."""
    import threading

    from mxnet import nd

    monkeypatch.setattr(lab06, "THREADS_LEFT_S", 0.2)
    stop = threading.Event()

    def norms_both(xa, xb, reps):
        norms = [nd.norm(nd.dot(x, x)) for x in (xa, xb) for _ in range(reps)]
        threading.Thread(target=stop.wait, daemon=True).start()  # would print much later
        return norms

    try:
        with pytest.raises(CheckFailed, match=r"left a thread running 0.2 s after the work it issued had finished"):
            lab06.check_two_devices_at_once(norms_both)
    finally:
        stop.set()


def _in_turns_outside_the_record(plain_calls_in_turns: int):
    """A norms_both that keeps the devices in turns (waiting for cpu(0)'s work before issuing cpu(1)'s) on its
    first ``plain_calls_in_turns`` calls with arrays that carry no gradient buffer, and side by side otherwise."""
    from mxnet import nd

    plain_calls = []

    def norms_both(xa, xb, reps):
        if xa.grad is None:
            plain_calls.append(reps)
            if len(plain_calls) <= plain_calls_in_turns:
                on_a = [nd.norm(nd.dot(xa, xa)) for _ in range(reps)]
                nd.waitall()
                return on_a + [nd.norm(nd.dot(xb, xb)) for _ in range(reps)]
        on_a, on_b = [], []
        for _ in range(reps):
            on_a.append(nd.norm(nd.dot(xa, xa)))
            on_b.append(nd.norm(nd.dot(xb, xb)))
        return on_a + on_b

    return norms_both, plain_calls


@pytest.mark.measured
def test_the_run_outside_the_record_gets_a_second_try():
    """Devices kept in turns once outside the record (as a busy machine may do to a right answer) pass on the
    second try; kept in turns on every such run, the check fails with both runs' figures."""
    once, calls = _in_turns_outside_the_record(1)
    assert lab06.check_two_devices_at_once(once).passed
    assert len(calls) == 2
    always, calls = _in_turns_outside_the_record(2)
    with pytest.raises(CheckFailed, match=r"in two runs of norms_both outside MXNet's record .* in one of them\)"):
        lab06.check_two_devices_at_once(always)
    assert len(calls) == 2


def test_every_other_product_is_an_operator_mxnet_registers():
    from mxnet.operator import get_all_registered_operators

    registered = set(get_all_registered_operators())
    assert lab06.OTHER_PRODUCTS <= registered and "Deconvolution" in lab06.OTHER_PRODUCTS
    assert "dot" not in lab06.OTHER_PRODUCTS


def test_a_task_left_on_the_notebooks_event_loop_is_refused_and_cancelled():
    import asyncio

    async def log_later() -> None:
        print("a norm")

    async def cell() -> None:
        before = lab06._running_now()
        task = asyncio.get_running_loop().create_task(log_later())
        with pytest.raises(lab06.Rejected, match="task"):
            lab06._join_started(before, "norms_both(xa, xb, 10)")
        await asyncio.sleep(0)
        assert task.cancelled()
        lab06._join_started(lab06._running_now(), "norms_both(xa, xb, 10)")  # nothing left: no verdict

    asyncio.run(cell())
    lab06._join_started(lab06._running_now(), "norms_both(xa, xb, 10)")  # no loop at all, as in a script


def test_the_plain_round_takes_the_notebooks_own_arrays_only_as_the_lab_makes_them():
    import mxnet as mx
    from mxnet import nd

    xa = nd.ones((lab06.SIZE, lab06.SIZE))
    xb = xa.copyto(mx.cpu(1))
    for space, found in [
        ({"xa": xa, "xb": xb}, True),
        ({"xa": xa}, False),  # no xb
        ({"xa": xa, "xb": xa}, False),  # both on cpu(0)
        ({"xa": nd.ones((3, 3)), "xb": xb}, False),  # not the lab's size
        ({"xa": xa.astype("float64"), "xb": xb}, False),
        ({"xa": xa.asnumpy(), "xb": xb}, False),  # not MXNet's
    ]:
        fn = eval("lambda a, b, reps: None", space)  # a function written where those names are global
        arrays = lab06._labs_own_arrays(fn)
        assert (arrays is not None) == found, sorted(space)
        if found:
            assert arrays[0] is xa and arrays[1] is xb
