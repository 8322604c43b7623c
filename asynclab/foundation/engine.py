"""A small dependency engine, built the way MXNet's engine is built.

The front end (your Python code) *pushes* operations; the engine runs them
later on worker threads, in an order that gives the same results as running
them one by one in push order. It knows nothing about arrays: it only knows
*variables* (tags for pieces of data) and, for every operation, which
variables it reads and which it mutates.

Vocabulary and invariants
-------------------------
- A **variable** (:class:`Var`) has a FIFO queue of the dependencies that
  are waiting for it, a count of the reads running on it and a flag saying
  whether a write is running on it.
- An **operation** waits for one grant per variable it uses. ``op.pending``
  counts the grants still missing; the operation is handed to a worker when
  it reaches 0.
- The dependency rule, applied to the head of each variable's queue:

  * a read may start when no write is running on the variable;
  * a write may start when nothing (no read, no write) is running on it;
  * nothing overtakes the head of the queue.

  So reads of one variable run side by side, and read-after-write,
  write-after-read and write-after-write all happen in push order.
- ``wait_for_var(v)`` returns when every write to ``v`` pushed so far has
  finished; ``wait_all()`` when every operation has.
- An exception raised by an operation is stored on the variables it mutates
  and raised by the next ``wait_for_var`` / ``wait_all`` that covers them.
  Operations that use a failed variable later are skipped and pass the same
  error on. An error is reported once, then forgotten (MXNet does the same).
- Every operation leaves an :class:`OpRecord`: name, worker and three
  ``time.perf_counter`` readings in seconds (enqueue, start, end).

This module is the machinery, :class:`EngineBase` (validation, worker
threads, records, waiting, errors, naive mode). The dependency rule, three
short methods ``_on_push``, ``_dispatch`` and ``_on_complete``, is what lab 05
asks students to write on top of it; the course's own rule, which the
lessons' demonstrations run on, lives in :mod:`asynclab.lessons.l05_inside_the_engine.engine_reference`,
and lab 05's checks refuse an engine that uses or copies it.
"""

from __future__ import annotations

import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Union

from asynclab.foundation.timing import Span

__all__ = ["EngineBase", "ThreadedVarEngineBase", "OpRecord", "Var", "Op", "EngineError", "READ", "WRITE", "Span"]

READ, WRITE = False, True  # the second item of a queue entry: is it a write?

VarList = Union["Var", Iterable["Var"]]


class EngineError(RuntimeError):
    """The engine was used in a way it does not allow (a plain sentence says how)."""


class Var:
    """A tag for one piece of data. Create it with :meth:`EngineBase.new_var`.

    The fields below belong to the engine and change only under its lock.
    """

    __slots__ = ("name", "engine", "queue", "running_reads", "writing", "pending_write", "pending_writes", "failure")

    def __init__(self, name: str, engine: EngineBase) -> None:
        self.name = name
        self.engine = engine
        # Dependencies waiting for this variable, oldest first: (op, is_write).
        self.queue: deque[tuple[Op, bool]] = deque()
        self.running_reads = 0  # reads granted and not finished yet
        self.writing = False  # a write is granted and not finished yet
        self.pending_write: Op | None = None  # ThreadedVarEngineBase: the oldest write pushed and not finished
        self.pending_writes = 0  # pushed writes not finished yet (for wait_for_var)
        self.failure: _Failure | None = None

    def __repr__(self) -> str:
        return f"Var({self.name!r})"


class Op:
    """One pushed operation on its way through the engine."""

    __slots__ = ("fn", "name", "reads", "mutates", "pending", "enqueue")

    def __init__(
        self, fn: Callable[[], object], name: str, reads: tuple[Var, ...], mutates: tuple[Var, ...], enqueue: float
    ) -> None:
        self.fn = fn
        self.name = name
        self.reads = reads
        self.mutates = mutates
        self.pending = 0  # grants still missing before it may run
        self.enqueue = enqueue  # time.perf_counter() at push, seconds

    def __repr__(self) -> str:
        return f"Op({self.name!r}, pending={self.pending})"


@dataclass(frozen=True)
class OpRecord:
    """What happened to one operation. Times are ``time.perf_counter`` seconds.

    ``status`` is ``"done"``, ``"failed"`` (its function raised) or
    ``"skipped"`` (it used a variable that an earlier failure had spoiled).
    """

    name: str
    worker: str
    enqueue: float
    start: float
    end: float
    status: str = "done"

    @property
    def duration(self) -> float:
        """Seconds the operation ran."""
        return self.end - self.start

    @property
    def queued(self) -> float:
        """Seconds between push and start."""
        return self.start - self.enqueue

    def span(self) -> Span:
        """A bar for :func:`asynclab.foundation.plots.timeline`: one row per worker."""
        return Span(self.worker, self.name, self.start, self.end)


class _Failure:
    """An exception raised by an operation, shared by every variable it spoiled."""

    __slots__ = ("error", "op_name", "reported")

    def __init__(self, error: BaseException, op_name: str) -> None:
        self.error = error
        self.op_name = op_name
        self.reported = False


def _active(failure: _Failure | None) -> bool:
    return failure is not None and not failure.reported


class EngineBase:
    """Everything an engine needs except the dependency rule.

    Subclasses implement ``_on_push(op)``, ``_dispatch(var)`` and
    ``_on_complete(op)`` (see :mod:`asynclab.lessons.l05_inside_the_engine.engine_reference`); the base class calls them
    with its lock held and starts an operation when :meth:`_grant` has been
    called once for each variable it uses.

    ``naive=True`` runs every operation inside :meth:`push`, on the calling
    thread, like MXNet's ``NaiveEngine``; an error then comes straight out
    of ``push``.
    """

    def __init__(self, num_workers: int = 2, naive: bool = False) -> None:
        if isinstance(num_workers, bool) or not isinstance(num_workers, int):
            raise TypeError(f"num_workers must be an integer, not {type(num_workers).__name__}.")
        if num_workers < 1:
            raise ValueError(f"num_workers must be at least 1, got {num_workers}.")
        self.naive = bool(naive)
        self.num_workers = 0 if self.naive else num_workers
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)  # notified when waits may end
        self._ready: queue.SimpleQueue[Op | None] = queue.SimpleQueue()
        self._pending = 0  # pushed operations not finished yet
        self._failures: list[_Failure] = []
        self._broken: Exception | None = None  # a bug in the engine itself (see _work)
        self._records: list[OpRecord] = []
        self._var_count = 0
        self._closed = False
        self._threads: list[threading.Thread] = []
        for i in range(self.num_workers):
            thread = threading.Thread(
                target=self._work, args=(f"worker-{i}",), name=f"asynclab-engine-worker-{i}", daemon=True
            )
            thread.start()
            self._threads.append(thread)
        self._worker_ids = {t.ident for t in self._threads}

    # ------------------------------------------------------------------ front end

    def new_var(self, name: str | None = None) -> Var:
        """A new variable owned by this engine (``name`` is for messages and plots)."""
        if name is None:
            name = f"v{self._var_count}"
        elif not isinstance(name, str):
            raise TypeError(f"a variable name must be a string, not {type(name).__name__}.")
        self._var_count += 1
        return Var(name, self)

    def push(
        self, fn: Callable[[], object], reads: VarList = (), mutates: VarList = (), name: str | None = None
    ) -> None:
        """Queue ``fn()`` to run once what it reads and mutates is ready; return at once.

        ``reads`` and ``mutates`` are variables of this engine (a list, a tuple
        or one variable). A variable may appear in only one of them, once:
        mutating implies reading.
        """
        if self._closed:
            raise EngineError("this engine has been shut down; push to a new engine instead.")
        if not callable(fn):
            raise TypeError(f"push() needs a callable to run, got {type(fn).__name__}.")
        reads = self._own_vars(reads, "reads")
        mutates = self._own_vars(mutates, "mutates")
        if reads and mutates and not set(reads).isdisjoint(mutates):
            both = sorted(v.name for v in set(reads) & set(mutates))
            raise ValueError(
                f"{', '.join(both)} appears in both reads and mutates. MXNet's engine treats "
                "that as a fatal error (CheckDuplicate); list it in mutates only, since "
                "mutating a variable implies reading it."
            )
        if name is None:
            name = getattr(fn, "__name__", type(fn).__name__)
        op = Op(fn, name, reads, mutates, time.perf_counter())
        if self.naive:
            self._run_now(op)
            return
        with self._lock:
            self._pending += 1
            for var in mutates:
                var.pending_writes += 1
            # One grant per variable, plus one that push itself gives at the
            # end: the operation cannot start before all its entries are queued.
            op.pending = len(reads) + len(mutates) + 1
            self._on_push(op)
            self._grant(op)

    def wait_for_var(self, var: Var, timeout: float | None = None) -> None:
        """Block until every write to ``var`` pushed so far has finished.

        Raises the error of a failed operation that spoiled ``var`` (once), and
        :class:`TimeoutError` when ``timeout`` seconds pass first.
        """
        self._check_can_wait()
        if not isinstance(var, Var):
            raise TypeError(f"wait_for_var() needs a variable made by new_var(), not {type(var).__name__}.")
        if var.engine is not self:
            raise ValueError(f"variable {var.name!r} belongs to another engine.")
        with self._changed:
            if not self._changed.wait_for(lambda: var.pending_writes == 0 or self._broken, timeout):
                raise TimeoutError(f"writes to {var.name!r} did not finish within {timeout:g} s.")
            self._raise_if_broken()
            failure = var.failure
            if not _active(failure):
                return
            failure.reported = True
        raise failure.error

    def wait_all(self, timeout: float | None = None) -> None:
        """Block until every pushed operation has finished.

        Raises the first error not reported yet (and forgets the others), and
        :class:`TimeoutError` when ``timeout`` seconds pass first.
        """
        self._check_can_wait()
        with self._changed:
            if not self._changed.wait_for(lambda: self._pending == 0 or self._broken, timeout):
                raise TimeoutError(f"{self._pending} operation(s) did not finish within {timeout:g} s.")
            self._raise_if_broken()
            unreported = [f for f in self._failures if not f.reported]
            for failure in self._failures:
                failure.reported = True
            self._failures.clear()
        if unreported:
            raise unreported[0].error

    def shutdown(self, wait: bool = True) -> None:
        """Refuse further pushes, let pushed operations finish (``wait``), stop the workers.

        Errors not reported yet are dropped: call :meth:`wait_all` first to see them.
        Calling it again does nothing.
        """
        with self._changed:
            if self._closed:
                return
            self._closed = True
            if wait and threading.get_ident() not in self._worker_ids:
                self._changed.wait_for(lambda: self._pending == 0 or self._broken)
        for _ in self._threads:
            self._ready.put(None)  # one stop signal per worker
        if wait:
            for thread in self._threads:
                if thread is not threading.current_thread():
                    thread.join()

    def __enter__(self) -> EngineBase:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            if exc_type is None:
                self.wait_all()
        finally:
            self.shutdown(wait=exc_type is None)

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def records(self) -> list[OpRecord]:
        """A copy of the records of every finished operation, in finishing order."""
        with self._lock:
            return list(self._records)

    def spans(self) -> list[Span]:
        """The records as :class:`asynclab.foundation.timing.Span` bars, one row per worker."""
        return [r.span() for r in self.records]

    def clear_records(self) -> None:
        with self._lock:
            self._records.clear()

    def __repr__(self) -> str:
        kind = "naive" if self.naive else f"{self.num_workers} workers"
        state = ", shut down" if self._closed else ""
        return f"{type(self).__name__}({kind}, {self._pending} pending{state})"

    # ------------------------------------------------------------------ the dependency rule

    def _on_push(self, op: Op) -> None:
        """Queue ``op``'s dependencies and grant those that may start now."""
        raise NotImplementedError("a subclass implements the dependency rule (_on_push).")

    def _dispatch(self, var: Var) -> None:
        """Grant the dependencies at the head of ``var``'s queue that may start now."""
        raise NotImplementedError("a subclass implements the dependency rule (_dispatch).")

    def _on_complete(self, op: Op) -> None:
        """``op`` has finished: release what it held and grant what may follow."""
        raise NotImplementedError("a subclass implements the dependency rule (_on_complete).")

    def _grant(self, op: Op) -> None:
        """One more dependency of ``op`` is satisfied; start it when none is missing."""
        op.pending -= 1
        if op.pending == 0:
            self._ready.put(op)

    # ------------------------------------------------------------------ back end

    def _work(self, worker: str) -> None:
        """A worker thread: run ready operations until a stop signal arrives."""
        while True:
            op = self._ready.get()
            if op is None:
                return
            try:
                self._execute(op, worker)
            except Exception as error:  # the engine's own code failed, not the op
                with self._changed:
                    self._broken = error
                    self._changed.notify_all()
                return

    def _execute(self, op: Op, worker: str) -> _Failure | None:
        """Run (or skip) ``op`` and do the bookkeeping of its end; return its failure."""
        start = time.perf_counter()
        failure = next((v.failure for v in op.reads + op.mutates if _active(v.failure)), None)
        if failure is not None:
            status = "skipped"  # an input is spoiled: pass the same error on
        else:
            try:
                op.fn()
                status = "done"
            except Exception as error:
                failure = _Failure(error, op.name)
                status = "failed"
        end = time.perf_counter()
        with self._lock:
            self._records.append(OpRecord(op.name, worker, op.enqueue, start, end, status))
            if status == "failed":
                self._failures.append(failure)
            for var in op.mutates:
                var.failure = failure
            if not self.naive:
                for var in op.mutates:
                    var.pending_writes -= 1
                    if var.pending_writes == 0:
                        self._changed.notify_all()
                self._on_complete(op)
                self._pending -= 1
                if self._pending == 0:
                    self._changed.notify_all()
        op.fn = None  # drop the closure (and the arrays it holds)
        return failure

    def _run_now(self, op: Op) -> None:
        """Naive mode: run ``op`` on the calling thread; its error comes out of push."""
        failure = self._execute(op, "main")
        if failure is not None:
            failure.reported = True
            raise failure.error

    # ------------------------------------------------------------------ checks of use

    def _own_vars(self, vars: VarList, what: str) -> tuple[Var, ...]:
        """``vars`` as a tuple, after checking each is a distinct variable of this engine."""
        if isinstance(vars, Var):
            return (vars,)
        if isinstance(vars, (str, bytes)) or not isinstance(vars, Iterable):
            raise TypeError(f"{what} must be a list or tuple of variables, not {type(vars).__name__}.")
        vars = tuple(vars)
        for var in vars:
            if not isinstance(var, Var):
                raise TypeError(f"{what} may contain only variables made by new_var(), not {type(var).__name__}.")
            if var.engine is not self:
                raise ValueError(
                    f"variable {var.name!r} belongs to another engine; each engine tracks only its own variables."
                )
        if len(vars) > 1 and len(set(vars)) != len(vars):
            raise ValueError(
                f"a variable appears twice in {what}; list each once (MXNet's CheckDuplicate refuses this too)."
            )
        return vars

    def _raise_if_broken(self) -> None:
        error = self._broken
        if error is not None:
            raise EngineError(
                f"the engine's own bookkeeping failed on a worker ({type(error).__name__}: {error}); it cannot go on."
            ) from error

    def _check_can_wait(self) -> None:
        if threading.get_ident() in self._worker_ids:
            raise EngineError("an operation cannot wait for the engine that runs it: the worker would wait for itself.")


class ThreadedVarEngineBase(EngineBase):
    """An engine whose dependency rule is written as MXNet's ``ThreadedVar`` writes it: four hooks per variable.

    MXNet's engine (``src/engine/threaded_engine.cc``) grants at the moment a
    dependency is appended or completes, never by looking at the head of a
    queue: per variable it keeps the reads running (``var.running_reads``),
    the oldest write pushed and not finished (``var.pending_write``, running
    or waiting for those reads; ``None`` when there is none) and, behind that
    write, what was pushed after it (``var.queue``, oldest first). A subclass
    implements :meth:`append_read`, :meth:`append_write`,
    :meth:`complete_read` and :meth:`complete_write`; this class calls them,
    with the lock held, for every variable of a pushed or finished operation.
    """

    def _on_push(self, op: Op) -> None:
        for var in op.reads:
            self.append_read(var, op)
        for var in op.mutates:
            self.append_write(var, op)

    def _dispatch(self, var: Var) -> None:
        """Not used: the four hooks grant as they go."""

    def _on_complete(self, op: Op) -> None:
        for var in op.reads:
            self.complete_read(var, op)
        for var in op.mutates:
            self.complete_write(var, op)

    def append_read(self, var: Var, op: Op) -> None:
        """``op``, just pushed, reads ``var``: grant it now or queue it behind the pending write."""
        raise NotImplementedError("a subclass implements the dependency rule (append_read).")

    def append_write(self, var: Var, op: Op) -> None:
        """``op``, just pushed, writes ``var``: make it the pending write, or queue it."""
        raise NotImplementedError("a subclass implements the dependency rule (append_write).")

    def complete_read(self, var: Var, op: Op) -> None:
        """A read of ``var`` (by ``op``) finished: when it was the last, the pending write may start."""
        raise NotImplementedError("a subclass implements the dependency rule (complete_read).")

    def complete_write(self, var: Var, op: Op) -> None:
        """The pending write of ``var`` (``op``) finished: grant what its end allows."""
        raise NotImplementedError("a subclass implements the dependency rule (complete_write).")
