"""Checks of lab 05, "Inside the engine".

Each check builds fresh engines from the class the student wrote, pushes its
own operations and measures or inspects what happened; no figure is taken
from the student.

Workloads: NumPy matrix products of about 0.2 s with OpenBLAS pinned to one
thread (:func:`asynclab.foundation.workloads.one_blas_thread`), so that two of them can
use two cores only if the engine runs them at once; where OpenBLAS cannot
be pinned, sorts of the same length.

The timing verdicts rest on **overlap**: each op notes when it starts and
ends, and the check computes for how much of the shorter op both were
running. That is what the engine decides; how much faster the pair gets
also depends on how many cores the shared machine can spare at that moment,
so the speed-up is a reported figure, not a verdict.

- sync-engine: every push returns after its op ran and appended one
  OpRecord (right name: the name pushed, which the first op's function's
  own name is not, else that function's name; enqueue <= start <= end <=
  the return of push, start
  read before the op began and end after it ended, as the op's own clock
  readings show: one reading recorded three times fails); two
  independent ops overlap at most 10%. An engine built on the course's
  ``EngineBase``, or whose ops a course engine runs (a frame of
  ``asynclab.foundation.engine`` on the op's stack: one it holds or calls,
  whose naive mode is a synchronous engine already), is refused.
- Step 2's four checks take an engine written in MXNet's form of the rule
  (``ThreadedVarEngineBase``: append_read, append_write, complete_read,
  complete_write), not lesson 05's queue-head form (``_dispatch``), which the
  course's ``engine_reference.Engine`` implements: a class that overrides the
  queue form's methods is refused in one sentence.
- The checks hand an engine every variable and operation under a name drawn
  at random in the forms the lab's own cells use ("write a", "B = A + 1":
  :class:`_Blind`; all but step 1's test of the records, which reads back
  the names it pushed): an engine that schedules the checks' operations
  from a table of their names sees names it cannot know, and one that keeps
  the rule only for names of some form cannot tell the checks' from its own.
- hazards: functional (MXNet's bookkeeping with a read running and two
  writes pushed behind it: ``var.pending_write`` is the first write, not yet
  granted, ``var.queue`` holds the second alone and ``var.running_reads`` is 1,
  and an op on another variable starts on the second worker meanwhile; with
  three reads of an idle variable pushed to two workers and a write behind
  them, ``running_reads`` is 3, the queue empty and the write pending;
  targeted read/write orders, among them a write behind a slow and a quick
  read; 12 random programs compared with running the ops one by one in push
  order). An engine that handles reads as writes, keeps lesson 05's queue
  form inside the four methods, or runs one op at a time, computes right
  results but fails the first test.
- serialize: a dependent pair overlaps at most 10%, and an independent pair
  on the same engine at least 50% (the control: an engine that runs one op at
  a time keeps every pair apart, whatever its rule).
- overlap: two patterns, each must overlap at least 50%: two reads pushed to
  an idle variable, and two reads pushed behind a running write to it
  (a ``complete_write`` that grants one read per call passes the first only).
  A read of the second pattern that starts before the write has ended fails
  the check outright: an engine with no rule at all overlaps the reads too.
- worked-example: functional (declared reads and writes, who wrote what, and the values). A
  spot-the-bug: the step shows a colleague's declarations whose values come out right although two
  of them are wrong. What each push declared is noted in the check's locals, not on the engine the
  answer is handed (which it could rewrite); ``data`` notes every write with the operation running
  on the writing thread (and every read by index or ``get``): each statement's result must be written
  by its own operation, which reads the statement's input from ``data``, and equal the statement
  applied to the value that input holds at that moment (a write outside the operations, or an
  operation that writes a value worked out beforehand, fails); A starts at a value drawn per run (2-99),
  so values typed in from the step's text (right from A = 1) fail too.
- errors-at-wait: functional (where the error of an op comes out). The failing
  op runs 0.2 s before it raises, so that an engine that does not hold its
  reader behind it runs the reader (which must be skipped) meanwhile; an
  unrelated op must start before the failing one ends (an order of events),
  since an engine that runs one op at a time holds the reader back by
  construction.
- predict-schedule: exact. Step 5's program of eight ops (0.1 s each) runs
  on the course's engine with two workers; each op's round is read off the
  measured start and end times (one more than the latest round among the
  ops that had ended when it started), so it does not drift with dispatch
  delays; every predicted round must match, in 3 runs.

Effect sizes, quiet and with one core busy, are in
``bench/reports/checks_robustness.md``.
"""

from __future__ import annotations

import random
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from asynclab.checks import draw
from asynclab.checks.core import Check, CheckResult, Outcome, Protocol, Rejected, check, refuse_unless_checking
from asynclab.checks.predictions import CLOCKS, plain
from asynclab.checks.relations import AtLeast, AtMost
from asynclab.foundation.engine import READ, WRITE
from asynclab.foundation.timing import overlap_share

WORK_SECONDS = 0.2  # length of one workload op
OVERLAP_MIN = 0.5  # independent pair: share of the shorter op spent side by side
SERIAL_MAX_OVERLAP = 0.1  # dependent pair (and the synchronous engine): at most this
# Overlaps below this share count as this share when a margin is computed: 0.1%
# of a 0.2 s op is 0.2 ms, about what starting a thread costs, so "none" is
# as close to zero as the measurement can tell.
_OVERLAP_FLOOR = 0.001
LETTERS = "abcdefghijklmnopqrstuvwxyz"  # the letters of the names the checks give variables and operations
TIMEOUT = 10.0  # seconds a wait may take before the engine counts as stuck
BESIDE_S = 1.0  # hazards: an op on another variable must start this soon while a read holds one worker, s

_PAIRS = Protocol(warmup=1, min_rounds=3, max_rounds=8, budget_s=20.0)


class OpError(RuntimeError):
    """The error the errors-at-wait check raises inside an operation."""


# ---------------------------------------------------------------- helpers


def _workloads() -> tuple[Callable, Callable, Callable]:
    """(first, second, unpin): two ~0.2 s single-threaded ops and a function undoing the pin."""
    from asynclab.foundation.workloads import busy_op, one_blas_thread

    pin = one_blas_thread()
    pinned = pin.__enter__()
    first = busy_op(WORK_SECONDS, 0, pinned=pinned)
    second = busy_op(WORK_SECONDS, 1, pinned=pinned)
    return first, second, lambda: pin.__exit__(None, None, None)


def _codes(code) -> list:
    """``code`` and every code object nested in it (functions defined inside functions)."""
    found = [code]
    for const in code.co_consts:
        if hasattr(const, "co_code"):
            found += _codes(const)
    return found


def _shape(fn) -> tuple | None:
    """What a function does, without its names for locals, its docstring or its line numbers."""
    import dis

    code = getattr(fn, "__code__", None)
    if code is None:
        return None
    local = {"LOAD_FAST", "STORE_FAST", "DELETE_FAST", "LOAD_CLOSURE", "LOAD_DEREF", "STORE_DEREF"}
    return tuple(
        tuple(
            (i.opname, i.arg if i.opname in local else (None if hasattr(i.argval, "co_code") else repr(i.argval)))
            for i in dis.get_instructions(c)
            if i.opname not in ("NOP", "RESUME")
        )
        for c in _codes(code)
    )


_REFERENCE = "asynclab.lessons.l05_inside_the_engine.engine_reference"


def _is_reference(value) -> bool:
    """The reference module, or a class built on its engine (by name: the grader may load its own copy)."""
    import types

    if isinstance(value, types.ModuleType):
        return value.__name__ == _REFERENCE
    if isinstance(value, type):
        return any(getattr(k, "__module__", None) == _REFERENCE for k in value.__mro__)
    return getattr(value, "__module__", None) == _REFERENCE and callable(value)


def answer_key_use(engine_class) -> str | None:
    """How an engine class leans on the course's own dependency rule, or None when it does not.

    Built on it, borrowing its methods, calling it, or a copy of its
    ``_dispatch`` or ``_on_complete`` with the locals renamed, under any
    method name: each is the answer key, not an answer.
    """
    from asynclab.lessons.l05_inside_the_engine.engine_reference import Engine

    if not isinstance(engine_class, type):
        return None
    if _is_reference(engine_class):
        return "is built on the course's own engine"
    for klass in engine_class.__mro__:
        if klass.__module__ in ("asynclab.foundation.engine", "builtins"):
            continue
        for attr, value in vars(klass).items():
            fn = getattr(value, "__func__", value)
            code = getattr(fn, "__code__", None)
            if code is None:
                continue
            if getattr(fn, "__module__", None) == _REFERENCE:
                return f"borrows the course's own {attr}"
            cells = [c.cell_contents for c in (getattr(fn, "__closure__", None) or ()) if _filled(c)]
            named = [fn.__globals__.get(n) for c in _codes(code) for n in c.co_names]
            if any(_is_reference(v) for v in cells + named) or any(
                "engine_reference" in c.co_names for c in _codes(code)
            ):
                return f"calls the course's own engine in {attr}"
    if all(_shape(getattr(engine_class, m, None)) == _shape(getattr(Engine, m)) for m in ("_dispatch", "_on_complete")):
        return "is a copy of the course's own dependency rule"
    rule = {_shape(getattr(Engine, m)): m for m in ("_dispatch", "_on_complete")}
    for klass in engine_class.__mro__:
        if klass.__module__ in ("asynclab.foundation.engine", "builtins"):
            continue
        for attr, value in vars(klass).items():
            copied = rule.get(_shape(getattr(value, "__func__", value)))
            if copied is not None:
                return f"copies the course's own {copied} as {attr}"
    return None


def _filled(cell) -> bool:
    try:
        cell.cell_contents  # noqa: B018 - reading it raises while the variable is unbound
    except ValueError:  # a closure variable not bound yet
        return False
    return True


def _engine_type(engine_class):
    """The class to judge: ``engine_class`` itself, or the class of the engine a factory makes."""
    klass = engine_class
    if callable(engine_class) and not isinstance(engine_class, type):  # a factory: look at what it makes
        try:
            made = engine_class()
        except Exception:
            made = None
        if made is not None:
            klass = type(made)
            _close(made)
    return klass


def _refuse_answer_key(engine_class) -> None:
    """Raise :class:`Rejected` (the check's FAIL sentence) when the engine leans on the course's own rule.

    A factory (a callable that is not a class) is judged by the class of
    the engine it makes.
    """
    klass = _engine_type(engine_class)
    problem = answer_key_use(klass)
    if problem:
        raise Rejected(
            f"your {getattr(klass, '__name__', 'engine')} {problem}; the lab asks for your own dependency rule"
        )


#: the four places where step 2's rule lives, in MXNet's form (ThreadedVarEngineBase)
HOOKS = ("append_read", "append_write", "complete_read", "complete_write")
_QUEUE_FORM = ("_on_push", "_dispatch", "_on_complete")  # lesson 05's form, which the base class fills in
_FOUNDATION = "asynclab.foundation.engine"


def _require_hooks(engine_class) -> None:
    """Raise :class:`Rejected` unless the engine writes its rule in ThreadedVarEngineBase's four hooks.

    Judged by names (the grader may load its own copy of the course): a
    subclass of ``ThreadedVarEngineBase`` that overrides none of the queue
    form's methods, so that the rule it runs is the one in its hooks.
    """
    klass = _engine_type(engine_class)
    mro = getattr(klass, "__mro__", ())
    if not any(k.__name__ == "ThreadedVarEngineBase" and k.__module__ == _FOUNDATION for k in mro):
        raise Rejected(
            f"your {getattr(klass, '__name__', 'engine')} must be a subclass of ThreadedVarEngineBase, "
            f"with the rule in its four methods ({', '.join(HOOKS)})"
        )
    for k in mro:
        if k.__module__ == _FOUNDATION:
            break
        overridden = [m for m in _QUEUE_FORM if m in vars(k)]
        if overridden:
            raise Rejected(
                f"your {klass.__name__} overrides {overridden[0]}: the step asks for MXNet's form of the rule, "
                f"written in {', '.join(HOOKS)}"
            )


def _new_engine(engine_class, blind: bool = True, **kwargs):
    """A fresh engine of the student's class; unless ``blind`` is false, behind :class:`_Blind`."""
    if not callable(engine_class):
        raise TypeError(f"pass your engine class itself, not {type(engine_class).__name__}.")
    engine = engine_class(**kwargs)
    return _Blind(engine) if blind else engine


def _lab_style_name() -> str:
    """A name of the forms the lab's cells give their variables and operations ("write a", "read b",
    "b = f(a)", "B = A + 1", ...), its letters and figure drawn (:mod:`asynclab.checks.draw`)."""
    a, b = draw.choice(LETTERS), draw.choice(LETTERS)
    k = draw.randrange(1, 10)
    forms = (
        f"{a}",
        f"write {a}",
        f"read {a}",
        f"write {a} again",
        f"{a} = f({b})",
        f"{a.upper()} = {b.upper()} + {k}",
        f"{a.upper()} = {b.upper()} * {k}",
        f"{a} = faulty()",
    )
    return draw.choice(forms)


class _Blind:
    """The student's engine, handed names drawn at random instead of the check's own.

    Every variable and operation a check creates through it reaches the
    engine under a fresh random name, and every function under a plain
    wrapper of that name, so that an engine cannot tell the check's
    operations apart by name ("first", "write x") and schedule them from a
    table: only what they read and write can decide. The names are drawn in
    the forms the lab's own cells use (:func:`_lab_style_name`), so that no
    form of name tells the check's operations from the lab's either.
    ``names`` maps each drawn name back to the check's; everything else is
    the engine's own.
    """

    def __init__(self, engine) -> None:
        self._engine = engine
        self.names: dict[str, str | None] = {}

    def _draw(self, name: str | None) -> str:
        token = _lab_style_name()
        while token in self.names:  # one name per variable or operation of this engine
            token = _lab_style_name()
        self.names[token] = name
        return token

    def new_var(self, name: str | None = None):
        return self._engine.new_var(self._draw(name))

    def push(self, fn: Callable[[], object], reads=(), mutates=(), name: str | None = None):
        token = self._draw(name)

        def op():
            return fn()

        op.__name__ = op.__qualname__ = token
        return self._engine.push(op, reads=reads, mutates=mutates, name=token)

    def __getattr__(self, attr: str):
        return getattr(self._engine, attr)


def _close(engine) -> None:
    shutdown = getattr(engine, "shutdown", None)
    if callable(shutdown):
        try:
            shutdown(wait=False)
        except TypeError:
            shutdown()


@dataclass
class _Span:
    """When an operation pushed by a check started and ended (``time.perf_counter`` seconds; 0.0: not
    yet), and how many times it ran."""

    start: float = 0.0
    end: float = 0.0
    runs: int = 0


def _timed(work: Callable[[], object], name: str) -> tuple[Callable[[], None], _Span]:
    """``work`` as an operation to push, and the span it notes when it runs. Only the check holds the
    span: an engine may wrap the function it is handed (lab 05's engines run ``op.fn``), never move
    the times the overlap is read from."""
    span = _Span()

    def run() -> None:
        span.runs += 1
        span.start = time.perf_counter()
        work()
        span.end = time.perf_counter()

    run.__name__ = name
    return run, span


def _apart(first: Callable, second: Callable) -> Callable[[], float]:
    def probe() -> float:
        start = time.perf_counter()
        first()
        second()
        return time.perf_counter() - start

    return probe


def _queued_reads(engine, first: Callable, second: Callable, timeout: float, spans: tuple[_Span, _Span]) -> float:
    """Two reads of ``x`` pushed behind a running write to ``x``; seconds from the write's end.

    The write holds ``x`` until both reads are queued behind it (it waits
    for a gate the check opens after the pushes), so when it ends the engine
    must grant both reads from the queue at once: they share only an input.
    An engine that runs the write inside push, on this thread, is not held.
    A read that starts before the write has ended is refused (:class:`Rejected`): an engine that
    grants every operation at once overlaps the two reads too, without the rule that orders them. The gate
    opens once a read has started or :data:`READ_CHANCE_S` after the pushes, so that a read granted at once
    starts before the write ends even when its worker is slow to be scheduled.
    """
    x, a, b = engine.new_var("x"), engine.new_var("a"), engine.new_var("b")
    engine.wait_all(timeout=timeout)
    pusher, started, gate = threading.get_ident(), threading.Event(), threading.Event()
    ended: list[float] = []

    def write_x() -> None:
        started.set()
        if threading.get_ident() != pusher:
            gate.wait(timeout)
        ended.append(time.perf_counter())

    engine.push(write_x, mutates=[x], name="write x")
    try:
        if not started.wait(timeout):
            raise RuntimeError(f"a write pushed to an idle variable did not start within {timeout:g} s")
        engine.push(first, reads=[x], mutates=[a], name="first")
        engine.push(second, reads=[x], mutates=[b], name="second")
        held = time.perf_counter() + READ_CHANCE_S  # a read granted at once gets time to start on its worker
        while time.perf_counter() < held and max(spans[0].start, spans[1].start) == 0.0:
            time.sleep(0.001)
    finally:
        start = time.perf_counter()
        gate.set()
    engine.wait_all(timeout=timeout)
    took = time.perf_counter() - start
    if ended and 0.0 < min(spans[0].start, spans[1].start) < ended[0]:
        raise Rejected(
            "a read of x started while the write to x pushed before it was still running: "
            "a read queued behind a write may start only when the write has ended"
        )
    return took


FAULTY_S = 0.2  # errors-at-wait: how long the failing operation runs before it raises, seconds
QUEUED_READS = "reads queued behind a write"  # the pattern of :func:`_queued_reads`
#: how long the write of :func:`_queued_reads` stays held after the reads are pushed, unless a read starts
#: first (seconds): a read granted at once starts within it even on a loaded machine
READ_CHANCE_S = 0.2


def _time_ratio(o: Outcome, pattern: str) -> float:
    """The pair's time under ``pattern`` against running the two ops one after the other."""
    return o.median(f"{pattern}.seconds") / o.median("apart")


def _key(pattern: str) -> str:
    return "overlap_" + pattern.replace(" ", "_")


def _pair_figures(patterns: tuple[str, ...]):
    def figures(o: Outcome) -> dict[str, float]:
        decisive = min((o.bands[_key(p)] for p in patterns), key=lambda b: b.margin)
        found = {"overlap": decisive.value, "time_ratio": _time_ratio(o, patterns[0])}
        if len(patterns) > 1:
            for p in patterns:
                found[f"time_ratio_{p.replace(' ', '_')}"] = _time_ratio(o, p)
        return found

    return figures


def _pair_check(
    pair: Check, engine_class, patterns: tuple[str, ...], first: Callable, second: Callable, **kwargs
) -> CheckResult:
    """Run a pair of ops on fresh engines (interleaved with the pair run directly) under the check ``pair``.

    ``patterns``: one or more of :data:`asynclab.foundation.workloads.PATTERNS` and
    :data:`QUEUED_READS`; each is run every round on a fresh engine. The
    verdict rests on how much the two ops overlapped in time, which the ops
    note themselves (series ``<pattern>.overlap``, a share of the shorter
    op, 0..1); the time against running them one after the other
    (``<pattern>.seconds`` over ``apart``) is reported as a figure. Overlap
    does not depend on how many cores the machine can spare at that moment.
    """
    from asynclab.foundation.workloads import two_ops

    def together(pattern: str) -> Callable[[], dict[str, float]]:
        def probe() -> dict[str, float]:
            (a, a_span), (b, b_span) = _timed(first, "first"), _timed(second, "second")
            engine = _new_engine(engine_class, **kwargs)
            try:
                if pattern == QUEUED_READS:
                    seconds = _queued_reads(engine, a, b, TIMEOUT, (a_span, b_span))
                else:
                    seconds = two_ops(engine, a, b, pattern, timeout=TIMEOUT)
            finally:
                _close(engine)
            if min(a_span.end, b_span.end) == 0.0:
                raise RuntimeError("an operation pushed to the engine never ran")
            if max(a_span.runs, b_span.runs) > 1:
                raise Rejected("your engine ran an operation pushed once more than once")
            return {"overlap": overlap_share(a_span, b_span), "seconds": seconds}

        return probe

    return pair.run({**{p: together(p) for p in patterns}, "apart": _apart(first, second)})


def _serial(pattern: str) -> AtMost:
    return AtMost(_key(pattern), num=f"{pattern}.overlap", threshold=SERIAL_MAX_OVERLAP, floor=_OVERLAP_FLOOR)


def _side_by_side(pattern: str) -> AtLeast:
    return AtLeast(_key(pattern), num=f"{pattern}.overlap", threshold=OVERLAP_MIN)


def _pct(share: float) -> str:
    return f"{share * 100:.1f}%"


# ---------------------------------------------------------------- step 1


def _records_problem(records, returned: list[float], ran_from: dict[str, tuple[float, float]]) -> str:
    """'' when ``records`` holds one OpRecord per push, named "a" and "b", timed inside each push around the
    operation: its start read before the operation began and its end after it ended (``ran_from``: each
    operation's own first and last ``time.perf_counter`` readings, s)."""
    try:
        records = list(records)
    except TypeError:
        return f"engine.records should be a list of OpRecord, not {type(records).__name__}"
    if len(records) != len(returned):
        return (
            f"after {len(returned)} pushes engine.records held {len(records)} record(s); "
            "push appends one OpRecord per operation"
        )
    for record, label, until in zip(records, ("a", "b"), returned):
        try:
            got, times = record.name, (record.enqueue, record.start, record.end)
            if not all(isinstance(t, (int, float)) for t in times):
                raise TypeError("not numbers")
        except (AttributeError, TypeError):
            return (
                f"a record is {type(record).__name__}, not an OpRecord(name, worker, enqueue, "
                "start, end) of time.perf_counter() readings"
            )
        if got != label:
            return (
                f"the record of the op pushed as {label!r} is named {got!r}; use name, or fn.__name__ when name is None"
            )
        worker = getattr(record, "worker", None)
        if worker != "main":
            return f'the record of {label!r} names the worker {worker!r}; a synchronous engine\'s one worker is "main"'
        enqueue, start, end = times
        if not enqueue <= start <= end <= until:
            return (
                f"the record of {label!r} reads enqueue={enqueue:.6f}, start={start:.6f}, "
                f"end={end:.6f}, but push returned at {until:.6f} (time.perf_counter()); "
                "it needs enqueue <= start <= end <= the return of push"
            )
        began, ended = ran_from[label]
        if not (start <= began and ended <= end):
            return (
                f"the record of {label!r} reads start={start:.6f} and end={end:.6f}, but the operation ran from "
                f"{began:.6f} to {ended:.6f} (time.perf_counter()): start is read just before fn() runs and "
                "end just after it returns"
            )
    return ""


def _run_by_course_engine(home) -> bool:
    """Whether the caller's frame is run by the course's engine: a frame of ``asynclab.foundation.engine``
    between it and ``home`` (the check's frame that pushed it), or on another thread's stack.

    By module name, not identity: the grader imports a fresh copy of the course for every check cell.
    """
    import sys

    frame = sys._getframe(2)
    while frame is not None and frame is not home:
        if frame.f_globals.get("__name__") == _FOUNDATION:
            return True
        frame = frame.f_back
    return False


class _OperationFailed(Exception):
    """What the check's failing operation raises."""


def _error_reaches_the_caller(engine) -> str:
    """'' when pushing an operation that raises lets that error out of ``push``, as MXNet's NaiveEngine does
    (itself, or as the cause of an error of the engine's own); else what went wrong. The error carries a token
    drawn here, so that only the operation's own error counts."""
    token = f"operation {secrets.token_hex(4)} failed"

    def broken() -> None:
        raise _OperationFailed(token)

    var = engine.new_var("c")
    try:
        engine.push(broken, mutates=[var], name="broken")
    except Exception as error:
        for _ in range(16):  # the error, and what it was raised from, a few links deep
            if error is None:
                break
            if isinstance(error, _OperationFailed) and str(error) == token:
                return ""
            error = error.__cause__ or error.__context__
    return (
        "an operation that raised inside push did not raise its error from push: a synchronous engine, "
        "as MXNet's NaiveEngine, lets the error reach the caller where it happened"
    )


def _runs_inside_push(engine_class) -> str:
    """'' when each push returns after its op ran, in push order, and recorded it; else what went wrong.

    An engine that hands the ops to one of the course's engines (its naive mode runs every op inside push
    and records it) is refused, whether it is built on it or holds one.
    """
    import sys

    ran: list[str] = []
    returned: list[float] = []
    ran_from: dict[str, tuple[float, float]] = {}
    home, by_course, threads = sys._getframe(), [], []

    def slow(label: str, function: str) -> Callable[[], None]:
        def op() -> None:
            began = time.perf_counter()
            by_course.append(_run_by_course_engine(home))
            threads.append(threading.get_ident())
            time.sleep(0.02)
            ran.append(label)
            ran_from[label] = (began, time.perf_counter())

        op.__name__ = op.__qualname__ = function
        return op

    try:
        engine = _new_engine(engine_class, blind=False)  # the records must carry the names pushed
        try:
            a, b = engine.new_var("a"), engine.new_var("b")
            # pushed with a name its function's does not give: the record must carry the name pushed
            engine.push(slow("a", "write_a"), mutates=[a], name="a")
            returned.append(time.perf_counter())
            if ran != ["a"]:
                return (
                    "push returned before the operation ran; a synchronous engine runs it inside push, before returning"
                )
            engine.push(slow("b", "b"), reads=[a], mutates=[b])  # no name: fn.__name__ is "b"
            returned.append(time.perf_counter())
            if "b" not in ran:
                return (
                    "the second push returned before its operation ran; a synchronous engine runs every "
                    "operation inside push, before returning"
                )
            engine.wait_all()
            records = getattr(engine, "records", None)
            records = list(records) if isinstance(records, list) else records  # before the failing push below
            failed = _error_reaches_the_caller(engine)
        finally:
            _close(engine)
    except Exception as error:
        return f"your engine raised {type(error).__name__}: {error}"
    if failed:
        return failed
    if any(by_course):
        return (
            "your engine hands the operations to the course's engine, whose naive mode runs every operation "
            "inside push and records it for you: complete the push of the SyncEngine the step gives"
        )
    if ran != ["a", "b"]:
        return f"the operations ran as {ran}, not exactly once each in push order"
    if any(thread != threading.get_ident() for thread in threads):
        return (
            "an operation ran on another thread than the one that pushed it: a synchronous engine runs it on the "
            "calling thread, as NaiveEngine does, so that it sees the caller's state and fails in the caller's "
            "traceback"
        )
    if records is None:
        return "the engine has no records attribute; push appends one OpRecord per operation to it"
    return _records_problem(records, returned, ran_from)


@check(
    "sync-engine",
    times_cpu=False,
    points=1,
    protocol=_PAIRS,
    calls="your engine",
    relations=(_serial("independent"),),
    sentence=lambda o: (
        f"every push returned after its op ran and recorded it; two independent ops overlapped "
        f"for {_pct(o.bands[_key('independent')].value)} "
        f"(needs <= {SERIAL_MAX_OVERLAP * 100:g}%) and took "
        f"{_time_ratio(o, 'independent'):.2f}x the sum of their parts"
    ),
    threshold=f"overlap <= {SERIAL_MAX_OVERLAP:g}",
    figures=_pair_figures(("independent",)),
)
def check_sync_engine(self, engine_class) -> CheckResult:
    """``engine_class()`` runs every op inside push, like MXNet's NaiveEngine.

    Passes when each push returns only after its op ran, in push order, on
    the thread that pushed it, having appended one OpRecord (its name, the
    worker "main", and enqueue <= start <= end
    before push returned, start no later than the op began and end no
    earlier than it ended), an op that raises lets its error out of push (as
    NaiveEngine does; one that push swallows is lost), and two independent ops do not overlap at all
    (<= 10%). An engine built on the course's ``EngineBase`` (whose naive mode
    is a synchronous engine already) fails.
    """
    _refuse_answer_key(engine_class)
    from asynclab.foundation.engine import EngineBase

    klass = _engine_type(engine_class)
    # by name along the class's bases: the grader imports a fresh copy of the course for every check cell,
    # so the EngineBase an answer built on is another class object than the one imported here
    course_base = (EngineBase.__module__, EngineBase.__qualname__)
    if isinstance(klass, type) and any((c.__module__, c.__qualname__) == course_base for c in klass.__mro__):
        return self.fail(
            f"your {klass.__name__} is built on the course's engine base, whose naive mode runs every operation "
            "inside push for you: complete the push of the SyncEngine the step gives"
        )
    problem = _runs_inside_push(engine_class)
    if problem:
        return self.fail(problem)

    first, second, unpin = _workloads()
    try:
        return _pair_check(self, engine_class, ("independent",), first, second)
    finally:
        unpin()


# ---------------------------------------------------------------- step 2


def _orders(engine_class) -> tuple[bool, str]:
    """Targeted read/write orders, each with a slow first op so that a wrong order shows.

    The operations close over ``box`` of their round and all finish (``wait_all``) within it.
    """
    pause = 0.03
    for _ in range(2):
        engine = _new_engine(engine_class, num_workers=3)
        try:
            box = {"x": 0}
            x = engine.new_var("x")
            engine.push(lambda: (time.sleep(pause), box.update(x=1)), mutates=[x], name="write")  # noqa: B023
            engine.push(lambda: box.update(raw=box["x"]), reads=[x], name="read")  # noqa: B023
            engine.wait_all(timeout=TIMEOUT)
            if box["raw"] != 1:
                return False, "read after write: a read saw the value from before the write pushed ahead of it"

            engine.push(lambda: (time.sleep(pause), box.update(war=box["x"])), reads=[x], name="read")  # noqa: B023
            engine.push(lambda: box.update(x=2), mutates=[x], name="write")  # noqa: B023
            engine.wait_all(timeout=TIMEOUT)
            if box["war"] != 1:
                return False, "write after read: a write changed x while a read pushed before it was still running"

            engine.push(lambda: (time.sleep(pause), box.update(war2=box["x"])), reads=[x], name="slow read")  # noqa: B023
            engine.push(lambda: None, reads=[x], name="quick read")
            engine.push(lambda: box.update(x=3), mutates=[x], name="write")  # noqa: B023
            engine.wait_all(timeout=TIMEOUT)
            if box["war2"] != 2:
                return False, (
                    "write after read: a write changed x while the slower of two reads pushed "
                    "before it was still running"
                )

            engine.push(lambda: (time.sleep(pause), box.update(x=3)), mutates=[x], name="write 1")  # noqa: B023
            engine.push(lambda: box.update(x=4), mutates=[x], name="write 2")  # noqa: B023
            engine.wait_all(timeout=TIMEOUT)
            if box["x"] != 4:
                return False, "write after write: the earlier write finished last and x kept its value"

            engine.push(lambda: time.sleep(pause), reads=[x], name="slow read")
            engine.push(lambda: box.update(x=5), mutates=[x], name="write")  # noqa: B023
            engine.push(lambda: box.update(late=box["x"]), reads=[x], name="later read")  # noqa: B023
            engine.wait_all(timeout=TIMEOUT)
            if box["late"] != 5:
                return False, (
                    "a read pushed after a waiting write ran before that write; "
                    "nothing may overtake the head of a variable's queue"
                )
        finally:
            _close(engine)
    return True, ""


def _pending_write_kept(engine_class) -> tuple[bool, str]:
    """MXNet's bookkeeping: ``var.pending_write`` is the oldest write pushed and not finished, else None.

    A read is held running while two writes are pushed behind it; right after
    the pushes (deterministic: it is decided at push, whatever the workers do)
    the first write must be the pending one and not yet granted, the queue
    must hold the second write alone, and one read must count as running;
    an operation on another variable, pushed then, must start on the second
    worker while the read is held; once all is done no write is pending.
    """
    engine = _new_engine(engine_class, num_workers=2)
    try:
        if getattr(engine, "naive", False):
            return False, "your engine runs every operation inside push: there is no rule to check"
        gate, started, beside = threading.Event(), threading.Event(), threading.Event()
        x, y = engine.new_var("x"), engine.new_var("y")
        try:
            # held until the beside op has had its time, whatever TIMEOUT is: the gate opens below
            engine.push(lambda: (started.set(), gate.wait(TIMEOUT + 2 * BESIDE_S)), reads=[x], name="held read")
            engine.push(lambda: None, mutates=[x], name="first write")
            engine.push(lambda: None, mutates=[x], name="second write")
            seen = _bookkeeping(engine, x)
            read_started = started.wait(BESIDE_S)
            engine.push(beside.set, mutates=[y], name="beside")
            ran_beside = read_started and beside.wait(BESIDE_S)
        finally:
            gate.set()
        engine.wait_all(timeout=TIMEOUT)
        if not read_started:
            return False, f"a read pushed to an idle variable did not start within {BESIDE_S:g} s"
        if seen is None:
            return False, (
                "x's bookkeeping could not be read: pending_write must be an operation of the engine or None, "
                "queue a deque of (operation, READ or WRITE) and running_reads a number"
            )
        held, granted, behind, running = seen
        if not ran_beside:
            return False, (
                f"with a read of x running on one of two workers, an operation on another variable did not start "
                f"within {BESIDE_S:g} s: a rule that runs one operation at a time orders everything by construction, "
                "which shows nothing of the rule"
            )
        if held != "first write":
            return False, (
                "with a read running and two writes pushed behind it, x.pending_write was not the first of "
                "them: MXNet keeps the oldest write not yet finished there"
            )
        if granted:
            return False, (
                "with a read of x running, the write pushed behind it had already been granted: a write may "
                "start only when nothing else runs on its variable"
            )
        if behind != [("second write", WRITE)]:
            return False, (
                "with a read running and two writes pushed behind it, x.queue did not hold exactly the second "
                "write: MXNet keeps there what waits behind the pending write, and nothing else"
            )
        if running != 1:
            return False, f"with one read of x running, x.running_reads was {running!r}, not 1"
        if x.pending_write is not None:
            return False, "once every write to x had finished, x.pending_write still held one; it must be None"
    finally:
        _close(engine)
    return _reads_granted_at_push(engine_class)


#: how long the check polls a variable's bookkeeping for the state it must reach, seconds: the engine may still be
#: completing a write (under its lock) when the operation it started begins to run
SETTLE_S = 1.0


def _settled(engine: _Blind, var, expected: tuple) -> tuple | None:
    """``var``'s bookkeeping (:func:`_bookkeeping`) once it equals ``expected``, or as last read after
    :data:`SETTLE_S` seconds."""
    deadline = time.perf_counter() + SETTLE_S
    while True:
        seen = _bookkeeping(engine, var)
        if seen == expected or time.perf_counter() > deadline:
            return seen
        time.sleep(0.005)


def _running_write_kept(engine_class) -> tuple[bool, str]:
    """MXNet's bookkeeping around a write that runs: a write held running, then a read and a second write pushed
    behind it. While the first write runs it is ``var.pending_write`` (granted: it runs), the queue holds the
    read, then the second write, and no read runs. Once it has finished and the read behind it runs (held in
    its turn), the second write is the pending one at once, not granted, and the queue is empty: MXNet's
    ``CompleteWriteDependency`` grants the reads behind the finished write and makes the next write pending."""
    engine = _new_engine(engine_class, num_workers=2)
    try:
        write_gate, read_gate = threading.Event(), threading.Event()
        wrote, read = threading.Event(), threading.Event()
        x = engine.new_var("x")
        try:
            engine.push(lambda: (wrote.set(), write_gate.wait(TIMEOUT)), mutates=[x], name="running write")
            engine.push(lambda: (read.set(), read_gate.wait(TIMEOUT)), reads=[x], name="read behind")
            engine.push(lambda: None, mutates=[x], name="next write")
            write_started = wrote.wait(BESIDE_S)
            during = _settled(engine, x, ("running write", True, [("read behind", READ), ("next write", WRITE)], 0))
            write_gate.set()
            read_started = read.wait(BESIDE_S)
            after = _settled(engine, x, ("next write", False, [], 1))
        finally:
            write_gate.set()
            read_gate.set()
        engine.wait_all(timeout=TIMEOUT)
    finally:
        _close(engine)
    if not write_started:
        return False, f"a write pushed to an idle variable did not start within {BESIDE_S:g} s"
    if during is None or after is None:
        return False, (
            "x's bookkeeping could not be read: pending_write must be an operation of the engine or None, "
            "queue a deque of (operation, READ or WRITE) and running_reads a number"
        )
    if during[:2] != ("running write", True):
        return False, (
            "with a write of x running, x.pending_write was not that write: MXNet keeps the oldest write not yet "
            "finished there, running or waiting"
        )
    if during[2:] != ([("read behind", READ), ("next write", WRITE)], 0):
        return False, (
            "with a write of x running and a read and a write pushed behind it, x.queue did not hold them in "
            "that order, or a read counted as running: what is pushed behind the pending write waits in the queue"
        )
    if not read_started:
        return False, f"once the write of x had finished, the read behind it did not start within {BESIDE_S:g} s"
    if after != ("next write", False, [], 1):
        return False, (
            "once the pending write of x had finished and the read behind it ran, the write behind that read "
            "was not x.pending_write, waiting, with the queue empty and one read running: when the pending "
            "write ends, the reads behind it start and the next write becomes the pending one at once"
        )
    return True, ""


def _reads_granted_at_push(engine_class) -> tuple[bool, str]:
    """MXNet grants a read at push when its variable has no pending write, however many workers there are:
    three reads of an idle variable pushed to two workers, then a write, leave ``running_reads`` at 3, the
    write pending (not granted) and the queue empty, right after the pushes (decided at push)."""
    engine = _new_engine(engine_class, num_workers=2)
    try:
        gate = threading.Event()
        x = engine.new_var("x")
        try:
            for i in range(3):
                engine.push(lambda: gate.wait(TIMEOUT), reads=[x], name=f"read {i}")
            engine.push(lambda: None, mutates=[x], name="write")
            seen = _bookkeeping(engine, x)
        finally:
            gate.set()
        engine.wait_all(timeout=TIMEOUT)
    finally:
        _close(engine)
    if seen is None:
        return False, (
            "x's bookkeeping could not be read: pending_write must be an operation of the engine or None, "
            "queue a deque of (operation, READ or WRITE) and running_reads a number"
        )
    held, granted, behind, running = seen
    if running != 3 or behind:
        return False, (
            f"with three reads of an idle x pushed to two workers, x.running_reads was {running!r} and x.queue "
            f"held {len(behind)} entries: MXNet grants a read at once when no write is pending, however many "
            "workers there are (a granted read may still wait for another variable, and then holds no worker)"
        )
    if held != "write" or granted:
        return False, (
            "with three reads of x granted and a write pushed behind them, that write was not x.pending_write "
            "waiting for them: MXNet keeps the oldest write pushed and not finished there"
        )
    return True, ""


def _bookkeeping(engine: _Blind, var) -> tuple | None:
    """What ``var`` keeps, read at once: (the check's name of its pending write, whether that write has been
    granted, ``var.queue`` as (the check's name, READ or WRITE) per entry, ``var.running_reads``); None when
    any of it is not what the step describes (the base counts in ``op.pending`` the grants an op misses)."""
    try:
        pending = var.pending_write
        held = None if pending is None else engine.names.get(pending.name)
        granted = pending is not None and not pending.pending >= 1
        behind = [(engine.names.get(op.name), kind) for op, kind in list(var.queue)]
        return held, granted, behind, var.running_reads
    except Exception:  # the student's objects: anything may be wrong with them
        return None


def _random_program(rng: random.Random, n_vars: int, n_ops: int) -> list:
    """``n_ops`` ops as (reads, writes, pause): indices of variables and a rare short pause."""
    ops = []
    for _ in range(n_ops):
        roles = [rng.choice("rrw-") for _ in range(n_vars)]
        ops.append(
            (
                [i for i, r in enumerate(roles) if r == "r"],
                [i for i, r in enumerate(roles) if r == "w"],
                rng.random() < 0.05,
            )
        )
    return ops


def _run_program(ops: list, n_vars: int, engine=None) -> tuple[list, list]:
    """Final values and what every op saw: one by one (engine None) or on ``engine``."""
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
    else:
        vars_ = [engine.new_var(f"v{i}") for i in range(n_vars)]
        for k, (reads, writes, pause) in enumerate(ops):
            engine.push(
                make(k, reads, writes, pause),
                reads=[vars_[i] for i in reads],
                mutates=[vars_[i] for i in writes],
                name=f"op{k}",
            )
        engine.wait_all(timeout=TIMEOUT)
    return state, log


def _random_programs(engine_class, count: int = 12, seed: int = 2024) -> tuple[bool, str]:
    rng = random.Random(seed)
    for k in range(count):
        n_vars, n_ops = rng.randint(2, 4), rng.randint(100, 200)
        ops = _random_program(rng, n_vars, n_ops)
        engine = _new_engine(engine_class, num_workers=rng.choice([2, 3, 4]))
        try:
            got = _run_program(ops, n_vars, engine)
        finally:
            _close(engine)
        if got != _run_program(ops, n_vars):
            return False, (
                f"random program {k + 1} ({n_ops} ops over {n_vars} variables) gave other "
                "results than running its ops one by one in push order"
            )
    return (
        True,
        f"pending_write, the queue and the running reads were kept as MXNet keeps them, and read/write orders held "
        f"in targeted cases and {count} random programs",
    )


@check(
    "hazards",
    times_cpu=False,
    points=2,
    threshold="1/1",
)
def check_hazards(self, engine_class) -> CheckResult:
    """MXNet's pending write is kept, and read-after-write, write-after-read and write-after-write hold in push order.

    First MXNet's bookkeeping with a read running and two writes behind it
    (:func:`_pending_write_kept`), with more reads granted than workers (:func:`_reads_granted_at_push`), and
    while a write runs and once it has finished (:func:`_running_write_kept`);
    then targeted cases with a slow first operation, then random programs whose
    results must equal running their ops one by one in push order.
    """
    _refuse_answer_key(engine_class)
    _require_hooks(engine_class)

    def condition() -> tuple[bool, str]:
        for test in (_pending_write_kept, _running_write_kept, _orders):
            ok, why = test(engine_class)
            if not ok:
                return ok, why
        return _random_programs(engine_class)

    return self.holds(condition)


@check(
    "serialize",
    times_cpu=False,
    points=1,
    protocol=_PAIRS,
    calls="your engine",
    relations=(_serial("dependent"), _side_by_side("independent")),
    sentence=lambda o: (
        f"a dependent pair overlapped for {_pct(o.bands[_key('dependent')].value)} of its length "
        f"(needs <= {SERIAL_MAX_OVERLAP * 100:g}%) and took {_time_ratio(o, 'dependent'):.2f}x "
        f"the sum of its parts, while two independent ops overlapped for "
        f"{_pct(o.bands[_key('independent')].value)} (needs >= {OVERLAP_MIN * 100:g}%)"
    ),
    threshold=f"dependent overlap <= {SERIAL_MAX_OVERLAP:g}, independent >= {OVERLAP_MIN:g}",
    figures=_pair_figures(("dependent", "independent")),
)
def check_serialize(self, engine_class) -> CheckResult:
    """An op that reads what another writes starts after it ends, on an engine that runs independent ops at once.

    The independent pair is the control: an engine that never runs two ops at
    once (one worker, one lock around every op, every op inside push) keeps
    the dependent pair apart by construction, which shows nothing of its rule.
    """
    _refuse_answer_key(engine_class)
    _require_hooks(engine_class)
    first, second, unpin = _workloads()
    try:
        return _pair_check(self, engine_class, ("dependent", "independent"), first, second, num_workers=2)
    finally:
        unpin()


@check(
    "overlap",
    times_cpu=False,
    points=2,
    protocol=_PAIRS,
    calls="your engine",
    relations=(_side_by_side("shared input"), _side_by_side(QUEUED_READS)),
    sentence=lambda o: (
        f"two ops sharing only an input ran side by side for "
        f"{_pct(o.bands[_key('shared input')].value)} of their length, and for "
        f"{_pct(o.bands[_key(QUEUED_READS)].value)} when queued behind a write "
        f"(needs >= {OVERLAP_MIN * 100:g}% each); the first pair took "
        f"{_time_ratio(o, 'shared input'):.2f}x the sum of its parts"
    ),
    threshold=f"overlap >= {OVERLAP_MIN:g}",
    figures=_pair_figures(("shared input", QUEUED_READS)),
)
def check_overlap(self, engine_class) -> CheckResult:
    """Two ops that only share an input run at once on two workers.

    Two patterns, each must overlap >= 50%: both reads pushed to an idle
    variable (each push can grant its own read), and both reads pushed
    behind a running write (its end must grant both from the queue).
    """
    _refuse_answer_key(engine_class)
    _require_hooks(engine_class)
    first, second, unpin = _workloads()
    try:
        return _pair_check(self, engine_class, ("shared input", QUEUED_READS), first, second, num_workers=2)
    finally:
        unpin()


# ---------------------------------------------------------------- step 2 (step 4 shows it): errors travel with the data
@check(
    "errors-at-wait",
    times_cpu=False,
    points=1,
    threshold="3/3",
)
def check_errors_at_wait(self, engine_class) -> CheckResult:
    """An error inside an op comes out of the next wait covering it, not out of push.

    Ops that read the failed variable are skipped; unrelated variables stay
    usable, and an unrelated op runs while the failing one runs (on an engine
    that runs one op at a time, the reader is held back by construction); the
    error is reported once.
    """
    _refuse_answer_key(engine_class)
    _require_hooks(engine_class)

    def condition() -> tuple[bool, str]:
        engine = _new_engine(engine_class, num_workers=2)
        try:
            error = OpError("raised inside an operation")
            ran: list[str] = []
            faulty_ended: list[float] = []
            w_started: list[float] = []

            def faulty():
                time.sleep(FAULTY_S)  # an engine that does not hold z behind it runs z meanwhile
                faulty_ended.append(time.perf_counter())
                raise error

            def unrelated():
                w_started.append(time.perf_counter())
                ran.append("w")

            y, z, w = engine.new_var("y"), engine.new_var("z"), engine.new_var("w")
            try:
                engine.push(faulty, mutates=[y], name="faulty")
                engine.push(lambda: ran.append("z"), reads=[y], mutates=[z], name="z = y + 1")
                engine.push(unrelated, mutates=[w], name="w = 1")
            except OpError:
                return False, (
                    "the error came out of push, at the faulty line; a threaded engine reports it at the next wait"
                )
            try:
                engine.wait_for_var(w, timeout=TIMEOUT)
            except OpError:
                return False, "waiting for an unrelated variable raised the error"
            try:
                engine.wait_for_var(z, timeout=TIMEOUT)
            except OpError as caught:
                if caught is not error:
                    return False, "the wait raised a different error from the one the op raised"
            else:
                return False, "waiting for z = y + 1 raised nothing: the error of the op writing y was lost"
            if "z" in ran:
                return False, "z = y + 1 ran although y had failed; it should have been skipped"
            if not (w_started and faulty_ended and w_started[0] < faulty_ended[0]):
                return False, (
                    "w = 1, which shares nothing with the failing op, did not run while it ran: an engine that "
                    "runs one op at a time holds z back by construction, which shows nothing of its rule"
                )
            try:
                engine.wait_all(timeout=TIMEOUT)
            except OpError:
                return False, "wait_all raised the same error again; it is reported once"
            return True, ("the error surfaced at the wait for z, the op reading y was skipped, w was unaffected")
        finally:
            _close(engine)

    return self.holds(condition, repeat=3)


# ---------------------------------------------------------------- step 3

WORKED_EXAMPLE = (  # (statement, reads, writes) of MXNet's engine notes
    ("B = A + 1", ("A",), ("B",)),
    ("C = A + 2", ("A",), ("C",)),
    ("A = C * 2", ("C",), ("A",)),
    ("D = A + 3", ("A",), ("D",)),
)
#: the value A starts at in each of the check's runs of the worked example, drawn (the step's colleague ran it from
#: 1): results typed in from the step's text, {"A": 6, "B": 2, "C": 3, "D": 9}, are right for A = 1 only
WORKED_STARTS = (2, 100)


def _declaration_problem(reads, writes, got_r, got_w) -> str:
    """What is wrong with a push's declared sets, without naming the right ones."""
    problems = []
    for what, right, got in (("reads", reads, got_r), ("mutates", writes, got_w)):
        missing, extra = len(set(right) - set(got)), len(set(got) - set(right))
        if missing:
            problems.append(
                f"{what} misses {missing} variable{'s' if missing > 1 else ''} the statement "
                f"{'reads' if what == 'reads' else 'writes'}"
            )
        if extra:
            problems.append(
                f"{what} lists {extra} variable{'s' if extra > 1 else ''} the statement does not "
                f"{'read' if what == 'reads' else 'write'}"
            )
    return "; ".join(problems) or "the declared sets are not what the statement does"


#: each statement's target: (the variable it reads, what it computes from it)
_STATEMENTS = {
    "B": ("A", lambda a: a + 1),
    "C": ("A", lambda a: a + 2),
    "A": ("C", lambda c: c * 2),
    "D": ("A", lambda a: a + 3),
}


def _worked_values(start: int) -> dict[str, int]:
    """The values the statements of :data:`WORKED_EXAMPLE` leave, run in its order from ``A = start``, by name."""
    values = {"A": start}
    for _, _, (target,) in WORKED_EXAMPLE:
        source, compute = _STATEMENTS[target]
        values[target] = compute(values[source])
    return dict(sorted(values.items()))


def _equal(a, b) -> bool:
    try:
        return bool(a == b)
    except Exception:
        return False


def _watched_data(initial: dict, running: threading.local, writes: list, reads: set) -> dict:
    """The ``data`` the check hands over: a dict that appends ``(op, key, value, source value)`` to ``writes``
    for every write and adds ``(op, key)`` to ``reads`` for every read by index or ``get``, ``op`` being the
    push index of the operation running on that thread (None: none).

    ``writes`` and ``reads`` stay with the check: nothing the answer is handed leads to them but the dict's
    own methods.
    """

    class Data(dict):
        def __getitem__(self, key):
            reads.add((getattr(running, "op", None), key))
            return dict.__getitem__(self, key)

        def get(self, key, default=None):
            reads.add((getattr(running, "op", None), key))
            return dict.get(self, key, default)

        def __setitem__(self, key, value) -> None:
            source = _STATEMENTS.get(key, (None,))[0]
            writes.append((getattr(running, "op", None), key, value, dict.get(self, source)))
            dict.__setitem__(self, key, value)

        def update(self, *args, **kwargs) -> None:
            for key, value in dict(*args, **kwargs).items():
                self[key] = value

        def setdefault(self, key, default=None):
            if key not in self:
                self[key] = default
            return self[key]

        def __ior__(self, other):
            self.update(other)
            return self

    return Data(initial)


def _statements_pushed(declared: list) -> list:
    """The statement of :data:`WORKED_EXAMPLE` each push stands for, in push order: the one whose target it
    alone declares it writes (the four statements write four different variables, and two that do not
    depend on each other, B's and C's, may be pushed in either order: a wrong order of the others shows in
    the values); by push order where the declared writes do not tell the statements apart."""
    by_target = {entry[2]: entry for entry in WORKED_EXAMPLE}
    matched = [by_target.get(tuple(got_w)) for _, got_w in declared]
    if any(entry is None for entry in matched) or len(set(matched)) != len(WORKED_EXAMPLE):
        return list(WORKED_EXAMPLE)
    return matched


def _writes_problem(writes: list, reads: set, statements: list) -> str:
    """'' when the operation of each push, and it alone, wrote its statement's target (``statements``, in
    push order), computed from the value its source held at that moment, having read the source from data;
    else what went wrong (without naming a declaration)."""
    written = [False] * len(statements)
    for op, key, value, source_value in writes:
        if op is None:
            return (
                f"worked_example wrote {key} in data itself, outside the operations it pushed: each statement's "
                "operation computes and writes its own result, in the order the engine gives it"
            )
        statement, _, (target,) = statements[op]
        if key != target:
            return f"the operation pushed for '{statement}' wrote {key} in data, which its statement does not write"
        source, compute = _STATEMENTS[target]
        if not _equal(value, compute(source_value)):
            return (
                f"the operation pushed for '{statement}' wrote {target} = {value!r} while {source} held "
                f"{source_value!r}: it must compute its statement from data when it runs"
            )
        written[op] = True
    for (statement, _, (target,)), done in zip(statements, written):
        if not done:
            return f"the operation pushed for '{statement}' did not write {target} in data"
    for op, (statement, _, (target,)) in enumerate(statements):
        source = _STATEMENTS[target][0]
        if (op, source) not in reads:
            return (
                f"the operation pushed for '{statement}' never read {source} from data: it must compute its "
                "statement from data when it runs"
            )
    return ""


@check("worked-example", times_cpu=False, points=1, functions=("worked_example",), threshold="exact")
def check_worked_example(self, worked_example: Callable) -> CheckResult:
    """``worked_example(engine, data)`` pushes the four statements of MXNet's example.

    Passes when every push declares exactly what its statement reads and
    writes (each push stands for the statement whose target it declares it
    writes, so that B's and C's may come in either order; variables named
    A, B, C, D, one variable per name: a fresh
    variable that only carries a name orders nothing), the operation pushed
    for each statement reads its input from ``data`` and writes its result
    there (and nothing else writes), computed from the value its input
    holds when it runs, and the
    values come out right even when the engine runs the operations at
    random speeds, from a value of A drawn per run (2-99). What each push declared, and who wrote what, is noted
    where the answer cannot reach it (the check's locals), not on the
    engine it is handed.
    """
    from asynclab.lessons.l05_inside_the_engine.engine_reference import Engine

    rng = random.Random(7)
    running = threading.local()  # .op: the push index of the operation running on this thread

    def inspecting(declared: list, named: dict) -> Engine:
        """Our engine, noting in ``declared`` and ``named`` what each push declares, slowing ops at random."""

        class Inspecting(Engine):
            def push(self, fn, reads=(), mutates=(), name=None):
                r, m = self._own_vars(reads, "reads"), self._own_vars(mutates, "mutates")
                index = len(declared)
                declared.append((tuple(sorted(v.name for v in r)), tuple(sorted(v.name for v in m))))
                for var in (*r, *m):
                    named.setdefault(var.name, set()).add(id(var))
                pause = rng.random() * 0.004

                def slowed():
                    time.sleep(pause)
                    running.op = index
                    try:
                        return fn()
                    finally:
                        running.op = None

                super().push(slowed, r, m, name)  # the tuples: reads and mutates may be iterators, used up

        return Inspecting(num_workers=3)

    for _ in range(8):
        declared: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
        named: dict[str, set[int]] = {}  # each name: the variables that carried it
        writes: list = []
        reads: set = set()
        engine = inspecting(declared, named)
        start = draw.randrange(*WORKED_STARTS)
        data = _watched_data({"A": start}, running, writes, reads)
        try:
            worked_example(engine, data)
            engine.wait_all(timeout=TIMEOUT)
        except Exception as error:
            _close(engine)
            return self.fail(f"your worked_example raised {type(error).__name__}: {error}")
        _close(engine)
        if len(declared) != len(WORKED_EXAMPLE):
            return self.fail(f"expected {len(WORKED_EXAMPLE)} pushes, one per statement, got {len(declared)}")
        twice = sorted(name for name, ids in named.items() if len(ids) > 1)
        if twice:
            return self.fail(
                f"the statements declared more than one variable named {twice[0]}: the engine orders two operations "
                "only when they share a variable, so every statement must use the same one"
            )
        statements = _statements_pushed(declared)
        for (statement, right_r, right_w), (got_r, got_w) in zip(statements, declared):
            if (got_r, got_w) != (right_r, right_w):
                return self.fail(
                    f"'{statement}' was pushed with reads={list(got_r)} and mutates={list(got_w)}: "
                    f"{_declaration_problem(right_r, right_w, got_r, got_w)}"
                )
        problem = _writes_problem(writes, reads, statements)
        if problem:
            return self.fail(problem)
        values = {k: dict.get(data, k) for k in "ABCD"}
        if values != _worked_values(start):
            return self.fail(f"from A = {start} the values came out as {values}, not what the four statements give")
    return self.holds(
        lambda: (
            True,
            "all four statements declared the right reads and writes; values right in 8 runs at random speeds",
        )
    )


# ---------------------------------------------------------------- step 5
#: Step 5's program, in push order: (name, reads, mutates). Each op sleeps OP_SECONDS; two workers.
#: Three operations are ready at once when it starts, one more than there are workers, so the worker
#: limit decides a round; every other tie is between exactly two operations, so the rounds do not
#: depend on which of two operations of a round ends first.
SCHEDULE = (
    ("load x", (), ("x",)),
    ("load y", (), ("y",)),
    ("load v", (), ("v",)),
    ("z = f(x, y)", ("x", "y"), ("z",)),
    ("x[:] = 0", (), ("x",)),
    ("w = g(v)", ("v",), ("w",)),
    ("print(x)", ("x",), ()),
    ("out = h(z, w)", ("z", "w"), ("out",)),
)
SCHEDULE_WORKERS = 2
OP_SECONDS = 0.1


def push_schedule(engine, seconds: float = OP_SECONDS) -> None:
    """Push :data:`SCHEDULE` onto ``engine``: one variable per name, each op sleeping ``seconds``."""
    names = sorted({v for _, reads, mutates in SCHEDULE for v in reads + mutates})
    var = {name: engine.new_var(name) for name in names}
    for name, reads, mutates in SCHEDULE:
        engine.push(
            lambda: time.sleep(seconds), reads=[var[v] for v in reads], mutates=[var[v] for v in mutates], name=name
        )


def rounds_of(records) -> dict[str, int]:
    """The round of each op in a measured run: 0 when it started before any op had ended, else one
    more than the latest round among the ops that had ended when it started."""
    ordered = sorted(records, key=lambda r: r.start)
    rounds: dict[str, int] = {}
    for record in ordered:
        before = [rounds[r.name] for r in ordered if r.name in rounds and r.end <= record.start]
        rounds[record.name] = 1 + max(before) if before else 0
    return rounds


def measure_schedule() -> dict[str, int]:
    """The round of every op of :data:`SCHEDULE`, measured on an engine with MXNet's rule, two workers.

    Only the check may call it: a prediction copied from the check's own
    measurement is not a prediction.
    """
    refuse_unless_checking(check_predict_schedule)
    from asynclab.lessons.l05_inside_the_engine.engine_reference import Engine

    with Engine(num_workers=SCHEDULE_WORKERS) as engine:
        push_schedule(engine)
        engine.wait_all(timeout=TIMEOUT)
    return rounds_of(engine.records)


def _as_round(value) -> int | None:
    """A prediction as a whole round number, or None when it is not one."""
    import numbers

    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    if value < 0 or value != int(value):
        return None
    return int(value)


@check(
    "predict-schedule",
    times_cpu=False,
    points=2,
    threshold="all operations, 3/3",
    # an engine's class, or threads and clocks of one's own (a thread per operation, two at a time, read off
    # the clock): what runs the program measures its rounds
    measured_by=("asynclab.foundation.engine.EngineBase", "asynclab.foundation.engine.ThreadedVarEngineBase", *CLOCKS),
)
def check_predict_schedule(self, predicted) -> CheckResult:
    """``predicted`` maps each op name of :data:`SCHEDULE` to the round it starts in (0, 1, 2, ...).

    The check runs the program on an engine with MXNet's rule and two
    workers, each op taking 0.1 s, reads the rounds off the measured start
    and end times (:func:`rounds_of`), and passes when every prediction
    matches. A FAIL says neither how many predictions missed nor which.
    """
    names = [name for name, _, _ in SCHEDULE]

    def condition() -> tuple[bool, str]:
        table = plain(predicted)  # judged on a plain copy, each entry read once (predictions.plain)
        if table is None or set(table) != set(names):
            return False, (
                "PREDICTED_ROUNDS must be a dict with one entry per operation of lab05.SCHEDULE, "
                "the operation's name as key"
            )
        rounds = {n: _as_round(table[n]) for n in names}
        bad = [n for n in names if rounds[n] is None]
        if bad:
            return False, (f"each prediction must be a round number 0, 1, 2, ...; {bad[0]!r} is {table[bad[0]]!r}")
        measured = measure_schedule()
        if any(rounds[n] != measured[n] for n in names):
            return False, (
                "your predictions did not all match the rounds measured: an "
                "operation starts when every operation queued before it on a variable it uses "
                "allows it, and a worker is free"
            )
        return True, ""

    return self.holds(
        condition, repeat=3, description=f"all {len(names)} predictions matched the rounds measured, 3 runs"
    )
