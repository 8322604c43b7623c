"""asynclab.lessons.l03_async_speed.loops: the loops compute the right thing and their timings are well formed.

No absolute time is asserted; only orderings that hold by construction
(a loop is never finished before it has issued everything).
"""

import time

import numpy as np
import pytest
from mxnet import nd

from asynclab.foundation.timing import Samples
from asynclab.lessons.l03_async_speed import loops


@pytest.fixture(scope="module")
def x():
    return loops.make_input((4, 4))


@pytest.mark.measured
@pytest.mark.parametrize("loop", [loops.sync_loop, loops.async_loop])
def test_loops_return_the_last_result(loop, x):
    y = loop(x, 3)
    np.testing.assert_allclose(y.asnumpy(), x.asnumpy() + 1)
    y = loop(x, 2, loops.mx_dot)
    np.testing.assert_allclose(y.asnumpy(), x.asnumpy() @ x.asnumpy(), rtol=1e-5)


@pytest.mark.measured
def test_make_input_is_ready_and_shaped():
    assert loops.make_input(5).shape == (5,)
    assert loops.make_input((2, 3), seed=1).shape == (2, 3)


@pytest.mark.measured
@pytest.mark.parametrize("kind", ["sync", "async"])
def test_time_loop_reads_both_clocks_in_order(kind, x):
    run = loops.time_loop(kind, x, 20)
    assert run.kind == kind and run.n == 20
    assert 0 < run.issued <= run.total


@pytest.mark.measured
@pytest.mark.parametrize("kind, n", [("later", 5), ("sync", 0), ("async", 2.5), ("sync", True)])
def test_time_loop_rejects_bad_arguments(kind, n, x):
    with pytest.raises(ValueError):
        loops.time_loop(kind, x, n)


@pytest.mark.measured
def test_sweep_keeps_one_median_per_n(x):
    sweep = loops.sweep(x, (5, 10, 20), repeat=2)
    assert sweep.ns == (5, 10, 20) and sweep.repeat == 2
    for series in (sweep.sync_total, sweep.async_total, sweep.async_issued):
        assert len(series) == 3 and all(v > 0 for v in series)
    assert all(i <= t for i, t in zip(sweep.async_issued, sweep.async_total))
    assert set(sweep.spread) == {"sync_total", "async_total", "async_issued"}
    for name, quartiles in sweep.spread.items():
        assert all(q1 <= m <= q3 for (q1, q3), m in zip(quartiles, getattr(sweep, name)))
    assert len(sweep.speedup()) == 3
    table = sweep.table()
    assert [line[:8] for line in table.splitlines()] == ["N = 5   ", "N = 10  ", "N = 20  "]
    assert sweep.t2 is None
    with pytest.raises(ValueError):
        loops.sweep(x, (5,), repeat=0)


@pytest.mark.measured
def test_sweep_reads_the_back_end_in_its_own_rounds(x):
    sweep = loops.sweep(x, (5, 10), repeat=3, backend_ops=20)
    assert sweep.t2 is not None and 0 < sweep.t2 < sweep.sync_total[0]
    with pytest.raises(ValueError):
        loops.sweep(x, (5,), repeat=1, backend_ops=-1)


@pytest.mark.measured
def test_backend_seconds_reads_the_profiler(x):
    seconds = loops.backend_seconds(loops.add_one, x, n=20)
    assert seconds > 0


@pytest.mark.measured
def test_bulk_cost_returns_seconds_per_op_and_keeps_every_update():
    samples = loops.bulk_cost(16, n=200, repeat=2)
    assert isinstance(samples, Samples) and len(samples) == 2 and samples.min > 0
    assert loops.bulk_cost(0, n=50, repeat=1).median > 0
    with pytest.raises(ValueError):
        loops.bulk_cost(-1)


@pytest.mark.measured
def test_bulk_scope_restores_the_previous_size():
    import mxnet as mx

    before = mx.engine.set_bulk_size(0)
    mx.engine.set_bulk_size(before)
    loops.bulk_cost(8, n=20, repeat=1)
    assert mx.engine.set_bulk_size(before) == before


@pytest.mark.measured
def test_slow_source_hands_out_every_batch_in_order_after_waiting():
    start = time.perf_counter()
    got = list(loops.slow_source([1, 2, 3], 0.01))
    assert got == [1, 2, 3]
    assert time.perf_counter() - start >= 0.03  # sleeping is a lower bound, not a measurement
    with pytest.raises(ValueError):
        list(loops.slow_source([1], -1))


@pytest.mark.measured
def test_loops_leave_nothing_pending(x):
    loops.async_loop(x, 5)
    nd.waitall()


@pytest.mark.measured
@pytest.mark.parametrize("kind", ["sync", "async"])
def test_batch_loop_runs_the_step_on_every_batch(kind):
    batches = [nd.ones((2, 2)) * i for i in range(4)]
    seen = []

    def step(b):
        seen.append(b)
        return b * 2

    y = loops.batch_loop(kind, batches, step)
    assert len(seen) == 4
    np.testing.assert_allclose(y.asnumpy(), 6 * np.ones((2, 2)))
    assert loops.time_batches(kind, batches, step, 0.0) > 0
    with pytest.raises(ValueError):
        loops.batch_loop("later", batches, step)


@pytest.mark.measured
def test_delay_sweep_keeps_one_median_per_delay_and_loop():
    batches = [nd.ones((8, 8)) for _ in range(3)]
    result = loops.delay_sweep(batches, lambda b: b + 1, [0.0, 0.001], repeat=2)
    assert set(result) == {"sync", "async"}
    assert all(len(v) == 2 and min(v) > 0 for v in result.values())
    assert min(result["sync"][1], result["async"][1]) >= 3 * 0.001  # three sleeps at least
    with pytest.raises(ValueError):
        loops.delay_sweep(batches, lambda b: b, [0.0], repeat=0)
    runs = loops.delay_runs(batches, lambda b: b + 1, [0.0], repeat=2)
    assert all(len(v) == 1 and isinstance(v[0], Samples) and len(v[0]) >= 2 for v in runs.values())


@pytest.mark.measured
def test_bulk_sweep_measures_every_size():
    result = loops.bulk_sweep((0, 4, 16), n=100, repeat=2)
    assert list(result) == [0, 4, 16] and all(len(s) == 2 and s.min > 0 for s in result.values())
    with pytest.raises(ValueError):
        loops.bulk_sweep((0, -1), n=10)
    with pytest.raises(ValueError):
        loops.bulk_sweep((0,), n=10, repeat=0)


def test_the_lesson_reexports_the_shared_workloads():
    from asynclab.foundation.workloads import matrices

    assert loops.make_input is matrices.random_matrix and loops.mx_dot is matrices.mx_dot
    assert loops.sync_loop is matrices.sync_loop and loops.time_loop is matrices.time_loop
    assert loops.slow_source is matrices.slow_source


def test_t1_split_shares_add_up_and_never_go_negative():
    from asynclab.foundation.timing import summarize
    from asynclab.lessons.l03_async_speed.loops import T1Split

    split = T1Split(summarize([40e-6, 50e-6, 60e-6]), summarize([20e-6, 25e-6, 30e-6]), summarize([30e-6]))
    assert split.push_share == pytest.approx(0.5) and split.front_share == pytest.approx(0.5)
    slower = T1Split(summarize([20e-6]), summarize([25e-6]), summarize([30e-6]))
    assert slower.push_share == 0.0 and slower.front_share == 1.0
    assert "share of t1 the pushes cost" in split.table()
