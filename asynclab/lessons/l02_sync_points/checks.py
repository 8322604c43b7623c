"""Checks of lab 02, "Synchronization points".

Each check measures the relationship itself by calling the student's
functions on workloads it makes, at two sizes it chooses, so numbers typed
in by hand cannot pass. Effect sizes, quiet and with one core busy, are in
``bench/reports/checks_robustness.md``:

- sync-costs-compute: a correct timing puts about the whole compute time on
  the synchronization call and a few percent on issuing; without a real wait
  the call gets about 0.001x, waiting inside the issuing clock puts about
  1x on issuing. Window 2.5x for the call, at most 0.3x for issuing.
- error-at-sync: functional. A back-end error must be raised inside
  ``sample()``; without a synchronization point in it the error surfaces
  later, at the check's own ``waitall``.
- blame-right-line: a synchronized timing charges the product about its
  compute time and the ``item()`` line a few percent of it; without
  synchronizing, the product gets about 0.01x and ``item()`` about 1x.
  Window 2.5x, at most 0.3x. Every line is graded: ``relu`` and ``mean``
  at most 0.9x of the product's compute time (a right answer: relu up to
  0.31x, mean 0.30x-0.53x at size 600 where the product is small, quiet
  and with a core busy; running totals give 1x and more), and the four
  lines must add up to the time the call took within 2x (right: about
  0.96x-0.99x as a median over runs; running totals about 3x and more).
- predict-error-line: functional. The program is run line by line under
  the threaded engine and under NaiveEngine, each in a fresh process; both
  predicted lines must be the lines that raised. A FAIL names the engine
  whose prediction missed, never the right line.
- fair-clocks: spot the bug. ``compare(x)`` times ``x @ x`` in one product
  and in two halves of its rows; both clocks must read the product's
  compute time within 2.5x at a small and a large size drawn at random
  from pools. A right answer reads 0.9x-1.2x (worst margin 2.22 quiet, 2.15
  with a core busy); the clock stopped before the result is read, as found,
  reads a few percent, a fixed sleep fits at most one of the two sizes.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from typing import Any

from asynclab.checks import draw
from asynclab.checks.core import CheckResult, Protocol, Rejected, check
from asynclab.checks.relations import AtMost, Within
from asynclab.foundation.timing import time_call

SIZES = (500, 1200)
BLAME_SIZES = (600, 1400)
CALL_TOLERANCE = 2.5
ISSUE_SHARE = 0.3
ITEM_SHARE = 0.3
SMALL_LINE_SHARE = 0.9  # relu and mean: the mean of a small array costs up to half the product here
LINES_TOLERANCE = 2.0
STEP_KEYS = ("dot", "relu", "mean", "item")

_PROTOCOL = Protocol(warmup=1, min_rounds=7, max_rounds=15, budget_s=20.0)
_WINDOW = f"{1 / CALL_TOLERANCE:.2g}x..{CALL_TOLERANCE:g}x"


def _sizes_sentence(what: str, sizes: tuple[int, int], first: str, second: str, share: float) -> str:
    """The verdict of a check measured at two sizes: the window per size, the share per size."""
    parts = ", ".join(f"{{{first}_{s}:.2f}}x at size {s}" for s in sizes)
    shares = ", ".join(f"{{{second}_{s}:.2f}}x" for s in sizes)
    return what.format(parts=parts, shares=shares, window=_WINDOW, share=f"{share:g}")


def _two_size_figures(sizes: tuple[int, int], first: str, second: str, key: str):
    def figures(outcome) -> dict[str, float]:
        found = {
            "ratio": min(outcome.bands[f"{first}_{s}"].value for s in sizes),
            key: max(outcome.bands[f"{second}_{s}"].value for s in sizes),
        }
        found.update({f"ratio_{s}": outcome.bands[f"{first}_{s}"].value for s in sizes})
        return found

    return figures


def _sync_calls() -> list[tuple[str, Callable[[Any], object]]]:
    from mxnet import nd

    return [
        ("y.wait_to_read()", lambda y: y.wait_to_read()),
        ("y.asnumpy()", lambda y: y.asnumpy()),
        ("y.asscalar()", lambda y: y.asscalar()),
        ("nd.waitall()", lambda y: nd.waitall()),
    ]


def _pair(value: Any, what: str, names: str = "(issue_seconds, call_seconds)") -> tuple[float, float]:
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise TypeError(f"{what} must return a pair {names}, not {type(value).__name__}")
    a, b = (float(v) for v in value)
    if not (math.isfinite(a) and math.isfinite(b)):
        raise ValueError(f"{what} returned a value that is not finite")
    return a, b


def _synced_dot(dot: Callable, x) -> Callable[[], float]:
    """A probe: seconds of one ``dot(x, x)`` from an idle back end until it is computed."""
    from asynclab.foundation.backends import mxnet as mxb

    def probe() -> float:
        mxb.sync_all()
        return time_call(lambda: dot(x, x), sync=True)

    return probe


@check(
    "sync-costs-compute",
    points=2,
    protocol=_PROTOCOL,
    calls="time_sync_call",
    functions=("time_sync_call",),
    relations=tuple(
        r
        for size in SIZES
        for r in (
            Within(f"call_{size}", num=f"student{size}.call", den=f"reference{size}", tolerance=CALL_TOLERANCE),
            AtMost(f"issue_{size}", num=f"student{size}.issue", den=f"reference{size}", threshold=ISSUE_SHARE),
        )
    ),
    sentence=_sizes_sentence(
        "the sync call took {parts} of the compute time, issuing {shares} (needs {window} and issuing <= {share}x)",
        SIZES,
        "call",
        "issue",
        ISSUE_SHARE,
    ),
    threshold=f"call within {_WINDOW}, issue <= {ISSUE_SHARE:g}x",
    figures=_two_size_figures(SIZES, "call", "issue", "issue_share"),
)
def check_sync_costs_compute(self, time_sync_call: Callable) -> CheckResult:
    """``time_sync_call(issue, sync)`` returns ``(issue_seconds, call_seconds)``.

    ``issue()`` queues a matrix product and returns its pending result ``y``;
    ``sync(y)`` is one synchronization call (the check rotates through
    ``wait_to_read``, ``asnumpy``, ``asscalar`` and ``waitall``). Passes when
    ``issue`` and ``sync`` were each called once, ``sync`` on what ``issue``
    returned, and, at both sizes, the call took the compute time within 2.5x
    and issuing at most 0.3x of it.
    """
    from asynclab.foundation.backends import mxnet as mxb
    from asynclab.foundation.workloads import ProductWorkload

    calls = _sync_calls()
    works = {size: ProductWorkload(size, seed=size) for size in SIZES}
    counter = {size: 0 for size in SIZES}

    def student(size: int) -> Callable[[], dict[str, float]]:
        work = works[size]

        def probe() -> dict[str, float]:
            label, call = calls[counter[size] % len(calls)]
            counter[size] += 1
            given: list = []
            used: list = []

            def issue():
                y = work.issue("nd")
                given.append(y)
                return y

            def sync(y):
                used.append(y)
                return call(y)

            mxb.sync_all()
            a, b = _pair(time_sync_call(issue, sync), "time_sync_call")
            mxb.sync_all()
            # Every sync call costs the same compute, so timing some other wait
            # would give the same numbers: the check insists on the one it passed.
            if len(given) != 1 or len(used) != 1 or used[0] is not given[0]:
                raise Rejected(
                    f"time_sync_call must call issue() once and sync(y) once on its result "
                    f"(it called issue() {len(given)} and sync() {len(used)} time(s)"
                    f"{'' if not used or not given or used[0] is given[0] else ', on another array'})"
                )
            return {"issue": a, "call": b}

        return probe

    probes: dict[str, Callable[[], Any]] = {}
    for size in SIZES:
        probes[f"student{size}"] = student(size)
        probes[f"reference{size}"] = works[size].compute_seconds
    return self.run(probes)


# ------------------------------------------------------------ step 2: predict where the error appears
#: The program of step 2, one statement per line; line 1 issues an operation the back end rejects.
ERROR_PROGRAM = (
    "a = nd.random.normal(0, -1.0, shape=(300, 300))   # a negative scale: the back end rejects it",
    "b = nd.ones((300, 300)) * 3",
    "c = nd.dot(a, b)",
    "b.wait_to_read()",
    "total = b.sum().asscalar()",
    "shape = c.shape",
    "mean = c.mean().asscalar()",
    "nd.waitall()",
)
#: The engines the program runs under, by the key a prediction uses.
ENGINES = {"threaded": "ThreadedEnginePerDevice", "naive": "NaiveEngine"}


def _locate_child(lines: list[str]) -> int | None:
    """In a fresh process (:func:`error_line`): run ``lines`` one by one; the (1-based) line that raised.

    ``None`` when no line raised. MXNet's engine is the one the process was
    started with (``MXNET_ENGINE_TYPE``).
    """
    from mxnet import nd

    namespace = {"nd": nd}
    found = None
    for number, line in enumerate(lines, 1):
        try:
            exec(line, namespace)
        except Exception:
            found = number
            break
    return found


def listing() -> str:
    """:data:`ERROR_PROGRAM` with its line numbers, for the lab to print."""
    return "\n".join(f"{number}  {line}" for number, line in enumerate(ERROR_PROGRAM, 1))


def error_line(engine: str, lines: tuple[str, ...] = ERROR_PROGRAM) -> int | None:
    """The (1-based) line of ``lines`` that raises, run in a fresh process under MXNet engine ``engine``."""
    from asynclab.foundation.backends import mxnet as mxb
    from asynclab.foundation.backends.fresh import run_program

    run = run_program(
        f"{__name__}:_locate_child",
        payload=list(lines),
        env=mxb.engine_env(engine),
        timeout=120,
        what=f"the program under {engine}",
    )
    return run.result


@check("predict-error-line", points=2, threshold="both lines")
def check_predict_error_line(self, predicted: Any) -> CheckResult:
    """``predicted`` maps ``"threaded"`` and ``"naive"`` to the line where the error will appear.

    The check runs :data:`ERROR_PROGRAM` line by line under each engine, in
    fresh processes, and passes when both predictions name the line that
    raised. A FAIL says which prediction missed, never the right line.
    """

    def condition() -> tuple[bool, str]:
        if not isinstance(predicted, Mapping) or set(predicted) != set(ENGINES):
            return False, "PREDICTED must be a dict with the keys 'threaded' and 'naive'"
        bad = [
            k
            for k in ENGINES
            if isinstance(predicted[k], bool)
            or not isinstance(predicted[k], int)
            or not 1 <= predicted[k] <= len(ERROR_PROGRAM)
        ]
        if bad:
            return False, (
                f"each prediction must be a line number from 1 to {len(ERROR_PROGRAM)}; "
                f"{bad[0]!r} is {predicted[bad[0]]!r}"
            )
        missed = [k for k, engine in ENGINES.items() if error_line(engine) != predicted[k]]
        if missed:
            return False, "; ".join(
                f"under the {k} engine the error did not appear on line {predicted[k]}"
                + (
                    ": think about which waits involve the failed array"
                    if k == "threaded"
                    else ": think about when this engine runs each operation"
                )
                for k in missed
            )
        return True, ""

    return self.holds(condition, description="both predictions name the line where the error appeared")


def _is_back_end_error(error: BaseException) -> bool:
    from mxnet.base import MXNetError

    return isinstance(error, MXNetError) or "Check failed" in str(error)


@check("error-at-sync", points=2, functions=("sample",), threshold="3/3")
def check_error_at_sync(self, sample: Callable) -> CheckResult:
    """``sample(scale, shape)`` returns normal samples, with any back-end error raised inside it.

    The check calls it with invalid scales (the back end rejects them, but
    only when it runs the operation) and with valid ones. Passes when every
    invalid call raises the back end's error inside ``sample`` and leaves
    nothing pending, and every valid call returns samples of the right
    shape and spread.
    """
    from asynclab.foundation.backends import mxnet as mxb

    cases = iter([(-1.0, (3, 4)), (0.0, (50,)), (-2.5, (2, 2, 2))])
    good = iter([(2.0, (4000,)), (0.5, (80, 50)), (3.0, (2000, 2))])

    def condition() -> tuple[bool, str]:
        mxb.sync_all()
        scale, shape = next(cases)
        try:
            sample(scale, shape)
        except NotImplementedError:
            return False, "sample() is not written yet (it raised NotImplementedError)"
        except Exception as error:
            if not _is_back_end_error(error):
                return False, (
                    f"sample({scale}, {shape}) raised {type(error).__name__} itself; "
                    "let the back end report the bad scale, and make it surface inside sample()"
                )
        else:
            try:
                mxb.sync_all()
            except Exception:
                return False, (
                    f"sample({scale}, {shape}) returned without an error; the back end's error "
                    "surfaced later, at the next synchronization point (the check's waitall)"
                )
            return False, f"sample({scale}, {shape}) returned and no error surfaced at all"
        try:
            mxb.sync_all()
        except Exception:
            return False, "the error surfaced in sample(), but another one was still pending afterwards"
        scale, shape = next(good)
        try:
            y = sample(scale, shape)
        except Exception as error:
            return False, f"sample({scale}, {shape}) raised {type(error).__name__} for a valid scale"
        if not hasattr(y, "asnumpy"):
            return False, f"sample() must return the MXNet array, not {type(y).__name__}"
        values = y.asnumpy()
        if tuple(values.shape) != tuple(shape):
            return False, f"sample({scale}, {shape}) returned shape {tuple(values.shape)}"
        spread = float(values.std())
        if not 0.8 * scale <= spread <= 1.2 * scale:
            return False, f"sample({scale}, {shape}) has a spread of {spread:.2f}, not about {scale:g}"
        return True, ""

    return self.holds(
        condition,
        repeat=3,
        description="every bad scale raised the back end's error inside sample(), and nothing was left pending",
    )


def _small_line(line: str):
    def why(o) -> str:
        worst = max(o.bands[f"{line}_{s}"].value for s in BLAME_SIZES)
        return (
            f"your timing charged the {line} line {worst:.2f}x of the product's compute time "
            f"(needs <= {SMALL_LINE_SHARE:g}x): charge each line its own work only"
        )

    return why


def _lines_why(o) -> str:
    values = [o.bands[f"lines_{s}"].value for s in BLAME_SIZES]
    worst = max(values, key=lambda v: abs(math.log(v)) if v > 0 else math.inf)
    return (
        f"your four lines add up to {worst:.2f}x the time time_steps took (needs "
        f"{1 / LINES_TOLERANCE:.2g}x..{LINES_TOLERANCE:g}x): return each line's own seconds, "
        "not running totals or figures of your own"
    )


@check(
    "blame-right-line",
    points=3,
    protocol=_PROTOCOL,
    calls="time_steps",
    functions=("time_steps",),
    relations=tuple(
        r
        for size in BLAME_SIZES
        for r in (
            Within(f"dot_{size}", num=f"student{size}.dot", den=f"reference{size}", tolerance=CALL_TOLERANCE),
            AtMost(f"item_{size}", num=f"student{size}.item", den=f"reference{size}", threshold=ITEM_SHARE),
        )
    )
    + tuple(
        r
        for size in BLAME_SIZES
        for r in (
            AtMost(
                f"relu_{size}",
                num=f"student{size}.relu",
                den=f"reference{size}",
                threshold=SMALL_LINE_SHARE,
                why=_small_line("relu"),
            ),
            AtMost(
                f"mean_{size}",
                num=f"student{size}.mean",
                den=f"reference{size}",
                threshold=SMALL_LINE_SHARE,
                why=_small_line("mean"),
            ),
            Within(f"lines_{size}", num=f"student{size}.lines", tolerance=LINES_TOLERANCE, why=_lines_why),
        )
    ),
    sentence=_sizes_sentence(
        "your timing charged the dot line {parts} of its compute time and the item line "
        "{shares} (needs {window} and item <= {share}x)",
        BLAME_SIZES,
        "dot",
        "item",
        ITEM_SHARE,
    ),
    threshold=(
        f"dot within {_WINDOW}, item <= {ITEM_SHARE:g}x, relu and mean <= {SMALL_LINE_SHARE:g}x, "
        f"lines add up within {LINES_TOLERANCE:g}x"
    ),
    figures=_two_size_figures(BLAME_SIZES, "dot", "item", "item_share"),
)
def check_blame_right_line(self, time_steps: Callable) -> CheckResult:
    """``time_steps(x)`` runs the four-line loop body once and returns seconds per line.

    The keys are ``"dot"``, ``"relu"``, ``"mean"`` and ``"item"``. Passes when,
    at both sizes, the product's line is charged its compute time within 2.5x
    and the ``item()`` line at most 0.3x of it.
    """
    import mxnet as mx

    from asynclab.foundation.backends import mxnet as mxb

    mx.random.seed(2)
    xs = {size: mx.np.random.uniform(size=(size, size)) for size in BLAME_SIZES}
    mxb.sync_all()

    def student(size: int) -> Callable[[], dict[str, float]]:
        def probe() -> dict[str, float]:
            mxb.sync_all()
            start = time.perf_counter()
            steps = time_steps(xs[size])
            wall = time.perf_counter() - start
            mxb.sync_all()
            if not isinstance(steps, Mapping) or set(steps) != set(STEP_KEYS):
                got = sorted(steps) if isinstance(steps, Mapping) else type(steps).__name__
                raise TypeError(f"it must return a dict with the keys {', '.join(STEP_KEYS)}; got {got}")
            try:
                found = {key: float(steps[key]) for key in STEP_KEYS}
            except (TypeError, ValueError):
                raise Rejected("every value of the dict must be seconds (a number)") from None
            found["lines"] = sum(found.values()) / max(wall, 1e-9)
            return found

        return probe

    probes: dict[str, Callable[[], Any]] = {}
    for size in BLAME_SIZES:
        probes[f"student{size}"] = student(size)
        probes[f"reference{size}"] = _synced_dot(mx.np.dot, xs[size])
    return self.run(probes)


# ------------------------------------------------------------ step 5: spot the bug in a comparison
CLOCK_SIZES = {"small": (450, 500, 550), "large": (1200, 1300, 1400)}
CLOCK_TOLERANCE = 2.5
_CLOCK_WINDOW = f"{1 / CLOCK_TOLERANCE:.2g}x..{CLOCK_TOLERANCE:g}x"


def _clock_why(which: str, size: str):
    def why(o) -> str:
        value = o.bands[f"{which}_{size}"].value
        n = int(o.median(f"student_{size}.size"))
        return (
            f"your {which} clock read {value:.2f}x the compute time of the {n}x{n} product (needs "
            f"{_CLOCK_WINDOW}): a clock must stop only once the result it times exists"
        )

    return why


def _clock_figures(o) -> dict[str, float]:
    values = {key: o.bands[key].value for key in o.bands}
    worst = max(values.values(), key=lambda v: abs(math.log(v)) if v > 0 else math.inf)
    return {"ratio": worst, **values}


@check(
    "fair-clocks",
    points=2,
    protocol=_PROTOCOL,
    calls="compare",
    functions=("compare",),
    relations=tuple(
        Within(
            f"{which}_{size}",
            num=f"student_{size}.{which}",
            den=f"reference_{size}",
            tolerance=CLOCK_TOLERANCE,
            why=_clock_why(which, size),
        )
        for size in CLOCK_SIZES
        for which in ("serial", "halves")
    ),
    sentence=lambda o: (
        "your clocks read {:.2f}x and {:.2f}x (serial) and {:.2f}x and {:.2f}x (halves) of the "
        "product's compute time at two sizes (needs {})"
    ).format(
        o.bands["serial_small"].value,
        o.bands["serial_large"].value,
        o.bands["halves_small"].value,
        o.bands["halves_large"].value,
        _CLOCK_WINDOW,
    ),
    threshold=f"both clocks within {_CLOCK_WINDOW} at both sizes",
    figures=_clock_figures,
)
def check_fair_clocks(self, compare: Callable) -> CheckResult:
    """``compare(x)`` returns ``(serial_seconds, halves_seconds)`` for ``x @ x`` in one product and in two halves.

    The check calls it on square matrices of two sizes drawn at random, and
    passes when both clocks read the product's compute time within 2.5x
    (against the check's own synchronized run) at both sizes: a clock that
    stops before the result exists reads a few percent of it.
    """
    from mxnet import nd

    from asynclab.foundation.backends import mxnet as mxb
    from asynclab.foundation.workloads import square_matrix

    sizes = {key: draw.choice(pool) for key, pool in CLOCK_SIZES.items()}
    xs = {key: square_matrix(n) for key, n in sizes.items()}

    def student(key: str) -> Callable[[], dict[str, float]]:
        def probe() -> dict[str, float]:
            mxb.sync_all()
            serial, halves = _pair(compare(xs[key]), "compare", "(serial_seconds, halves_seconds)")
            mxb.sync_all()
            return {"serial": serial, "halves": halves, "size": float(sizes[key])}

        return probe

    probes: dict[str, Callable[[], Any]] = {}
    for key in CLOCK_SIZES:
        probes[f"student_{key}"] = student(key)
        probes[f"reference_{key}"] = _synced_dot(nd.dot, xs[key])
    return self.run(probes)
