"""Checks of lab 02, "Synchronization points".

Each check measures the relationship itself by calling the student's
functions on workloads it makes, at two sizes it chooses, so numbers typed
in by hand cannot pass. Effect sizes, quiet and with one core busy, are in
``bench/reports/checks_robustness.md``:

- waits-for-results: ``result_seconds(step)`` times a step until the arrays
  it returned exist, for five steps the lab has not shown: a lone ``mx.np``
  product (size drawn from 500..600), a dict of a loss and gradients whose
  largest, on cpu(1), finishes last while another is issued last, a
  product returned beside eight products queued on cpu(1) and never returned,
  and a dict of a loss (one number, the mean of a product on cpu(1) it does
  not return) and a larger update (on cpu(0), done in a millisecond or two),
  which finishes first: their sizes, which of the two is issued first and the
  order of the dict are drawn per run, so no rule of size, depth or order
  picks the array that finishes last in every step; and a step that reads
  its batch into NumPy (a product of a drawn size, 20-40 ms) before it
  queues one small operation on it and returns, so that a clock started
  once ``step()`` has returned misses the step's own wait (0.00x-0.01x,
  two runs each quiet and with one core busy; right answers 0.89x-1.10x).
  A right answer (a wait on every returned array) read 0.82x-1.26x of the
  check's own timing, quiet and with one core busy, before the loss step was
  added; since, the solution and both right answers of the catalogue read
  0.93x-1.09x on every step, four runs each quiet and with one core busy (the
  loss step 0.95x-1.04x), with the loss on cpu(1) beside an update on cpu(0)
  issued in the step. That update finished with the loss's product, so a
  wait on the largest array of each device passed; the loss is now on cpu(0)
  beside weights computed before the step, and the elsewhere step also
  returns an array of cpu(1) computed before it, so that a wait for all work
  once the results span two devices is charged for the unreturned products
  (8.3x). ``nd.waitall()`` reads the unreturned work at 14.9x-15.0x
  quiet, 8.1x-8.6x loaded; a wait on the first or the last array only, or on
  the top level only, reads the nested step at 0.002x-0.06x; a wait on the
  largest array only, or on the one nested deepest, reads the loss step at
  0.011x-0.021x (both held the three other steps at 0.99x-1.06x: there the
  largest and the deepest array finish last); no wait reads 0.14x or less.
  The array that finishes last in the nested step lies four to six levels
  down (a dict, a tuple, a dict, then one to three lists, tuples or dicts,
  drawn), so a flatten of a fixed depth misses it as a wait on the top
  level does (a walk three levels deep passed while it lay three levels
  down), and so does a walk that opens only the top dict.
  Window 2.5x for all five: the nested step costs 16x or more what the lone
  product does, so no typed-in number and no fixed sleep fits both.
- steps-overlap-reads and error-a-step-late: ``run_steps(read_batch, w,
  steps)`` reads a batch per step from a slow source (a sleep of 0.8-1.25x a
  step's compute time, then the batch's decoding issued to the back end)
  and returns the losses. Its time must lie at most 0.6 of the way from the
  check's loop that never waits (as fast as the source allows) to its loop
  that waits for every step before the next read, both timed in the same
  rounds: a wait one step behind, or a wait for each batch as it is read (it
  queues behind the step before), reads -0.05-0.46 of the way quiet and
  with one core busy (0.55-0.81x the serial loop's time); a wait at every
  step 1.01-1.18 (0.91-1.07x). Every call gets weights of values drawn
  for it (their losses computed by the check after the call, untimed), so
  that losses remembered from an earlier call do not fit, however rescaled,
  and no weights tell this check's calls from error-a-step-late's. Then, counted only once that has passed, a
  record whose decoding fails at a drawn step must raise the back end's
  error in ``run_steps`` at most one read after it (a wait one behind: one; reading
  everything first: up to seven; two behind: two), with an operation issued
  elsewhere failed and pending, whose error must be left to its owner (a
  global wait raises or takes it); a record corrupt at the last step must
  raise too (a loop that swallows the error of its last reads returned a
  loss of NaN while the corrupt step was never among the last two), and
  the error raised must carry MXNet's own words ("Check failed"), in it or
  in an error it was raised from (an MXNetError the answer made up with
  words of its own passed while its type sufficed). The batch's error
  cannot be tested for in Python without a wait.
- blame-right-line: a synchronized timing charges the product about its
  compute time and the ``item()`` line a few percent of it; without
  synchronizing, the product gets about 0.01x and ``item()`` about 1x.
  Window 2.5x, at most 0.3x. Every line is graded: ``relu`` and ``mean``
  at most 0.9x of the product's compute time (a right answer: relu up to
  0.31x, mean 0.30x-0.53x at size 600 where the product is small, quiet
  and with a core busy; running totals give 1x and more), and the four
  lines must add up to the time the call took within 2x (right: about
  0.96x-0.99x as a median over runs; running totals about 3x and more).
  And relu and mean at least 0.3x of the check's own synchronized run of
  each (right answers 0.88x-1.08x): a timing that waits after every line
  but relu read relu at 0.04x-0.05x and passed before, its mean line
  charged for relu's work.
- predict-error-line: functional. Three programs are run line by line under
  the threaded engine and under NaiveEngine, in a fresh process per engine
  (the programs one after another, a global wait between them); all six
  predicted lines must be the lines that raised (the same lines in every
  run, quiet and loaded). A FAIL names neither the program nor the engine
  whose prediction missed nor the right line, so guessing by rerunning the
  check takes up to 8**4 * 9**2 runs.
- fair-clocks: spot the bug. ``compare(x)`` times ``x @ x`` in one product
  and in two halves of its rows; both clocks must read the product's
  compute time within 2.5x at a small and a large size drawn at random
  from pools. compare is handed the matrix as the program hands it, right
  after computing it: its last five products (by the identity) are still
  queued, and the colleague's serial clock, which starts at once, times
  them too. A right answer reads 0.88x-1.14x (the solution and four right
  answers of the catalogue, quiet and with one core busy); the colleague's
  serial clock reads 4.9x-7.2x (with three products queued it read
  2.8x-4.2x, too near the bound), and a clock that waits for the matrix
  inside itself, or times the halves first, as much; a clock stopped before the
  result is read reads a few percent, a fixed sleep fits at most one of
  the two sizes. The first call at each size runs under MXNet's profiler,
  which must show three matrix products (the whole and two halves) beside
  the matrix's own five: the serial clock given for both ran one. And the
  two clocks must read within 1.4x of each other, the same arithmetic
  (right answers 0.92x-1.10x): a clock per half, averaged, read 0.53x,
  and a halves' clock never restarted after the serial one 1.97x-1.98x,
  both inside the 2.5x window.
"""

from __future__ import annotations

import math
import numbers
import time
from collections.abc import Callable, Mapping
from typing import Any

from asynclab.checks import draw
from asynclab.checks.core import (
    CheckResult,
    Protocol,
    Rejected,
    Unusable,
    check,
    in_words,
    refuse_outside_child,
    refuse_unless_checking,
)
from asynclab.checks.predictions import CLOCKS, plain
from asynclab.checks.relations import AtLeast, AtMost, Between, Within
from asynclab.foundation.timing import time_call

RESULT_KINDS = ("one", "nested", "elsewhere", "loss", "loader")  # the steps waits-for-results hands over
#: how many containers wrap the nested step's last array inside its dict, drawn from range(*NESTED_WRAPS): it lies
#: four to six levels down
NESTED_WRAPS = (1, 4)
ONE_SIZES = (500, 550, 600)  # the lone product, drawn: 3-5 ms, a sixteenth of the nested step
NESTED_SIZE = 1600  # the gradient computed on cpu(1), about 80 ms
ELSEWHERE_SIZE = 800  # the product returned beside work on cpu(1), about 12 ms
LOSS_SIZES = (1000, 1100, 1200)  # the product a loss (one number) is the mean of, drawn: 50-95 ms
UPDATE_SIZES = (700, 800, 900)  # the weights returned beside it, the largest array returned, drawn: ready
OTHER_SIZE = 1000  # the products queued on cpu(1) and never returned, about 20 ms each
OTHER_DEVICE_PRODUCTS = 8
LONE_BESIDE_PRODUCTS = 4  # queued on cpu(1) beside the lone product, never returned: about 80 ms against 3-5 ms
RESULT_TOLERANCE = 2.5
LOADER_SIZES = (1000, 1100, 1200)  # the product the loader step reads into NumPy before it returns, drawn: 20-40 ms
LOADER_ROWS = 100  # rows of that batch the loader step's one returned operation takes: well under a millisecond
BLAME_SIZES = (600, 1400)
CALL_TOLERANCE = 2.5
ITEM_SHARE = 0.3
SMALL_LINE_SHARE = 0.9  # relu and mean: the mean of a small array costs up to half the product here
#: relu and mean, each against the check's own synchronized run of that line, at least: a line whose clock stops
#: before its work is done reads its issuing only (0.03x-0.05x), and the next line that waits is charged for it;
#: right answers read 0.88x-1.08x (the solution and two right answers, quiet and with one core busy)
OWN_LINE_SHARE = 0.3
LINES_TOLERANCE = 2.0
STEP_KEYS = ("dot", "relu", "mean", "item")
SMALL_LINES = ("relu", "mean")  # the lines between the product and the read: each bounded both ways

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


def _pair(value: Any, what: str, names: str) -> tuple[float, float]:
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise TypeError(f"{what} must return a pair {names}, not {type(value).__name__}")
    a, b = (float(v) for v in value)
    if not (math.isfinite(a) and math.isfinite(b)):
        raise ValueError(f"{what} returned a value that is not finite")
    return a, b


def _synced(line: Callable[[], Any]) -> Callable[[], float]:
    """A probe: seconds of one ``line()`` from an idle back end until its work is done."""
    from asynclab.foundation.backends import mxnet as mxb

    def probe() -> float:
        mxb.sync_all()
        return time_call(line, sync=True)

    return probe


def _synced_dot(dot: Callable, x) -> Callable[[], float]:
    """A probe: seconds of one ``dot(x, x)`` from an idle back end until it is computed."""
    return _synced(lambda: dot(x, x))


def _array_leaves(value: Any) -> list:
    """Every MXNet array in ``value``: an array, or tuples, lists and dicts of them, nested."""
    if isinstance(value, Mapping):
        return [a for v in value.values() for a in _array_leaves(v)]
    if isinstance(value, (tuple, list)):
        return [a for v in value for a in _array_leaves(v)]
    return [value] if hasattr(value, "wait_to_read") else []


def _result_steps() -> tuple[dict[str, Callable[[], Any]], int]:
    """The steps of :func:`check_waits_for_results` (one per :data:`RESULT_KINDS`), by kind, and the lone
    product's drawn size.

    The loss step's sizes, issue order and the order of its dict are drawn here, once a run.
    """
    import mxnet as mx
    from mxnet import nd
    from mxnet import np as mnp

    from asynclab.foundation.workloads import square_matrix

    size = draw.choice(ONE_SIZES)
    one = square_matrix(size).as_np_ndarray()
    tiny = square_matrix(100)
    far = square_matrix(NESTED_SIZE).copyto(mx.cpu(1))
    near = square_matrix(ELSEWHERE_SIZE)
    other, into = square_matrix(OTHER_SIZE).copyto(mx.cpu(1)), nd.zeros((OTHER_SIZE, OTHER_SIZE), ctx=mx.cpu(1))
    seen = nd.ones((1,), ctx=mx.cpu(1))  # the elsewhere step's count of batches, computed before it
    # the loss step: its weights, computed before it, and its loss, both on cpu(0) (an update issued in the
    # step was measured to finish with the loss's product, on cpu(0) or cpu(1): it would finish last too)
    heavy = square_matrix(draw.choice(LOSS_SIZES))
    wide = (square_matrix(draw.choice(UPDATE_SIZES)) * 0.5).as_np_ndarray()
    raw = square_matrix(draw.choice(LOADER_SIZES))
    keys = ["loss", "update", "lr"]
    draw.shuffle(keys)
    # the containers around the nested step's last array below its dict in a tuple in a dict: 1 to 3, drawn, a
    # list among them (the path has a tuple and dicts already): a walk that does not open lists passed whenever
    # none was drawn, about half the runs
    wraps = ["list"] + [draw.choice(("list", "tuple", "dict")) for _ in range(draw.randrange(*NESTED_WRAPS) - 1)]
    draw.shuffle(wraps)
    nd.waitall()

    def wrapped(array: Any) -> Any:
        for kind in wraps:
            array = [array] if kind == "list" else (array,) if kind == "tuple" else {"value": array}
        return array

    def lone():
        product = mnp.dot(one, one)  # cpu(0), issued first (see elsewhere)
        for _ in range(LONE_BESIDE_PRODUCTS):  # cpu(1): queued, never returned
            nd.dot(other, other, out=into)
        # every array returned is on cpu(0), the current device: a wait for all work there waits for cpu(1)'s
        return product

    def nested():
        loss = nd.dot(tiny, tiny).sum()  # cpu(0): done at once
        weight = nd.dot(far, far)  # cpu(1): the one that finishes last
        bias = (tiny + 1).as_np_ndarray()  # cpu(0), issued last, done at once
        # the array that finishes last four to six levels down, in containers drawn inside a dict inside a
        # tuple: a flatten of a fixed depth misses it, as one that opens a dict only at the top does
        return {"loss": loss, "grads": ({"weight": wrapped(weight)}, [bias]), "step": 3}

    def elsewhere():
        # Issued first: queued after cpu(1)'s products, it would wait for a
        # workspace they hold (the CPU devices share them, lesson 06).
        product = nd.dot(near, near)
        for _ in range(OTHER_DEVICE_PRODUCTS):  # cpu(1): queued, never returned
            nd.dot(other, other, out=into)
        # the count of batches, on cpu(1), was computed before the step: a wait for all work once the results
        # span two devices waits for the products nobody asked for
        return "done", product, 0.5, [seen]

    def loss_step():
        # The largest array returned (the weights) is ready; the smallest, a loss of one number, is the mean
        # of a product it does not return, on the same device, and finishes last. Where each stands in the
        # dict is drawn: no rule of size, depth, order or device (the largest array of each device) finds it.
        loss = nd.dot(heavy, heavy).mean()
        found = {"loss": loss, "update": [wide], "lr": 0.1}
        return {key: found[key] for key in keys}

    def loader():
        # Front-end time before the step returns: its batch is read into NumPy (a data loader's wait), then one
        # small operation on it is queued and returned. The caller waited for the batch too: a clock started once
        # step() has returned leaves it out.
        batch = nd.dot(raw, raw).asnumpy()
        return {"activations": nd.relu(nd.array(batch[:LOADER_ROWS]))}

    return dict(zip(RESULT_KINDS, (lone, nested, elsewhere, loss_step, loader), strict=True)), size


@check(
    "waits-for-results",
    points=2,
    protocol=_PROTOCOL,
    calls="result_seconds",
    functions=("result_seconds",),
    # the textbook recursive flatten that keeps the leaves with wait_to_read is 0.67 similar to the check's own
    idioms=("asynclab.lessons.l02_sync_points.checks._array_leaves",),
    blame={"reference": "the reference"},
    relations=tuple(
        Within(f"ratio_{kind}", num=f"student.{kind}", den=f"reference.{kind}", tolerance=RESULT_TOLERANCE)
        for kind in RESULT_KINDS
    ),
    sentence=lambda o: (
        f"your clock read {o.bands['ratio_one'].value:.2f}x the time until a lone mx.np product at size "
        f"{int(o.median('student.size'))} existed, {o.bands['ratio_nested'].value:.2f}x for a dict of a loss and "
        f"gradients whose largest finishes last, on cpu(1), {o.bands['ratio_elsewhere'].value:.2f}x for results "
        f"returned while work nobody asked for ran on cpu(1), and {o.bands['ratio_loss'].value:.2f}x for a loss of "
        f"one number that finishes last, beside larger weights, and {o.bands['ratio_loader'].value:.2f}x for a step "
        f"that waits for its batch before it returns (needs {_WINDOW} for all {in_words(len(RESULT_KINDS))})"
    ),
    threshold=f"within {_WINDOW}, {in_words(len(RESULT_KINDS))} steps",
    figures=lambda o: {"ratio": max(max(b.value, 1 / b.value) if b.value > 0 else math.inf for b in o.bands.values())},
)
def check_waits_for_results(self, result_seconds: Callable) -> CheckResult:
    """``result_seconds(step)`` returns the seconds from calling ``step()`` until what it returned exists.

    Five steps, sizes drawn at random: one returns a lone ``mx.np``
    product, on ``cpu(0)``, and queues products on ``cpu(1)`` that it does
    not return (every array returned is on one device, the current one: a
    wait for all work once the results sit on one device waits for them);
    one returns a dict of a loss, gradients (the large one computed
    on ``cpu(1)``, finishing last, four to six levels down; the other issued
    last, in a list in that tuple) and a Python number; one returns a tuple of a string, a product, a float
    and a list of an array on ``cpu(1)`` computed before the step, after queueing more products on ``cpu(1)``
    that it does not return; one returns a dict, its order drawn, of a loss of one number (the mean of a
    product on ``cpu(0)``, finishing last) and, in a list, larger weights on ``cpu(0)`` computed before the
    step: a wait on the largest array only, on the largest of each device, or on the deepest, stops before
    the loss exists; one waits for its batch before it returns (front-end time a clock started after the
    call leaves out), then returns one small operation on it.
    Passes when the answer agrees with the check's own timing (a wait on every
    array returned) within 2.5x for all five.
    """
    from mxnet import nd

    steps, size = _result_steps()

    def student() -> dict[str, float]:
        found: dict[str, float] = {"size": float(size)}
        for kind, step in steps.items():
            calls: list[int] = []

            def counted(step=step, calls=calls):
                calls.append(1)
                return step()

            nd.waitall()
            seconds = result_seconds(counted)
            nd.waitall()
            if len(calls) != 1:
                raise Rejected(
                    f"result_seconds(step) must call step() once: it is the step to time (it called it {len(calls)} times)"
                )
            try:
                found[kind] = float(seconds)
            except (TypeError, ValueError):
                raise Rejected(f"result_seconds must return seconds (a number), not {type(seconds).__name__}") from None
        return found

    def reference() -> dict[str, float]:
        found: dict[str, float] = {}
        for kind, step in steps.items():
            nd.waitall()
            start = time.perf_counter()
            for array in _array_leaves(step()):
                array.wait_to_read()
            found[kind] = time.perf_counter() - start
            nd.waitall()
        return found

    return self.run({"student": student, "reference": reference})


# ------------------------------------------------------------ step 2: predict where the error appears
#: The three programs of step 2, one statement per line; in each, one line issues an operation that the back
#: end rejects (a negative scale), and the lines after it use its result, or do not.
PROGRAMS = {
    "A": (
        "a = nd.random.normal(0, -1.0, shape=(300, 300))   # a negative scale: the back end rejects it",
        "b = nd.ones((300, 300)) * 3",
        "c = nd.dot(a, b)",
        "b.wait_to_read()",
        "total = b.sum().asscalar()",
        "shape = c.shape",
        "mean = c.mean().asscalar()",
        "nd.waitall()",
    ),
    "B": (
        "x = nd.ones((300, 300))",
        "a = nd.random.normal(0, -1.0, shape=(300, 300))   # a negative scale: the back end rejects it",
        "c = nd.dot(x, a)",
        "x.wait_to_read()",
        "rows = c.shape[0]",
        "nd.waitall()",
        "d = c + 1",
        "total = x.sum().asscalar()",
    ),
    "C": (
        "b = nd.ones((200, 200))",
        "c = nd.dot(b, b)",
        "a = nd.random.normal(0, -2.0, shape=(200, 200))   # a negative scale: the back end rejects it",
        "d = nd.relu(a * 2)",
        "first = c[0, 0].asscalar()",
        "b += d",
        "n = c.size",
        "total = b.sum().asscalar()",
        "nd.waitall()",
    ),
}
#: The engines each program runs under, by the key a prediction uses.
ENGINES = {"threaded": "ThreadedEnginePerDevice", "naive": "NaiveEngine"}


def _locate_child(programs: list[list[str]]) -> list[int | None]:
    """In a fresh process (:func:`error_lines`): run each program's lines one by one; the (1-based) line that
    raised in each, ``None`` where none did.

    Each program runs in a namespace of its own, and a global wait after it
    takes any error it left pending, so that the next program starts clean
    (the lines found are the same in either order). MXNet's engine is the one
    the process was started with (``MXNET_ENGINE_TYPE``).
    """
    refuse_outside_child()
    from mxnet import nd

    found: list[int | None] = []
    for lines in programs:
        namespace = {"nd": nd}
        raised = None
        for number, line in enumerate(lines, 1):
            try:
                exec(line, namespace)
            except Exception:
                raised = number
                break
        try:
            nd.waitall()
        except Exception:
            pass
        found.append(raised)
    return found


def listing() -> str:
    """The programs of :data:`PROGRAMS` with their line numbers, for the lab to print."""
    return "\n\n".join(
        "\n".join([f"# program {name}", *(f"{number}  {line}" for number, line in enumerate(lines, 1))])
        for name, lines in PROGRAMS.items()
    )


def error_lines(engine: str) -> dict[str, int | None]:
    """The (1-based) line of each program of :data:`PROGRAMS` that raises, run in a fresh process under MXNet
    engine ``engine`` (all programs in one process, one after another).

    Only the check may call it: a prediction copied from the check's own
    measurement is not a prediction.
    """
    refuse_unless_checking(check_predict_error_line)
    from asynclab.foundation.backends import mxnet as mxb
    from asynclab.foundation.backends.fresh import run_program

    run = run_program(
        f"{__name__}:_locate_child",
        payload=[list(lines) for lines in PROGRAMS.values()],
        env=mxb.engine_env(engine),
        isolated=True,  # nothing of MXNet's an answer set in the kernel reaches the programs
        timeout=120,
        what=f"the programs under {engine}",
    )
    return dict(zip(PROGRAMS, run.result))


@check(
    "predict-error-line",
    times_cpu=False,
    points=2,
    threshold="all six lines",
    # worked out from the programs' text: a table computed by running them under an engine measured instead
    measured_by=("mxnet", "numpy", "asynclab.foundation", *CLOCKS),
)
def check_predict_error_line(self, predicted: Any) -> CheckResult:
    """``predicted`` maps each program of :data:`PROGRAMS` to ``{"threaded": line, "naive": line}``: where the
    error will appear under each engine.

    The check runs every program line by line under each engine, in a fresh
    process per engine, and passes when all six predictions name the line that
    raised. A FAIL says neither which prediction missed nor the right line:
    reruns that change one prediction at a time would otherwise find them all.
    """

    def condition() -> tuple[bool, str]:
        shape = (
            f"PREDICTED must be a dict with the keys {', '.join(map(repr, PROGRAMS))}, "
            "each mapping 'threaded' and 'naive' to a line number"
        )
        table = plain(predicted)  # judged on a plain copy, each entry read once (predictions.plain)
        if table is None or set(table) != set(PROGRAMS):
            return False, shape
        for program in PROGRAMS:
            table[program] = plain(table[program])
        if not all(table[p] is not None and set(table[p]) == set(ENGINES) for p in PROGRAMS):
            return False, shape
        for program, lines in PROGRAMS.items():
            for key in ENGINES:
                line = table[program][key]
                if type(line) is not int or not 1 <= line <= len(lines):
                    return False, (
                        f"each prediction must be a line number from 1 to {len(lines)}; "
                        f"program {program}, {key!r} is {line!r}"
                    )
        for key, engine in ENGINES.items():
            found = error_lines(engine)
            if any(found[program] != table[program][key] for program in PROGRAMS):
                return False, (
                    "the error did not appear on every line you predicted: under the threaded engine, think "
                    "about which waits involve the failed array; under the naive one, about when it runs each "
                    "operation"
                )
        return True, ""

    return self.holds(condition, description="all six predictions name the line where the error appeared")


def _raises_back_end_error(wait: Callable[[], Any]) -> bool:
    """Whether ``wait()`` raises the back end's error (and so takes it: a later wait raises nothing)."""
    try:
        wait()
    except Exception as error:
        return _is_back_end_error(error)
    return False


def _is_back_end_error(error: BaseException) -> bool:
    """Whether ``error`` carries the back end's own words: an MXNetError an answer made up itself ("batch 3 failed
    to decode") does not."""
    return "Check failed" in str(error)


# ------------------------------------------------------------ step 3: a step's error, one read late at most
STEP_SIDES = (800, 900, 1000)  # the batches' side and w's, drawn per run: 30-90 ms a step here
STEP_COUNTS = (6, 9)  # steps per run, drawn from range(*STEP_COUNTS)
STEP_READ = (0.8, 1.25)  # the read's delay, a share of one step's compute time, drawn per run
GAP_SHARE = 0.6  # (answer - overlapped) / (serial - overlapped), at most: right -0.05-0.46, serial 1.01-1.18
LATE_READS = 1  # batches read after the corrupt one before its error surfaces, at most
_STEPS = Protocol(warmup=1, min_rounds=3, max_rounds=8, budget_s=30.0)


def _step_loss(batch, w):
    """One step of the lab's loop, as the step's text writes it: the mean of ``batch . w``."""
    from mxnet import nd

    return nd.dot(batch, w).mean()


class _Source:
    """A slow source of batches that the back end decodes: each read sleeps ``delay`` s, is counted, and
    returns the output of a decoding operation issued then; the record numbered ``corrupt`` fails to decode.
    It reads one record at a time, as a device does: reads from several threads wait for each other."""

    def __init__(self, records: list, delay: float, corrupt: int | None = None) -> None:
        import threading

        self.records, self.delay, self.corrupt, self.reads = records, delay, corrupt, 0
        self._device = threading.Lock()

    def read_batch(self):
        with self._device:
            return self._read()

    def _read(self):
        from mxnet import nd

        if self.reads >= len(self.records):
            raise Rejected(f"run_steps read more batches than there are steps ({len(self.records)})")
        record = self.records[self.reads]
        self.reads += 1
        time.sleep(self.delay)
        if self.reads - 1 == self.corrupt:
            # the decoder fails in the back end: a Cholesky factor of -I, whose error the batch inherits
            failed = nd.linalg.potrf(-nd.eye(2)).sum().reshape((1, 1))
            return nd.broadcast_add(record, failed * 0)
        return record * 1.0  # decoded: an operation the back end runs after whatever it has queued


def _workload():
    """Records, weights and the losses of their steps (floats), sizes drawn per call."""
    from asynclab.foundation.workloads import square_matrix

    side, steps = draw.choice(STEP_SIDES), draw.randrange(*STEP_COUNTS)
    w = square_matrix(side) / side
    records = [square_matrix(side) for _ in range(steps)]
    expected = [float(_step_loss(r, w).asscalar()) for r in records]
    return records, w, expected


def _numpy_scalar(value: object) -> bool:
    """Whether ``value``'s type is one of NumPy's own scalar types (``np.float32``, what ``asscalar()`` gives), not
    a class of the answer's built on one."""
    import numpy as np

    return type(value) in set(np.sctypeDict.values())


def _verify_losses(losses: object, source: _Source, expected: list[float]) -> None:
    """What ``run_steps`` returned on a run without a corrupt record, verified (one sentence if wrong)."""
    if not isinstance(losses, (list, tuple)) or len(losses) != len(expected):
        raise Rejected(f"run_steps must return a list of {len(expected)} losses, one per step")
    # numbers of Python's or NumPy's own types: a class of the answer's (a numbers.Real registered, a float
    # subclass) could read its value only when the check converts it, after the clock stopped
    wrong = [v for v in losses if not (type(v) in (int, float) or (_numpy_scalar(v) and isinstance(v, numbers.Real)))]
    if wrong:
        raise Rejected(f"run_steps must return the losses as numbers (asscalar()), not {type(wrong[0]).__name__}")
    if not all(math.isclose(float(v), e, rel_tol=1e-4) for v, e in zip(losses, expected, strict=True)):
        raise Rejected("the losses are not those of the steps, in order")
    if source.reads != len(expected):
        raise Rejected(f"run_steps must read each of the {len(expected)} batches once, not {source.reads} times")


@check(
    "steps-overlap-reads",
    points=1,
    protocol=_STEPS,
    calls="run_steps",
    functions=("run_steps",),
    relations=(Between("gap_share", value="student", low="overlapped", high="serial", threshold=GAP_SHARE),),
    sentence=lambda o: (
        f"run_steps took {o.median('student'):.2f} s, a loop that waits for every step before it reads the next "
        f"batch {o.median('serial'):.2f} s and one that reads while the back end computes {o.median('overlapped'):.2f} s: "
        # rounded, plus zero: a share a hair below zero reads 0.00, not -0.00
        f"yours lies {round(o.bands['gap_share'].value, 2) + 0.0:.2f} of the way from the second loop's time to the "
        f"first's (needs <= {GAP_SHARE:g})"
    ),
    threshold=f"<= {GAP_SHARE:g} of the way from overlapped to serial",
    figures=lambda o: {
        "ratio": o.bands["gap_share"].value,
        "student_over_serial": o.median("student") / o.median("serial"),
        "overlapped_over_serial": o.median("overlapped") / o.median("serial"),
    },
)
def check_steps_overlap_reads(self, run_steps: Callable) -> CheckResult:
    """``run_steps(read_batch, w, steps)`` runs the steps and returns their losses as numbers.

    No record is corrupt here. ``read_batch()`` sleeps 0.8-1.25x a step's
    compute time (drawn per run; sides 800-1000 and 6-8 steps drawn per run
    too), then issues the batch's decoding. Each call gets new weights of
    values drawn for it, so losses remembered from an earlier call, however
    rescaled, are not the call's. Each round the check times two
    loops of its own beside the answer: one reads a batch, issues its step
    and waits for its loss before the next read (serial), one issues every
    step without waiting and waits at the end (overlapped: as fast as the
    source allows). Passes when the losses are right, every batch was read
    once, and the answer's time lies at most 0.6 of the way from the
    overlapped loop's to the serial loop's: a threshold that moves with the
    machine, since both loops move with its load.
    """
    from mxnet import nd

    from asynclab.foundation.workloads import square_matrix

    records, w, _ = _workload()
    share = draw.uniform(*STEP_READ)
    compute: list[float] = []

    def delay() -> float:
        compute.append(time_call(lambda: _step_loss(records[0], w), sync=True))
        return share * sorted(compute[-3:])[len(compute[-3:]) // 2]

    def timed(loop: Callable[[_Source], object], source: _Source) -> float:
        nd.waitall()
        start = time.perf_counter()
        loop(source)
        nd.waitall()
        return time.perf_counter() - start

    def serial() -> float:
        return timed(
            lambda source: [_step_loss(source.read_batch(), w).asscalar() for _ in records], _Source(records, delay())
        )

    def overlapped() -> float:
        return timed(lambda source: [_step_loss(source.read_batch(), w) for _ in records], _Source(records, delay()))

    def student() -> float:
        source = _Source(records, delay())
        # new weights each call, of values drawn here (as error-a-step-late draws its own), their losses computed
        # after the call, untimed: losses remembered from an earlier call, however rescaled, are not this call's,
        # and weights seen before tell no call from another
        given = square_matrix(w.shape[0], seed=draw.randrange(2**31)) / w.shape[0]
        nd.waitall()
        found: list = []
        seconds = timed(lambda source: found.append(run_steps(source.read_batch, given, len(records))), source)
        _verify_losses(found[0], source, [float(_step_loss(r, given).asscalar()) for r in records])
        return seconds

    return self.run({"serial": serial, "overlapped": overlapped, "student": student})


@check(
    "error-a-step-late",
    times_cpu=False,
    points=2,
    calls="run_steps",
    functions=("run_steps",),
    requires=("steps-overlap-reads",),
    threshold=f"raised within {LATE_READS} read, 4/4",
)
def check_error_a_step_late(self, run_steps: Callable) -> CheckResult:
    """A batch whose decoding fails in the back end makes ``run_steps`` raise that error, one read late at most.

    Four runs, each while an operation the check issued elsewhere has failed and its error is
    pending: two with a corrupt record at a step drawn from the first and from the second half of
    the run (never among the last two, where any loop raises within one read), one with the last
    step's record corrupt (whose error only the loop's last reads can raise: one that swallows it
    there returns a loss of NaN), and one without. Passes when each corrupt run raises the back
    end's error (its own text: MXNet's "Check failed", not an MXNetError of the answer's making)
    before more than one batch after the corrupt one has been read, the run without returns the
    right losses, and the other operation's error is neither raised nor taken (its own wait must
    still raise it). Counts only once ``steps-overlap-reads`` has passed: a loop that waits for
    every step raises at the corrupt step by construction.
    """
    from mxnet import nd

    runs = iter(("first half", "second half", "last step", "none"))

    def condition() -> tuple[bool, str]:
        nd.waitall()
        records, w, expected = _workload()
        steps, which = len(records), next(runs)
        corrupt = None
        if which != "none":
            half = (steps - 2) // 2
            corrupt = {
                "first half": lambda: draw.randrange(0, half),
                "second half": lambda: draw.randrange(half, steps - 2),
                "last step": lambda: steps - 1,
            }[which]()
        # as slow as the overlap check's source: an answer must not tell which check is calling it
        delay = draw.uniform(*STEP_READ) * time_call(lambda: _step_loss(records[0], w), sync=True)
        source = _Source(records, delay, corrupt)
        # another part of the program issued an operation that has failed; its error waits for whoever reads
        # that array
        elsewhere = nd.linalg.potrf(-nd.eye(3))
        raised: BaseException | None = None
        losses: object = None
        try:
            losses = run_steps(source.read_batch, w, steps)
        except Rejected:
            raise
        except Exception as error:
            raised = error
        finally:
            owner_read_it = _raises_back_end_error(elsewhere.wait_to_read)
            try:
                nd.waitall()  # whatever the answer left failing is no longer the answer's to raise
            except Exception:
                pass
        if not owner_read_it:
            return False, (
                "run_steps took the error of another operation that had failed before it was called: that error "
                "never reached the array that failed"
            )
        if raised is not None and not any(_is_back_end_error(e) for e in _chain(raised)):
            if isinstance(raised, NotImplementedError):
                return False, "run_steps is not written yet (it raised NotImplementedError)"
            return False, f"run_steps raised {type(raised).__name__}, not the back end's error: {raised}"
        if corrupt is None:
            if raised is not None:
                return False, (
                    "with no corrupt record, run_steps raised the error of another operation that had failed "
                    "before it was called: it waited for more than its own steps"
                )
            _verify_losses(losses, source, expected)
            return True, ""
        if raised is None:
            return False, (
                f"batch {corrupt + 1} of {steps} failed to decode in the back end, and run_steps returned without "
                "raising its error"
            )
        late = source.reads - (corrupt + 1)
        if late > LATE_READS:
            return False, (
                f"batch {corrupt + 1} of {steps} failed to decode; its error surfaced in run_steps only after {late} "
                f"more batches had been read (at most {LATE_READS})"
            )
        return True, ""

    return self.holds(
        condition,
        repeat=4,
        description=f"every corrupt batch's error surfaced in run_steps within {LATE_READS} read, and no other",
    )


def _chain(error: BaseException) -> list[BaseException]:
    """``error`` and the errors it was raised from or during, outermost first, as a traceback shows them
    (``raise ... from None`` hides the one it was raised during)."""
    found: list[BaseException] = []
    while error is not None and error not in found:
        found.append(error)
        error = error.__cause__ or (None if error.__suppress_context__ else error.__context__)
    return found


def _small_line(line: str):
    def why(o) -> str:
        worst = max(o.bands[f"{line}_{s}"].value for s in BLAME_SIZES)
        return (
            f"your timing charged the {line} line {worst:.2f}x of the product's compute time "
            f"(needs <= {SMALL_LINE_SHARE:g}x): charge each line its own work only"
        )

    return why


def _own_line(line: str):
    def why(o) -> str:
        low = min(o.bands[f"{line}_own_{s}"].value for s in BLAME_SIZES)
        return (
            f"your timing charged the {line} line {low:.2f}x of its own compute time (needs >= {OWN_LINE_SHARE:g}x): "
            "each line's clock must stop only once that line's work is done"
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
            *(
                AtMost(
                    f"{line}_{size}",
                    num=f"student{size}.{line}",
                    den=f"reference{size}",
                    threshold=SMALL_LINE_SHARE,
                    why=_small_line(line),
                )
                for line in SMALL_LINES
            ),
            Within(f"lines_{size}", num=f"student{size}.lines", tolerance=LINES_TOLERANCE, why=_lines_why),
            *(
                AtLeast(
                    f"{line}_own_{size}",
                    num=f"student{size}.{line}",
                    den=f"{line}{size}",
                    threshold=OWN_LINE_SHARE,
                    why=_own_line(line),
                )
                for line in SMALL_LINES
            ),
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
        f"dot within {_WINDOW}, item <= {ITEM_SHARE:g}x, relu and mean <= {SMALL_LINE_SHARE:g}x and >= "
        f"{OWN_LINE_SHARE:g}x their own, lines add up within {LINES_TOLERANCE:g}x"
    ),
    figures=lambda o: {
        **_two_size_figures(BLAME_SIZES, "dot", "item", "item_share")(o),
        **{f"{line}_own": min(o.bands[f"{line}_own_{s}"].value for s in BLAME_SIZES) for line in SMALL_LINES},
    },
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
    products = {size: mx.np.dot(x, x) for size, x in xs.items()}  # what the relu line reads, computed
    rectified = {size: mx.npx.relu(a) for size, a in products.items()}  # what the mean line reads
    mxb.sync_all()

    def student(size: int) -> Callable[[], dict[str, float]]:
        def probe() -> dict[str, float]:
            given = xs[size].copy()  # the answer's own: what it writes into never reaches the references' matrix
            mxb.sync_all()
            start = time.perf_counter()
            steps = time_steps(given)
            wall = time.perf_counter() - start
            mxb.sync_all()
            if not isinstance(steps, Mapping) or set(steps) != set(STEP_KEYS):
                got = sorted(steps) if isinstance(steps, Mapping) else type(steps).__name__
                raise Unusable(f"it must return a dict with the keys {', '.join(STEP_KEYS)}; got {got}")
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
        probes[f"relu{size}"] = _synced(lambda a=products[size]: mx.npx.relu(a))
        probes[f"mean{size}"] = _synced(lambda b=rectified[size]: b.mean())
    return self.run(probes)


# ------------------------------------------------------------ step 5: spot the bug in a comparison
# odd sizes: the halves differ by a row, as they do for every odd matrix (a split into two equal parts, such as
# nd.split(x, num_outputs=2), raises there; every size was even before)
CLOCK_SIZES = {"small": (451, 501, 551), "large": (1201, 1301, 1401)}
CLOCK_TOLERANCE = 2.5
CLOCK_PRODUCTS = 3  # matrix products the first call at each size must run: the whole and two halves
#: products by the identity that make the matrix compare is handed, still queued when it is called (the program
#: calls compare right after computing x): a clock that runs while they do reads about 1 + PENDING_PRODUCTS times
PENDING_PRODUCTS = 5
#: the halves' clock against the serial one, in the same call: the same arithmetic (right answers 0.92x-1.10x);
#: a clock per half averaged reads 0.53x, a halves' clock not restarted after the serial one 1.97x-1.98x
CLOCK_RATIO_TOLERANCE = 1.4
_CLOCK_WINDOW = f"{1 / CLOCK_TOLERANCE:.2g}x..{CLOCK_TOLERANCE:g}x"
_RATIO_WINDOW = f"{1 / CLOCK_RATIO_TOLERANCE:.2g}x..{CLOCK_RATIO_TOLERANCE:g}x"


def _clock_why(which: str, size: str):
    def why(o) -> str:
        value = o.bands[f"{which}_{size}"].value
        n = int(o.median(f"student_{size}.size"))
        hint = (
            "a clock must stop only once the result it times exists"
            if value < 1
            else "the clock timed more work than its own version's"
        )
        return (
            f"your {which} clock read {value:.2f}x the compute time of the {n}x{n} product (needs "
            f"{_CLOCK_WINDOW}): {hint}"
        )

    return why


def _ratio_why(size: str):
    def why(o) -> str:
        value = o.bands[f"ratio_{size}"].value
        n = int(o.median(f"student_{size}.size"))
        return (
            f"at {n}x{n} your halves clock read {value:.2f}x your serial clock (needs {_RATIO_WINDOW}): each clock "
            "must time its whole version, the two halves together, and nothing else"
        )

    return why


def _pending(x, identity):
    """``x`` again, as the last of :data:`PENDING_PRODUCTS` products by ``identity`` issued now: still queued."""
    from mxnet import nd

    for _ in range(PENDING_PRODUCTS):
        x = nd.dot(x, identity)  # exact: each value times one, plus zeros
    return x


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
    )
    + tuple(
        Within(
            f"ratio_{size}",
            num=f"student_{size}.halves",
            den=f"student_{size}.serial",
            tolerance=CLOCK_RATIO_TOLERANCE,
            why=_ratio_why(size),
        )
        for size in CLOCK_SIZES
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
    threshold=f"both clocks within {_CLOCK_WINDOW} at both sizes, and within {_RATIO_WINDOW} of each other",
    figures=_clock_figures,
)
def check_fair_clocks(self, compare: Callable) -> CheckResult:
    """``compare(x)`` returns ``(serial_seconds, halves_seconds)`` for ``x @ x`` in one product and in two halves.

    The check calls it on square matrices of two sizes drawn at random, each
    of an odd number of rows (:data:`CLOCK_SIZES`), as the program does: right
    after computing the matrix, whose last :data:`PENDING_PRODUCTS` products
    (by the identity) are still queued. It passes when both clocks read the
    product's compute time within 2.5x (against the check's own synchronized
    run) at both sizes: a clock that stops before the result exists reads a
    few percent of it, and one that runs while the matrix is still computed
    about six times it. The first call at each size runs under MXNet's
    profiler and must run three matrix products (the whole and two halves)
    beside the matrix's own: a figure for the halves that was never measured
    (the serial clock given twice) ran one.
    """
    from mxnet import nd

    from asynclab.foundation import profiling
    from asynclab.foundation.backends import mxnet as mxb
    from asynclab.foundation.workloads import square_matrix

    sizes = {key: draw.choice(pool) for key, pool in CLOCK_SIZES.items()}
    xs = {key: square_matrix(n) for key, n in sizes.items()}
    identities = {key: nd.eye(n) for key, n in sizes.items()}

    traced: set[str] = set()

    def student(key: str) -> Callable[[], dict[str, float]]:
        def probe() -> dict[str, float]:
            mxb.sync_all()
            if key in traced:
                value = compare(_pending(xs[key], identities[key]))
            else:  # the first call (the protocol's warm-up) under MXNet's profiler: which products ran
                traced.add(key)
                with profiling.record() as trace:
                    value = compare(_pending(xs[key], identities[key]))
                    mxb.sync_all()  # every product issued is in the trace, the matrix's own among them
                ran = sum(1 for span in trace.spans if span.name in profiling.PRODUCT_OPS) - PENDING_PRODUCTS
                if ran < CLOCK_PRODUCTS:
                    raise Rejected(
                        f"compare ran {ran} matrix product(s) in MXNet's back end: the product in one piece "
                        "and in two halves are three, each of which must run for its clock to time it"
                    )
            serial, halves = _pair(value, "compare", "(serial_seconds, halves_seconds)")
            mxb.sync_all()
            return {"serial": serial, "halves": halves, "size": float(sizes[key])}

        return probe

    probes: dict[str, Callable[[], Any]] = {}
    for key in CLOCK_SIZES:
        probes[f"student_{key}"] = student(key)
        probes[f"reference_{key}"] = _synced_dot(nd.dot, xs[key])
    return self.run(probes)
