"""Unit tests of asynclab.foundation.engine: orders, results, errors, naive mode, bad use.

No test asserts an absolute time. Orders are read from the records (an
operation's start is always taken after its predecessors' ends), overlap is
shown with a barrier that only opens when two operations run at once, and
every wait has a timeout so that a deadlock fails instead of hanging.
"""

from __future__ import annotations

import random
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asynclab.foundation.engine import EngineBase, EngineError, OpRecord, Var
from asynclab.foundation.timing import Span
from asynclab.lessons.l05_inside_the_engine.engine_reference import Engine

TIMEOUT = 30.0  # seconds; only reached when something deadlocks


def by_name(engine: Engine) -> dict[str, OpRecord]:
    return {r.name: r for r in engine.records}


def before(first: OpRecord, second: OpRecord) -> bool:
    return first.end <= second.start


# ---------------------------------------------------------------- the worked example


def test_mxnet_worked_example_values_and_order():
    """B = A + 1; C = A + 2; A = C * 2; D = A + 3 (MXNet's engine notes)."""
    data = {"A": 1}

    def op(target, expr, pause=0.0):
        def run():
            time.sleep(pause)
            data[target] = expr()

        return run

    with Engine(num_workers=2) as engine:
        A, B, C, D = (engine.new_var(n) for n in "ABCD")
        # Reads of A are slowed down: a write to A that does not wait for
        # them (write-after-read) would change what they see.
        engine.push(op("B", lambda: data["A"] + 1, 0.05), reads=[A], mutates=[B], name="B=A+1")
        engine.push(op("C", lambda: data["A"] + 2, 0.05), reads=[A], mutates=[C], name="C=A+2")
        engine.push(op("A", lambda: data["C"] * 2), reads=[C], mutates=[A], name="A=C*2")
        engine.push(op("D", lambda: data["A"] + 3), reads=[A], mutates=[D], name="D=A+3")
        engine.wait_all(timeout=TIMEOUT)
        rec = by_name(engine)
    assert data == {"A": 6, "B": 2, "C": 3, "D": 9}
    assert before(rec["B=A+1"], rec["A=C*2"])  # write-after-read on A
    assert before(rec["C=A+2"], rec["A=C*2"])  # read-after-write on C
    assert before(rec["A=C*2"], rec["D=A+3"])  # read-after-write on A
    assert all(r.status == "done" for r in rec.values())


def test_worked_example_reads_of_a_run_side_by_side():
    """B = A + 1 and C = A + 2 only read A: they may (and here must) run at once."""
    barrier = threading.Barrier(2, timeout=10)
    with Engine(num_workers=2) as engine:
        A, B, C = (engine.new_var(n) for n in "ABC")
        engine.push(barrier.wait, reads=[A], mutates=[B], name="B=A+1")
        engine.push(barrier.wait, reads=[A], mutates=[C], name="C=A+2")
        engine.wait_all(timeout=TIMEOUT)  # a BrokenBarrierError would surface here


# ---------------------------------------------------------------- hazards one by one


def test_read_after_write():
    box = {"x": 0, "seen": None}
    with Engine(num_workers=2) as engine:
        x = engine.new_var("x")
        engine.push(lambda: (time.sleep(0.05), box.update(x=1)), mutates=[x], name="write")
        engine.push(lambda: box.update(seen=box["x"]), reads=[x], name="read")
        engine.wait_all(timeout=TIMEOUT)
        rec = by_name(engine)
    assert box["seen"] == 1
    assert before(rec["write"], rec["read"])


def test_write_after_read():
    box = {"x": 0, "seen": None}
    with Engine(num_workers=2) as engine:
        x = engine.new_var("x")
        engine.push(lambda: (time.sleep(0.05), box.update(seen=box["x"])), reads=[x], name="read")
        engine.push(lambda: box.update(x=1), mutates=[x], name="write")
        engine.wait_all(timeout=TIMEOUT)
        rec = by_name(engine)
    assert box["seen"] == 0
    assert before(rec["read"], rec["write"])


def test_write_after_write():
    box = {"x": 0}
    with Engine(num_workers=2) as engine:
        x = engine.new_var("x")
        engine.push(lambda: (time.sleep(0.05), box.update(x=1)), mutates=[x], name="first")
        engine.push(lambda: box.update(x=2), mutates=[x], name="second")
        engine.wait_all(timeout=TIMEOUT)
        rec = by_name(engine)
    assert box["x"] == 2
    assert before(rec["first"], rec["second"])


def test_read_queued_behind_a_waiting_write_keeps_push_order():
    """r1 runs; w waits for r1; r2, pushed after w, must wait for w too."""
    box = {"x": 0, "r2": None}
    gate = threading.Event()
    with Engine(num_workers=3) as engine:
        x = engine.new_var("x")
        engine.push(lambda: gate.wait(10), reads=[x], name="r1")
        engine.push(lambda: box.update(x=1), mutates=[x], name="w")
        engine.push(lambda: box.update(r2=box["x"]), reads=[x], name="r2")
        time.sleep(0.05)
        assert box["r2"] is None  # r2 did not overtake the write
        gate.set()
        engine.wait_all(timeout=TIMEOUT)
        rec = by_name(engine)
    assert box["r2"] == 1
    assert before(rec["r1"], rec["w"]) and before(rec["w"], rec["r2"])


def test_independent_ops_run_at_once():
    barrier = threading.Barrier(2, timeout=10)
    with Engine(num_workers=2) as engine:
        a, b = engine.new_var("a"), engine.new_var("b")
        engine.push(barrier.wait, mutates=[a])
        engine.push(barrier.wait, mutates=[b])
        engine.wait_all(timeout=TIMEOUT)


def test_dependent_ops_never_overlap():
    with Engine(num_workers=4) as engine:
        x = engine.new_var("x")
        for i in range(20):
            engine.push(lambda: time.sleep(0.001), mutates=[x], name=f"w{i}")
        engine.wait_all(timeout=TIMEOUT)
        records = sorted(engine.records, key=lambda r: r.start)
    assert [r.name for r in records] == [f"w{i}" for i in range(20)]
    assert all(before(a, b) for a, b in zip(records, records[1:]))


def test_op_without_variables_runs():
    box = []
    with Engine() as engine:
        engine.push(lambda: box.append(1))
        engine.wait_all(timeout=TIMEOUT)
    assert box == [1]


def test_wait_for_var_waits_for_writes_only():
    gate = threading.Event()
    with Engine(num_workers=2) as engine:
        x = engine.new_var("x")
        engine.push(lambda: None, mutates=[x], name="write")
        engine.push(lambda: gate.wait(10), reads=[x], name="slow read")
        engine.wait_for_var(x, timeout=TIMEOUT)  # returns although the read still runs
        assert "slow read" not in by_name(engine)
        gate.set()


# ---------------------------------------------------------------- random programs


@st.composite
def programs(draw):
    n_vars = draw(st.integers(2, 4))
    n_ops = draw(st.integers(100, 300))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    ops = []
    for _ in range(n_ops):
        roles = [rng.choice("rrw-") for _ in range(n_vars)]  # read, write or unused
        reads = [i for i, r in enumerate(roles) if r == "r"]
        writes = [i for i, r in enumerate(roles) if r == "w"]
        ops.append((reads, writes, rng.random() < 0.05))  # a few ops pause a little
    return n_vars, ops


def run_program(n_vars, ops, engine=None):
    """Run ``ops`` sequentially (engine None) or on ``engine``; return state and log."""
    state = [1] * n_vars
    log: list = [None] * len(ops)

    def make(k, reads, writes, pause):
        def op():
            if pause:
                time.sleep(0.0005)
            seen = tuple(state[i] for i in reads) + tuple(state[i] for i in writes)
            log[k] = seen
            for i in writes:
                state[i] = (state[i] * 31 + sum(seen) + k) % 1_000_003

        return op

    if engine is None:
        for k, (reads, writes, pause) in enumerate(ops):
            make(k, reads, writes, pause)()
        return state, log
    vars_ = [engine.new_var(f"v{i}") for i in range(n_vars)]
    for k, (reads, writes, pause) in enumerate(ops):
        engine.push(
            make(k, reads, writes, pause),
            reads=[vars_[i] for i in reads],
            mutates=[vars_[i] for i in writes],
            name=f"op{k}",
        )
    engine.wait_all(timeout=10)
    return state, log


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs(), st.integers(1, 4))
def test_random_programs_match_sequential_execution(program, workers):
    n_vars, ops = program
    expected = run_program(n_vars, ops)
    with Engine(num_workers=workers) as engine:
        got = run_program(n_vars, ops, engine)
    assert got == expected


def test_ten_thousand_tiny_ops_finish():
    rng = random.Random(5)
    counter = [0]

    def bump():
        counter[0] += 1

    with Engine(num_workers=2) as engine:
        vars_ = [engine.new_var(f"v{i}") for i in range(4)]
        for _ in range(10_000):
            picked = rng.sample(vars_, 2)
            roles = rng.choice(
                [((picked[0],), (picked[1],)), ((), (picked[0],)), (tuple(picked), ()), ((), tuple(picked))]
            )
            engine.push(bump, reads=roles[0], mutates=roles[1])
        engine.wait_all(timeout=120)  # a deadlock raises TimeoutError here
        assert len(engine.records) == 10_000
    assert counter[0] == 10_000


# ---------------------------------------------------------------- errors


class Boom(ValueError):
    pass


def fail():
    raise Boom("bad input")


def test_error_surfaces_at_wait_for_var_not_at_push():
    with Engine() as engine:
        y = engine.new_var("y")
        engine.push(fail, mutates=[y], name="faulty")  # no exception here
        with pytest.raises(Boom, match="bad input"):
            engine.wait_for_var(y, timeout=TIMEOUT)
        engine.wait_for_var(y, timeout=TIMEOUT)  # reported once, then forgotten
        engine.wait_all(timeout=TIMEOUT)
        assert by_name(engine)["faulty"].status == "failed"


def test_ops_reading_a_failed_var_are_skipped_with_the_same_error():
    ran = []
    with Engine() as engine:
        y, z, w = engine.new_var("y"), engine.new_var("z"), engine.new_var("w")
        engine.push(fail, mutates=[y], name="faulty")
        engine.push(lambda: ran.append("z"), reads=[y], mutates=[z], name="z=y+1")
        engine.push(lambda: ran.append("w"), reads=[z], mutates=[w], name="w=z+1")
        with pytest.raises(Boom) as info:
            engine.wait_for_var(w, timeout=TIMEOUT)
        rec = by_name(engine)
        assert isinstance(info.value, Boom)
        assert rec["z=y+1"].status == rec["w=z+1"].status == "skipped"
        engine.wait_all(timeout=TIMEOUT)  # the shared error was reported already
        engine.wait_for_var(y, timeout=TIMEOUT)
    assert ran == []


def test_same_error_object_reaches_every_spoiled_var():
    raised = []

    def fail_and_remember():
        raised.append(Boom("remembered"))
        raise raised[-1]

    with Engine() as engine:
        y, z = engine.new_var("y"), engine.new_var("z")
        engine.push(fail_and_remember, mutates=[y])
        engine.push(lambda: None, reads=[y], mutates=[z])
        with pytest.raises(Boom) as caught:
            engine.wait_for_var(z, timeout=TIMEOUT)
    assert caught.value is raised[0]


def test_write_to_a_failed_var_is_skipped_until_reported():
    box = {"y": 0}
    with Engine() as engine:
        y = engine.new_var("y")
        engine.push(fail, mutates=[y])
        engine.push(lambda: box.update(y=5), mutates=[y], name="y[:]=5")
        with pytest.raises(Boom):
            engine.wait_for_var(y, timeout=TIMEOUT)
        assert box["y"] == 0 and by_name(engine)["y[:]=5"].status == "skipped"
        engine.push(lambda: box.update(y=7), mutates=[y], name="after report")
        engine.wait_for_var(y, timeout=TIMEOUT)
    assert box["y"] == 7


def test_wait_all_raises_first_error_once_and_engine_keeps_working():
    with Engine() as engine:
        a, b = engine.new_var("a"), engine.new_var("b")
        engine.push(fail, mutates=[a])
        engine.push(lambda: 1 / 0, mutates=[b])
        with pytest.raises((Boom, ZeroDivisionError)):
            engine.wait_all(timeout=TIMEOUT)
        engine.wait_all(timeout=TIMEOUT)  # forgotten after one report
        box = []
        engine.push(lambda: box.append(1), reads=[a], mutates=[b])
        engine.wait_all(timeout=TIMEOUT)
    assert box == [1]


def test_error_of_op_without_outputs_reaches_wait_all():
    with Engine() as engine:
        engine.push(fail)
        with pytest.raises(Boom):
            engine.wait_all(timeout=TIMEOUT)


def test_unrelated_variables_stay_healthy():
    with Engine() as engine:
        bad, good = engine.new_var("bad"), engine.new_var("good")
        engine.push(fail, mutates=[bad])
        engine.push(lambda: None, mutates=[good])
        engine.wait_for_var(good, timeout=TIMEOUT)
        with pytest.raises(Boom):
            engine.wait_for_var(bad, timeout=TIMEOUT)


def test_context_manager_raises_pending_error_and_shuts_down():
    engine = Engine()
    with pytest.raises(Boom):
        with engine:
            engine.push(fail)
    assert engine.closed
    assert all(not t.is_alive() for t in engine._threads)


# ---------------------------------------------------------------- naive mode


def test_naive_runs_inside_push_on_the_calling_thread():
    box = {}
    before_threads = threading.active_count()
    with Engine(naive=True) as engine:
        assert threading.active_count() == before_threads  # no workers
        x = engine.new_var("x")
        engine.push(lambda: box.update(x=threading.get_ident()), mutates=[x], name="w")
        assert box["x"] == threading.get_ident()  # done before push returned
        engine.wait_for_var(x)
        engine.wait_all()
        (record,) = engine.records
    assert record.worker == "main" and record.status == "done"


def test_naive_error_comes_out_of_push():
    with Engine(naive=True) as engine:
        y = engine.new_var("y")
        with pytest.raises(Boom):
            engine.push(fail, mutates=[y])
        engine.wait_for_var(y)  # nothing left to report
        engine.wait_all()


def test_naive_and_threaded_agree_on_a_program():
    rng = random.Random(11)
    ops = [
        ([i for i in range(3) if rng.random() < 0.3], [i for i in range(3) if rng.random() < 0.3], False)
        for _ in range(200)
    ]
    ops = [(r, [w for w in ws if w not in r], p) for r, ws, p in ops]
    with Engine(naive=True) as naive:
        got_naive = run_program(3, ops, naive)
    with Engine(num_workers=3) as threaded:
        got_threaded = run_program(3, ops, threaded)
    assert got_naive == got_threaded == run_program(3, ops)


# ---------------------------------------------------------------- records and plots


def test_records_are_ordered_times_and_become_spans():
    with Engine(num_workers=2) as engine:
        x = engine.new_var("x")
        for i in range(5):
            engine.push(lambda: None, mutates=[x], name=f"op{i}")
        engine.wait_all(timeout=TIMEOUT)
        records = engine.records
        spans = engine.spans()
    assert len(records) == 5
    for r in records:
        assert r.enqueue <= r.start <= r.end
        assert r.duration >= 0 and r.queued >= 0
    assert all(isinstance(s, Span) and s.row.startswith("worker-") for s in spans)
    assert {s.label for s in spans} == {f"op{i}" for i in range(5)}


def test_timeline_draws_one_row_per_worker():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from asynclab.foundation import plots
    from asynclab.foundation.plots import timeline

    assert plots.Span is Span  # the lessons' name for the engine's bars

    barrier = threading.Barrier(2, timeout=10)
    with Engine(num_workers=2) as engine:
        a, b = engine.new_var("a"), engine.new_var("b")
        engine.push(barrier.wait, mutates=[a], name="left")
        engine.push(barrier.wait, mutates=[b], name="right")
        engine.wait_all(timeout=TIMEOUT)
        ax = timeline(engine.spans())
    assert len(ax.get_yticks()) == 2
    plt.close("all")


def test_clear_records():
    with Engine() as engine:
        engine.push(lambda: None)
        engine.wait_all(timeout=TIMEOUT)
        engine.clear_records()
        assert engine.records == []


# ---------------------------------------------------------------- bad use


def test_push_after_shutdown():
    engine = Engine()
    engine.shutdown()
    with pytest.raises(EngineError, match="shut down"):
        engine.push(lambda: None)
    engine.shutdown()  # a second call does nothing


def test_variable_of_another_engine():
    with Engine() as one, Engine() as other:
        foreign = other.new_var("foreign")
        with pytest.raises(ValueError, match="another engine"):
            one.push(lambda: None, reads=[foreign])
        with pytest.raises(ValueError, match="another engine"):
            one.wait_for_var(foreign)


def test_same_variable_in_reads_and_mutates_is_refused_like_mxnet():
    with Engine() as engine:
        x = engine.new_var("x")
        with pytest.raises(ValueError, match="both reads and mutates.*CheckDuplicate"):
            engine.push(lambda: None, reads=[x], mutates=[x])
        with pytest.raises(ValueError, match="twice"):
            engine.push(lambda: None, reads=[x, x])
        with pytest.raises(ValueError, match="twice"):
            engine.push(lambda: None, mutates=(x, x))


def test_non_callable_fn():
    with Engine() as engine:
        with pytest.raises(TypeError, match="callable"):
            engine.push(42)


def test_non_variables_are_refused():
    with Engine() as engine:
        with pytest.raises(TypeError, match="variables"):
            engine.push(lambda: None, reads=["x"])
        with pytest.raises(TypeError, match="list or tuple"):
            engine.push(lambda: None, mutates="x")
        with pytest.raises(TypeError, match="list or tuple"):
            engine.push(lambda: None, mutates=3)
        with pytest.raises(TypeError):
            engine.wait_for_var("x")
        with pytest.raises(TypeError):
            engine.new_var(3)


def test_single_variable_is_accepted_for_reads_and_mutates():
    box = []
    with Engine() as engine:
        x, y = engine.new_var("x"), engine.new_var("y")
        engine.push(lambda: box.append(1), reads=x, mutates=y)
        engine.wait_for_var(y, timeout=TIMEOUT)
    assert box == [1]


@pytest.mark.parametrize("workers, error", [(0, ValueError), (-1, ValueError), (1.5, TypeError), (True, TypeError)])
def test_bad_worker_counts(workers, error):
    with pytest.raises(error):
        Engine(num_workers=workers)


def test_waiting_inside_an_op_is_refused():
    with Engine(num_workers=1) as engine:
        x = engine.new_var("x")
        engine.push(engine.wait_all, mutates=[x], name="waits inside")
        with pytest.raises(EngineError, match="cannot wait"):
            engine.wait_for_var(x, timeout=TIMEOUT)


def test_wait_timeout():
    gate = threading.Event()
    with Engine() as engine:
        x = engine.new_var("x")
        engine.push(lambda: gate.wait(10), mutates=[x])
        with pytest.raises(TimeoutError):
            engine.wait_for_var(x, timeout=0.01)
        with pytest.raises(TimeoutError):
            engine.wait_all(timeout=0.01)
        gate.set()


def test_base_class_has_no_dependency_rule():
    engine = EngineBase()
    try:
        with pytest.raises(NotImplementedError):
            engine.push(lambda: None, mutates=[engine.new_var()])
    finally:
        engine.shutdown(wait=False)


def test_a_bug_in_the_dependency_rule_is_reported_at_the_wait():
    class Broken(Engine):
        def _on_complete(self, op):
            raise KeyError("forgot a variable")

    engine = Broken()
    try:
        engine.push(lambda: None, mutates=[engine.new_var()])
        with pytest.raises(EngineError, match="bookkeeping failed.*KeyError"):
            engine.wait_all(timeout=TIMEOUT)
    finally:
        engine.shutdown(wait=False)


def test_var_and_engine_repr():
    with Engine(num_workers=2) as engine:
        x = engine.new_var("x")
        assert repr(x) == "Var('x')" and isinstance(x, Var)
        assert "2 workers" in repr(engine)
        assert engine.new_var().name.startswith("v")


# ---------------------------------------------------------------- lesson 05 workloads and demos


def test_one_blas_thread_pins_and_restores():
    from asynclab.foundation import workloads

    before = workloads.blas_threads()
    with workloads.one_blas_thread() as pinned:
        if pinned:
            assert workloads.blas_threads() == 1
    assert workloads.blas_threads() == before


@pytest.mark.measured
def test_busy_workloads_compute():
    from asynclab.foundation import workloads

    assert workloads.busy_matmul(0.01)().ndim == 2
    assert workloads.busy_sort(0.01)().ndim == 1
    assert workloads.busy_op(0.01, pinned=False)().ndim == 1
    assert workloads.busy_matmul_side(0.01) >= 100


def test_two_ops_patterns_order_the_pair():
    from asynclab.foundation.workloads import two_ops

    with Engine(num_workers=2) as engine:
        barrier = threading.Barrier(2, timeout=10)
        for pattern in ("independent", "shared input"):
            two_ops(engine, barrier.wait, barrier.wait, pattern, timeout=TIMEOUT)  # both at once
        engine.clear_records()
        two_ops(engine, lambda: time.sleep(0.01), lambda: None, "dependent", timeout=TIMEOUT)
        rec = by_name(engine)
        assert before(rec["first"], rec["second"])
        with pytest.raises(ValueError, match="pattern"):
            two_ops(engine, print, print, "sideways")


def test_split_and_tiny_loop_on_our_engine():
    from asynclab.lessons.l05_inside_the_engine import engine_demos as demos

    with Engine(num_workers=2) as engine:
        split = demos.engine_split(engine, lambda: None, timeout=TIMEOUT)
        assert split.enqueue >= 0 and split.finish >= 0
        for sync_each in (True, False):
            assert demos.tiny_loop_ours(engine, 20, sync_each, timeout=TIMEOUT) > 0
    with Engine(naive=True) as naive:
        assert demos.tiny_loop_ours(naive, 20, True) > 0


@pytest.mark.measured
def test_pattern_times_measure_the_pair_apart_and_in_every_pattern():
    from asynclab.lessons.l05_inside_the_engine import engine_demos as demos

    apart, seconds, spans = demos.pattern_times(lambda: time.sleep(0.002), lambda: None, repeat=2)
    assert apart > 0 and list(seconds) == list(demos.PATTERNS) == list(spans)
    assert all(s > 0 for s in seconds.values())
    assert all({span.label for span in spans[p]} == {"first", "second"} for p in demos.PATTERNS)
    apart, seconds, spans = demos.pattern_times(lambda: None, lambda: None, repeat=1, patterns=("independent",))
    assert list(seconds) == list(spans) == ["independent"]
    with pytest.raises(ValueError, match="unknown pattern"):
        demos.pattern_times(lambda: None, lambda: None, patterns=("sideways",))


@pytest.mark.measured
def test_loop_times_name_four_loops():
    from asynclab.lessons.l05_inside_the_engine import engine_demos as demos

    times = demos.loop_times(n=20, repeat=1)
    assert list(times) == ["ours, wait after each", "ours, wait once", "MXNet, wait after each", "MXNet, wait once"]
    assert all(t > 0 for t in times.values())


@pytest.mark.measured
def test_mxnet_pair_runs_in_a_fresh_process_and_times_its_four_labels():
    from asynclab.foundation.backends.mxnet import run_program_with_engine
    from asynclab.lessons.l05_inside_the_engine import engine_demos as demos

    run = run_program_with_engine(f"{demos.__name__}:mxnet_pair", "NaiveEngine", payload={"size": 50, "repeat": 1})
    assert run.labels == ["enqueue", "finish", "one", "two"] and run.env == {"MXNET_ENGINE_TYPE": "NaiveEngine"}
    assert set(demos.MXNET_CONFIGS) and all(
        engine in ("NaiveEngine", "ThreadedEnginePerDevice") for engine, _ in demos.MXNET_CONFIGS.values()
    )
