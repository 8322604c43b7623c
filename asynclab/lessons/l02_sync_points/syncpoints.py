"""Lesson 02's experiments: the calls that make MXNet's front end wait.

A *synchronization point* is any call after which Python holds a finished
result, so the front end has to wait for the back end first: printing an
array, ``wait_to_read()``, ``waitall()``, ``asnumpy()``, ``item()`` and the
legacy ``asscalar()``. Reading metadata such as ``y.shape`` is not one: the
front end knows the shape as soon as it issues the operation.

This module measures them and shows two consequences:

- an error raised in the back end appears at the next synchronization point,
  not at the faulty line (:func:`locate_error`, and
  :func:`locate_error_under` for the same code under another engine type);
- a stopwatch that does not synchronize blames the time on the line that
  happens to wait (:class:`StepTimer`, :func:`blame_loop`).

The workload they wait for, :class:`Workload`, is
:class:`asynclab.foundation.workloads.matrices.ProductWorkload`. Times are seconds;
nothing here draws; results are plain objects for :mod:`asynclab.foundation.plots`.
Lesson layer.
"""

from __future__ import annotations

import ast
import contextlib
import io
import textwrap
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asynclab.foundation.backends.fresh import run_program
from asynclab.foundation.timing import Samples, SyncSpec, resolve_sync, run_interleaved, summarize
from asynclab.foundation.workloads.matrices import ProductWorkload

__all__ = [
    "SyncPoint",
    "sync_points",
    "Workload",
    "SyncTiming",
    "time_sync_point",
    "sync_table",
    "format_table",
    "ErrorReport",
    "locate_error",
    "locate_error_under",
    "first_line_of_error",
    "StepTimer",
    "blame_loop",
    "BLAME_STEPS",
]


# ---------------------------------------------------------------- the calls


@dataclass(frozen=True)
class SyncPoint:
    """One way of touching a result ``y``.

    ``name`` is how the call is written; ``call(y)`` performs it; ``api`` is
    the array type it needs (``"nd"`` for ``mx.nd.NDArray``, ``"np"`` for
    ``mx.np.ndarray``); ``expected`` says whether the call should block.
    """

    name: str
    call: Callable[[Any], object]
    api: str = "nd"
    expected: bool = True

    def __post_init__(self) -> None:
        if self.api not in ("nd", "np"):
            raise ValueError(f"api must be 'nd' or 'np', not {self.api!r}.")


def _print_to_nowhere(y: Any) -> None:
    print(y, file=io.StringIO())


def sync_points(include_non_blocking: bool = True) -> list[SyncPoint]:
    """The calls lesson 02 times, in the order of its table.

    With ``include_non_blocking`` two calls that do *not* wait are added as
    references: reading ``y.shape`` and doing nothing at all.
    """
    from mxnet import nd, npx

    points = [
        SyncPoint("print(y)", _print_to_nowhere),
        SyncPoint("repr(y)", repr),
        SyncPoint("y.wait_to_read()", lambda y: y.wait_to_read()),
        SyncPoint("y.asnumpy()", lambda y: y.asnumpy()),
        SyncPoint("y.item()", lambda y: y.item(), api="np"),
        SyncPoint("npx.waitall()", lambda y: npx.waitall(), api="np"),
        SyncPoint("y.asscalar()  (legacy nd)", lambda y: y.asscalar()),
        SyncPoint("nd.waitall()  (legacy nd)", lambda y: nd.waitall()),
    ]
    if include_non_blocking:
        points += [
            SyncPoint("y.shape", lambda y: y.shape, expected=False),
            SyncPoint("(nothing)", lambda y: None, expected=False),
        ]
    return points


# ---------------------------------------------------------------- the workload

#: The lesson's name for :class:`asynclab.foundation.workloads.matrices.ProductWorkload`.
Workload = ProductWorkload


@dataclass(frozen=True)
class SyncTiming:
    """Seconds spent issuing the workload and then in one call on its result."""

    name: str
    issue: Samples
    wait: Samples
    expected: bool = True
    #: per run, the seconds from the start of the issue to the call's return (issue + wait); None: ``wait``'s
    total: Samples | None = None

    def blocks(self, compute_seconds: float, share: float = 0.5) -> bool:
        """Did the call return at least ``share`` of the compute time after the work was issued, in its
        quickest run?

        A call that waits can never return before the work it waits for, which starts when it is issued,
        however long the calling thread was held up between the issue and the call; one that does not wait
        can still be held up by whatever else the machine runs: the quickest run tells the two apart
        where a median or a quartile of a few runs, most of them held up, would not (make test read
        the no-op row at over half the compute time in its lower quartile once, with two lanes
        and the back end's worker on two cores: the calling thread waited for a core). Counted from the
        issue, not from the call: make test once read ``y.wait_to_read()`` at under half the compute time
        in one run of five, the calling thread held up after the issue while the work ran.
        """
        return (self.total or self.wait).min >= share * compute_seconds


def _time_once(point: SyncPoint, work: Workload) -> tuple[float, float]:
    from asynclab.foundation.backends import mxnet as mxb

    mxb.sync_all()
    start = time.perf_counter()
    y = work.issue(point.api)
    issued = time.perf_counter()
    point.call(y)
    done = time.perf_counter()
    mxb.sync_all()  # a call that did not wait leaves the work running: finish it, untimed
    return issued - start, done - issued


def time_sync_point(point: SyncPoint, work: Workload, repeat: int = 5, warmup: int = 1) -> SyncTiming:
    """Issue the workload and time ``point.call`` on its result, ``repeat`` times."""
    for _ in range(warmup):
        _time_once(point, work)
    pairs = [_time_once(point, work) for _ in range(repeat)]
    return SyncTiming(
        point.name,
        summarize(p[0] for p in pairs),
        summarize(p[1] for p in pairs),
        point.expected,
        summarize(p[0] + p[1] for p in pairs),
    )


def sync_table(
    points: Sequence[SyncPoint], work: Workload, repeat: int = 5, warmup: int = 1
) -> tuple[list[SyncTiming], Samples]:
    """Time every call, interleaved round by round, plus the compute time itself.

    Returns the timings in the order of ``points`` and the samples of the
    synchronized compute time (the reference every call is compared with).
    """
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}.")

    def probe(point: SyncPoint) -> Callable[[], tuple[float, float]]:
        return lambda: _time_once(point, work)

    probes: dict[str, Callable[[], object]] = {"compute": work.compute_seconds}
    probes.update((f"call {i}", probe(point)) for i, point in enumerate(points))
    runs = run_interleaved(probes, warmup=warmup, min_rounds=repeat).samples
    timings = [
        SyncTiming(
            p.name,
            summarize(a for a, _ in runs[f"call {i}"]),
            summarize(b for _, b in runs[f"call {i}"]),
            p.expected,
            summarize(a + b for a, b in runs[f"call {i}"]),
        )
        for i, p in enumerate(points)
    ]
    return timings, summarize(runs["compute"])


def format_table(timings: Sequence[SyncTiming], compute: Samples | float) -> str:
    """One line per call: issue and call times in ms, the call's share of the compute time.

    Numbers are never padded to a width (only the names are), so the text
    stays comparable once the numbers are masked.
    """
    reference = compute.median if isinstance(compute, Samples) else float(compute)
    width = max(len(t.name) for t in timings)
    lines = []
    for t in timings:
        share = t.wait.median / reference if reference > 0 else float("nan")
        lines.append(
            f"{t.name:<{width}}  waits: {'yes' if t.blocks(reference) else 'no ':<3}  "
            f"issue {t.issue.median * 1e3:.3f} ms, call {t.wait.median * 1e3:.3f} ms "
            f"= {share:.2f} x compute"
        )
    lines.append(f"(compute time of the workload, synchronized: {reference * 1e3:.3f} ms)")
    return "\n".join(lines)


# ---------------------------------------------------------------- where errors surface


def first_line_of_error(error: BaseException) -> str:
    """``Type: message`` with MXNet's C++ traceback trimmed to its last line."""
    lines = [ln.strip() for ln in str(error).strip().splitlines() if ln.strip()]
    message = lines[-1] if lines else ""
    name = type(error).__name__
    if message.startswith(f"{name}: "):
        message = message[len(name) + 2 :]
    return f"{name}: {message}" if message else name


@dataclass(frozen=True)
class ErrorReport:
    """Which statement of a piece of code raised, if any.

    ``statements`` are the top-level statements in order; ``raised_at`` is
    the 1-based number of the one that raised (``None``: none raised, or the
    error only appeared at the final ``waitall`` that :func:`locate_error`
    adds, in which case ``at_final_wait`` is true).
    """

    statements: tuple[str, ...]
    raised_at: int | None
    error: str = ""
    at_final_wait: bool = False
    engine_type: str = "ThreadedEnginePerDevice"

    @property
    def statement(self) -> str | None:
        return None if self.raised_at is None else self.statements[self.raised_at - 1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "statements": list(self.statements),
            "raised_at": self.raised_at,
            "error": self.error,
            "at_final_wait": self.at_final_wait,
            "engine_type": self.engine_type,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ErrorReport:
        return cls(
            tuple(data["statements"]),
            data["raised_at"],
            data.get("error", ""),
            bool(data.get("at_final_wait", False)),
            data.get("engine_type", ""),
        )

    def show(self) -> str:
        """The code with the statement that raised marked by an arrow."""
        lines = [f"engine: {self.engine_type}"]
        for i, text in enumerate(self.statements, start=1):
            mark = "-->" if i == self.raised_at else "   "
            body = text.splitlines()
            lines.append(f"{mark} {i:>2}  {body[0]}")
            lines.extend(f"        {more}" for more in body[1:])
        if self.raised_at is not None:
            lines.append(f"raised at statement {self.raised_at}: {self.error}")
        elif self.at_final_wait:
            lines.append(f"no statement raised; the final waitall did: {self.error}")
        else:
            lines.append("nothing raised")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.show()


def _split_statements(source: str) -> list[tuple[str, ast.Module]]:
    source = textwrap.dedent(source).strip("\n")
    tree = ast.parse(source)
    out = []
    for node in tree.body:
        text = ast.get_source_segment(source, node) or ast.unparse(node)
        out.append((text, ast.Module(body=[node], type_ignores=[])))
    return out


def locate_error(source: str, namespace: dict | None = None) -> ErrorReport:
    """Run ``source`` statement by statement and report which one raised.

    After the last statement a ``waitall`` runs as well, so that an error
    still pending in the back end is collected here and cannot leak into
    whatever runs next. ``namespace`` (default: a fresh dict) receives the
    variables the code defines.
    """
    if not isinstance(source, str):
        raise TypeError(f"source must be a string of Python code, not {type(source).__name__}.")
    import os

    from asynclab.foundation.backends import mxnet as mxb

    engine = os.environ.get("MXNET_ENGINE_TYPE", mxb.DEFAULT_ENGINE)
    statements = _split_statements(source)
    texts = tuple(text for text, _ in statements)
    env: dict = {"__name__": "__main__"} if namespace is None else namespace
    for number, (_text, module) in enumerate(statements, start=1):
        try:
            exec(compile(module, f"<statement {number}>", "exec"), env)
        except Exception as error:  # the point of the exercise: note it and stop
            _drain()
            return ErrorReport(texts, number, first_line_of_error(error), engine_type=engine)
    try:
        mxb.sync_all()
    except Exception as error:
        return ErrorReport(texts, None, first_line_of_error(error), at_final_wait=True, engine_type=engine)
    return ErrorReport(texts, None, engine_type=engine)


def _drain() -> None:
    """Collect whatever else the back end still has to report."""
    from asynclab.foundation.backends import mxnet as mxb

    for _ in range(3):
        try:
            mxb.sync_all()
            return
        except Exception:
            continue


def _locate_child(source: str) -> dict[str, Any]:
    """In a fresh process (:func:`locate_error_under`): :func:`locate_error` on ``source``, as a dict."""
    return locate_error(source).to_dict()


def locate_error_under(source: str, engine_type: str = "NaiveEngine", timeout: float = 120.0) -> ErrorReport:
    """:func:`locate_error` in a fresh process whose MXNet uses ``engine_type`` (``timeout`` in seconds)."""
    if not isinstance(source, str):
        raise TypeError(f"source must be a string of Python code, not {type(source).__name__}.")
    from asynclab.foundation.backends import mxnet as mxb

    run = run_program(
        f"{__name__}:_locate_child",
        payload=source,
        env=mxb.engine_env(engine_type),
        timeout=timeout,
        what=f"the code under {engine_type}",
        error=mxb.SnippetError,
    )
    return ErrorReport.from_dict(run.result)


# ---------------------------------------------------------------- time blamed on the wrong line


class StepTimer:
    """Accumulate the time of named steps of a loop body.

    >>> timer = StepTimer()                          # doctest: +SKIP
    >>> with timer("a = np.dot(x, x)"):
    ...     a = np.dot(x, x)

    With ``sync=False`` the clock of each step stops as soon as Python moves
    on, so a step is charged only for what the *front end* did in it. With
    ``sync=True`` (or a callable) the timer waits for the back end before it
    stops each clock, so every step is charged for its own computation.
    """

    def __init__(self, sync: SyncSpec = False) -> None:
        self._sync = resolve_sync(sync)
        self.synchronized = self._sync is not None
        self._samples: dict[str, list[float]] = {}

    @contextlib.contextmanager
    def __call__(self, label: str) -> Iterator[None]:
        if not isinstance(label, str) or not label:
            raise TypeError("a step needs a non-empty string label.")
        start = time.perf_counter()
        yield
        if self._sync is not None:
            self._sync()
        self._samples.setdefault(label, []).append(time.perf_counter() - start)

    @property
    def labels(self) -> list[str]:
        return list(self._samples)

    @property
    def totals(self) -> dict[str, float]:
        """Seconds per step, summed over every pass."""
        return {label: sum(v) for label, v in self._samples.items()}

    @property
    def shares(self) -> dict[str, float]:
        """Each step's fraction of the total time."""
        totals = self.totals
        whole = sum(totals.values())
        return {label: (t / whole if whole > 0 else 0.0) for label, t in totals.items()}

    def slowest(self) -> str:
        """The label that got the most time."""
        if not self._samples:
            raise ValueError("the timer has timed nothing yet.")
        totals = self.totals
        return max(totals, key=totals.__getitem__)

    def table(self) -> str:
        """One line per step: total ms and share of the whole."""
        width = max((len(k) for k in self._samples), default=4)
        totals, shares = self.totals, self.shares
        return "\n".join(
            f"{label:<{width}}  {totals[label] * 1e3:.3f} ms ({shares[label] * 100:.1f}%)" for label in totals
        )


BLAME_STEPS = ("a = np.dot(x, x)", "b = npx.relu(a)", "loss = b.mean()", "v = loss.item()")


def blame_loop(x, timer: StepTimer, iterations: int = 5) -> float:
    """A loop body whose slow line is the product, timed step by step.

    ``x`` is an ``mx.np.ndarray`` matrix. Every step is labelled with the
    line it runs (:data:`BLAME_STEPS`). Returns the last value read.
    """
    from mxnet import np, npx

    if iterations < 1:
        raise ValueError(f"iterations must be at least 1, got {iterations}.")
    value = float("nan")
    for _ in range(iterations):
        with timer(BLAME_STEPS[0]):
            a = np.dot(x, x)
        with timer(BLAME_STEPS[1]):
            b = npx.relu(a)
        with timer(BLAME_STEPS[2]):
            loss = b.mean()
        with timer(BLAME_STEPS[3]):
            value = loss.item()
    return value
