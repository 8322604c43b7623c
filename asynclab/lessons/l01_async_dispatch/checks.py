"""Checks of lab 01, "Front end and back end".

Each check measures the relationship itself by calling the student's
functions on matrices it makes, so numbers typed in by hand or timings taken
without waiting cannot pass. Effect sizes and the margins they leave are in
``bench/reports/checks_robustness.md``:

- queue-vs-finish: finishing a 2000x2000 dot takes hundreds of times as long
  as enqueueing it; without a real wait the ratio is near 1. Threshold 10x.
  ``finish`` must also wait for *that* result: on a smaller product, of a
  size drawn at random each run, it may take at most 3x the product's own
  compute time (a fixed sleep long enough for the large one is 8x too long).
- timing-includes-compute: ``work_seconds(work)`` times whatever ``work()``
  queues, for three kinds of work the lab has not shown: one returns its
  2000x2000 product, one writes a product (size drawn from 800..1000) into
  an array it was given and returns nothing, one returns a product it
  queued on cpu(0) and leaves ten more running on cpu(1) (lesson 02: a wait
  for an array on one device does not wait for another device's work). A
  correct timing (a wait for everything) is about 1x the check's own; one
  without a wait is about 0.005x; one that waits for the returned array fails
  on the work that returns nothing (0.02x when it waits only when something
  was returned) and reads the two devices' work at 0.1-0.2x (one core busy). Window 2.5x for
  all three: the 2000x2000 product costs 8x or more what the others cost,
  so no typed-in number and no fixed sleep fits all three.
- naive-closes-gap: under the threaded engine finishing takes far longer
  than enqueueing, under NaiveEngine enqueueing far longer than the (empty)
  wait; a snippet that never waits, or waits inside the enqueue block,
  lands near 1x on one side. Threshold 5x for both.
- predict-blocking: functional. Each call is made on a 2000x2000 product
  just issued and timed against the product's compute time: calls that
  wait take 0.95x-1.35x, calls that do not at most 0.003x (thresholds 0.3x
  and 0.05x; a call in between is measured again). Every prediction must
  match; a FAIL gives the number of misses, not which.
- memory-of-result: memory, not time. What ``make()`` added, measured
  after all its work, is 1.00x of what it allocated (margin 1.5 against a
  1.5x window, quiet and loaded); a reading of the whole process is
  hundreds of MB too many, a difference taken before the work is done
  about 0x, the returned array's size alone 0.5x.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from asynclab.checks import draw
from asynclab.checks.core import CheckResult, Protocol, Rejected, check
from asynclab.checks.finishing import _QUICK, FINISH_OVERSHOOT, QUEUE_FACTOR, SIZE, SMALL_SIZES, _small
from asynclab.checks.relations import AtLeast, AtMost, Within
from asynclab.foundation.timing import time_call

TIMING_TOLERANCE = 2.5
WORK_KINDS = ("returns", "into", "devices")  # the kinds of work timing-includes-compute hands over
OTHER_DEVICE_PRODUCTS = 10  # products on cpu(1) beside the one returned from cpu(0)
GAP_FACTOR = 5.0

_SUBPROCESS = Protocol(warmup=0, min_rounds=2, max_rounds=4, budget_s=60.0)


def _require_array(value, what: str) -> None:
    if not hasattr(value, "wait_to_read"):
        raise Rejected(f"{what} must return the MXNet array it computed, not {type(value).__name__}")


@check(
    "queue-vs-finish",
    points=2,
    protocol=_QUICK,
    calls="launch/finish",
    functions=("launch", "finish"),
    relations=(
        AtLeast("ratio", num="finish", den="enqueue", threshold=QUEUE_FACTOR),
        AtMost(
            "overshoot",
            num="small.finish",
            den="small.compute",
            threshold=FINISH_OVERSHOOT,
            why=lambda o: (
                f"finish(y) took {o.bands['overshoot'].value:.1f}x the compute time of a "
                f"{_small(o)}x{_small(o)} product (needs <= {FINISH_OVERSHOOT:g}x): "
                "it must wait for y itself, not for a fixed time"
            ),
        ),
    ),
    sentence=(
        f"finishing took {{ratio:.2f}}x as long as enqueueing (needs >= {QUEUE_FACTOR:g}x), "
        f"and {{overshoot:.2f}}x a smaller product's compute time (needs <= {FINISH_OVERSHOOT:g}x)"
    ),
    threshold=f">= {QUEUE_FACTOR:g}x, small <= {FINISH_OVERSHOOT:g}x",
)
def check_queue_vs_finish(self, launch: Callable, finish: Callable) -> CheckResult:
    """``launch(x)`` issues ``dot(x, x)`` without waiting; ``finish(y)`` waits for ``y``.

    Passes when finishing takes at least 10x as long as enqueueing.
    """
    from mxnet import nd

    from asynclab.foundation.workloads import square_matrix

    x = square_matrix(SIZE)
    size = draw.choice(SMALL_SIZES)
    small = square_matrix(size)

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

    def on_small() -> dict[str, float]:
        nd.waitall()
        start = time.perf_counter()
        nd.dot(small, small).wait_to_read()
        compute = time.perf_counter() - start
        y = launch(small)
        _require_array(y, "launch(x)")
        start = time.perf_counter()
        finish(y)
        seconds = time.perf_counter() - start
        nd.waitall()
        return {"finish": seconds, "compute": compute, "size": float(size)}

    return self.run({"enqueue": enqueue, "finish": wait, "small": on_small})


# ------------------------------------------------------------ step 2: predict which calls wait
#: The calls of the prediction step, each made on ``y = nd.dot(x, x)`` just issued (x is 2000x2000).
CALLS = (
    "y.shape",
    "y + 1",
    "y.sum()",
    "y.copy()",
    "x.wait_to_read()",
    "y.wait_to_read()",
    "y.asnumpy()",
    "y.sum().asscalar()",
)
BLOCK_SHARE = 0.3  # a call that waits takes about the whole product; one that does not, about 0.001x
RETURN_SHARE = 0.05


def _measure_calls(x) -> dict[str, bool]:
    """Whether each of :data:`CALLS` waited for the product, measured here (True: it waited)."""
    from mxnet import nd

    found: dict[str, bool] = {}
    for call in CALLS:
        for _ in range(3):  # a call the machine left in between is measured again
            nd.waitall()
            compute = time_call(lambda: nd.dot(x, x), sync=True)
            y = nd.dot(x, x)
            start = time.perf_counter()
            eval(call, {"x": x, "y": y, "nd": nd})
            share = (time.perf_counter() - start) / compute
            nd.waitall()
            if share >= BLOCK_SHARE or share <= RETURN_SHARE:
                found[call] = share >= BLOCK_SHARE
                break
        else:
            raise RuntimeError(
                f"{call} neither waited nor returned at once in three tries; run the check again on a quieter machine"
            )
    return found


@check("predict-blocking", points=2, threshold="all calls")
def check_predict_blocking(self, predicted) -> CheckResult:
    """``predicted`` maps each of :data:`CALLS` to True (it waits for the product) or False.

    The check makes every call on a product it has just issued and times
    it against the product's compute time; it passes when every prediction
    matches. A FAIL says neither how many predictions missed nor which: a count
    would let a student find the answer by rerunning the check.
    """
    from asynclab.foundation.workloads import square_matrix

    def condition() -> tuple[bool, str]:
        if not isinstance(predicted, dict) or set(predicted) != set(CALLS):
            return False, ("PREDICTED must be a dict with one entry per call of lab01.CALLS, the call's text as key")
        bad = [c for c in CALLS if not isinstance(predicted[c], bool)]
        if bad:
            return False, f"each prediction must be True or False; {bad[0]!r} is {predicted[bad[0]]!r}"
        measured = _measure_calls(square_matrix(SIZE))
        if any(predicted[c] != measured[c] for c in CALLS):
            return False, (
                "your predictions did not all match what the calls did: "
                "a call waits only when Python needs the values themselves"
            )
        return True, ""

    return self.holds(condition, description=f"all {len(CALLS)} predictions matched what the calls did")


@check(
    "timing-includes-compute",
    points=2,
    protocol=_QUICK,
    calls="work_seconds",
    functions=("work_seconds",),
    blame={"reference": "the reference"},
    relations=tuple(
        Within(f"ratio_{kind}", num=f"student.{kind}", den=f"reference.{kind}", tolerance=TIMING_TOLERANCE)
        for kind in WORK_KINDS
    ),
    sentence=lambda o: (
        f"your timing was {o.bands['ratio_returns'].value:.2f}x the real time of work that returned its "
        f"{SIZE}x{SIZE} product, {o.bands['ratio_into'].value:.2f}x of work that wrote a product "
        f"at size {int(o.median('student.size'))} into an array and returned nothing, and {o.bands['ratio_devices'].value:.2f}x of work that returned a product from "
        f"cpu(0) and left {OTHER_DEVICE_PRODUCTS} more running on cpu(1) (needs between {1 / TIMING_TOLERANCE:.2g}x and {TIMING_TOLERANCE:g}x for all three)"
    ),
    threshold=f"within {1 / TIMING_TOLERANCE:.2g}x..{TIMING_TOLERANCE:g}x, three kinds of work",
    figures=lambda o: {"ratio": max(max(b.value, 1 / b.value) if b.value > 0 else math.inf for b in o.bands.values())},
)
def check_timing_includes_compute(self, work_seconds: Callable) -> CheckResult:
    """``work_seconds(work)`` returns the seconds the back end needs for everything ``work()`` queues.

    Three kinds of work, sizes drawn at random: one returns the product it
    queued, one writes a product into an array it was given and returns
    nothing, one returns a product it queued on ``cpu(0)`` after queueing ten
    more on ``cpu(1)``, into an array there. Passes when the answer agrees with the check's own
    timing (a wait for everything before the clock starts and before it
    stops) within 2.5x for all three.
    """
    import mxnet as mx
    from mxnet import nd

    from asynclab.foundation.workloads import square_matrix

    size = draw.choice(SMALL_SIZES)
    big, small = square_matrix(SIZE), square_matrix(size)
    into = nd.zeros((size, size))
    other, elsewhere = small.copyto(mx.cpu(1)), nd.zeros((size, size), ctx=mx.cpu(1))
    nd.waitall()

    def returns():
        return nd.dot(big, big)

    def writes_into() -> None:
        nd.dot(small, small, out=into)

    def two_devices():
        first = nd.dot(small, small)  # cpu(0): returned, and done long before cpu(1)'s products
        for _ in range(OTHER_DEVICE_PRODUCTS):
            nd.dot(other, other, out=elsewhere)
        return first

    works = dict(zip(WORK_KINDS, (returns, writes_into, two_devices), strict=True))

    def student() -> dict[str, float]:
        found: dict[str, float] = {"size": float(size)}
        for kind, work in works.items():
            calls: list[int] = []

            def counted(work=work, calls=calls):
                calls.append(1)
                return work()

            nd.waitall()
            seconds = work_seconds(counted)
            nd.waitall()
            if not calls:
                raise Rejected("work_seconds(work) must call work(): it is the work to time")
            try:
                found[kind] = float(seconds)
            except (TypeError, ValueError):
                raise Rejected(f"work_seconds must return seconds (a number), not {type(seconds).__name__}") from None
        return found

    def reference() -> dict[str, float]:
        found: dict[str, float] = {}
        for kind, work in works.items():
            nd.waitall()
            start = time.perf_counter()
            work()
            nd.waitall()
            found[kind] = time.perf_counter() - start
        return found

    return self.run({"student": student, "reference": reference})


@check(
    "naive-closes-gap",
    points=3,
    protocol=_SUBPROCESS,
    calls="your snippet",
    relations=(
        AtLeast("threaded_finish_over_enqueue", num="threaded", threshold=GAP_FACTOR),
        AtLeast("naive_enqueue_over_finish", num="naive", threshold=GAP_FACTOR),
    ),
    sentence=(
        "threaded engine: finishing took {threaded_finish_over_enqueue:.2f}x as long as enqueueing; "
        "NaiveEngine: enqueueing took {naive_enqueue_over_finish:.2f}x as long as finishing "
        f"(needs >= {GAP_FACTOR:g}x for both)"
    ),
    threshold=f">= {GAP_FACTOR:g}x both",
    figures=lambda o: {
        "ratio": min(o.bands["threaded_finish_over_enqueue"].value, o.bands["naive_enqueue_over_finish"].value)
    },
)
def check_naive_closes_gap(self, snippet: str) -> CheckResult:
    """``snippet`` measures Benchmark labels 'enqueue' and 'finish' of one computation.

    The check runs it under the threaded engine and under NaiveEngine (fresh
    processes). Passes when finishing takes at least 5x as long as enqueueing
    under the threaded engine, and enqueueing at least 5x as long as finishing
    under NaiveEngine: the work moves from the wait to the call.
    """
    from asynclab.foundation.backends.mxnet import SnippetError, run_with_engine

    if not isinstance(snippet, str):
        raise Rejected(f"the snippet must be a string of Python code, not {type(snippet).__name__}")

    def ratio(engine: str, numerator: str, denominator: str) -> Callable[[], float]:
        def probe() -> float:
            try:
                run = run_with_engine(snippet, engine)
                return run[numerator] / max(run[denominator], 1e-9)
            except (SnippetError, KeyError) as error:
                raise Rejected(f"running your snippet failed: {str(error).strip(chr(39))}") from None

        return probe

    return self.run(
        {
            "threaded": ratio("ThreadedEnginePerDevice", "finish", "enqueue"),
            "naive": ratio("NaiveEngine", "enqueue", "finish"),
        }
    )


# ------------------------------------------------------------ step 4: spot the bug in a memory reading
MEMORY_SIZES = {"small": (80, 88, 96), "large": (224, 256, 288)}  # MB in all, drawn at random each run
# (halves of 40 MB and more are mapped on their own by glibc; 224 / 96 > 1.5**2: no one figure fits both)
MEMORY_TOLERANCE = 1.5
_MEMORY = Protocol(warmup=0, min_rounds=3, max_rounds=6, budget_s=30.0)
_MEMORY_WINDOW = f"{1 / MEMORY_TOLERANCE:.2g}x..{MEMORY_TOLERANCE:g}x"


def _memory_why(key: str):
    def why(o) -> str:
        value = o.bands[f"memory_{key}"].value
        mb = o.median(f"{key}.made")
        return (
            f"make() added {mb:.0f} MB and your function returned {value:.2f}x that (needs {_MEMORY_WINDOW}): "
            "return what the call adds to the process, measured once all the work it queued is done"
        )

    return why


@check(
    "memory-of-result",
    points=2,
    allows=("asynclab.foundation.memory",),
    protocol=_MEMORY,
    calls="memory_of",
    functions=("memory_of",),
    relations=tuple(
        Within(f"memory_{key}", num=f"{key}.mb", den=f"{key}.made", tolerance=MEMORY_TOLERANCE, why=_memory_why(key))
        for key in MEMORY_SIZES
    ),
    sentence=(
        f"your figures were {{memory_small:.2f}}x and {{memory_large:.2f}}x of what make() added "
        f"(needs {_MEMORY_WINDOW})"
    ),
    threshold=f"within {_MEMORY_WINDOW} at both sizes",
)
def check_memory_of_result(self, memory_of: Callable) -> CheckResult:
    """``memory_of(make)`` returns how many MB calling ``make()`` adds, once its queued work is done.

    The check's ``make`` queues a few products (into an existing array, so
    that they allocate nothing), the array it returns, more products, and a
    second array of the same size that the check keeps alive; each array
    depends on the products before it, so its memory appears only when the
    back end gets to it. Sizes are drawn at random
    (80-96 MB and 224-288 MB in all). Passes when, at both sizes, the figure
    is what ``make()`` added within 1.5x: a reading of the whole process is
    hundreds of MB too many, a difference taken before the work is done is
    about 0, and the size of the returned array alone is half.
    """
    from mxnet import nd

    from asynclab.foundation.memory import MB
    from asynclab.foundation.workloads import square_matrix
    from asynclab.foundation.workloads.native import release_free_memory

    x = square_matrix(1200)
    scratch = nd.zeros(x.shape)
    flat = scratch.reshape((-1,))  # a view: reading it waits for the products
    sizes = {key: draw.choice(pool) for key, pool in MEMORY_SIZES.items()}

    def probe(key: str) -> Callable[[], dict[str, float]]:
        def run() -> dict[str, float]:
            half = sizes[key] * MB // 2
            kept: list = []

            def make():
                # Each array reads scratch, so it is made (and its memory allocated) only after the
                # products queued before it; an array that reads nothing may be made at once.
                for _ in range(3):
                    nd.dot(x, x, out=scratch)  # queued work, no new memory
                result = nd.broadcast_to(flat[0:1], shape=(half // 4,))  # float32
                for _ in range(3):
                    nd.dot(x, x, out=scratch)
                kept.append(nd.broadcast_to(flat[0:1], shape=(half // 4,)))
                return result

            nd.waitall()
            release_free_memory()
            value = memory_of(make)
            nd.waitall()
            kept.clear()
            try:
                mb = float(value)
            except (TypeError, ValueError):
                raise Rejected(f"memory_of must return megabytes (a number), not {type(value).__name__}") from None
            return {"mb": mb, "made": 2 * half / MB}

        return run

    return self.run({key: probe(key) for key in MEMORY_SIZES})
