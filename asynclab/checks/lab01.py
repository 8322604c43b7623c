"""Checks of lab 01, "Front end and back end".

Each function is the single call of one locked check cell. It measures the
relationship itself by calling the student's functions on matrices it makes,
so numbers typed in by hand or timings taken without waiting cannot pass.

Effect sizes measured on the 2-core reference machine (``make bench-checks``
re-measures them) and the thresholds chosen well below them:

- queue-vs-finish: finishing a 2000x2000 dot takes 150-400x as long as
  enqueueing it; threshold 10x. Without a real wait the ratio is near 1.
- timing-includes-compute: a correct timing is 0.8-1.2x the check's own
  synchronised measurement; tolerance 2.5x. Without a wait it is ~0.005x.
- naive-closes-gap: under the threaded engine finishing takes 50-600x as
  long as enqueueing, under NaiveEngine enqueueing takes >= 1000x as long as
  the (empty) wait; threshold 5x for both. A snippet that never waits, or
  waits inside the enqueue block, lands near 1x on one side.
"""

from __future__ import annotations

import time
from typing import Callable

from asynclab.checks.core import (CheckResult, Protocol, _finish, _ProbeError, about_equal,
                                  faster, run_rounds)
from asynclab.timing import quartiles

SIZE = 2000
QUEUE_FACTOR = 10.0
TIMING_TOLERANCE = 2.5
GAP_FACTOR = 5.0

_QUICK = Protocol(warmup=1, min_rounds=5, max_rounds=15, budget_s=25.0)
_SUBPROCESS = Protocol(warmup=0, min_rounds=2, max_rounds=4, budget_s=60.0)


def _matrix(n: int):
    from mxnet import nd

    x = nd.random.uniform(shape=(n, n))
    x.wait_to_read()
    return x


def _require_array(value, what: str) -> None:
    if not hasattr(value, "wait_to_read"):
        raise TypeError(f"{what} must return the MXNet array it computed, not {type(value).__name__}")


def check_queue_vs_finish(launch: Callable, finish: Callable, points: float = 2) -> CheckResult:
    """``launch(x)`` issues ``dot(x, x)`` without waiting; ``finish(y)`` waits for ``y``.

    Passes when finishing takes at least 10x as long as enqueueing.
    """
    from mxnet import nd

    x = _matrix(SIZE)

    def enqueue() -> float:
        nd.waitall()
        start = time.perf_counter()
        y = launch(x)
        seconds = time.perf_counter() - start
        nd.waitall()
        _require_array(y, "launch(x)")
        return seconds

    def wait() -> float:
        y = launch(x)
        _require_array(y, "launch(x)")
        start = time.perf_counter()
        finish(y)
        seconds = time.perf_counter() - start
        nd.waitall()
        return seconds

    return faster("queue-vs-finish", fast=enqueue, slow=wait, factor=QUEUE_FACTOR, points=points,
                  fast_label="enqueueing", slow_label="finishing", protocol=_QUICK)


def check_timing_includes_compute(dot_seconds: Callable, points: float = 2) -> CheckResult:
    """``dot_seconds(x)`` returns how long ``dot(x, x)`` really takes, in seconds.

    Passes when it agrees with the check's own synchronised timing within 2.5x.
    """
    from mxnet import nd

    x = _matrix(SIZE)

    def student() -> float:
        nd.waitall()
        seconds = dot_seconds(x)
        nd.waitall()
        return seconds

    def reference() -> float:
        nd.waitall()
        start = time.perf_counter()
        nd.dot(x, x).wait_to_read()
        return time.perf_counter() - start

    return about_equal("timing-includes-compute", student, reference, TIMING_TOLERANCE,
                       points=points, a_label="your timing", b_label="the real compute time",
                       protocol=_QUICK)


def check_naive_closes_gap(snippet: str, points: float = 3) -> CheckResult:
    """``snippet`` measures Benchmark labels 'enqueue' and 'finish' of one computation.

    The check runs it under the threaded engine and under NaiveEngine (fresh
    processes). Passes when finishing takes at least 5x as long as enqueueing
    under the threaded engine, and enqueueing at least 5x as long as finishing
    under NaiveEngine: the work moves from the wait to the call.
    """
    from asynclab.backends.mxnet import SnippetError, run_with_engine

    name = "naive-closes-gap"
    if not isinstance(snippet, str):
        raise TypeError(f"the snippet must be a string of Python code, not {type(snippet).__name__}.")

    def ratio(engine: str, numerator: str, denominator: str) -> Callable[[], float]:
        def probe() -> float:
            run = run_with_engine(snippet, engine)
            return run[numerator] / max(run[denominator], 1e-9)
        return probe

    def decide(s):
        t1, t2, _ = quartiles(s["threaded"])
        n1, n2, _ = quartiles(s["naive"])
        passes = t2 >= GAP_FACTOR and n2 >= GAP_FACTOR
        _, _, t3 = quartiles(s["threaded"])
        _, _, n3 = quartiles(s["naive"])
        certain = (t1 >= GAP_FACTOR and n1 >= GAP_FACTOR) or t3 < GAP_FACTOR or n3 < GAP_FACTOR
        return passes, certain

    try:
        samples, rounds, spent = run_rounds(
            {"threaded": ratio("ThreadedEnginePerDevice", "finish", "enqueue"),
             "naive": ratio("NaiveEngine", "enqueue", "finish")},
            decide, _SUBPROCESS)
    except _ProbeError as err:
        error = err.error
        why = str(error) if isinstance(error, (SnippetError, KeyError)) else f"{type(error).__name__}: {error}"
        return _finish(CheckResult(name, points, False, f"running your snippet failed: {why.strip(chr(39))}"))
    threaded, naive = quartiles(samples["threaded"])[1], quartiles(samples["naive"])[1]
    passed = threaded >= GAP_FACTOR and naive >= GAP_FACTOR
    message = (f"threaded engine: finishing took {threaded:.2f}x as long as enqueueing; "
               f"NaiveEngine: enqueueing took {naive:.2f}x as long as finishing "
               f"(needs >= {GAP_FACTOR:g}x for both)")
    figures = {"ratio": min(threaded, naive), "threaded_finish_over_enqueue": threaded,
               "naive_enqueue_over_finish": naive, "rounds": rounds, "seconds": spent}
    return _finish(CheckResult(name, points, passed, message, figures, f">= {GAP_FACTOR:g}x both",
                               margin=min(threaded, naive) / GAP_FACTOR))
