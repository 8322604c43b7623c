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
- predict-every-k: ``predict_every_seconds(t1, t2, t3, n, k)`` predicts a
  loop that waits after every k-th of n operations, on three devices made of
  sleeps (:class:`SleepDevice`, so neither the machine's speed nor a busy
  core moves them) whose costs are drawn: the front end slower (t1 3.5-4.5
  ms, t2 0.8-1.2 ms, t3 2.5-3.5 ms, k=2), the back end slower (t1 and t2
  swapped), both alike (2.2-2.8 ms each, t3 0.3-0.6 ms, k=3). The check
  measures t1, t2 and t3 as lesson 03 does and times each loop (median of
  three); every prediction must lie within 10%. Each device is drawn to
  expose one wrong model: over 20000 draws of the three, the closest wrong
  model (the round trip paid once, not per wait) is off by at least 17% on
  one device, the others by 20-46% (the loop that waits every time, the one
  that waits once, a fixed bottleneck, no overlap inside a group, the
  pipeline's start or the round trip left out). The function must answer
  within 0.05 s and follow its arguments (ten times the costs, ten times the
  prediction; twice the operations, twice), so a typed-in figure, a table or
  a measurement fails.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from asynclab.checks import draw
from asynclab.checks.core import CheckResult, Outcome, Protocol, Rejected, check, finish, median
from asynclab.checks.predictions import answered
from asynclab.checks.relations import AtLeast, AtMost, Within

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
EVERY_OPS = 12  # operations of predict-every-k's loops, a multiple of every k below
#: predict-every-k's devices: ranges (ms) of t1, t2 and t3 drawn per device, and the device's k. Each is
#: chosen to tell the right model from one wrong one: the front end slower (a model that always takes t2
#: as the bottleneck, or drops t3), the back end slower (t1 as the bottleneck), both alike with a short
#: round trip (no overlap within a group, or the shorter cost dropped).
EVERY_DEVICES = {
    "front end slower": ((3.5e-3, 4.5e-3), (0.8e-3, 1.2e-3), (2.5e-3, 3.5e-3), 2),
    "back end slower": ((0.8e-3, 1.2e-3), (3.5e-3, 4.5e-3), (2.5e-3, 3.5e-3), 2),
    "both alike": ((2.2e-3, 2.8e-3), (2.2e-3, 2.8e-3), (0.3e-3, 0.6e-3), 3),
}
EVERY_TOLERANCE = 0.10
EVERY_ROUNDS = 3
EVERY_SCALE = 10.0  # the costs scaled: the prediction must scale with them
EVERY_CALL_S = 0.05

_PROTOCOL = Protocol(warmup=1, min_rounds=7, max_rounds=15, budget_s=20.0)


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


# ---------------------------------------------------------------- predict-every-k
class SleepDevice:
    """A device whose costs are set: issuing occupies the caller ``t1`` s, an operation occupies the
    device's one worker ``t2`` s, and a wait returns ``t3`` s after the operation finished (seconds).

    It follows lesson 03's model exactly (sleeps, so neither a busy core
    nor the machine's speed moves it): :meth:`loop` issues ``n`` operations
    and waits for the last one issued after every ``k``-th.
    """

    def __init__(self, t1: float, t2: float, t3: float) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self.t1, self.t2, self.t3 = t1, t2, t3
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="asynclab-device")
        self.busy: list[float] = []  # seconds each operation held the worker

    def _operation(self) -> None:
        start = time.perf_counter()
        time.sleep(self.t2)
        self.busy.append(time.perf_counter() - start)

    def issue(self):
        """Issue one operation: the caller is busy ``t1``; the pending operation is returned."""
        time.sleep(self.t1)
        return self._worker.submit(self._operation)

    def wait(self, pending) -> None:
        """Wait for ``pending``, then the round trip ``t3``."""
        pending.result()
        time.sleep(self.t3)

    def loop(self, n: int, k: int) -> float:
        """Seconds for ``n`` operations with a wait after every ``k``-th (``n`` a multiple of ``k``)."""
        start = time.perf_counter()
        for i in range(n):
            pending = self.issue()
            if (i + 1) % k == 0:
                self.wait(pending)
        return time.perf_counter() - start

    def issuing(self, n: int) -> float:
        """Seconds per operation of issuing ``n`` without waiting (waited for afterwards, untimed)."""
        start = time.perf_counter()
        pending = [self.issue() for _ in range(n)]
        took = time.perf_counter() - start
        for p in pending:
            p.result()
        return took / n

    def close(self) -> None:
        self._worker.shutdown(wait=True)


def _costs(device: SleepDevice) -> dict[str, float]:
    """``t1``, ``t2``, ``t3`` of ``device`` as lesson 03 measures them (seconds): the issuing slope, the
    operations' own time, and what the wait-every-time loop leaves beyond both."""
    device.busy.clear()
    t1 = device.issuing(EVERY_OPS)
    t2 = statistics.median(device.busy)
    t3 = max(0.0, device.loop(EVERY_OPS, 1) / EVERY_OPS - t1 - t2)
    return {"t1": t1, "t2": t2, "t3": t3}


def _every_prediction(predict: Callable, costs: Mapping[str, float], n: int, k: int, scale: float = 1.0) -> float:
    """``predict(t1, t2, t3, n, k)`` in seconds, answered at once, or :class:`Rejected` saying what is wrong."""
    args = (scale * costs["t1"], scale * costs["t2"], scale * costs["t3"], n, k)
    call = f"predict_every_seconds({', '.join(f'{a:.4g}' for a in args)})"
    number = answered(call, predict, args, "seconds", EVERY_CALL_S)
    if number <= 0:
        raise Rejected(f"{call} returned {number!r}, not a positive number of seconds")
    return number


@check("predict-every-k", points=2, threshold=f"within {EVERY_TOLERANCE:.0%}, three devices")
def check_predict_every_k(self, predict_every_seconds: Callable) -> CheckResult:
    """``predict_every_seconds(t1, t2, t3, n, k)`` predicts a loop that waits after every ``k``-th of ``n`` ops.

    Three devices with costs drawn at random (:class:`SleepDevice`: the front
    end clearly slower, the back end clearly slower, both alike), each with
    its ``k``. The check measures each device's ``t1``, ``t2`` and ``t3`` as
    lesson 03 does, hands them to the function, and times the loop itself
    (median of three). Passes when the function answers at once, follows its
    arguments (costs ten times as large: ten times the prediction; twice the
    operations: twice), and every prediction lies within 10% of the measured
    time.
    """
    if not callable(predict_every_seconds):
        return self.fail(f"predict_every_seconds must be a function, not {type(predict_every_seconds).__name__}")

    def judged() -> tuple[float, str]:
        worst, where = 0.0, ""
        for front, back, trip, k in EVERY_DEVICES.values():
            device = SleepDevice(draw.uniform(*front), draw.uniform(*back), draw.uniform(*trip))
            try:
                costs = _costs(device)
                predicted = _every_prediction(predict_every_seconds, costs, EVERY_OPS, k)
                scaled = _every_prediction(predict_every_seconds, costs, EVERY_OPS, k, scale=EVERY_SCALE)
                doubled = _every_prediction(predict_every_seconds, costs, 2 * EVERY_OPS, k)
                if not math.isclose(scaled, EVERY_SCALE * predicted, rel_tol=0.01):
                    raise Rejected(
                        f"with costs {EVERY_SCALE:g} times as large your prediction went from {predicted * 1e3:.2f} ms "
                        f"to {scaled * 1e3:.2f} ms: a loop's time scales with its costs"
                    )
                if not math.isclose(doubled, 2 * predicted, rel_tol=0.01):
                    raise Rejected(
                        f"for twice the operations (the same k) your prediction went from {predicted * 1e3:.2f} ms "
                        f"to {doubled * 1e3:.2f} ms: twice as many groups of k take twice as long"
                    )
                measured = statistics.median(device.loop(EVERY_OPS, k) for _ in range(EVERY_ROUNDS))
            finally:
                device.close()
            error = abs(predicted - measured) / measured
            if error > worst:
                worst = error
                where = (
                    f"t1 = {costs['t1'] * 1e3:.2f} ms, t2 = {costs['t2'] * 1e3:.2f} ms, t3 = {costs['t3'] * 1e3:.2f} ms, "
                    f"n = {EVERY_OPS}, k = {k}: you predicted {predicted * 1e3:.1f} ms, the loop took "
                    f"{measured * 1e3:.1f} ms"
                )
        return worst, where

    try:
        worst, where = judged()
    except Rejected as reason:
        return self.fail(str(reason))
    passed = worst <= EVERY_TOLERANCE
    if passed:
        # the farthest device changes from run to run, and nbval compares this sentence: it names none
        message = f"on three devices your predictions were within {worst * 100:.1f}% of the loops' times"
    else:
        message = f"{where}, off by {worst:.0%} (needs within {EVERY_TOLERANCE:.0%} on every device)"
    margin = EVERY_TOLERANCE / worst if worst > 0 else math.inf
    return finish(
        CheckResult(self.name, self.points, passed, message, {"worst_error": worst}, self.threshold, margin=margin)
    )


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
