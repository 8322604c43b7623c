"""CPU time that the process's other Python threads and its child processes use while a block runs.

A check that times a reference of its own (a serial loop, say) beside an answer's run assumes that none of
the answer's work runs while the reference is timed. A thread the answer left running, or a process it
started, takes the CPU (and a thread the interpreter's lock) from the reference, and so makes the answer look
faster. :func:`bystanders` counts the CPU seconds used while the block ran by every thread of the process but
the calling one and the threads that MXNet, PyTorch or OpenMP start (the check's own work runs there), and by
every child process, recursively.

It reads the process's whole CPU time, which keeps the time of threads that have ended, and takes away the
calling thread's and that of the threads alive at the block's end that are not Python threads. So a thread
that spins and ends before the block does is counted too. The threads' own times come from the operating
system's per-thread accounts (``/proc/self/task`` in nanoseconds on Linux, ``psutil`` elsewhere).
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import sys
import threading
import time
from collections.abc import Iterator

__all__ = ["Bystanders", "bystanders"]

_TASKS = "/proc/self/task"
#: the functions of ``threading`` a thread runs last, after it has left the table of threads
EXITING = frozenset({"_bootstrap", "_bootstrap_inner", "_delete"})


@dataclasses.dataclass
class Bystanders:
    """What :func:`bystanders` counted: the block's wall time and the others' CPU time in it, seconds."""

    seconds: float = 0.0
    cpu_s: float = 0.0
    hidden: int = 0  # Python threads that ``threading`` does not list, at the block's start or end

    @property
    def share(self) -> float:
        """The others' CPU seconds per second of the block (1.0: one core kept busy all along)."""
        return self.cpu_s / self.seconds if self.seconds > 0 else 0.0


@dataclasses.dataclass
class _Reading:
    """The process's CPU accounts at one moment, seconds."""

    clock: float  # time.perf_counter() next to process_s, s
    process_s: float  # every thread's, those that have ended included
    caller_s: float  # the calling thread's
    python: set[int]  # the operating system's ids of the other Python threads
    threads_s: dict[int, float]  # each live thread's, by the operating system's id
    children_s: dict[int, float]  # each live child process's, and what its own ended children used
    reaped_s: float  # the ended child processes' that the process has waited for


def _python_threads() -> set[int]:
    """The operating system's ids of the process's Python threads, the calling one left out."""
    me = threading.get_native_id()
    return {t.native_id for t in threading.enumerate() if t.native_id is not None and t.native_id != me}


def _hidden_python_threads() -> int:
    """How many threads run Python code that ``threading`` does not list: one that took itself out of
    ``threading``'s table, or one the interpreter's private thread module started and that never asked for its
    ``threading`` object. Their ids cannot be told from a framework's native threads, so their CPU time would
    pass for the check's own."""
    listed = {t.ident for t in threading.enumerate()}
    return sum(1 for ident, frame in sys._current_frames().items() if ident not in listed and not _exiting(frame))


def _exiting(frame) -> bool:
    """Whether a thread's innermost ``frame`` is ``threading``'s own, as it ends: out of the table, not yet gone."""
    return frame.f_globals.get("__name__") == "threading" and frame.f_code.co_name in EXITING


def _threads_seconds() -> dict[int, float]:
    """CPU seconds so far of each live thread of the process, by the operating system's id."""
    if os.path.isdir(_TASKS):
        used = {}
        for name in os.listdir(_TASKS):
            with contextlib.suppress(OSError, ValueError, IndexError):  # it may have ended in between
                with open(f"{_TASKS}/{name}/schedstat") as f:
                    used[int(name)] = int(f.read().split()[0]) / 1e9  # nanoseconds on a CPU
        if used:
            return used
    import psutil

    return {t.id: t.user_time + t.system_time for t in psutil.Process().threads()}


def _children_seconds() -> tuple[dict[int, float], float]:
    """CPU seconds so far of each live child process (and of its own ended children), and of the ended child
    processes the process has waited for."""
    import psutil

    process = psutil.Process()
    children_s = {}
    for child in process.children(recursive=True):
        with contextlib.suppress(psutil.Error):  # it may have ended in between
            t = child.cpu_times()
            children_s[child.pid] = t.user + t.system + t.children_user + t.children_system
    own = process.cpu_times()
    return children_s, own.children_user + own.children_system


def _read(first: bool) -> _Reading:
    """The accounts, read in an order that keeps the threads' readings outside the process's and the block's
    (``first``: at its start): a thread's time spent while the accounts are read is taken away, not counted,
    and the slow reading of the child processes is not inside the block's clock."""
    if first:
        children_s, reaped_s = _children_seconds()
        threads_s, python = _threads_seconds(), _python_threads()
        caller_s, process_s, clock = time.thread_time(), time.process_time(), time.perf_counter()
    else:
        clock, process_s, caller_s = time.perf_counter(), time.process_time(), time.thread_time()
        threads_s, python = _threads_seconds(), _python_threads()
        children_s, reaped_s = _children_seconds()
    return _Reading(clock, process_s, caller_s, python, threads_s, children_s, reaped_s)


def _frameworks_s(before: _Reading, after: _Reading) -> float:
    """CPU seconds in the block of the threads alive at its end that are not Python threads (the calling one
    left out). An id that was a Python thread at the start, or a thread with less time than the id had then,
    names a thread begun in the block (the operating system reuses ids): all its time is the block's."""
    me = threading.get_native_id()
    total = 0.0
    for tid, used in after.threads_s.items():
        if tid == me or tid in after.python:
            continue
        was = before.threads_s.get(tid)
        fresh = was is None or tid in before.python or used < was
        total += used if fresh else used - was
    return total


@contextlib.contextmanager
def bystanders() -> Iterator[Bystanders]:
    """Count the CPU time the process's other Python threads and its child processes use in the block.

    A thread counts whether it was running when the block began, began in it, or ended in it; a child
    process counts if it is alive at the block's end or the process has waited for it. A thread started
    outside ``threading`` (``_thread.start_new_thread``) and alive at the end is taken for a framework's, but
    it runs Python code, and ``hidden`` says how many such threads there were at the block's start or end.
    """
    counted = Bystanders()
    hidden = _hidden_python_threads()
    before = _read(first=True)
    try:
        yield counted
    finally:
        after = _read(first=False)
        counted.hidden = max(hidden, _hidden_python_threads())
        counted.seconds = after.clock - before.clock
        threads_s = (after.process_s - before.process_s) - (after.caller_s - before.caller_s)
        threads_s -= _frameworks_s(before, after)
        children_s = sum(max(0.0, s - before.children_s.get(pid, 0.0)) for pid, s in after.children_s.items())
        counted.cpu_s = max(0.0, threads_s) + children_s + (after.reaped_s - before.reaped_s)
