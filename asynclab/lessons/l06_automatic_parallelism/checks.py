"""Checks of lab 06, "Automatic parallelism".

The verdicts read MXNet's own profiler (:mod:`asynclab.foundation.profiling`): when
each operator ran, on which device. Whether two devices' work ran side by
side is the engine's decision and shows in those spans whether or not the
shared machine has a core to spare; how much faster the pair finishes is
not a verdict (with one core kept busy, two workers share one core).
Effect sizes and margins are in ``bench/reports/checks_robustness.md``:

- two-devices-at-once: ``norms_both`` mends a program the lab shows, which
  logs every norm it computes (a read, so a wait) and issues all of one
  device's work before the other's; the share of the less busy device's
  busy time during which the other was busy too. Measured in-process over
  eight rounds per catalogue answer, quiet and with one core busy: right
  answers 0.67-1.0 (the norms interleaved with the products cost some
  overlap, 0.75-0.86; all products first, 0.92-1.0); the log dropped but
  the order kept 0.07-0.17
  (less than the (reps - 3) / reps of lesson 06's bare products: the norms
  between them change the turns); the log kept, or one device only, 0.
  Threshold 0.5. The list must be the original's (order, devices, values
  against NumPy, each computed once), the profile must show every
  product ran, and nothing may be written to the output nor any value
  copied out of MXNet: a log kept in a thread per device, each thread
  waiting on its own reads, overlaps 0.80-0.92 but keeps the waits the
  step is about, whether it prints, writes a file or warns.
- predict-head-start: ``head_start(reps, copies)`` under ``MXNET_CPU_TEMP_COPY=copies``,
  exact, at two numbers of workspaces (never the lesson's 4: the lesson's
  ``reps - 3`` matches none; two, so that a model right for one setting
  only, such as ``reps - 1``, fails), measured in a fresh process started
  with that setting (the resource manager reads it at a process's first
  operator). One is drawn from 2, 3, 5, 6, 7, 8, with a count from 4..7,
  one from 8..12 and one from 13..22 (a model wrong only above 12 products
  with eight workspaces or fewer passed while the counts stopped at 12);
  the other from 9..16, with a count from 4 to the
  workspaces less two (more workspaces than products, where a rule without
  its floor gives -1 or less: it failed 5 runs of 5), one equal to the
  workspaces (where one product is done first and a rule whose case starts
  one product late, 0 unless reps > copies, gives 0) and one 1 to 6 above
  them, so that a table typed in from runs elsewhere must hold every count
  up to 22 at 14 settings (one typed for 2, 3, 5 and 6 workspaces, the
  settings drawn before, passed). Measured, each the least of 3 runs, for
  every count from 4 to the workspaces plus 8: quietly at 7, 8, 10, 12 and
  16 workspaces, and 2 times with one core busy at every setting from 2 to
  16 but 4 (the measurement ``python bench/head_start_rule.py --trials 2
  --busy`` makes): the rule ``max(0, reps - copies + 1)`` every time
  (before, 3 runs quietly for every count 2..12 at 2, 3, 5 and 6).
  The measured head start is the least of three runs (a worker that wakes
  late can only add to it).
- stages-side-by-side: ``two_stages`` puts a recurrent first stage
  (``h_t = relu(dot(h_{t-1}, w1) + x_t)``) on ``cpu(0)`` and an output
  product per ``h_t`` on ``cpu(1)``; the share of the less busy device's
  product time during which the other device computed too, with 8-11
  inputs. Measured over eight rounds per catalogue answer, quiet and with
  one core busy: right answers 0.72-0.89 (round medians 0.75-0.86);
  the first stage for every input before any output (the one-after-the-
  other order: the second device's first product waits for a workspace)
  0.30-0.52 (medians 0.37-0.47, with 6-9 inputs; more inputs leave it
  less); a wait for every output, or all of the first stage finished
  first, 0. Threshold 0.62, on the runs under MXNet's record and on as
  many runs of plain inputs outside it (round medians of the solution and
  both ok-stages answers, 8 checks each, quiet and with one core busy:
  0.81-0.90 in the record, 0.78-0.91 outside; an answer that pipelines
  only when its inputs have gradient buffers 0.34 outside). The first
  stage's steps depend on each other,
  so only one is ready at a time: with independent micro-batches, the
  engine would run every ready first-stage product before any copy (a
  device's queue takes operators in the order they become ready), and
  nothing would overlap whatever the order of issue. The outputs are
  compared with NumPy on copies taken before the call (an answer that
  changes its inputs fails), and the profile must show one product per
  input on each device and one engine copy per input (a copy through
  NumPy is not the engine's).
- In both overlap checks the profile's dots must be the products
  (:func:`_products_are_dots`): no other product operator, and each dot at
  least 0.2 of one product timed alone (right answers 0.44-1.38 quiet and
  with one core busy, a 2x2 dot 0.01); and the results must have been
  computed by those dots (:func:`_computed_by_dots`): the answer runs under
  MXNet's autograd record, with gradients attached to the check's inputs,
  and each result's recorded computation must hold exactly its products as
  ``dot`` (a norm one; the t-th output of the stages t + 1, the last
  operator a dot). Dots issued beside a product computed another way (in
  NumPy, with a 1x1 ``nd.Deconvolution``, with ``mx.np``'s matmul) pass
  the profile but not the record. The results' records grouped must hold
  as many different dots as the profile counts on both devices (2 reps; the
  stages 2n, the h_t products shared along the chain): right answers
  exactly that, an answer that lists one product's norm reps times (each
  a norm of its own) and pads the profile with unused dots 2. The record
  covers the threads the call starts (MXNet records per thread; an answer
  that issues each device's work from a thread of its own is right, 0.70-0.93).
"""

from __future__ import annotations

import contextlib
import itertools
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from asynclab.checks import draw
from asynclab.checks.core import CheckResult, Protocol, Rejected, check, refuse_outside_child, refuse_unless_checking
from asynclab.checks.host_copies import host_copies
from asynclab.checks.printing import written
from asynclab.checks.relations import AtLeast
from asynclab.foundation.timing import time_call

SIZE = 700  # one product about 10 ms here: long beside a worker's wake-up
#: the longest head_start may take to answer, seconds: a rule or a small simulation answers in microseconds;
#: a measurement in a fresh process (which the profile of this one does not see) takes seconds to start MXNet
HEAD_CALL_S = 0.5
#: MXNet's operators that compute a matrix product other than dot (mx.nd's, mx.np's and mx.npx's, under every
#: name MXNet 1.9.1 registers them by, as the profile names them): the steps compute their products with nd.dot,
#: and the checks count those; another product operator beside them (a 1x1 deconvolution computes x . x too)
#: could carry the real work while extra dots fake the overlap
OTHER_PRODUCTS = frozenset(
    {
        "batch_dot",
        "_npx_batch_dot",
        "_sparse_dot",
        "khatri_rao",
        *("linalg_gemm", "linalg_gemm2", "linalg_trmm", "linalg_syrk"),
        *("_linalg_gemm", "_linalg_gemm2", "_linalg_trmm", "_linalg_syrk"),
        *("FullyConnected", "_sparse_FullyConnected", "_npx_fully_connected", "_contrib_quantized_fully_connected"),
        *("Convolution", "Convolution_v1", "_npx_convolution", "_contrib_quantized_conv"),
        *("_contrib_DeformableConvolution", "_contrib_ModulatedDeformableConvolution"),
        *("Deconvolution", "_npx_deconvolution"),
        *("RNN", "_npx_rnn", "_contrib_quantized_rnn"),
        *("_contrib_interleaved_matmul_selfatt_qk", "_contrib_interleaved_matmul_selfatt_valatt"),
        *("_contrib_interleaved_matmul_encdec_qk", "_contrib_interleaved_matmul_encdec_valatt"),
        *("_sg_mkldnn_conv", "_sg_mkldnn_fully_connected"),
        *("_np_dot", "_npi_matmul", "_npi_tensordot", "_npi_tensordot_int_axes", "_npi_einsum"),
    }
)
SMALLEST_PRODUCT = 0.2  # of one product timed alone, each dot at least: right answers 0.44-1.38, a 2x2 dot 0.01
REPS = (10, 11, 12, 13)  # products per device in step 1, drawn at random each round
#: with the fewer workspaces, one count drawn from each: up to 22, as the step asks (a model wrong only for counts
#: above 12 with eight workspaces or fewer passed while the counts ended at 12)
HEAD_REPS = (tuple(range(4, 8)), tuple(range(8, 13)), tuple(range(13, 23)))
#: MXNET_CPU_TEMP_COPY in step 2, one setting drawn from each per run (never the lesson's default of 4): with
#: the fewer, the counts of HEAD_REPS; with the more, fewer products than workspaces less one, as many, and
#: 1 to HEAD_BEYOND more
HEAD_FEW = (2, 3, 5, 6, 7, 8)
HEAD_MANY = tuple(range(9, 17))
HEAD_BEYOND = 6
HEAD_TIMEOUT_S = 120.0  # the fresh process of step 2 (a few seconds; a busy machine may take longer)
TEMP_COPIES = 4  # MXNET_CPU_TEMP_COPY's default: the copies of temporary space all CPU devices share
BOTH_OVERLAP = 0.5
#: step 1's rounds among which the one run on the lab's plain arrays, outside MXNet's record, is drawn (the first
#: is the warm-up), and the least overlap that run may show, in one of two tries. Measured in that run (the
#: solution and the four ok-norms answers, 12 calls each, quiet and with one and two cores busy): right 0.59-1.00;
#: the devices in turns 0-0.17
PLAIN_ROUNDS = 3
PLAIN_OVERLAP = 0.35
_clock = time.perf_counter  # taken at import: an answer that swaps the module's clock changes nothing here
THREADS_LEFT_S = 5.0  # how long the threads norms_both started may run on once their work is done (s)
STAGE_SHAPE = (1024, 768)  # x_t and h_t; each stage's product about 1.2 GFLOP (12-16 ms here)
STAGE_INPUTS = (8, 9, 10, 11)  # inputs per call, drawn
STAGES_OVERLAP = 0.62
COPY_NAME = "CopyCPU2CPU"  # what MXNet's profiler calls a copy between two CPU contexts

_QUICK = Protocol(warmup=1, min_rounds=5, max_rounds=12, budget_s=25.0)


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
    calls="norms_both",
    functions=("norms_both",),
    instruments=("mxnet.profiler",),  # the check records the profile: an answer could stop it
    relations=(AtLeast("overlap", num="both.overlap", threshold=BOTH_OVERLAP),),
    sentence=(
        f"the two devices were busy side by side for {{overlap:.2f}} of the less busy one's busy time "
        f"(needs >= {BOTH_OVERLAP:.2f})"
    ),
    threshold=f"overlap >= {BOTH_OVERLAP:g}",
)
def check_two_devices_at_once(self, norms_both: Callable) -> CheckResult:
    """``norms_both(xa, xb, reps)`` returns what the lab's ``norms_of_products`` returns, the devices side by side.

    ``xa`` lives on ``cpu(0)`` and ``xb`` on ``cpu(1)``, values from -1 to 1
    (centred on zero, so that the norm of a product of x with itself other
    than ``x . x`` is far from it); the result is the
    list of ``reps`` norms of ``xa . xa`` (on ``cpu(0)``) followed by
    ``reps`` norms of ``xb . xb`` (on ``cpu(1)``), MXNet arrays. Passes when
    it wrote nothing to the output (:func:`written`), not even from threads
    it started, and copied or shared no value out of MXNet
    (:func:`host_copies`: a log kept in a file or a warning reads the
    norms), the norms are right, in that order, each computed once from
    a product of its own (MXNet's autograd record, :func:`_distinct_dots`),
    MXNet's profile shows ``reps`` products on each device (what ran, not
    what was returned), and the two devices were busy side by side for at
    least ``BOTH_OVERLAP`` of the less busy one's busy time. One round of
    the first :data:`PLAIN_ROUNDS` hands over arrays with no gradient buffer
    and runs outside the record, as the lab's own cells do: the notebook's own
    ``xa`` and ``xb`` where it holds them as the lab makes them
    (:func:`_labs_own_arrays`), else copies of the check's; its overlap must
    reach :data:`PLAIN_OVERLAP` on its own, in one of two tries (a busy
    machine may keep a right answer's devices in turns once).
    """
    import mxnet as mx
    import numpy as np
    from mxnet import nd

    from asynclab.foundation.profiling import busy_overlap, record
    from asynclab.foundation.workloads import square_matrix

    # values centred on zero, from -1 to 1: the norms of x . x and of x . x^T lie about 1.4x apart (on values from
    # 0 to 1, both dominated by the mean, they agreed within 6e-4, under the tolerance of 1e-3)
    xa = square_matrix(SIZE) * 2 - 1
    xa.wait_to_read()
    xb = (xa * 0.5).copyto(mx.cpu(1))  # other values on cpu(1): a norm returned from the wrong array is caught
    host = {0: xa.asnumpy(), 1: xb.asnumpy()}
    expected = {d: float(np.linalg.norm(host[d].astype(np.float64) @ host[d])) for d in (0, 1)}
    product_s = time_call(lambda: nd.dot(xa, xa), sync=True)
    # one round, drawn among the first three, gets arrays as the lab's cells have them, with no gradient buffer,
    # and runs outside MXNet's record: a norms_both that behaves only when the check's instruments are there
    # fails it
    # the notebook's own arrays where it holds them as the lab makes them: an answer that keeps the colleague's
    # program for the lab's arrays (``a is xa``) runs it there
    bare = _labs_own_arrays(norms_both) or {0: xa.copy(), 1: xb.copy()}
    bare_host = {d: bare[d].asnumpy() for d in (0, 1)}
    bare_expected = {d: float(np.linalg.norm(bare_host[d].astype(np.float64) @ bare_host[d])) for d in (0, 1)}
    bare_round = draw.randrange(PLAIN_ROUNDS)
    for array in (xa, xb):  # MXNet's autograd records what computes the norms from them
        array.attach_grad()
    rounds = itertools.count()

    def attempt(reps: int, plain: bool) -> float:
        """Call ``norms_both`` once, verify what it returned and what ran, and give the devices' overlap."""
        a, b = (bare[0], bare[1]) if plain else (xa, xb)
        given, right = (bare_host, bare_expected) if plain else (host, expected)
        before = _running_now()
        with written() as lines:  # a log kept, even one printed by threads that wait on their own reads
            with host_copies() as copies:  # a log kept anywhere else (a file, a warning) reads the norms too
                with record() as trace, contextlib.nullcontext() if plain else _recording():
                    norms = norms_both(a, b, reps)
                _join_started(before, f"norms_both(xa, xb, {reps})")  # a thread that logs after the call returned
        if lines:
            raise Rejected(
                f"norms_both(xa, xb, {reps}) wrote {len(lines)} times to the notebook's output: the step asks for "
                "a function that prints nothing"
            )
        if copies.to_host_calls or copies.shared:
            raise Rejected(
                f"norms_both(xa, xb, {reps}) copied or shared values out of MXNet "
                f"{copies.to_host_calls + copies.shared} times: each read waits for what it reads, and the step "
                "asks for a function that returns the norms as MXNet arrays"
            )
        if not isinstance(norms, (list, tuple)) or len(norms) != 2 * reps:
            got = len(norms) if isinstance(norms, (list, tuple)) else type(norms).__name__
            raise Rejected(f"norms_both(xa, xb, {reps}) must return a list of {2 * reps} norms, got {got}")
        devices = [_device_of(y) for y in norms]
        if None in devices:
            raise Rejected(
                "norms_both must return MXNet arrays, each on the device that computed it, as the original does"
            )
        if devices != [0] * reps + [1] * reps:
            raise Rejected(
                "norms_both must return the norms in the original's order: xa's on cpu(0) first, then xb's on cpu(1)"
            )
        if len({id(y) for y in norms}) != len(norms):
            raise Rejected(f"norms_both must return {2 * reps} norms, each computed once, not one listed twice")
        for y, device in zip(norms, devices):
            if y.size != 1 or not np.isclose(float(y.asnumpy().ravel()[0]), right[device], rtol=1e-3):
                raise Rejected(f"a norm on cpu({device}) is not the norm of x . x for that device's array")
        for array, device in ((a, 0), (b, 1)):  # the inputs as handed over: an answer may not change them
            if not np.array_equal(array.asnumpy(), given[device]):
                raise Rejected(f"norms_both changed the array on cpu({device}) it was given")
        _only_on_the_two_devices(trace)
        on = {device: trace.on(device, "dot") for device in (0, 1)}
        for device in (0, 1):  # what ran, as MXNet's profile saw it, not what was returned
            _products_are_dots(trace, device, product_s)
            if len(on[device]) != reps:
                raise Rejected(
                    f"MXNet's profile shows {len(on[device])} products on cpu({device}), not {reps}: "
                    "each device must compute every one of its products, once"
                )
        overlap = busy_overlap(on[0], on[1])
        if plain:  # no record to read: the overlap is all there is to judge
            return overlap
        for t, y in enumerate(norms, start=1):  # and the products that ran are the ones the norms came from
            # one product each, or up to its device's all where its norms are computed together (a batched
            # nd.norm over a stack of the products: each norm a slice of it)
            _computed_by_dots(y, f"norm {t}", dots=1, at_most=reps)
        products = _distinct_dots(norms)
        if products != 2 * reps:  # one product each, and no two norms the same product's
            raise Rejected(
                f"MXNet's record shows the {2 * reps} norms computed from {products} products, not {2 * reps}: "
                "each norm must be the norm of a product of its own"
            )
        return overlap

    def both() -> dict[str, float]:
        reps = draw.choice(REPS)
        plain = next(rounds) == bare_round
        overlap = attempt(reps, plain)
        if plain and overlap < PLAIN_OVERLAP:  # a second try: a busy machine may keep a right answer's devices
            again = attempt(draw.choice(REPS), plain=True)  # in turns once; one that does so every time fails
            if again < PLAIN_OVERLAP:
                raise Rejected(
                    f"in two runs of norms_both outside MXNet's record the two devices were busy side by side for "
                    f"{overlap:.2f} and {again:.2f} of the less busy one's busy time (needs >= {PLAIN_OVERLAP:g} "
                    "in one of them)"
                )
            overlap = max(overlap, again)
        return {"overlap": overlap, "reps": float(reps)}

    return self.run({"both": both})


def _labs_own_arrays(fn: Callable) -> dict | None:
    """The ``xa`` and ``xb`` of the notebook ``fn`` was written in (its module's names), by device, where they
    are as the lab's setup cell makes them: :data:`SIZE` x :data:`SIZE` float32 arrays on ``cpu(0)`` and
    ``cpu(1)``; None otherwise."""
    import mxnet as mx
    import numpy as np

    space = getattr(fn, "__globals__", None)
    if not isinstance(space, dict):
        return None
    pair = space.get("xa"), space.get("xb")
    for device, array in enumerate(pair):
        if not isinstance(array, mx.nd.NDArray) or array.stype != "default":
            return None
        if array.shape != (SIZE, SIZE) or array.dtype != np.float32 or _device_of(array) != device:
            return None
    return {0: pair[0], 1: pair[1]}


def _running_now() -> tuple[set[threading.Thread], set]:
    """The Python threads alive and the tasks of the event loop running in this thread (a notebook's), if any."""
    import asyncio

    try:
        tasks = asyncio.all_tasks()
    except RuntimeError:  # no event loop runs in this thread: a plain script's call
        tasks = set()
    return set(threading.enumerate()), tasks


def _join_started(before: tuple[set[threading.Thread], set], call: str) -> None:
    """Wait up to :data:`THREADS_LEFT_S` for the Python threads started since ``before`` (the answer's, from
    :func:`_running_now`) to end, once the work they issued has finished: what they write is the call's output
    too. Raise :class:`Rejected` when one is still running then, or when the call left a task on the notebook's
    event loop (cancelled here: it would run once the check's cell has finished, printing or reading behind the
    caller's back)."""
    threads, tasks = before
    left = _running_now()[1] - tasks
    if left:
        for task in left:
            task.cancel()
        raise Rejected(
            f"{call} left {len(left)} task(s) on the notebook's event loop, to run after it returned: finish the "
            "step's work before the function returns"
        )
    end = _clock() + THREADS_LEFT_S
    for thread in set(threading.enumerate()) - threads:
        thread.join(max(0.0, end - _clock()))
        if thread.is_alive():
            raise Rejected(
                f"{call} left a thread running {THREADS_LEFT_S:g} s after the work it issued had finished: "
                "finish the step's work before the function returns"
            )


def _only_on_the_two_devices(trace) -> None:
    """Raise :class:`Rejected` when MXNet's profile in ``trace`` shows work on a device other than cpu(0) and
    cpu(1): the check counts products and measures the overlap there, so a serial program run on a third device
    beside products issued only to look busy would pass unseen."""
    from asynclab.foundation.profiling import CHORES

    other = sorted({span.device for span in trace.spans if span.device not in (0, 1) and span.name not in CHORES})
    if other:
        raise Rejected(
            f"MXNet's profile shows work on cpu({other[0]}): the step's work runs on cpu(0) and cpu(1), the devices "
            "the arrays are handed over on"
        )


def _products_are_dots(trace, device: int, product_s: float) -> None:
    """Raise :class:`Rejected` unless every product on ``device`` in ``trace`` is a whole ``nd.dot``.

    No other product operator (:data:`OTHER_PRODUCTS`) may run there, and every ``dot`` must take at least
    :data:`SMALLEST_PRODUCT` of ``product_s`` (s, one product of the step's arrays timed alone): tiny dots
    issued beside a product computed another way only make the profile look busy.
    """
    from asynclab.foundation.profiling import CHORES

    work = [span for span in trace.on(device) if span.name not in CHORES]
    other = sorted({span.name for span in work if span.name in OTHER_PRODUCTS})
    if other:
        raise Rejected(
            f"MXNet's profile shows {other[0]} on cpu({device}): compute the products with nd.dot, as the step "
            "writes them, so that the profile shows where the work ran"
        )
    dots = [span for span in work if span.name == "dot"]
    short = [span for span in dots if span.seconds < SMALLEST_PRODUCT * product_s]
    if short:
        raise Rejected(
            f"MXNet's profile shows a dot on cpu({device}) of {1e3 * short[0].seconds:.2f} ms, far less than one "
            f"product of the step's arrays ({1e3 * product_s:.1f} ms): every dot must be one of the products"
        )


@contextlib.contextmanager
def _recording() -> Iterator[None]:
    """MXNet's autograd record, in the calling thread and in every thread started from it meanwhile.

    MXNet records per thread, and only where recording is switched on: an answer that issues each device's
    work from a thread of its own computes the same products, so the threads it starts record too (each
    switches recording on before its first call; ``threading.setprofile`` hands every thread started from
    the threading module a function to run first, here one that switches recording on and then removes
    itself).
    """
    import sys
    import threading

    from mxnet import autograd

    def switch_on(*_: Any) -> None:
        sys.setprofile(None)
        autograd.set_recording(True)

    before = threading.getprofile()
    threading.setprofile(switch_on)
    try:
        with autograd.record(train_mode=False):
            yield
    finally:
        threading.setprofile(before)


def _distinct_dots(arrays: list) -> int:
    """How many different ``dot`` operators MXNet's autograd record shows computing ``arrays`` together.

    Grouped, the records share their nodes: a product two results were computed from counts once.
    """
    from asynclab.foundation.profiling import recorded_ops

    recorded = recorded_ops(*arrays)
    return 0 if recorded is None else recorded[0].count("dot")


def _recorded_ops(array: Any) -> tuple[list[str], str] | None:
    """The operators MXNet's autograd record shows computing ``array`` from the check's inputs (which have
    gradients attached), and the last of them; None where the record does not reach ``array`` (NumPy, a
    paused record: not computed from the inputs by MXNet)."""
    from asynclab.foundation.profiling import recorded_ops

    recorded = recorded_ops(array)
    return None if recorded is None else (recorded[0], recorded[1][0])


def _computed_by_dots(array: Any, what: str, dots: int, last_dot: bool = False, at_most: int | None = None) -> None:
    """Raise :class:`Rejected` unless MXNet's record computes ``array`` with exactly ``dots`` nd.dot products
    (from ``dots`` to ``at_most`` where that is given; the last operator one of them when ``last_dot``): the
    products that ran must be the ones that computed the result, not dots issued beside a product computed
    another way."""
    recorded = _recorded_ops(array)
    if recorded is None:
        raise Rejected(
            f"{what} was not computed by MXNet's operators from the arrays the check handed over, in the calling "
            "thread or a thread the call started: compute it with nd.dot on the devices, as the step writes it"
        )
    ops, last = recorded
    if not dots <= ops.count("dot") <= (dots if at_most is None else at_most) or (last_dot and last != "dot"):
        raise Rejected(
            f"MXNet's record of how {what} was computed does not show it computed with nd.dot products, one "
            "per product the step names: compute the products with nd.dot, as the step writes them"
        )


# ------------------------------------------------------------ step 2: predict the head start
def _head_start_child(job: list) -> dict[str, int]:
    """In a fresh process (:func:`_measured_head_starts`): for each count of ``job = [counts, tries]``,
    the products of ``cpu(0)`` finished before ``cpu(1)``'s first began, all of ``cpu(0)``'s issued
    first; the least of ``tries`` runs (a worker that wakes late can only add to it)."""
    refuse_outside_child()
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
    """The head start at each of ``counts``, measured in a fresh process under ``MXNET_CPU_TEMP_COPY=copies``.

    Only the check may call it: a prediction copied from the check's own
    measurement is not a prediction.
    """
    refuse_unless_checking(check_predict_head_start)
    from asynclab.foundation.backends.fresh import run_program

    run = run_program(
        f"{__name__}:_head_start_child",
        payload=[list(counts), tries],
        env={"MXNET_CPU_TEMP_COPY": str(copies)},
        # MXNet's defaults and the budget's: os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine" set by head_start
        # in the kernel made the child run cpu(0)'s products all first, as a serial answer predicts
        isolated=True,
        timeout=HEAD_TIMEOUT_S,
        what=f"the products under MXNET_CPU_TEMP_COPY={copies}",
    )
    return {int(k): int(v) for k, v in run.result.items()}


@check(
    "predict-head-start",
    times_cpu=False,
    points=2,
    functions=("head_start",),
    threshold="exact at six counts over two settings",
)
def check_predict_head_start(self, head_start: Callable) -> CheckResult:
    """``head_start(reps, copies)``: how many of ``cpu(0)``'s ``reps`` products finish before ``cpu(1)``'s
    first starts, with ``copies`` workspaces (``MXNET_CPU_TEMP_COPY``).

    All of ``cpu(0)``'s products are issued first, then ``cpu(1)``'s. The
    check draws two numbers of workspaces, one from 2, 3 and 5 to 8 (not the
    lesson's 4) with a count from 4 to 7, one from 8 to 12 and one from 13 to 22, and one from
    9 to 16 with a count from 4 to two less than the workspaces (where
    nothing holds cpu(1) up), one as large as the workspaces and one 1 to 6
    larger; it measures each in MXNet's profile in a fresh process started
    with that setting, and passes when all six predictions match exactly. ``head_start`` must
    predict: one that runs MXNet operators fails, and so does one that takes
    longer than half a second to answer. A FAIL says neither how
    many predictions missed nor the right values.
    """
    import numpy as np
    from mxnet import nd

    from asynclab.foundation.profiling import CHORES, record

    # two settings, one per condition: a model right for one setting only fails the other, and a table of
    # head starts typed in from runs elsewhere would need every count at every number of workspaces from 2 to
    # 16. The one with more workspaces is asked about fewer products than it has workspaces less one, where
    # nothing holds cpu(1) up: a formula without that case (reps - copies + 1, which is -1 or less there)
    # fails every run; and about exactly as many products as workspaces, where one product is done first: a
    # formula whose case starts one product late (0 unless reps > copies) fails every run too
    many = draw.choice(HEAD_MANY)
    settings = [many, draw.choice(HEAD_FEW)]
    draw.shuffle(settings)

    def condition() -> tuple[bool, str]:
        copies = settings.pop()
        if copies == many:  # fewer products than workspaces less one, exactly as many, and more
            beyond = copies + draw.choice(range(1, HEAD_BEYOND + 1))
            counts = (draw.choice(range(min(HEAD_REPS[0]), copies - 1)), copies, beyond)
        else:
            counts = tuple(draw.choice(reps) for reps in HEAD_REPS)
        predicted = {}
        for reps in counts:
            with record() as trace:
                nd.ones((1,)).wait_to_read()  # the marker: the trace must hold it, and nothing else
                start = time.perf_counter()
                value = head_start(reps, copies)
                took = time.perf_counter() - start
            if took > HEAD_CALL_S:  # a measurement in a process of its own escapes the trace, not the clock
                return False, (
                    f"head_start({reps}, {copies}) took {took:.2f} s: a prediction is reasoning about the "
                    f"engine (it must return within {HEAD_CALL_S:g} s), not a measurement"
                )
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
            asked = ", ".join(str(r) for r in counts[:-1]) + f" and {counts[-1]}"
            return False, (
                f"your predictions for {asked} products with {copies} workspaces did not "
                "all match what MXNet did: which of cpu(0)'s products holds what cpu(1)'s first one needs?"
            )
        return True, ""

    return self.holds(condition, repeat=2, description="all six predictions matched MXNet's profile")


# ------------------------------------------------------------ step 3: two stages on two devices
def _stage_inputs(n: int, seed: int) -> tuple[list, Any, Any]:
    """``n`` inputs and the first stage's weights on ``cpu(0)``, the second stage's weights on ``cpu(1)``."""
    import mxnet as mx
    import numpy as np
    from mxnet import nd

    rng = np.random.default_rng(seed)
    rows, cols = STAGE_SHAPE
    xs = [nd.array(rng.uniform(-1, 1, (rows, cols)).astype(np.float32)) for _ in range(n)]
    w1 = nd.array(rng.uniform(-1, 1, (cols, cols)).astype(np.float32) / cols)
    w2 = nd.array(rng.uniform(-1, 1, (cols, cols)).astype(np.float32) / cols, ctx=mx.cpu(1))
    return xs, w1, w2


def _stage_outputs(xs: list, w1: Any, w2: Any) -> list:
    """What ``two_stages`` must return, computed in NumPy (float64) from host copies of its inputs."""
    import numpy as np

    h = np.zeros(xs[0].shape)
    outputs = []
    for x in xs:
        h = np.maximum(h @ w1 + x, 0)
        outputs.append(h @ w2)
    return outputs


@check(
    "stages-side-by-side",
    points=3,
    protocol=_QUICK,
    calls="two_stages",
    functions=("two_stages",),
    instruments=("mxnet.profiler",),  # the check records the profile: an answer could stop it
    relations=(
        AtLeast("overlap", num="stages.overlap", threshold=STAGES_OVERLAP),
        AtLeast("plain", num="plain.overlap", threshold=STAGES_OVERLAP),
    ),
    sentence=(
        f"the two stages' devices were busy side by side for {{overlap:.2f}} of the less busy one's busy time, "
        f"and for {{plain:.2f}} in the runs outside MXNet's record (needs >= {STAGES_OVERLAP:.2f} in both)"
    ),
    threshold=f"overlap >= {STAGES_OVERLAP:g}, in and outside the record",
)
def check_stages_side_by_side(self, two_stages: Callable) -> CheckResult:
    """``two_stages(xs, w1, w2)``: a recurrent first stage on ``cpu(0)``, its outputs' second stage on ``cpu(1)``.

    Stage one is ``h_t = relu(dot(h_{t-1}, w1) + x_t)`` from ``h_0 = 0`` on
    ``cpu(0)``; stage two is ``dot(h_t, w2)`` on ``cpu(1)``, with ``h_t``
    copied there by MXNet's engine. The function returns the second stage's
    outputs on ``cpu(1)``, one per input, in order. Passes when the outputs
    are right (against NumPy on copies of the inputs taken before the call),
    MXNet's profile shows one product per input on each device and one copy
    between the contexts per input (what ran, not what was returned), and the
    two devices' products were busy side by side for at least
    ``STAGES_OVERLAP`` of the less busy device's busy time, in the runs
    under MXNet's autograd record (gradient buffers attached to the inputs,
    which lets the record show what computed each output) and in as many
    runs beside them with plain inputs outside the record, as the lab's own
    cells have them.
    """
    import numpy as np
    from mxnet import nd

    from asynclab.foundation.profiling import busy_overlap, record

    def stages(recorded: bool = True) -> dict[str, float]:
        n = draw.choice(STAGE_INPUTS)
        xs, w1, w2 = _stage_inputs(n, draw.randrange(2**31))
        wanted = _stage_outputs([x.asnumpy() for x in xs], w1.asnumpy(), w2.asnumpy())
        product_s = time_call(lambda: nd.dot(xs[0], w1), sync=True)  # one product of either stage, alone
        if recorded:
            for array in (*xs, w1, w2):  # MXNet's autograd records what computes the outputs from them
                array.attach_grad()
        with record() as trace, _recording() if recorded else contextlib.nullcontext():
            outputs = two_stages(xs, w1, w2)
        if not isinstance(outputs, (list, tuple)) or len(outputs) != n:
            got = len(outputs) if isinstance(outputs, (list, tuple)) else type(outputs).__name__
            raise Rejected(f"two_stages must return a list of the {n} outputs, one per input, got {got}")
        if any(_device_of(y) != 1 for y in outputs):
            raise Rejected("every output must be an MXNet array on cpu(1), where the second stage runs")
        for t, (y, want) in enumerate(zip(outputs, wanted), start=1):
            if y.shape != want.shape or not np.allclose(y.asnumpy(), want, rtol=1e-3, atol=1e-4):
                raise Rejected(f"output {t} is not dot(h{t}, w2) with h{t} = relu(dot(h{t - 1}, w1) + x{t})")
        _only_on_the_two_devices(trace)
        for device, stage in ((0, "first"), (1, "second")):
            _products_are_dots(trace, device, product_s)
            ran = len(trace.on(device, "dot"))
            if ran != n:
                raise Rejected(
                    f"MXNet's profile shows {ran} products on cpu({device}), not {n}: the {stage} stage "
                    f"runs once per input on cpu({device})"
                )
        copied = sum(1 for span in trace.spans if span.name == COPY_NAME)
        if copied < n:
            raise Rejected(
                f"MXNet's profile shows {copied} copies between the two devices, not {n}: copy each h_t "
                "with copyto or as_in_context, so that MXNet's engine does the copy"
            )
        overlap = busy_overlap(trace.on(0, "dot"), trace.on(1, "dot"))
        if not recorded:
            return {"overlap": overlap, "inputs": float(n)}
        for t, y in enumerate(outputs, start=1):  # h1..ht's first-stage products, then the output's own
            _computed_by_dots(y, f"output {t}", dots=t + 1, last_dot=True)
        products = _distinct_dots(outputs)
        if products != 2 * n:  # h1..hn's products, shared along the chain, and one more per output
            raise Rejected(
                f"MXNet's record shows the {n} outputs computed from {products} products, not {2 * n}: "
                "each h_t must come from one product of its own and each output from one more"
            )
        return {"overlap": overlap, "inputs": float(n)}

    return self.run({"stages": stages, "plain": lambda: stages(recorded=False)})
