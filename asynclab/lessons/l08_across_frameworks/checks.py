"""Checks of lab 08, "Across frameworks".

Every check runs the student's code on arrays of MXNet, PyTorch and NumPy
that it makes itself. Effect sizes and the margins they leave are in
``bench/reports/checks_robustness.md``:

- finish-every-framework: ``finish(y)`` must wait for an MXNet product
  (finishing a 2000x2000 product takes hundreds of times as long as
  issuing it; without a real wait the ratio is near 1; threshold 10x),
  for *that* product (a smaller one, of a size drawn at random, at most 3x
  its own compute time), and must take a PyTorch tensor and a NumPy array
  without an error, on a machine without CUDA too.
- predict-frameworks: functional, on calls lesson 08 never timed (:data:`CALLS`).
  Each framework's 2000x2000 product is issued and one call made right
  after it; the call's *wait share* is its time less its own work (the same
  call timed again on the finished product), over the time from issuing
  the product until the back end is idle. Measured on the 2-core machine, 5
  runs quiet and 5 with one core busy, every call in its own round: the
  MXNet calls that wait at 0.909-0.998 (``y[0].asnumpy()`` 0.997-0.998,
  ``bool(y.max() > 0)`` and ``y.norm().asscalar()`` 0.909-0.912: their own
  reduction, 0.1x the product, is in the denominator); those that do not
  (``y.dtype``, ``y.T``, ``y[0]``, ``y += 1``, ``y.copyto(mx.cpu())``)
  between -0.018 and +0.008; PyTorch's calls 0.000-0.043 (``y.max().item()``
  and ``y.norm().item()`` the highest), NumPy's -0.027 to +0.008. A call
  waits at >= 0.5 (1.8x below the lowest wait), does not at <= 0.2 (4.6x
  above the highest non-wait), and is measured again in between (three
  tries). Left out for their noise: PyTorch's ``str(y)`` (0.035-0.093: its
  first formatting of a fresh tensor is slower than its second). Every
  prediction must match; a FAIL says neither how many missed nor which.
- switch-in-time: the student's ``PROLOGUE`` runs first in a fresh
  process whose environment has neither switch set; then the check issues
  1000x1000 products there. Under NaiveEngine issuing takes thousands of
  times as long as the (empty) wait; under the threaded engine a few
  thousandths. Threshold 5x; ``CUDA_LAUNCH_BLOCKING`` must read ``"1"``
  when the prologue is done. The products are timed with MXNet's functions
  and the clock as they were before the prologue ran (a prologue that
  makes ``ndarray.dot`` wait, or sleep, is told so and fails), and a
  prologue that names the course's ``asynclab`` (its engine and CUDA
  switch helpers) scores 0 without running.
"""

from __future__ import annotations

import ast
import time
from collections.abc import Callable
from typing import Any

from asynclab.checks import draw
from asynclab.checks.core import CheckResult, Protocol, Rejected, check

# step 1 is lab 01's wait, asked of every framework: the same sizes, thresholds and protocol
from asynclab.checks.finishing import _QUICK, FINISH_OVERSHOOT, QUEUE_FACTOR, SIZE, SMALL_SIZES, _small
from asynclab.checks.relations import AtLeast, AtMost

SWITCH_SIZE = 1000
SWITCH_FACTOR = 5.0
_SUBPROCESS = Protocol(warmup=0, min_rounds=2, max_rounds=4, budget_s=60.0)


# ------------------------------------------------------------ step 1: one finish for every framework
def _call_finish(finish: Callable, y: Any, framework: str) -> float:
    start = time.perf_counter()
    try:
        finish(y)
    except Exception as error:
        detail = f": {error}" if str(error) else ""
        hint = (
            " (this machine has no CUDA device: wait only for what y's own device queued)"
            if "CUDA" in str(error)
            else ""
        )
        raise Rejected(f"finish(y) failed on {framework}: {type(error).__name__}{detail}{hint}") from None
    return time.perf_counter() - start


@check(
    "finish-every-framework",
    points=3,
    protocol=_QUICK,
    calls="finish",
    functions=("finish",),
    relations=(
        AtLeast("ratio", num="mxnet.finish", den="mxnet.enqueue", threshold=QUEUE_FACTOR),
        AtMost(
            "overshoot",
            num="small.finish",
            den="small.compute",
            threshold=FINISH_OVERSHOOT,
            why=lambda o: (
                f"finish(y) took {o.bands['overshoot'].value:.1f}x the compute time of a "
                f"{_small(o)}x{_small(o)} MXNet product (needs <= {FINISH_OVERSHOOT:g}x): "
                "it must wait for y itself, not for a fixed time"
            ),
        ),
    ),
    sentence=(
        f"on MXNet, finish(y) took {{ratio:.2f}}x as long as issuing the product (needs >= "
        f"{QUEUE_FACTOR:g}x) and {{overshoot:.2f}}x a smaller product's compute time (needs <= "
        f"{FINISH_OVERSHOOT:g}x); PyTorch tensors and NumPy arrays were taken without an error"
    ),
    threshold=f">= {QUEUE_FACTOR:g}x, small <= {FINISH_OVERSHOOT:g}x, all three frameworks",
)
def check_finish_every_framework(self, finish: Callable) -> CheckResult:
    """``finish(y)`` returns once ``y`` is computed, for MXNet, PyTorch and NumPy arrays.

    Passes when, on MXNet, finishing a 2000x2000 product takes at least 10x
    as long as issuing it and at most 3x a smaller product's own compute
    time, and when a PyTorch tensor (on this machine's device) and a NumPy
    array are taken without an error.
    """
    import numpy as np
    import torch
    from mxnet import nd

    from asynclab.foundation.workloads import square_matrix

    x = square_matrix(SIZE)
    size = draw.choice(SMALL_SIZES)
    small = square_matrix(size)
    tx = torch.ones(SIZE // 2, SIZE // 2)
    nx = np.ones((SIZE // 2, SIZE // 2), dtype=np.float32)

    def on_mxnet() -> dict[str, float]:
        nd.waitall()
        start = time.perf_counter()
        y = nd.dot(x, x)
        enqueue = time.perf_counter() - start
        seconds = _call_finish(finish, y, "an MXNet array")
        nd.waitall()
        return {"enqueue": enqueue, "finish": seconds}

    def on_small() -> dict[str, float]:
        nd.waitall()
        start = time.perf_counter()
        nd.dot(small, small).wait_to_read()
        compute = time.perf_counter() - start
        y = nd.dot(small, small)
        seconds = _call_finish(finish, y, "an MXNet array")
        nd.waitall()
        return {"finish": seconds, "compute": compute, "size": float(size)}

    def on_others() -> dict[str, float]:
        return {
            "torch": _call_finish(finish, tx @ tx, "a PyTorch tensor"),
            "numpy": _call_finish(finish, nx @ nx, "a NumPy array"),
        }

    return self.run({"mxnet": on_mxnet, "small": on_small, "others": on_others})


# ------------------------------------------------------------ step 2: predict calls the lesson never timed
#: The calls of step 2, each made right after the check issued the framework's product ``y`` (2000x2000,
#: float32, on the CPU). None of them is timed in lesson 08 (nor in lesson 02 or lab 01); whether each
#: waits for the product follows from where the framework runs its work and what the call needs.
CALLS: dict[str, tuple[str, ...]] = {
    "MXNet": (
        "y.dtype",
        "y.T",
        "y[0]",
        "y += 1",
        "y.copyto(mx.cpu())",
        "y[0].asnumpy()",
        "bool(y.max() > 0)",
        "y.norm().asscalar()",
    ),
    "PyTorch": ("y.dtype", "y.cpu()", "y.max().item()", "float(y[0, 0])", "y.norm().item()"),
    "NumPy": ("y.dtype", "y.max()", "float(y[0, 0])", "y += 1"),
}
WAIT_SHARE = 0.5  # a call that waits: 0.909-0.998 of the product's time measured; one that does not:
NO_WAIT_SHARE = 0.2  # -0.027 to +0.043 (the module's docstring); a share in between is measured again


def _frameworks() -> dict[str, tuple[Callable[[], Any], Callable[[], None], dict[str, Any]]]:
    """Per framework: issue the product, wait for everything, and the names a call may use."""
    import mxnet as mx
    import numpy as np
    import torch
    from mxnet import nd

    from asynclab.foundation.workloads import square_matrix

    mx_x = square_matrix(SIZE)
    t_x = torch.rand(SIZE, SIZE)
    n_x = np.random.default_rng(0).random((SIZE, SIZE), dtype=np.float32)
    return {
        "MXNet": (lambda: nd.dot(mx_x, mx_x), nd.waitall, {"nd": nd, "mx": mx}),
        "PyTorch": (lambda: t_x @ t_x, lambda: None, {"torch": torch}),
        "NumPy": (lambda: n_x @ n_x, lambda: None, {"np": np}),
    }


_checking = [0]  # > 0 while check_predict_frameworks runs: the table is the check's, not an answer key


def _wait_share(product: Callable[[], Any], wait_all: Callable[[], None], names: dict, call: str) -> float:
    """How much of the product's time ``call`` spent waiting for it: the call timed right after the
    product was issued, less the same call timed once the product is done (its own work), over the
    time from issuing the product until the back end was idle again."""
    code = compile(call, f"<{call}>", "exec")
    wait_all()
    start = time.perf_counter()
    y = product()
    called = time.perf_counter()
    namespace = dict(names, y=y)
    exec(code, namespace)
    pending = time.perf_counter() - called
    wait_all()
    total = time.perf_counter() - start
    called = time.perf_counter()
    exec(code, namespace)  # the same call on a product that is done: only its own work
    done = time.perf_counter() - called
    wait_all()
    return (pending - done) / total


def _measure_table() -> dict[str, dict[str, bool]]:
    """Whether each of :data:`CALLS` waited for its framework's product, measured here (True: it waited).

    Only the check may call it: a prediction copied from the check's own
    measurement is not a prediction.
    """
    if not _checking[0]:
        raise RuntimeError("this is the check's own measurement, not an answer key: predict, then run the check")
    found: dict[str, dict[str, bool]] = {}
    for name, (product, wait_all, names) in _frameworks().items():
        found[name] = {}
        product()
        wait_all()  # warm-up: threads and pools started
        for call in CALLS[name]:
            for _ in range(3):  # a call the machine left in between is measured again
                share = _wait_share(product, wait_all, names, call)
                if share >= WAIT_SHARE or share <= NO_WAIT_SHARE:
                    found[name][call] = share >= WAIT_SHARE
                    break
            else:
                raise RuntimeError(
                    f"{name}: {call} neither waited nor returned at once in three tries; "
                    "run the check again on a quieter machine"
                )
    return found


@check("predict-frameworks", points=2, threshold="all predictions")
def check_predict_frameworks(self, predicted: Any) -> CheckResult:
    """``predicted[framework][call]`` is True (the call waits for the product) or False, for every entry of
    :data:`CALLS`.

    The check issues each framework's product here, on the CPU, makes each
    call right after it and times how much of the product's time the call
    spent waiting (the call's own work, timed on a finished product, taken
    off); it passes when every prediction matches. A FAIL says neither how
    many predictions missed nor which: a count would let a student find the
    table by rerunning the check.
    """

    def condition() -> tuple[bool, str]:
        if not isinstance(predicted, dict) or set(predicted) != set(CALLS):
            return False, f"PREDICTED must be a dict with one entry per framework: {', '.join(CALLS)}"
        for name, calls in CALLS.items():
            inner = predicted[name]
            if not isinstance(inner, dict) or set(inner) != set(calls):
                return False, (
                    f"PREDICTED[{name!r}] must be a dict with one entry per call of "
                    f"lab08.CALLS[{name!r}], the call's text as key"
                )
            bad = [c for c in calls if not isinstance(inner[c], bool)]
            if bad:
                return False, f"each prediction must be True or False; {name} {bad[0]!r} is {inner[bad[0]]!r}"
        _checking[0] += 1
        try:
            measured = _measure_table()
        finally:
            _checking[0] -= 1
        if any(predicted[n][c] != measured[n][c] for n, calls in CALLS.items() for c in calls):
            return False, (
                "your predictions did not all match what this machine did: "
                "ask, for each call, whether its framework still has work pending for y, "
                "and whether the call needs that work done"
            )
        return True, ""

    total = sum(len(c) for c in CALLS.values())
    return self.holds(condition, description=f"all {total} predictions matched what this machine did")


# ------------------------------------------------------------ step 3: the switches, in a fresh process
def _switch_child(job: dict) -> dict:
    """In a fresh process where neither switch is set: the student's prologue, then MXNet products.

    ``job`` holds the ``prologue`` (Python source) and ``n``, the side of
    the ``n`` x ``n`` products. Four products are issued and each waited
    for. Returns ``{"blocking": CUDA_LAUNCH_BLOCKING after the prologue
    (None when unset), "patched": the MXNet functions the prologue replaced or rewrote (the
    products are timed with the originals, held before it ran), "enqueue": the two middle of the
    four issuing times, "finish": the two middle of the four waits}``, seconds.
    """
    import os
    import time

    for name in ("MXNET_ENGINE_TYPE", "CUDA_LAUNCH_BLOCKING"):  # only the prologue may set them
        os.environ.pop(name, None)
    # MXNet imported, not started (it creates its engine at its first operation, after the prologue):
    # the products are timed with the functions and clock held here, which a prologue cannot replace
    from mxnet import ndarray

    clock, ones, dot, waitall = time.perf_counter, ndarray.ones, ndarray.dot, ndarray.waitall
    wait = ndarray.NDArray.wait_to_read
    held = {"ndarray.ones": ones, "ndarray.dot": dot, "ndarray.waitall": waitall, "NDArray.wait_to_read": wait}
    code = {name: f.__code__ for name, f in held.items()}
    exec(compile(job["prologue"], "<your PROLOGUE>", "exec"), {"__name__": "__main__"})
    blocking = os.environ.get("CUDA_LAUNCH_BLOCKING")
    current = {
        "ndarray.ones": ndarray.ones,
        "ndarray.dot": ndarray.dot,
        "ndarray.waitall": ndarray.waitall,
        "NDArray.wait_to_read": ndarray.NDArray.wait_to_read,
    }
    patched = sorted(n for n, f in held.items() if current[n] is not f or f.__code__ is not code[n])

    x = ones((job["n"], job["n"]))
    waitall()
    enqueue, finish = [], []
    for _ in range(4):
        start = clock()
        y = dot(x, x)
        issued = clock()
        wait(y)
        enqueue.append(issued - start)
        finish.append(clock() - issued)
    return {
        "blocking": blocking,
        "patched": patched,
        "enqueue": sorted(enqueue)[1:3],
        "finish": sorted(finish)[1:3],
    }


def _course_in(prologue: str) -> str:
    """The course's module a prologue names (an import, or ``asynclab`` in a name or a string); "" when none.

    The copy detector judges code, not strings: the check reads its source itself. A prologue that
    does not parse names nothing here; running it says what is wrong with it.
    """
    try:
        tree = ast.parse(prologue)
    except SyntaxError:
        return ""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        elif isinstance(node, ast.Name):
            names = [node.id]
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names = [node.value]
        else:
            continue
        for name in names:
            if "asynclab" in name:
                return name if name.startswith("asynclab") else "asynclab"
    return ""


@check(
    "switch-in-time",
    points=3,
    protocol=_SUBPROCESS,
    calls="your PROLOGUE",
    relations=(AtLeast("naive", num="switched.enqueue", den="switched.finish", threshold=SWITCH_FACTOR),),
    sentence=(
        f"after your PROLOGUE, issuing an MXNet product took {{naive:.1f}}x as long as waiting for it "
        f"(needs >= {SWITCH_FACTOR:g}x: the call carries the work), and CUDA_LAUNCH_BLOCKING read '1'"
    ),
    threshold=f">= {SWITCH_FACTOR:g}x, CUDA_LAUNCH_BLOCKING=1",
)
def check_switch_in_time(self, prologue: Any) -> CheckResult:
    """``prologue``: Python source that, run first in a fresh process, switches the asynchrony off.

    It must make MXNet run each operator inside the call that issues it and
    set ``CUDA_LAUNCH_BLOCKING`` to ``"1"`` for PyTorch. The check runs it in
    a fresh process where neither switch is set, then times 1000x1000
    products there: passes when issuing takes at least 5x as long as the
    wait after it, and the variable reads ``"1"``. A prologue that uses the
    course's code, or replaces MXNet's functions, fails.
    """
    if not isinstance(prologue, str):
        raise Rejected(f"PROLOGUE must be a string of Python code, not {type(prologue).__name__}")
    used = _course_in(prologue)
    if used:
        raise Rejected(
            f"scored 0: your PROLOGUE uses the course's own {used} instead of setting the two switches itself"
        )

    def switched() -> dict[str, float]:
        found = self.in_fresh_process(
            f"{__name__}:_switch_child",
            payload={"prologue": prologue, "n": SWITCH_SIZE},
            timeout=120,
            what="your PROLOGUE with the check's products",
            explain=lambda error: str(error).rstrip("."),
        )
        if found["patched"]:
            raise Rejected(
                f"your PROLOGUE replaced MXNet's own {', '.join(found['patched'])}: the check times the "
                "originals; switch the engine, do not patch its functions"
            )
        if found["blocking"] != "1":
            raise Rejected(
                f"after your PROLOGUE, CUDA_LAUNCH_BLOCKING was {found['blocking']!r}, not '1': "
                "PyTorch reads it from the environment when it starts CUDA"
            )
        middle = lambda values: sum(values) / len(values)  # noqa: E731 (the two middle of four)
        return {"enqueue": middle(found["enqueue"]), "finish": max(middle(found["finish"]), 1e-7)}

    return self.run({"switched": switched})
