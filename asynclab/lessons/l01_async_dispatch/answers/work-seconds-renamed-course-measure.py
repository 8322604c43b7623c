"""work_seconds is the course's timing.measure (with its time_call and _check_counts) re-typed under other names, statements reordered, nd.waitall as the wait and the median of its runs returned: a copy of the course's timing code, so it earns nothing."""

EXPECT = {"timing-includes-compute": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-work-seconds
import statistics


def _counts_ok(runs, warm):
    for what, count in (("repeat", runs), ("warmup", warm)):
        if isinstance(count, bool) or not isinstance(count, int):
            raise TypeError(f"{what} must be an integer, not {type(count).__name__}.")
    if warm < 0:
        raise ValueError(f"warmup cannot be negative, got {warm}.")
    if runs < 1:
        raise ValueError(f"repeat must be at least 1, got {runs}.")


def _once(job, settle=False):
    if not callable(job):
        raise TypeError(f"expected a callable, got {type(job).__name__}.")
    began = time.perf_counter()
    job()
    if settle:
        settle()
    return time.perf_counter() - began


def _timed_runs(job, runs=5, warm=1, settle=False):
    if not callable(job):
        raise TypeError(f"measure() needs a callable, got {type(job).__name__}.")
    _counts_ok(runs, warm)
    for _ in range(warm):
        job()
        if settle:
            settle()
    return tuple(_once(job, settle or False) for _ in range(runs))


def work_seconds(work):
    return statistics.median(_timed_runs(work, settle=nd.waitall))
