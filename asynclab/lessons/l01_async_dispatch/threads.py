"""Lesson 01's picture of the two threads: the Python thread's calls into MXNet against the engine's worker.

:func:`two_threads` runs ``work`` (it issues operations, then waits for them) under MXNet's profiler with
the front end's calls recorded, and returns the two rows as timeline bars with the figures the lesson
quotes, in seconds from the first call. Lesson layer: uses the foundation (profiling, timing).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from asynclab.foundation.profiling import CHORES, record
from asynclab.foundation.timing import Span

__all__ = ["FRONT_ROW", "WORKER_ROW", "TwoThreads", "two_threads"]

FRONT_ROW = "Python thread (front end)"
WORKER_ROW = "engine worker (back end)"
WAIT_CALLS = ("MXNDArrayWaitAll", "MXNDArrayWaitToRead")
MIN_BAR_S = 2e-5  # a call shorter than this is drawn this wide, so that it shows


@dataclass(frozen=True)
class TwoThreads:
    """The profile of one ``work``: bars on two rows, and seconds measured from its first call.

    ``issued_s``: from the first call until the call before the wait returned (the issuing);
    ``wait_s``: the wait call; ``ran_s``: from the first operator's start to the last's end.
    """

    bars: list[Span]
    issued_s: float
    wait_s: float
    ran_s: float


def two_threads(work: Callable[[], object]) -> TwoThreads:
    """Profile ``work`` with the front end's calls; ``work`` must end with a wait (``nd.waitall()``)."""
    with record(calls=True) as trace:
        work()
    calls = [c for c in trace.calls if "Profile" not in c.name]  # the profiler's own switches are not work
    if calls and calls[-1].name == "MXNDArrayWaitAll":
        calls = calls[:-1]  # the record block's own closing wait, not the work's
    waits = [i for i, c in enumerate(calls) if c.name in WAIT_CALLS]
    if not waits or waits[0] == 0:
        raise ValueError("work() must issue operations and then wait for them (end it with nd.waitall()).")
    calls = calls[: waits[0] + 1]
    ops = [s for s in trace.spans if s.name not in CHORES]
    t0 = calls[0].start
    bars = [Span(FRONT_ROW, c.name, c.start - t0, max(c.end, c.start + MIN_BAR_S) - t0) for c in calls]
    bars += [Span(WORKER_ROW, s.name, s.start - t0, s.end - t0) for s in ops]
    wait = calls[-1]
    return TwoThreads(
        bars=bars,
        issued_s=calls[-2].end - t0,
        wait_s=wait.end - wait.start,
        ran_s=(max(s.end for s in ops) - min(s.start for s in ops)) if ops else 0.0,
    )
