"""Checks of lab 06, "Automatic parallelism".

The verdicts read MXNet's own profiler (:mod:`asynclab.foundation.profiling`): when
each operator ran, on which device. Whether two devices' work ran side by
side is the engine's decision and shows in those spans whether or not the
shared machine has a core to spare; how much faster the pair finishes is
not a verdict (with one core kept busy, two workers share one core).
Effect sizes and margins are in ``bench/reports/checks_robustness.md``:

- two-devices-at-once: ``run_both`` issues products on ``cpu(0)`` and
  ``cpu(1)``; the share of the less busy device's busy time during which
  the other was busy too. Interleaved issuing gives 0.95-1.0; issuing one
  device's products before the other's gives (reps - 3) / reps of
  head start to the first, an overlap of about 0.3 at the 10-13 products
  the check asks for; waiting between the devices 0. Threshold 0.75.
- predict-head-start: ``head_start(reps, copies)`` under ``MXNET_CPU_TEMP_COPY=copies``,
  exact, at one number of workspaces drawn from 2, 3, 5, 6 (never the
  lesson's 4: the lesson's ``reps - 3`` matches none) and two counts drawn
  at random, one from 4..7 and one from 8..12, measured in a fresh process
  started with that setting (the resource manager reads it at a process's
  first operator). Measured quietly, 3 runs each, for every count 2..12
  and 2, 3, 5 and 6 workspaces: ``max(0, reps - copies + 1)`` every time.
  The measured head start is the least of three runs (a worker that wakes
  late can only add to it).
- copy-beside-compute: ``pipeline`` runs in a fresh process whose
  ``cpu(0)`` has two workers; the share of the copies (all but the last)
  that ran, for any time at all, beside a step of the chain (a count, not
  a time: a worker's wake-up delay of a few ms must not weigh against a
  copy of a few ms). When nothing waits, 0.6-1.0 per run: the worker that
  finished a step often takes the copy while the other worker is still
  waking up for the next product (0.1-6 ms later), and a copy of 1-3 ms
  can end before it starts. When the copies wait for the whole chain, or
  each copy is waited for before the next step is issued, exactly 0: the
  next step cannot start before the copy ended. Threshold 0.1, just above
  what no wrong schedule can reach (a busier machine than the bench's
  wakes workers later, and fewer copies overlap). A pipeline that loads
  a lesson's module in that process (``importlib.import_module`` of
  ``parallelism``, which the copy detector cannot follow) fails: the
  process loads none before it.
"""

from __future__ import annotations

import inspect
import re
import textwrap
from collections.abc import Callable
from typing import Any

from asynclab.checks import draw
from asynclab.checks.core import CheckResult, Protocol, Rejected, check
from asynclab.checks.relations import AtLeast

SIZE = 700  # one product about 10 ms here: long beside a worker's wake-up
REPS = (10, 11, 12, 13)  # products per device in step 1, drawn at random each round
HEAD_REPS = (tuple(range(4, 8)), tuple(range(8, 13)))  # one count drawn from each
HEAD_COPIES = (2, 3, 5, 6)  # MXNET_CPU_TEMP_COPY in step 2, one drawn per run: never the lesson's default
HEAD_TIMEOUT_S = 120.0  # the fresh process of step 2 (a few seconds; a busy machine may take longer)
TEMP_COPIES = 4  # MXNET_CPU_TEMP_COPY's default: the copies of temporary space all CPU devices share
BOTH_OVERLAP = 0.75
COPY_BESIDE = 0.1
CHAIN_SHAPE = (8192, 512)  # y_i: 16 MB to copy (a few ms), a product of about 4 GFLOP to compute
CHAIN_STEPS = (6, 7, 8)
COPY_NAME = "CopyCPU2CPU"  # what MXNet's profiler calls a copy between two CPU contexts

_QUICK = Protocol(warmup=1, min_rounds=5, max_rounds=12, budget_s=25.0)
_SUBPROCESS = Protocol(warmup=0, min_rounds=2, max_rounds=4, budget_s=60.0)


def _device_of(array: Any) -> int | None:
    context = getattr(array, "context", None)
    if context is None or getattr(context, "device_type", None) != "cpu":
        return None
    return int(context.device_id)


# ------------------------------------------------------------ step 1: two devices at once
@check(
    "two-devices-at-once",
    points=3,
    protocol=_QUICK,
    calls="run_both",
    functions=("run_both",),
    relations=(AtLeast("overlap", num="both.overlap", threshold=BOTH_OVERLAP),),
    sentence=(
        f"the two devices were busy side by side for {{overlap:.2f}} of the less busy one's busy time "
        f"(needs >= {BOTH_OVERLAP:.2f})"
    ),
    threshold=f"overlap >= {BOTH_OVERLAP:g}",
)
def check_two_devices_at_once(self, run_both: Callable) -> CheckResult:
    """``run_both(xa, xb, reps)`` issues ``reps`` products ``x . x`` on each array's own device.

    ``xa`` lives on ``cpu(0)`` and ``xb`` on ``cpu(1)``; the function returns
    the ``2 * reps`` results without waiting for them. Passes when ``reps``
    of the results live on each device, are right and distinct, MXNet's
    profile shows ``reps`` products run on each device (what ran, not what
    was returned), and the two devices were busy side by side for at least
    0.75 of the less busy one's busy time.
    """
    import mxnet as mx
    import numpy as np
    from mxnet import nd

    from asynclab.foundation.profiling import busy_overlap, record
    from asynclab.foundation.workloads import square_matrix

    xa = square_matrix(SIZE)
    xb = xa.copyto(mx.cpu(1))
    expected = nd.dot(xa[:4], xa).asnumpy()  # four rows of x . x, to compare the results with

    def both() -> dict[str, float]:
        reps = draw.choice(REPS)
        with record() as trace:
            results = run_both(xa, xb, reps)
        if not isinstance(results, (list, tuple)) or len(results) != 2 * reps:
            got = len(results) if isinstance(results, (list, tuple)) else type(results).__name__
            raise Rejected(f"run_both(xa, xb, {reps}) must return a list of the {2 * reps} results, got {got}")
        devices = [_device_of(y) for y in results]
        if None in devices:
            raise Rejected("run_both must return the MXNet arrays it computed on cpu(0) and cpu(1)")
        for device in (0, 1):
            count = devices.count(device)
            if count != reps:
                raise Rejected(
                    f"{count} of the results were on cpu({device}), not {reps}: each device "
                    "must compute its own array's products"
                )
        for y in results:
            if y.shape != (SIZE, SIZE) or not np.allclose(y[:4].asnumpy(), expected, rtol=1e-4, atol=1e-3):
                raise Rejected("a result is not x . x for its array x")
        if len({id(y) for y in results}) != len(results):
            raise Rejected(f"run_both must return {2 * reps} results, each computed once, not one result listed twice")
        on = {device: trace.on(device, "dot") for device in (0, 1)}
        if not on[0] or not on[1]:
            raise Rejected("MXNet's profile shows no product on one of the devices")
        for device in (0, 1):  # what ran, as MXNet's profile saw it, not what was returned
            if len(on[device]) < reps:
                raise Rejected(
                    f"MXNet's profile shows {len(on[device])} products on cpu({device}), not {reps}: "
                    "each device must compute every one of its products"
                )
        return {"overlap": busy_overlap(on[0], on[1]), "reps": float(reps)}

    return self.run({"both": both})


# ------------------------------------------------------------ step 2: predict the head start
def _head_start_child(job: list) -> dict[str, int]:
    """In a fresh process (:func:`_measured_head_starts`): for each count of ``job = [counts, tries]``,
    the products of ``cpu(0)`` finished before ``cpu(1)``'s first began, all of ``cpu(0)``'s issued
    first; the least of ``tries`` runs (a worker that wakes late can only add to it)."""
    import mxnet as mx
    from mxnet import nd

    from asynclab.foundation.profiling import done_before, record
    from asynclab.foundation.workloads import square_matrix

    counts, tries = job
    xa = square_matrix(SIZE)
    xb = xa.copyto(mx.cpu(1))
    nd.waitall()
    found: dict[str, int] = {}
    for reps in counts:
        runs = []
        for _ in range(tries):
            with record() as trace:
                results = [nd.dot(xa, xa) for _ in range(reps)] + [nd.dot(xb, xb) for _ in range(reps)]
            del results
            runs.append(done_before(trace.on(0, "dot"), trace.on(1, "dot")))
        found[str(reps)] = min(runs)
    return found


def _measured_head_starts(copies: int, counts: tuple[int, ...], tries: int = 3) -> dict[int, int]:
    """The head start at each of ``counts``, measured in a fresh process under ``MXNET_CPU_TEMP_COPY=copies``."""
    from asynclab.foundation.backends.fresh import run_program

    run = run_program(
        f"{__name__}:_head_start_child",
        payload=[list(counts), tries],
        env={"MXNET_CPU_TEMP_COPY": str(copies)},
        timeout=HEAD_TIMEOUT_S,
        what=f"the products under MXNET_CPU_TEMP_COPY={copies}",
    )
    return {int(k): int(v) for k, v in run.result.items()}


@check("predict-head-start", points=2, functions=("head_start",), threshold="exact at two counts")
def check_predict_head_start(self, head_start: Callable) -> CheckResult:
    """``head_start(reps, copies)``: how many of ``cpu(0)``'s ``reps`` products finish before ``cpu(1)``'s
    first starts, with ``copies`` workspaces (``MXNET_CPU_TEMP_COPY``).

    All of ``cpu(0)``'s products are issued first, then ``cpu(1)``'s. The
    check draws a number of workspaces (2, 3, 5 or 6: not the lesson's 4)
    and two counts, one from 4 to 7 and one from 8 to 12, measures each in
    MXNet's profile in a fresh process started with that setting, and
    passes when both predictions match exactly. ``head_start`` must
    predict: one that runs MXNet operators fails. A FAIL says neither how
    many predictions missed nor the right values.
    """
    import numpy as np
    from mxnet import nd

    from asynclab.foundation.profiling import CHORES, record

    def condition() -> tuple[bool, str]:
        copies = draw.choice(HEAD_COPIES)
        counts = tuple(draw.choice(low_or_high) for low_or_high in HEAD_REPS)
        predicted = {}
        for reps in counts:
            with record() as trace:
                nd.ones((1,)).wait_to_read()  # the marker: the trace must hold it, and nothing else
                value = head_start(reps, copies)
            ran = [span for span in trace.spans if span.name not in CHORES]
            if len(ran) != 1 or ran[0].name != "_ones":
                return False, (
                    f"head_start({reps}, {copies}) ran MXNet operators or MXNet's profiler: it must predict "
                    "from what you know of the engine, not measure"
                )
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                return False, f"head_start({reps}, {copies}) must return a whole number of products, not {value!r}"
            predicted[reps] = int(value)
        measured = _measured_head_starts(copies, counts)
        if any(predicted[reps] != measured[reps] for reps in counts):
            return False, (
                f"your predictions for {counts[0]} and {counts[1]} products with {copies} workspaces did not "
                "both match what MXNet did: which of cpu(0)'s products holds what cpu(1)'s first one needs?"
            )
        return True, ""

    return self.holds(condition, description="both predictions matched MXNet's profile")


# ------------------------------------------------------------ step 3: copies beside compute, fresh process
def _pipeline_child(job: dict) -> dict:
    """In a fresh process whose ``cpu(0)`` has two workers: the student's ``pipeline`` on the check's chain.

    ``job`` holds the function's ``source`` and ``name``, the ``shape`` of
    ``x`` (``w`` is ``cols x cols``), the number of ``steps`` and the
    ``seed`` of both arrays. After one warm-up run of 2 steps, one run is
    profiled. Returns ``{"problem": the FAIL sentence or None, "spans":
    [[operator name, start, end], ...]}``: MXNet's profile of that run,
    start and end in seconds of the trace's clock.
    """
    import os
    import sys

    os.environ["MXNET_CPU_WORKER_NTHREADS"] = "2"  # before MXNet starts: its engine reads it once
    import mxnet as mx  # noqa: F401  (MXNet starts here, with the setting above)
    import numpy as np
    from mxnet import nd

    from asynclab.foundation.profiling import record

    before = set(sys.modules)
    space = {"__name__": "__main__"}
    exec(compile(job["source"], "<your pipeline>", "exec"), space)
    pipeline = space[job["name"]]
    (rows, cols), steps = job["shape"], job["steps"]
    rng = np.random.default_rng(job["seed"])
    x = nd.array(rng.random((rows, cols), dtype=np.float32))
    w = nd.array(rng.random((cols, cols), dtype=np.float32) / cols)
    pipeline(x, w, 2)  # warm-up: both workers started
    nd.waitall()
    with record() as trace:
        copies = pipeline(x, w, steps)
    problem = None
    # what the copy detector cannot see in the source (a module named by a string, a star import): the
    # lessons' own code, loaded by the pipeline in this process, which loads none of it before
    lessons = sorted(m for m in set(sys.modules) - before if m.startswith("asynclab.lessons."))
    if lessons:
        problem = f"your pipeline loaded the course's own {lessons[0]} instead of doing the step's work itself"
    elif not isinstance(copies, (list, tuple)) or len(copies) != steps:
        problem = f"pipeline(x, w, {steps}) must return the list of its {steps} copies"
    elif any(getattr(getattr(c, "context", None), "device_id", None) != 1 for c in copies):
        problem = "every copy must be an MXNet array on cpu(1)"
    else:
        y = x
        for i, c in enumerate(copies):
            y = nd.relu(nd.dot(y, w))
            if not np.allclose(c.asnumpy(), y.asnumpy(), rtol=1e-4, atol=1e-5):
                problem = f"copy {i + 1} is not y{i + 1} = relu(dot(y{i}, w))"
                break
    spans = [[s.name, s.start, s.end] for s in trace.spans]
    return {"problem": problem, "spans": spans}


def _pipeline_failed(error: Exception) -> str:
    """The FAIL sentence for a pipeline that failed in its fresh process (``error`` names the child's last line)."""
    missing = re.search(r"name '(\w+)' is not defined", str(error))
    if missing:
        return (
            f"your pipeline uses {missing.group(1)!r} without importing it: the check runs it "
            "in a fresh process, so import inside it everything it uses"
        )
    return str(error).rstrip(".")


@check(
    "copy-beside-compute",
    points=3,
    protocol=_SUBPROCESS,
    calls="pipeline",
    functions=("pipeline",),
    relations=(AtLeast("beside", num="chain.beside", threshold=COPY_BESIDE),),
    sentence=(f"{{beside:.2f}} of the copies ran beside a step of the chain (needs >= {COPY_BESIDE:.2f})"),
    threshold=f"share of copies >= {COPY_BESIDE:g}",
)
def check_copy_beside_compute(self, pipeline: Callable) -> CheckResult:
    """``pipeline(x, w, steps)`` computes ``y_i = relu(dot(y_{i-1}, w))`` from ``y_0 = x`` on ``cpu(0)``
    and returns a copy of every ``y_i`` on ``cpu(1)``.

    The check runs the function's source in a fresh process where
    ``MXNET_CPU_WORKER_NTHREADS=2`` (so ``cpu(0)`` has a second worker for
    the copies), so it must import what it uses. Passes when the copies are
    right and at least one copy in ten ran beside a step of the chain (the
    last copy, which has nothing left beside it, aside).
    """
    from asynclab.foundation.profiling import OpSpan, share_beside

    if not hasattr(pipeline, "__code__"):
        raise Rejected(f"pipeline must be a function defined with def, not {type(pipeline).__name__}")
    if pipeline.__name__ == "<lambda>":
        raise Rejected(
            "pipeline must be a function defined with def, not a lambda: the check sends its source to a fresh process"
        )
    try:
        source = textwrap.dedent(inspect.getsource(pipeline))
    except (OSError, TypeError):
        raise Rejected("the check cannot read pipeline's source: define it with def in a cell of its own") from None

    def chain() -> dict[str, float]:
        steps = draw.choice(CHAIN_STEPS)
        result = self.in_fresh_process(
            f"{__name__}:_pipeline_child",
            timeout=120,
            what="your pipeline",
            payload={
                "source": source,
                "name": pipeline.__name__,
                "shape": CHAIN_SHAPE,
                "steps": steps,
                "seed": draw.randrange(2**31),
            },
            explain=_pipeline_failed,
        )
        if result["problem"]:
            raise Rejected(result["problem"])
        spans = [OpSpan(name, 0, 0, start, end) for name, start, end in result["spans"]]
        copies = [s for s in spans if s.name == COPY_NAME]
        steps_run = [s for s in spans if s.name in ("dot", "relu")]
        if len(copies) < steps:
            raise Rejected(
                f"MXNet's profile shows {len(copies)} copies between contexts, not {steps}: copy each "
                "y_i with copyto or as_in_context, so the engine does the copy"
            )
        return {"beside": share_beside(copies[:-1], steps_run), "steps": float(steps)}

    return self.run({"chain": chain})
