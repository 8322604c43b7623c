"""Lab 05's checks on answers built in ways the in-process catalogue does not meet."""

from __future__ import annotations

import importlib.util

import pytest

from asynclab.checks.core import CheckFailed
from asynclab.lessons.l05_inside_the_engine import checks as lab05


def test_a_sync_engine_built_on_a_fresh_copy_of_the_course_engine_fails():
    # the grader imports a fresh copy of the course for every check cell: the base an answer's class was built
    # on in the setup cell is then another class object than the check's EngineBase, with the same name
    spec = importlib.util.find_spec("asynclab.foundation.engine")
    copy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copy)
    from asynclab.foundation.engine import EngineBase

    assert copy.EngineBase is not EngineBase

    class SyncEngine(copy.ThreadedVarEngineBase):
        def __init__(self):
            super().__init__(naive=True)

    with pytest.raises(CheckFailed) as failed:
        lab05.check_sync_engine(SyncEngine)
    assert "built on the course's engine base" in str(failed.value)


def test_a_sync_engine_that_forwards_to_a_fresh_copy_of_the_course_engine_it_closes_over_fails():
    # not built on the course's engine, and holding it in no attribute: the engine is found on the ops' stack
    spec = importlib.util.find_spec("asynclab.foundation.engine")
    copy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copy)

    def make():
        inner = copy.ThreadedVarEngineBase(naive=True)

        class SyncEngine:
            records = property(lambda self: inner.records)
            new_var = staticmethod(inner.new_var)
            push = staticmethod(inner.push)
            wait_for_var = staticmethod(inner.wait_for_var)
            wait_all = staticmethod(inner.wait_all)
            shutdown = staticmethod(inner.shutdown)

        return SyncEngine()

    with pytest.raises(CheckFailed) as failed:
        lab05.check_sync_engine(make)
    assert "hands the operations to the course's engine" in str(failed.value)


def test_worked_example_whose_operations_write_values_worked_out_beforehand_fails():
    # the right declarations, but each operation writes a value computed before any of them ran
    def worked_example(engine, data):
        a = data["A"]
        values = {"B": a + 1, "C": a + 2}
        values["A"] = values["C"] * 2
        values["D"] = values["A"] + 3
        A, B, C, D = (engine.new_var(n) for n in "ABCD")
        for key, reads, writes in (("B", [A], [B]), ("C", [A], [C]), ("A", [C], [A]), ("D", [A], [D])):
            engine.push(lambda key=key: data.update({key: values[key]}), reads=reads, mutates=writes)

    with pytest.raises(CheckFailed) as failed:
        lab05.check_worked_example(worked_example)
    assert "must compute its statement from data when it runs" in str(failed.value)


def test_worked_example_whose_operation_writes_another_statements_key_fails():
    def worked_example(engine, data):
        A, B, C, D = (engine.new_var(n) for n in "ABCD")
        engine.push(lambda: data.update(B=data["A"] + 1, E=0), reads=[A], mutates=[B])
        engine.push(lambda: data.update(C=data["A"] + 2), reads=[A], mutates=[C])
        engine.push(lambda: data.update(A=data["C"] * 2), reads=[C], mutates=[A])
        engine.push(lambda: data.update(D=data["A"] + 3), reads=[A], mutates=[D])

    with pytest.raises(CheckFailed) as failed:
        lab05.check_worked_example(worked_example)
    assert "which its statement does not write" in str(failed.value)


def test_a_read_granted_at_once_but_slow_to_start_is_still_caught_starting_before_the_write_ends():
    # an engine with no rule, on a loaded machine: the reads are granted at once, but the worker that runs the
    # first one is scheduled 50 ms late. The write must still be held until a read has started.
    import time

    from asynclab.foundation.engine import ThreadedVarEngineBase

    class NoRuleLateWorker(ThreadedVarEngineBase):
        def append_read(self, var, op):
            fn = op.fn

            def late():
                time.sleep(0.05)
                return fn()

            op.fn = late
            self._grant(op)

        def append_write(self, var, op):
            self._grant(op)

        def complete_read(self, var, op):
            pass

        def complete_write(self, var, op):
            pass

    first, span_a = lab05._timed(lambda: time.sleep(0.01), "first")
    second, span_b = lab05._timed(lambda: time.sleep(0.01), "second")
    engine = NoRuleLateWorker(num_workers=2)
    try:
        with pytest.raises(lab05.Rejected, match="started while the write to x"):
            lab05._queued_reads(engine, first, second, 5.0, (span_a, span_b))
    finally:
        engine.shutdown()


class _PushRuns:
    """A synchronous engine's push, three ways of handling an operation's error."""

    def __init__(self, handling: str) -> None:
        self.handling = handling

    def new_var(self, name=None):
        return name

    def push(self, fn, reads=(), mutates=(), name=None):
        try:
            fn()
        except Exception as error:
            if self.handling == "wraps":
                raise RuntimeError(f"operation {name} failed") from error
            if self.handling == "raises":
                raise


@pytest.mark.parametrize("handling", ["raises", "wraps"])
def test_an_operations_error_out_of_push_reaches_the_caller(handling):
    assert lab05._error_reaches_the_caller(_PushRuns(handling)) == ""


def test_an_operations_error_swallowed_by_push_is_named():
    assert "did not raise its error from push" in lab05._error_reaches_the_caller(_PushRuns("swallows"))


def test_each_push_of_the_worked_example_stands_for_the_statement_whose_target_it_writes():
    b, c, a, d = lab05.WORKED_EXAMPLE
    swapped = [(("A",), ("C",)), (("A",), ("B",)), (("C",), ("A",)), (("A",), ("D",))]
    assert lab05._statements_pushed(swapped) == [c, b, a, d]
    # where the declared writes do not tell the statements apart, by push order (and judged wrong there)
    twice = [(("A",), ("B",)), (("A",), ("B",)), (("C",), ("A",)), (("A",), ("D",))]
    assert lab05._statements_pushed(twice) == [b, c, a, d]
    assert lab05._statements_pushed([(("A",), ("B", "C"))] * 4) == [b, c, a, d]


def test_the_worked_examples_values_are_the_steps_own_from_a_equal_to_one_and_follow_the_start():
    from asynclab.lessons.l05_inside_the_engine import checks

    assert checks._worked_values(1) == {"A": 6, "B": 2, "C": 3, "D": 9}  # the values the step's text gives
    assert checks._worked_values(10) == {"A": 24, "B": 11, "C": 12, "D": 27}
