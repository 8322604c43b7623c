"""Checks of lab 03, "Asynchrony for speed".

Each check measures the relationship itself by calling the student's
functions on inputs it makes (sizes, N and data chosen by the check), so
numbers typed in by hand cannot pass. Effect sizes, quiet and with one core
busy, are in ``bench/reports/checks_robustness.md``:

- async-beats-sync: the batches come from a slow source whose delay equals
  the back end's time per batch, so overlapping the two can at most halve
  the loop; the sync loop must take at least 1.35x as long as the async
  loop (loops that wait every time, or on the wrong array, land near 1x).
  The async loop must leave no work behind (at most 0.25x of one batch's
  compute time pending when it returns), and the check watches every batch:
  a pause of at least half a step's compute time between ``step``
  returning and the loop asking for the next batch is a wait. The sync loop
  must wait after every batch and the async loop after none (median over
  runs, one miss allowed), which catches loops that wait every other or
  every fourth batch and still clear the speed-up.
- t1-below-synced-op: the front end's issuing cost per operation, fitted
  from the student's timings at several N, within 4x of the check's own
  figure and at most a third of a synchronized operation's time (issue,
  compute and round trip, ``t1 + t2 + t3``).
  Timing the wait as well gives tens of times more; timing per operation
  instead of in all gives about 0. The three N are drawn at random each
  run, and the call must have issued the products (the call and the work
  it left behind come to at least a quarter of a synchronized op per
  product) and may not return much more time than it took (at most 3x; a
  right answer returns at most 1x), so a formula or a table of typed-in
  figures fails.
- model-predicts: ``fit_line`` must reproduce the least-squares line of
  random data (to 1e-6) and, fitted to the async loop's times at four N,
  predict a held-out, larger N within 35%.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from asynclab.checks import draw
from asynclab.checks.core import CheckResult, Outcome, ProbeError, Protocol, Rejected, check, median
from asynclab.checks.relations import AtLeast, AtMost, Band, Custom, Within

SPEEDUP = 1.35
LEFTOVER_SHARE = 0.25
T1_TOLERANCE = 4.0
T1_SHARE = 1 / 3
PREDICT_TOLERANCE = 0.35
BATCHES = 16
WAIT_SHARE = 0.5  # a pause of at least this share of a step's compute time is a wait
MAX_MISSES = 1  # batches per run allowed to break the loop's pattern (median over runs)
BATCH_SHAPE = (256, 512)
ISSUE_SIZE = 256
ISSUE_NS = ((30, 40, 50), (80, 90, 100, 110), (150, 170, 190))  # one N drawn from each, per run
ISSUED_SHARE = 0.25  # call + work left behind, per product, at least this share of a synced op
CLAIM_MAX = 3.0  # the figure returned, at most this many times the call's own wall time
MODEL_SIZE = 128
MODEL_NS = (50, 100, 150, 200)
HELD_OUT = 500

_PROTOCOL = Protocol(warmup=1, min_rounds=7, max_rounds=15, budget_s=20.0)
_MODEL_PROTOCOL = Protocol(warmup=1, min_rounds=5, max_rounds=9, budget_s=15.0)


def _pattern_explain(outcome: Outcome) -> str:
    """Which loop broke its waiting pattern, and how."""
    parts = []
    if not outcome.bands["sync_misses"].ok:
        parts.append(
            f"sync_loop did not wait for the result after {outcome.bands['sync_misses'].value:g} "
            f"of {BATCHES} batches (it must wait after every batch)"
        )
    if not outcome.bands["async_misses"].ok:
        parts.append(
            f"async_loop waited for a result inside the loop after "
            f"{outcome.bands['async_misses'].value:g} of {BATCHES} batches "
            "(it must only wait once, after the loop)"
        )
    return "; ".join(parts)


def _t1_sentence(o: Outcome) -> str:
    t1, ref, synced = o.median("student.t1"), o.median("reference"), o.median("synced_op")
    return (
        f"your t1 is {t1 * 1e6:.2f} µs per op, {o.bands['ratio'].value:.2f}x the check's {ref * 1e6:.2f} µs "
        f"and {o.bands['share'].value:.2f}x a synchronized op's {synced * 1e6:.2f} µs "
        f"(needs {1 / T1_TOLERANCE:.2g}x..{T1_TOLERANCE:g}x and <= {T1_SHARE:.2f}x)"
    )


# ---------------------------------------------------------------- async-beats-sync


@check(
    "async-beats-sync",
    points=3,
    protocol=_PROTOCOL,
    calls="async_loop",
    functions=("sync_loop", "async_loop"),
    blame={"sync": "sync_loop", "async": "async_loop"},
    relations=(
        AtMost("sync_misses", num="sync.misses", threshold=MAX_MISSES, counted=True, why=_pattern_explain),
        AtMost("async_misses", num="async.misses", threshold=MAX_MISSES, counted=True, why=_pattern_explain),
        AtMost(
            "pending_share",
            num="async.leftover",
            den="async.delay",
            threshold=LEFTOVER_SHARE,
            why=(
                "async_loop returned while work was still pending ({pending_share:.2f}x of one "
                f"step's compute time; needs <= {LEFTOVER_SHARE:g}x): wait for it before returning"
            ),
        ),
        AtLeast("ratio", num="sync.seconds", den="async.seconds", threshold=SPEEDUP),
    ),
    sentence=f"the sync loop took {{ratio:.2f}}x as long as the async loop (needs >= {SPEEDUP:g}x)",
    threshold=f">= {SPEEDUP:g}x",
)
def check_async_beats_sync(self, sync_loop: Callable, async_loop: Callable) -> CheckResult:
    """``sync_loop(batches, step)`` and ``async_loop(batches, step)`` run ``step`` on every batch.

    The sync loop waits for each result before it takes the next batch; the
    async loop waits once, at the end. Both return the last result. The
    batches arrive from a slow source (a sleep as long as one step's compute
    time). Passes when the sync loop takes at least 1.35x as long as the
    async loop, both return the right array, the async loop leaves no
    work pending, the sync loop waits after every batch and the async loop
    after none.
    """
    import mxnet as mx
    from mxnet import nd

    from asynclab.foundation.workloads import slow_source

    mx.random.seed(3)
    k = BATCH_SHAPE[1]
    weights = nd.random.uniform(-1, 1, shape=(k, k))
    batches = [nd.random.uniform(-1, 1, shape=BATCH_SHAPE) for _ in range(BATCHES)]
    nd.waitall()

    entered: list[float] = []
    returned: list[float] = []

    def step(x):
        entered.append(time.perf_counter())
        y = nd.dot(x, weights)
        returned.append(time.perf_counter())
        return y

    expected = step(batches[-1]).asnumpy()
    per_step: list[float] = []

    def calibrate() -> float:
        """The source's delay: the median of the latest synchronized steps, measured right now.

        On a busy machine the step's compute time drifts; re-measuring it before
        every loop keeps the delay equal to the compute time the loop will see.
        """
        nd.waitall()
        start = time.perf_counter()
        step(batches[0]).wait_to_read()
        per_step.append(time.perf_counter() - start)
        return min(max(median(per_step[-5:]), 0.5e-3), 10e-3)

    for _ in range(4):
        calibrate()

    def verify(y: Any, label: str) -> None:
        if not hasattr(y, "asnumpy"):
            raise TypeError(f"{label} must return the last result (an MXNet array), not {type(y).__name__}")
        value = y.asnumpy()
        if value.shape != expected.shape or not (abs(value - expected) <= 1e-3 * (1 + abs(expected))).all():
            raise Rejected(f"{label} did not return the result of the last batch")

    def run(loop: Callable, label: str) -> Callable[[], dict[str, float]]:
        def probe() -> dict[str, float]:
            delay = calibrate()
            source = _WatchedSource(slow_source(batches, delay))
            entered.clear()
            returned.clear()
            nd.waitall()
            start = time.perf_counter()
            y = loop(source, step)
            seconds = time.perf_counter() - start
            figures = {
                "seconds": seconds,
                "delay": delay,
                "misses": _pattern_misses(
                    source.asked, list(entered), list(returned), median(per_step[-5:]), waits=label == "sync_loop"
                ),
            }
            start = time.perf_counter()
            nd.waitall()
            figures["leftover"] = time.perf_counter() - start
            verify(y, label)
            return figures

        return probe

    return self.run({"sync": run(sync_loop, "sync_loop"), "async": run(async_loop, "async_loop")})


class _WatchedSource:
    """An iterator over a source that notes when the loop asks for each batch (perf_counter seconds)."""

    def __init__(self, source):
        self._source = iter(source)
        self.asked: list[float] = []

    def __iter__(self):
        return self

    def __next__(self):
        self.asked.append(time.perf_counter())
        return next(self._source)


def _pattern_misses(
    asked: Sequence[float], entered: Sequence[float], returned: Sequence[float], step_s: float, waits: bool
) -> int:
    """Batches after which a loop broke its pattern: no wait (``waits``) or a wait (not ``waits``).

    ``entered[i]`` and ``returned[i]`` are when ``step`` was called and
    returned for batch i, ``asked[i + 1]`` when the loop asked for the next
    batch (the last ask ends the loop). A pause of at least ``WAIT_SHARE`` of
    a step's compute time ``step_s`` is a wait. On two cores the operator's
    threads can hold the Python thread off the CPU inside ``step``, long
    enough for the product to finish before ``step`` returns; so a wait that
    must be there is timed from the call (the compute lies inside the pause
    whoever ran when), and a wait that must not be there from the return
    (a stall inside ``step`` is no wait). A loop that does not call ``step``
    once per batch as it arrives breaks the pattern everywhere.
    """
    if len(returned) != BATCHES or len(entered) != BATCHES or len(asked) < BATCHES + 1:
        return BATCHES
    since = entered if waits else returned
    paused = [asked[i + 1] - since[i] >= WAIT_SHARE * step_s for i in range(BATCHES)]
    return sum(1 for p in paused if p != waits)


# ---------------------------------------------------------------- model-predicts


def _line(value: Any) -> tuple[float, float]:
    if isinstance(value, Mapping):
        value = (value.get("intercept"), value.get("slope"))
    try:
        intercept, slope = value
        return float(intercept), float(slope)
    except (TypeError, ValueError):
        raise TypeError("fit_line must return (intercept, slope), two numbers") from None


def _same(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-12)


# Its one relationship needs the student's fit_line, so the code adds it to the
# declaration (dataclasses.replace); the declaration holds what does not change.
@check(
    "model-predicts",
    points=2,
    protocol=_MODEL_PROTOCOL,
    calls="the async loop",
    functions=("fit_line",),
    threshold=f"<= {PREDICT_TOLERANCE * 100:g}%",
)
def check_model_predicts(self, fit_line: Callable) -> CheckResult:
    """``fit_line(ns, seconds)`` returns ``(intercept, slope)`` of the least-squares line.

    First the check hands it random points and compares the line with the
    exact least-squares line. Then it times the async loop of ``dot(x, x)``
    at four N, fits them with your function and predicts a larger, held-out
    N. Passes when the line is exact and the prediction is within 35% of
    the measured time.
    """
    from asynclab.foundation import timing
    from asynclab.foundation.workloads import mx_dot, random_matrix, time_loop

    rng = random.Random(time.perf_counter_ns())
    xs = sorted(rng.sample(range(10, 1000), 6))
    a, b = rng.uniform(0.5, 5.0) * 1e-3, rng.uniform(5.0, 80.0) * 1e-6
    ys = [a + b * n + rng.gauss(0, 0.05 * (a + b * n)) for n in xs]
    exact = timing.fit_line(xs, ys)
    try:
        got = _line(fit_line(list(xs), list(ys)))
    except Exception as error:
        return self.fail(f"calling fit_line failed: {type(error).__name__}: {error}")
    if not (_same(got[0], exact.intercept) and _same(got[1], exact.slope)):
        return self.fail(
            f"on random points fit_line gave intercept {got[0]:.6g} and slope {got[1]:.6g}; the "
            f"least-squares line has {exact.intercept:.6g} and {exact.slope:.6g}",
            {"ratio": 0.0},
        )

    x = random_matrix((MODEL_SIZE, MODEL_SIZE), seed=5)
    probes = {str(n): (lambda n=n: time_loop("async", x, n, mx_dot).total) for n in MODEL_NS + (HELD_OUT,)}
    prediction: list[float] = []

    def predicted_error(samples) -> Band:
        ns = list(MODEL_NS)
        seconds = [median(samples[str(n)]) for n in ns]
        try:
            intercept, slope = _line(fit_line(ns, seconds))
        except Exception as error:  # fit_line failed on the measured points
            raise ProbeError("fit_line", error) from error
        prediction[:] = [intercept + slope * HELD_OUT]
        error = timing.relative_error(prediction[0], median(samples[str(HELD_OUT)]))
        tol = PREDICT_TOLERANCE
        return Band(error <= tol, error <= tol / 2, error > 2 * tol, error, tol / error if error > 0 else math.inf)

    def sentence(o: Outcome) -> str:
        actual, error = o.median(str(HELD_OUT)), o.bands["relative_error"].value
        return (
            f"the line through N = {', '.join(map(str, MODEL_NS))} predicted {prediction[0] * 1e3:.2f} ms "
            f"for N = {HELD_OUT}, measured {actual * 1e3:.2f} ms: off by {error * 100:.1f}% "
            f"(needs <= {PREDICT_TOLERANCE * 100:g}%)"
        )

    judged = dataclasses.replace(
        self,
        relations=(Custom("relative_error", compute=predicted_error),),
        sentence=sentence,
        blame={"fit_line": "fit_line"},
        figures=lambda o: {"ratio": prediction[0] / o.median(str(HELD_OUT))},
    )
    return judged.run(probes)


# ---------------------------------------------------------------- t1-below-synced-op


def _issue_reference(x, n: int) -> float:
    from mxnet import nd

    nd.waitall()
    start = time.perf_counter()
    for _ in range(n):
        nd.dot(x, x)
    seconds = time.perf_counter() - start
    nd.waitall()
    return seconds


@check(
    "t1-below-synced-op",
    points=2,
    protocol=_PROTOCOL,
    calls="issue_seconds",
    functions=("issue_seconds",),
    relations=(
        AtMost(
            "claimed",
            num="student.claimed",
            threshold=CLAIM_MAX,
            why=(
                "issue_seconds returned {claimed:.2f}x the time its own call took "
                f"(needs <= {CLAIM_MAX:g}x): return the seconds you measured"
            ),
        ),
        AtLeast(
            "issued",
            num="student.work",
            den="synced_op",
            threshold=ISSUED_SHARE,
            why=(
                "issue_seconds did not issue the n products: its call and the work it left "
                "behind came to {issued:.2f}x of a synchronized product per product "
                f"(needs >= {ISSUED_SHARE:g}x)"
            ),
        ),
        Within("ratio", num="student.t1", den="reference", tolerance=T1_TOLERANCE),
        AtMost("share", num="student.t1", den="synced_op", threshold=T1_SHARE),
    ),
    sentence=_t1_sentence,
    threshold=f"t1 within {1 / T1_TOLERANCE:.2g}x..{T1_TOLERANCE:g}x, <= {T1_SHARE:.2f} synchronized op",
    figures=lambda o: {
        "t1_s": o.median("student.t1"),
        "reference_t1_s": o.median("reference"),
        "synced_op_s": o.median("synced_op"),
    },
)
def check_t1_below_synced_op(self, issue_seconds: Callable) -> CheckResult:
    """``issue_seconds(x, n)`` returns the seconds the front end needs to issue ``n`` products ``dot(x, x)``.

    The check fits a line to your figures at several N; its slope is t1, the
    front end's cost per operation. Passes when t1 is within 4x of the
    check's own figure and at most a third of the time per product of a loop
    that waits after every product (issue, compute and round trip).
    """
    from mxnet import nd

    from asynclab.foundation.timing import fit_line
    from asynclab.foundation.workloads import mx_dot, random_matrix, sync_loop

    x = random_matrix((ISSUE_SIZE, ISSUE_SIZE), seed=4)
    drawn = [draw.choice(pool) for pool in ISSUE_NS]

    def student() -> dict[str, float]:
        ns = drawn[:]
        random.shuffle(ns)
        seconds, calls, left = [], 0.0, 0.0
        for n in ns:
            nd.waitall()
            start = time.perf_counter()
            value = issue_seconds(x, n)
            call = time.perf_counter() - start
            nd.waitall()  # the work the call left behind finishes here
            left += time.perf_counter() - start - call
            try:
                value = float(value)
            except (TypeError, ValueError):
                raise TypeError(f"issue_seconds must return seconds (a number), not {type(value).__name__}") from None
            seconds.append(value)
            calls += call
        return {
            "t1": fit_line(ns, seconds).slope,
            "claimed": sum(seconds) / max(calls, 1e-9),
            "work": (calls + left) / sum(ns),
        }

    def reference() -> float:
        ns = drawn[:]
        random.shuffle(ns)
        seconds = []
        for n in ns:
            nd.waitall()
            seconds.append(_issue_reference(x, n))
            nd.waitall()
        return fit_line(ns, seconds).slope

    def synced_op() -> float:
        n = min(drawn)
        nd.waitall()
        start = time.perf_counter()
        sync_loop(x, n, mx_dot)
        return (time.perf_counter() - start) / n

    return self.run({"student": student, "reference": reference, "synced_op": synced_op})
