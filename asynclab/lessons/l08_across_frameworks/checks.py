"""Checks of lab 08, "Across frameworks".

Every check runs the student's code on arrays of MXNet, PyTorch and NumPy
that it makes itself. Effect sizes and the margins they leave are in
``bench/reports/checks_robustness.md``:

- finish-every-framework: ``finish(y)`` must wait for an MXNet product
  (finishing a 2000x2000 product takes hundreds of times as long as
  issuing it; without a real wait the ratio is near 1; threshold 10x), and
  wait until it is computed: the work still queued when ``finish``
  returns (the time ``nd.waitall()`` takes right after it), over the
  product's time from issuing it until MXNet is idle, is at most 0.25,
  and so is it for the norm of such a product, one value (a finish that
  waits only for large arrays left 0.99-1.00 of it queued, right answers
  0.000, 6 checks each quiet and with one core busy).
  Measured on the 2-core machine by the check itself, quiet and with one
  core busy (a product of 165-330 ms): right answers (``wait_to_read``,
  ``nd.waitall()``, reading a value) 0.000-0.001; fixed sleeps 0.97-0.98
  (4 ms), 0.86-0.89 (20 ms), 0.52-0.55 (80 ms), 0.25-0.27 (130 ms). No
  fixed sleep passes both this rule and the next, which asks ``finish`` to
  wait for *that* product (on a smaller one, of a size drawn at random, at
  most 3x its own compute time): a sleep within 3x of a 1000x1000 product
  (about 80 ms) leaves >= 0.52 queued, and one that leaves about 0.25
  (130 ms) takes 5.5x-7.6x the smaller product's time. A sleep sized by
  y's shape (the seconds per cube of one product, timed in the cell, times
  1.5) passes both; so finish on a 2000x2000 product already computed must
  take at most 0.25 of its compute time: ``wait_to_read`` and
  ``nd.waitall()`` 0.000, ``asnumpy()`` 0.008-0.012, the sized sleep
  1.47-1.60 (3 runs each quiet and with one core busy).
  It must take a PyTorch tensor and a NumPy array without an error, on a
  machine without CUDA too, and wait for a tensor on a CUDA device: the
  check hands over a tensor that says it is on a CUDA device of a machine
  with two (its values in host memory, so on any machine) whose stand-in
  device still has 20-40 ms of work queued for it, then one with 150-200 ms
  (order drawn), one on cuda:0 and one on cuda:1 (which drawn), the current
  device being cuda:0: what names no device (``torch.cuda.synchronize()``)
  waits for cuda:0 alone, as on a machine with two GPUs, so a ``finish``
  that does not wait for y's own device returns early on cuda:1 (it passed
  while the tensor was always on cuda:0, the current device). And a
  ``finish`` that returns before the device has run that work, or more
  than 80 ms after, fails (a fixed sleep cannot do both). What waits on a GPU sleeps until then
  (``torch.cuda.synchronize``, the default stream's or a recorded event's
  ``synchronize``, ``item()``, ``cpu()``, ``float(y)``, printing...); what
  does not wait on a GPU returns at once here too (a ``query()``, a copy
  with ``non_blocking=True``, a new stream's ``synchronize``). On a
  CPU tensor every operator has finished inside its call, so without this
  the PyTorch branch of ``finish`` could not be told from ``return y``.
  A CPU tensor is also handed over on the stand-in machine, where
  ``torch.cuda.is_available()`` is True and ``torch.cuda`` refuses a CPU
  device as it does on a machine with GPUs: a ``finish`` that asks the
  machine whether it has CUDA instead of asking ``y`` where it lives
  raises there (it passed while CPU tensors came only where CUDA was not).
- predict-frameworks: functional, on calls lesson 08 never timed
  (:data:`CALLS`). Each framework's 2000x2000 product is issued and one call
  made right after it; the call's *wait share* is its time less its own work
  (the same call timed again on the finished product), over the time from
  issuing the product until the back end is idle. Measured on the 2-core
  machine, 5 runs quiet and 5 with one core busy, every call in its own
  round: the MXNet calls that wait at 0.909-0.998 (the lowest are calls
  whose own reduction, 0.1x the product, is in the denominator); those that
  do not between -0.018 and +0.008 (the bare ``y.max()``, added later, 8
  reads quiet and 8 with one core busy: -0.015 to -0.001, beside
  ``bool(y.max() > 0)`` at 0.889-0.919); PyTorch's calls 0.000-0.043
  (``y.max().item()`` and ``y.norm().item()`` the highest), NumPy's -0.027
  to +0.008. A call waits at >= 0.5 (1.8x below the lowest wait), does not
  at <= 0.2 (4.6x above the highest non-wait), and is decided by two reads
  that agree (up to five tries; a read in between counts for neither):
  one hold-up of the calling thread moves one read across. Left out for their noise: PyTorch's ``str(y)``
  (0.035-0.093: its first formatting of a fresh tensor is slower than its
  second). Every prediction must match; a FAIL says neither how many missed
  nor which.
- timed-forward-fixed: a spot-the-bug. A colleague's ``timed_forward(x,
  weights)`` times a ReLU network's forward pass on all three frameworks;
  for MXNet it stops the clock with ``y.shape`` (the front end's, which
  waits for nothing) and starts it while the input may still be computing.
  The fixed function runs on a network of a width and depth drawn per call,
  with MXNet's input handed over while the engine still computes it
  (identity products queued: six forwards' work, one forward's for the two
  other MXNet networks below). Passes when, on MXNet, the
  seconds it reports are 0.25x to 2.2x the forward's compute time that the
  check measures on a ready input (the mean of a forward before and one
  after the answer's), MXNet has at most 0.25x of that time queued when it
  returns, no MXNet operator issued before it returned ended after the
  return (MXNet's profiler runs over the call: an output returned before
  its last operator ran, such as a last ReLU issued after the wait, is
  seen exactly, however small that operator's share of the time: quiet,
  the solution and four right answers 0 late operators in 160 probe
  rounds, an answer that leaves its last ReLU queued at least 1 in 25 of
  32, 23 of the 24 on the square networks; the mark is a call of MXNet's C
  API made right after the return, timed by the profiler in the thread that
  returned, as a marker operator on another device, which waited for a
  sleeping worker to wake, was seen in only 4 of 32), the
  call took at most 3x that time beyond waiting for its
  input (its queued products, timed by the check on their own just before)
  and computing the forward (per round, :data:`IDLE_SHARE`'s figures: the
  solution -0.47x to 0.27x, a warm-up forward before the clock 0.67x-1.10x,
  a sleep of 0.3 s in place of the wait for the input 11.5x-29.8x on the
  one-row network), MXNet's autograd record (the weights handed over have gradients
  attached) shows at least one matrix product per layer computing the
  output, and on every framework the output is the framework's own array
  with the network's values (the check hands over copies). MXNet also runs
  a network 6 times as deep, so that no fixed sleep can stand in for the
  wait: it would have to outlast the deep forward's work and stay within
  2.2x the shallow one's; and a network whose input is one row, 3 times as
  wide and twice as deep, whose products cost about 30x more per
  multiply-add than the square ones (MXNet's 1-row product runs at about
  2.5 GFLOP/s, its square ones at about 70), so that no figure worked out
  from the shapes can stand in for the clock or the wait.
  PyTorch's and NumPy's seconds are judged from below against the compute
  time only (at least 0.25x; their compute time is the shorter of a forward
  timed before and one after the answer's: the first after MXNet's work
  once read 2.5x the answer's own): their two-thread pools read a right answer at
  up to 2.48x its own forward in make test's timing lane, beside the other
  lane. From above they are judged against the call itself: the seconds
  reported, over the seconds the check measured around the call, at most
  1.05 (a clock read inside the call cannot read more; right answers
  0.78-1.00), on the drawn network and on a tiny one (64x64, two layers, a
  call of about 0.1 ms), so that a typed-in figure would have to be at
  least 0.25x the drawn forward (>= 1.2 ms) and at most the tiny call.
  On PyTorch's and NumPy's drawn networks the call counts from the first
  operation the output depends on (``asynclab.foundation.torch_lineage``:
  a TorchFunctionMode notes every call inside timed_forward;
  ``asynclab.foundation.numpy_lineage``: NumPy's input and weights are
  handed over as an ndarray subclass whose ufuncs, dispatched functions
  and ``dot`` method are noted, and their results' too; an output that
  lost the subclass, as ``np.asarray`` makes it, counts from the call's
  start), where that came after the
  call's start: a clock that also ran over a warm-up or a
  second forward reads about 2x that, and must read at least 0.9x of it,
  so that neither the figure of other work timed beside an untimed forward
  (NumPy's, about 0.5x) nor a clock started after the first layer (which
  reads (L-1)/L of it: 0.67x-0.81x at the drawn depths of 3 to 5) passes.
  Measured with the check, 4 runs quiet and 4 with one core busy: right
  answers (the solution, ``nd.waitall()`` at both ends, reading a value,
  step 1's ``finish``, a warm-up forward before the clock) 1.000-1.001, and
  again 2 runs quiet and 2 with one core busy of each right answer of the
  catalogue, 1.000-1.001; a warm-up forward inside the clock 1.93-2.16; the
  clock started after the first layer 0.67-0.81. NumPy's, measured with the
  check 3 runs quiet and 3 with one core busy, the solution and a loop of
  ``@`` and ``np.maximum(..., out=)``: 1.000-1.001; NumPy's clock started
  after the first layer 0.82 (5 layers), a figure of multiply-adds over a
  typed-in rate 0.64 (both passed at 0.25x of the compute time before).
  Measured on the 2-core machine (right answers: the solution, ``nd.waitall()``
  at both ends, reading a value, step 1's ``finish``), 5 rounds on 512x3
  and 704x5 networks, quiet and with one core busy, medians: MXNet
  0.94x-1.07x (0.74x-1.35x per round) with at most 0.03x queued; the deep
  network 0.99x-1.16x; the one-row network 1.00x-1.07x with at most 0.05x
  queued; PyTorch and NumPy 0.95x-1.19x (0.66x-1.78x per round), at most
  1.00 of the call; the whole check, 12 runs with one core busy: MXNet
  0.88x-1.18x on all three networks, PyTorch and NumPy at least 0.67x.
  Earlier, with both cores busy, 0.60x-1.35x on MXNet.
  On MXNet the clock must also have run over the whole forward: its first
  matrix product (the L-th most recent product MXNet's profiler shows
  before the return, for L layers, products under 0.2 of the profile's
  median left out, so that a 1x1 product issued after a late clock does
  not stand for a layer: :func:`_products_began`) began at most
  1.1x the reported seconds before the return. A clock started before the
  forward reads at most 1 there. Measured with the check, each right answer
  of the catalogue 3 runs quiet and 1 with one core busy: 0.951-0.999; a
  clock started after the first layer on MXNet alone (which MXNet's band of
  0.25x to 2.2x let through at 0.66x-0.83x) 1.23-1.44 on the drawn network,
  1.12-1.16 on the one-row network and 1.03-1.04 on the deep one.
  PyTorch's branch is also judged as on a GPU, on any machine: the check
  hands over a 64x64 input and weights that say they are on a GPU of a
  machine with two, whose current device is cuda:0 (the drawn depth's on
  cuda:0, the deeper network's on cuda:1, where a wait for the current
  device waits for nothing and events recorded on no stream in particular
  time cuda:0: such an answer returns while cuda:1 still computes, and is
  refused by the exact condition below; step 1 refuses the same wait in
  finish). The device's stand-in
  (:class:`~asynclab.checks.cuda_stand_in.DeviceQueue`) queues each matrix
  product for 8, 10 or 12 ms (drawn per call) after the work before it,
  each other operation that computes a tensor (the relu) for 5% of that,
  and still holds 1.5 forwards of the input's layer when the input is
  handed over; a wait (``y.cpu()``, a read of a value,
  ``torch.cuda.synchronize``, an event's ``synchronize``) sleeps until the
  device has run what it waits for, and CUDA events read the device's
  time. The function must not return before it has waited for all the
  work it issued on the device (exact: the queue knows the latest end of
  work the host has seen finished, by a wait, a ``query()`` or an event's
  ``elapsed_time``; a figure typed in per layer, 10 ms of 8-12, sat inside
  the band below and scored 3 in 2 runs of 2, and a forward that waits for
  the last product, then issues the last relu and stops its clock fails
  here, however soon it returns). The seconds reported must be 0.9x to 1.4x the forward's device
  time, on the drawn depth and on one 4 times as deep (a fixed sleep would
  have to be at most 1.4x the drawn forward's time and at least 2.4x it; a
  clock started after the first layer reads 0.67x-0.81x at the drawn depth,
  and right answers cannot read less than 1.00x, as the device's time
  passes on the clock the answer reads). Measured
  with the check's probe (:func:`_gpu_probe`), 3 rounds at depths 3 and 5
  and every product time, quiet and with one core busy: right answers (the
  solution, reading values, step 1's ``finish``, ``nd.waitall()`` and
  ``torch.cuda.synchronize`` on a CUDA tensor, a warm-up before the clock,
  CUDA events) 1.000-1.065 (again, each right answer of the catalogue 2 runs
  quiet and 2 with one core busy: 1.000-1.013); no wait on PyTorch 0.002-0.014; the clock
  read before the wait for the output 0.002-0.012; one ``y.cpu()`` at the
  end and none for the input 2.50-2.52; a sleep of 60 ms for the device
  1.01-2.53 on the drawn depth and 0.25-0.63 on the deep one.
  Wrong answers: the colleague's code 5.9-6.3 queued; the end fixed but
  not the start 6.4x-6.7x quiet, 6.3x-7.7x with both cores busy (under
  make test's heaviest load it has read half its quiet figure); the start
  fixed but not the end 0.97-0.99 queued; the clock read before the wait
  for the output 0.01x; a fixed sleep of 60 ms 0.53-0.64 queued on the deep
  network (sleeps of 20 to 250 ms, with two forwards queued and an upper
  bound of 1.8x: at least 0.45 queued or 3.5x); seconds worked out from the
  multiply-adds at a rate typed in from one run 0.03x on the one-row
  network (0.95x-1.15x on the square ones); a sleep worked out the same way
  (1.2x the figure) 0.81-0.99 queued on the one-row network; NumPy's
  forward with its output converted back to MXNet refused by the autograd
  record; a typed-in 0.06 s on PyTorch and NumPy 1.3x-7.7x the drawn
  network's call and over 700x the tiny one's.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

from asynclab.checks import draw
from asynclab.checks.core import CheckResult, Protocol, Rejected, check, refuse_unless_checking
from asynclab.checks.cuda_stand_in import DeviceQueue, cuda_stand_in, cuda_stand_ins

# step 1 is lab 01's wait, asked of every framework: the same sizes, thresholds and protocol
from asynclab.checks.finishing import _QUICK, FINISH_OVERSHOOT, QUEUE_FACTOR, SIZE, SMALL_SIZES, _small
from asynclab.checks.predictions import CLOCKS, plain
from asynclab.checks.relations import AtLeast, AtMost
from asynclab.foundation.numpy_lineage import NumpyLineage
from asynclab.foundation.profiling import CHORES, PRODUCT_OPS, record, recorded_ops
from asynclab.foundation.torch_lineage import Lineage

# the clock taken when this module is first imported: an answer that swaps time.perf_counter while finish runs
# cannot move when the check reads the stand-in device's queue as finished
_clock = time.perf_counter

# ------------------------------------------------------------ step 1: one finish for every framework
#: MXNet work still queued when finish(y) returned, over the product's time from issuing it until MXNet was idle:
#: right answers 0.000-0.001, a fixed sleep of 4 ms 0.97, of 80 ms 0.52 or more (the module's docstring)
FINISH_LEFT = 0.25
#: finish(y) on a product already computed, over that product's compute time: a wait returns at once (right
#: answers: a return, a read of y's values), a sleep sized by y's shape sleeps as if it were not computed
FINISH_DONE = 0.25
#: side of the tensor handed to finish as one on a CUDA device (:func:`~asynclab.checks.cuda_stand_in.cuda_stand_in`)
CUDA_SIDE = 8
#: the devices of the two tensors on a CUDA device, one each, in an order drawn; the current device is cuda:0
CUDA_DEVICES = (0, 1)
#: seconds of device work still queued for that tensor when finish gets it, drawn from each span in turn (order
#: drawn): finish must return after its end, and at most CUDA_LATE_S after it, so that no fixed sleep fits both
CUDA_PENDING_S = ((0.02, 0.04), (0.15, 0.2))
CUDA_LATE_S = 0.08


def _call_finish(finish: Callable, y: Any, framework: str) -> float:
    start = time.perf_counter()
    try:
        given = finish(y)
    except Exception as error:
        detail = f": {error}" if str(error) else ""
        hint = (
            " (this machine has no CUDA device: wait only for what y's own device queued)"
            if "CUDA" in str(error)
            else ""
        )
        raise Rejected(f"finish(y) failed on {framework}: {type(error).__name__}{detail}{hint}") from None
    took = time.perf_counter() - start
    if given is not y:  # a copy (asnumpy(), .cpu()) is another array, on another device or framework
        raise Rejected(
            f"finish(y) returned {type(given).__name__} on {framework}, not y itself: it returns y once y is computed"
        )
    return took


@check(
    "finish-every-framework",
    points=3,
    protocol=_QUICK,
    calls="finish",
    functions=("finish",),
    relations=(
        AtMost(
            "left",
            num="mxnet.left",
            den="mxnet.span",
            threshold=FINISH_LEFT,
            why=lambda o: (
                f"when finish(y) returned on a {SIZE}x{SIZE} MXNet product, {o.bands['left'].value:.2f} of "
                f"the product's time was still queued (needs <= {FINISH_LEFT:g}): "
                "finish(y) returned before y was computed"
            ),
        ),
        AtMost(
            "one_left",
            num="one.left",
            den="one.span",
            threshold=FINISH_LEFT,
            why=lambda o: (
                f"when finish(y) returned on a one-value MXNet array computed from a {SIZE}x{SIZE} product, "
                f"{o.bands['one_left'].value:.2f} of its time was still queued (needs <= {FINISH_LEFT:g}): "
                "finish(y) returned before y was computed"
            ),
        ),
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
        AtMost(
            "done",
            num="done.finish",
            den="done.compute",
            threshold=FINISH_DONE,
            why=lambda o: (
                f"on a {SIZE}x{SIZE} MXNet product already computed, finish(y) took {o.bands['done'].value:.2f}x "
                f"the product's compute time (needs <= {FINISH_DONE:g}x): it must wait for what y still needs, "
                "not for a time worked out from y's shape"
            ),
        ),
    ),
    sentence=(
        f"on MXNet, finish(y) took {{ratio:.2f}}x as long as issuing the product (needs >= "
        f"{QUEUE_FACTOR:g}x), left {{left:.2f}} of the product's time queued (needs <= {FINISH_LEFT:g}) "
        f"and took {{overshoot:.2f}}x a smaller product's compute time (needs <= "
        f"{FINISH_OVERSHOOT:g}x); PyTorch tensors and NumPy arrays were taken without an error, and tensors on "
        "cuda:0 and cuda:1 were waited for"
    ),
    threshold=(
        f">= {QUEUE_FACTOR:g}x, queued <= {FINISH_LEFT:g}, small <= {FINISH_OVERSHOOT:g}x, all three frameworks"
    ),
)
def check_finish_every_framework(self, finish: Callable) -> CheckResult:
    """``finish(y)`` returns once ``y`` is computed, for MXNet, PyTorch and NumPy arrays.

    Passes when, on MXNet, finishing a 2000x2000 product takes at least 10x
    as long as issuing it, leaves at most 0.25 of the product's time (from
    issuing it until MXNet is idle) queued when it returns, and so does
    finishing the norm of such a product (one value), takes at
    most 3x a smaller product's own compute time, returns within 0.25 of a
    product's compute time when that product is already computed (a sleep
    sized by y's shape does not), and when a PyTorch tensor (on this
    machine's device) and a NumPy array are taken without an error; and
    ``finish`` on a PyTorch tensor that says it is on cuda:0, and on one on
    cuda:1 of a machine whose current device is cuda:0 (on any machine:
    :func:`~asynclab.checks.cuda_stand_in.cuda_stand_in`), whose
    device still has 20-40 ms or 150-200 ms of work queued for it (one of the
    two tensors holds one value), returns
    once the device has run that work, and within 80 ms of it (``torch.cuda.synchronize``, the default
    stream's or a recorded event's ``synchronize``, or a read of values to
    the host; not a ``query()``, a ``non_blocking`` copy or a new stream's
    ``synchronize``).
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
        returned_at = time.perf_counter()
        nd.waitall()  # what finish left queued
        idle_at = time.perf_counter()
        return {"enqueue": enqueue, "finish": seconds, "left": idle_at - returned_at, "span": idle_at - start}

    def on_one() -> dict[str, float]:
        # a small result of a large computation: what y's size says about the time it still needs is nothing
        nd.waitall()
        start = time.perf_counter()
        y = nd.norm(nd.dot(x, x))
        _call_finish(finish, y, "an MXNet array")
        returned_at = time.perf_counter()
        nd.waitall()
        idle_at = time.perf_counter()
        return {"left": idle_at - returned_at, "span": idle_at - start}

    def on_small() -> dict[str, float]:
        nd.waitall()
        start = time.perf_counter()
        nd.dot(small, small).wait_to_read()
        compute = time.perf_counter() - start
        y = nd.dot(small, small)
        seconds = _call_finish(finish, y, "an MXNet array")
        nd.waitall()
        return {"finish": seconds, "compute": compute, "size": float(size)}

    def on_done() -> dict[str, float]:
        nd.waitall()
        start = time.perf_counter()
        y = nd.dot(x, x)
        y.wait_to_read()
        compute = time.perf_counter() - start
        seconds = _call_finish(finish, y, "an MXNet array")
        nd.waitall()
        return {"finish": seconds, "compute": compute}

    def on_others() -> dict[str, float]:
        seconds = {
            "torch": _call_finish(finish, tx @ tx, "a PyTorch tensor"),
            "numpy": _call_finish(finish, nx @ nx, "a NumPy array"),
        }
        # the same CPU tensor on a machine that has GPUs (the stand-in's): a finish that asks the machine
        # whether it has CUDA, instead of asking y where it lives, hands a CPU device to torch.cuda, which raises
        on_cpu = tx @ tx  # computed before: the stand-in gives PyTorch one thread
        with cuda_stand_in(nx[:CUDA_SIDE, :CUDA_SIDE]):
            seconds["torch_gpu_machine"] = _call_finish(
                finish, on_cpu, "a PyTorch tensor on the CPU of a machine with GPUs"
            )
        pending = [draw.uniform(*span) for span in CUDA_PENDING_S]
        draw.shuffle(pending)
        devices = list(CUDA_DEVICES)
        draw.shuffle(devices)
        # one of the two tensors holds one value (a norm, a loss): what y's size says of the work queued for it
        # is nothing, on a GPU as on MXNet's engine
        shapes = [nx[:CUDA_SIDE, :CUDA_SIDE], nx[0, 0:1].sum()]
        draw.shuffle(shapes)
        for pending_s, index, values in zip(pending, devices, shapes):
            queue = DeviceQueue(product_s=0.0)
            where = f"cuda:{index}"
            with cuda_stand_in(values, queue=queue, index=index) as (on_gpu, _waits):
                queue.issue(pending_s)  # the kernels that computed y, still queued on the default stream
                seconds[f"cuda{index}"] = _call_finish(finish, on_gpu, f"a PyTorch tensor on {where}")
                late = _clock() - queue.busy_until
            if late < 0:
                raise Rejected(
                    f"finish(y) returned a PyTorch tensor on {where} while its device still had the work that "
                    "computes y queued: on a GPU its kernels may still be queued when finish returns (the check "
                    f"hands over a tensor that says it is on {where} of a machine with two GPUs whose current "
                    "device is cuda:0, each device keeping time as one would)"
                )
            if late > CUDA_LATE_S:
                raise Rejected(
                    f"finish(y) on a PyTorch tensor on {where} returned {1e3 * late:.0f} ms after its device had "
                    f"computed y (needs <= {1e3 * CUDA_LATE_S:.0f} ms): wait for the device, not for a fixed time"
                )
        return seconds

    return self.run({"mxnet": on_mxnet, "one": on_one, "small": on_small, "done": on_done, "others": on_others})


# ------------------------------------------------------------ step 2: predict calls the lesson never timed
#: The calls of step 2, each made right after the check issued the framework's product ``y`` (2000x2000,
#: float32, on the CPU). None of them is timed in lesson 08 (MXNet's ``y.T`` and ``y[0]`` are among lab 01's
#: predictions); whether each waits for the product follows from where the framework runs its work and what
#: the call needs. MXNet's bare ``y.max()`` (queued, as lesson 02's ``dot(x, x).sum()``) sets apart a rule that
#: a reduction waits, which the reads of ``bool(y.max() > 0)`` and ``y.norm().asscalar()`` alone would not.
CALLS: dict[str, tuple[str, ...]] = {
    "MXNet": (
        "y.dtype",
        "y[0].asnumpy()",
        "y.T",
        "y.max()",
        "bool(y.max() > 0)",
        "y[0]",
        "y += 1",
        "y.norm().asscalar()",
        "y.copyto(mx.cpu())",
    ),
    "PyTorch": ("y.dtype", "y.cpu()", "y.max().item()", "float(y[0, 0])", "y.norm().item()"),
    "NumPy": ("y.dtype", "y.max()", "float(y[0, 0])", "y += 1"),
}
WAIT_SHARE = 0.5  # a call that waits: 0.909-0.998 of the product's time measured; one that does not:
NO_WAIT_SHARE = 0.2  # -0.027 to +0.043 (the module's docstring); a share in between is measured again
CALL_TRIES = 5  # reads of a call at most, until two agree


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
    refuse_unless_checking(check_predict_frameworks)
    found: dict[str, dict[str, bool]] = {}
    for name, (product, wait_all, names) in _frameworks().items():
        found[name] = {}
        product()
        wait_all()  # warm-up: threads and pools started
        for call in CALLS[name]:
            # decided by two reads that agree: one hold-up of the calling thread, during the call or during
            # its timing on the finished product, moves one read across (make test once read a call that
            # does not wait as waiting); a read in between decides nothing
            reads = {True: 0, False: 0}
            for _ in range(CALL_TRIES):
                share = _wait_share(product, wait_all, names, call)
                if share >= WAIT_SHARE or share <= NO_WAIT_SHARE:
                    reads[share >= WAIT_SHARE] += 1
                if max(reads.values()) == 2:
                    found[name][call] = reads[True] == 2
                    break
            else:
                raise RuntimeError(
                    f"{name}: {call} gave no two agreeing reads in {CALL_TRIES} tries; "
                    "run the check again on a quieter machine"
                )
    return found


@check(
    "predict-frameworks",
    points=2,
    threshold="all predictions",
    # the table is worked out from the step's calls: one computed by running a framework or a clock measured
    measured_by=("mxnet", "torch", "numpy", "asynclab.foundation", *CLOCKS),
)
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
        table = plain(predicted)  # judged on a plain copy, each entry read once (predictions.plain)
        if table is None or set(table) != set(CALLS):
            return False, f"PREDICTED must be a dict with one entry per framework: {', '.join(CALLS)}"
        for name, calls in CALLS.items():
            inner = table[name] = plain(table[name])
            if inner is None or set(inner) != set(calls):
                return False, (
                    f"PREDICTED[{name!r}] must be a dict with one entry per call of "
                    f"lab08.CALLS[{name!r}], the call's text as key"
                )
            bad = [c for c in calls if type(inner[c]) is not bool]
            if bad:
                return False, f"each prediction must be True or False; {name} {bad[0]!r} is {inner[bad[0]]!r}"
        measured = _measure_table()
        if any(table[n][c] != measured[n][c] for n, calls in CALLS.items() for c in calls):
            return False, (
                "your predictions did not all match what this machine did: "
                "ask, for each call, whether its framework still has work pending for y, "
                "and whether the call needs that work done"
            )
        return True, ""

    total = sum(len(c) for c in CALLS.values())
    return self.holds(condition, description=f"all {total} predictions matched what this machine did")


# ------------------------------------------------------------ step 3: spot the bug in a colleague's timing
FORWARD_WIDTHS = (512, 576, 640, 704)  # the network's width, drawn per call
FORWARD_LAYERS = (3, 4, 5)  # its depth, drawn per call
PENDING = 6  # per layer of the drawn network, products of MXNet's input still queued: six forwards' work
PENDING_DEEP = 1  # the same for the deeper network (one drawn forward's products) and the one-row one (its own)
FORWARD_LOW, FORWARD_HIGH = 0.25, 2.2  # timed_forward's seconds over the forward's own compute time
DEEPER = 6  # MXNet's second network is this many times as deep as the first
ROW_WIDTH, ROW_DEPTH = 3, 2  # MXNet's one-row network is this many times as wide and as deep as the drawn one
TINY = 64  # PyTorch's and NumPy's second network: a TINYxTINY input, two layers
CLOCKED = 1.05  # PyTorch and NumPy: seconds reported over the seconds the call itself took, at most
#: PyTorch's drawn network: seconds reported over the seconds from the first operation the output depends on to
#: the return, at least (right answers 1.000-1.001; a figure of other work timed beside an untimed forward about
#: 0.5; a clock started after the first layer (L-1)/L, 0.67-0.81)
CLOCKED_LOW = 0.9
LEFT_SHARE = 0.25  # MXNet work still queued when timed_forward returned, over the forward's compute time
#: MXNet: the call's seconds beyond its input's queued products (timed on their own just before) and the forward's
#: compute time, over the compute time, at most. Per round, 3 runs of the three networks quiet: the solution -0.47
#: to 0.27, a warm-up forward before the clock 0.67-1.10, a sleep of 0.3 s in place of the wait for the input
#: 11.5-29.8 on the one-row network (with the input's readiness read off a gate instead, 6 runs quiet and 6 with
#: a core busy: -0.25 to 0.13, 0.85-1.15, 17-100 for sleeps of 0.3-1.0 s)
IDLE_SHARE = 3.0
#: MXNet: how long before the return the forward's first product began (the L-th most recent product of the
#: profile, L layers), over the seconds reported, at most. A clock started before the forward reads at most 1
#: (right answers 0.948-0.999, medians per run); one started after the first layer 1 + 1/(L-1) or more (1.23-1.44
#: on the drawn network, 1.12-1.16 on the one-row network, 1.04 on the deep one)
STARTED = 1.1
#: ... counting only products that ran at least this share of the profile's median product (the forward's and its
#: input's products are all of one size; a 1x1 product, a few microseconds, is not a layer)
SMALLEST_PRODUCT = 0.2
_FORWARD = Protocol(warmup=1, min_rounds=3, max_rounds=7, budget_s=30.0, attempts=2)


def _forward_kit(framework: str, rows: int, width: int, layers: int):
    """(input, weights, product, relu, wait) of one framework's network, from the same NumPy values."""
    import numpy as np
    import torch
    from mxnet import nd

    rng = np.random.default_rng(width * 10 + layers)
    x = rng.standard_normal((rows, width), dtype=np.float32)
    weights = [rng.standard_normal((width, width), dtype=np.float32) * (2 / width) ** 0.5 for _ in range(layers)]
    if framework == "MXNet":
        return nd.array(x), [nd.array(w) for w in weights], nd.dot, nd.relu, nd.waitall
    if framework == "PyTorch":
        return torch.from_numpy(x), [torch.from_numpy(w) for w in weights], torch.matmul, torch.relu, lambda: None
    return x, weights, np.dot, lambda a: np.maximum(a, 0), lambda: None


#: the C function of MXNet the check calls once timed_forward has returned: the profiler notes when the call
#: began, on the clock of the operators' spans, in the thread that returned (no worker has to wake for it)
MARK_CALL = "MXGetVersion"


def _mark_the_return() -> None:
    """Call :data:`MARK_CALL`, which MXNet's profiler notes among the front end's calls (``profile_api``)."""
    import ctypes

    from mxnet.base import _LIB

    _LIB.MXGetVersion(ctypes.byref(ctypes.c_int()))


def _mark_of_return(trace) -> float:
    """When the check's last :data:`MARK_CALL` began in a profile (made right after timed_forward returned),
    on the clock of the profile's spans."""
    marks = [s.start for s in trace.calls if s.name == MARK_CALL]
    if not marks:
        raise RuntimeError("MXNet's profiler did not record the check's mark of the return: the profile is incomplete")
    return max(marks)


def _ended_after_return(trace) -> int:
    """How many operators of a profile (:class:`~asynclab.foundation.profiling.Trace`, recorded with its calls)
    ended after the check's last :data:`MARK_CALL` began (made right after timed_forward returned).

    MXNet's engine notes an operator's end before it releases the operator's outputs to anything that waits
    for them (``ThreadedEngine::OnCompleteStatic``), in microseconds of the clock it notes the front end's
    calls with: a function that waited for its output returns after every operator that computed it ended, so
    they end before the mark. The engine's own chores (deleting a freed array's variable) are not counted.
    """
    mark = _mark_of_return(trace)
    return sum(1 for s in trace.spans if s.name not in CHORES and s.end > mark)


def _products_began(trace) -> list[float]:
    """Seconds before the check's last :data:`MARK_CALL` (made right after timed_forward returned) at which
    each matrix product (:data:`PRODUCT_OPS`) of a profile began, the most recent first. A clock started
    before the forward began before all of its products: with L layers, the L-th most recent product began
    less than the seconds such a clock reports before the return. Products that ran shorter than
    :data:`SMALLEST_PRODUCT` of the profile's median product are left out: the forward's layers and its input's
    queued products are all of one size, and a tiny product issued after a late clock (a 1x1 "probe") would
    otherwise stand for the forward's first."""
    mark = _mark_of_return(trace)
    products = [s for s in trace.spans if s.name in PRODUCT_OPS and s.start <= mark]
    if not products:
        return []
    typical = statistics.median(s.end - s.start for s in products)
    return sorted(mark - s.start for s in products if s.end - s.start >= SMALLEST_PRODUCT * typical)


def _copy(y: Any):
    """A copy of an MXNet array, a PyTorch tensor or a NumPy array."""
    return y.clone() if hasattr(y, "clone") else y.copy()


def _to_numpy(y: Any):
    import numpy as np

    if hasattr(y, "asnumpy"):
        return y.asnumpy()
    if hasattr(y, "numpy") and hasattr(y, "cpu"):  # a PyTorch tensor: one on a GPU is copied to the host first
        return y.detach().cpu().numpy()
    return y.numpy() if hasattr(y, "numpy") else np.asarray(y)


def _products_recorded(output: Any) -> int:
    """How many matrix products MXNet's autograd record shows computing ``output`` (0 where the record does not
    reach it: computed outside MXNet, or outside the record)."""
    recorded = recorded_ops(output)
    return 0 if recorded is None else sum(1 for op in recorded[0] if op in PRODUCT_OPS)


def _call(timed_forward: Callable, given: Any, handed: list, what: str) -> Any:
    """``timed_forward(given, handed)``; its error as one sentence."""
    try:
        return timed_forward(given, handed)
    except Exception as error:
        detail = f": {error}" if str(error) else ""
        hint = " (this machine has no CUDA device)" if "CUDA" in str(error) else ""
        raise Rejected(f"timed_forward failed on {what}: {type(error).__name__}{detail}{hint}") from None


def _timed_forward_probe(
    timed_forward: Callable,
    framework: str,
    rows: int,
    width: int,
    layers: int,
    pending: int,
    lineage: bool,
    recorded: bool = True,
    what: str = "",
) -> Callable:
    """A probe: ``timed_forward`` on the framework's input (MXNet's still being computed: ``pending`` products
    queued), and the forward timed by the check on a ready input, before and after it; ``{"seconds":
    reported, "compute": the check's, "left": MXNet work still queued when timed_forward returned, "clocked":
    seconds reported over the seconds the call took}``, seconds. With ``lineage`` (PyTorch), the call's
    seconds count from the first PyTorch operation the output depends on, where that came later than the
    call's start: a clock that also ran over work the output does not need (a warm-up, a forward done
    twice) reads more than that. On MXNet the call runs under MXNet's autograd record, with gradient buffers
    attached to the weights, so that the record shows what computed the output; without ``recorded``, on
    plain weights outside the record, as the lab's own cells call it, and the record is not read. MXNet's
    call runs under MXNet's profiler, and the probe is rejected (``what`` names its network) when an
    operator issued before the call returned ended after it (:func:`_ended_after_return`)."""
    import numpy as np

    x, weights, product, relu, wait_all = _forward_kit(framework, rows, width, layers)
    identity = None
    if framework == "MXNet":
        from mxnet import autograd, nd

        identity = nd.array(np.eye(width, dtype=np.float32))
    kind = type(x)

    def reference() -> tuple[Any, float]:
        """The network's output on the ready input, as NumPy values, and the seconds the forward took."""
        wait_all()
        start = time.perf_counter()
        h = x
        for w in weights:
            h = relu(product(h, w))
        expected = _to_numpy(h)  # reading the values waits for them
        return expected, time.perf_counter() - start

    def call(given: Any, handed: list) -> Any:
        return _call(timed_forward, given, handed, f"{framework}'s arrays")

    def queued() -> float:
        """Seconds the products queued before MXNet's input is handed over take from a ready input."""
        wait_all()
        start = time.perf_counter()
        given = _copy(x)
        for _ in range(pending):
            given = product(given, identity)
        given.wait_to_read()
        return time.perf_counter() - start

    def answer() -> tuple[Any, float, float, int | None, float, int, list[float]]:
        """What timed_forward returned, the seconds of MXNet work still queued when it did, the seconds the
        call took, the matrix products MXNet's autograd record shows computing the output (None where no
        record is read: off MXNet, or on plain weights), the seconds the check measured its input's
        queued products take on their own (0 elsewhere), how many MXNet operators issued before the call
        returned were still running after it, as MXNet's profiler saw them (0 off MXNet), and how long before
        the return each MXNet matrix product began (:func:`_products_began`; none off MXNet)."""
        handed = [_copy(w) for w in weights]  # copies: the answer may change what it is handed
        if identity is not None and recorded:
            for w in handed:  # MXNet records what computes the output from them
                w.attach_grad()
        ready_s = 0.0 if identity is None else queued()  # what the input's products take, timed on their own
        wait_all()  # the weights are ready; the input arrives as MXNet hands it on: its products still queued
        given = _copy(x)
        if identity is None:
            calls = (NumpyLineage() if framework == "NumPy" else Lineage()) if lineage else nullcontext()
            if isinstance(calls, NumpyLineage):  # NumPy arrays whose calls, and their results', are noted: the
                # weights too, so that a product written into a buffer of the answer's own is still seen
                given, handed = calls.track(given), [calls.track(w) for w in handed]
            with calls:
                start = time.perf_counter()
                returned = call(given, handed)
                returned_at = time.perf_counter()
            if lineage and isinstance(returned, tuple) and returned:
                began = calls.began(returned[0])
                if began is None and framework == "PyTorch":
                    raise Rejected(
                        "on PyTorch, timed_forward's output was not computed by PyTorch operations called during "
                        "the call: the forward must run in the framework of its input, as plain PyTorch calls (the "
                        "check follows them; a TorchScript function hides them)"
                    )
                # NumPy: an output no noted call returned (np.asarray drops the tracing) counts from the call's start
                start = max(start, began) if began is not None else start
            return returned, 0.0, returned_at - start, None, ready_s, 0, []
        with record(calls=True) as trace:
            for _ in range(pending):
                given = product(given, identity)
            start = time.perf_counter()
            with autograd.record(train_mode=False) if recorded else nullcontext():
                returned = call(given, handed)
                _mark_the_return()
            returned_at = time.perf_counter()
            wait_all()
            left = time.perf_counter() - returned_at
        late, began = _ended_after_return(trace), _products_began(trace)
        if not recorded:  # no record to read
            return returned, left, returned_at - start, None, ready_s, late, began
        products = _products_recorded(returned[0]) if isinstance(returned, tuple) and returned else 0
        return returned, left, returned_at - start, products, ready_s, late, began

    def probe() -> dict[str, float]:
        # the forward timed by the check before and after the answer's: the first product after other work can
        # find the cores busy (PyTorch's OpenMP threads spin a while after their work, MXNet's engine threads
        # too). MXNet's mean is kept; PyTorch's and NumPy's shorter, as their seconds are judged from below
        expected, compute = reference()
        returned, left, took, products, ready, late, began = answer()
        after = reference()[1]
        compute = (compute + after) / 2 if identity is not None else min(compute, after)
        if not (isinstance(returned, tuple) and len(returned) == 2):
            raise Rejected("timed_forward must return a pair: the network's output and the seconds it took")
        output, seconds = returned
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds >= 0:
            raise Rejected(f"timed_forward's seconds must be a number of seconds, not {seconds!r}")
        if not isinstance(output, kind):
            raise Rejected(
                f"on {framework}, timed_forward returned a {type(output).__name__}, not the framework's own "
                f"{kind.__name__}: the forward must run in the framework of its input"
            )
        if output.shape != expected.shape or not np.allclose(_to_numpy(output), expected, rtol=1e-3, atol=1e-3):
            raise Rejected(f"on {framework}, timed_forward's output is not the network's output for its input")
        if products is not None and products < layers:
            raise Rejected(
                f"on {framework}, timed_forward's output was not computed by MXNet's products from the weights "
                "it was handed, as MXNet's autograd record shows: the forward must run in the framework of its "
                "input, with recording left as the check set it (no autograd.pause())"
            )
        if late:
            raise Rejected(
                f"on {what or framework}, {late} of the MXNet operators issued before timed_forward returned "
                "were still running after it returned, as MXNet's profiler shows: the output it returned was not "
                "computed yet, so the seconds it reported were not the forward's"
            )
        # the call's time beyond waiting for its input and computing the forward: a wait adds nothing, a sleep
        # in its place what it outlasts the input by
        idle = took - ready - compute
        figures = {
            "seconds": float(seconds),
            "compute": compute,
            "left": left,
            "clocked": float(seconds) / took,
            "idle": idle,
        }
        if identity is not None:  # MXNet: when the forward's first product began, over the seconds reported
            figures["started"] = (
                began[layers - 1] / float(seconds) if seconds > 0 and len(began) >= layers else math.inf
            )
        return figures

    return probe


#: PyTorch on a GPU, on any machine: device seconds of one matrix product of the stand-in's queue, drawn per call
GPU_PRODUCT_S = (0.008, 0.010, 0.012)
GPU_DEEPER = 4  # the second stand-in network is this many times as deep as the first
#: each other operation that computes a tensor (the relu) keeps the stand-in device busy this share of a product
GPU_OP_SHARE = 0.05
GPU_PENDING = 1.5  # device work of the layer before, still queued when the input is handed over, in forwards
#: the seconds reported over the stand-in forward's device time, at least and at most (right answers 1.000-1.065;
#: a clock started after the first layer 0.67-0.81 at the drawn depth)
GPU_LOW, GPU_HIGH = 0.9, 1.4


def _gpu_probe(timed_forward: Callable, layers: int, product_s: float, index: int = 0) -> Callable:
    """A probe of PyTorch's branch as on a GPU: ``timed_forward`` gets a TINYxTINY input and ``layers``
    weights that say they are on ``cuda:<index>`` of a machine with two devices whose current device is
    cuda:0 (:func:`~asynclab.checks.cuda_stand_in.cuda_stand_ins`); that device's queue takes ``product_s``
    seconds per matrix product and still holds GPU_PENDING forwards' work of the layer before when the input
    is handed over; ``{"seconds": reported, "device": the forward's device seconds}``."""
    import numpy as np

    rng = np.random.default_rng(layers * 7 + TINY)
    x = rng.standard_normal((TINY, TINY), dtype=np.float32)
    weights = [rng.standard_normal((TINY, TINY), dtype=np.float32) * (2 / TINY) ** 0.5 for _ in range(layers)]
    expected = x
    for w in weights:
        expected = np.maximum(expected @ w, 0)
    op_s = GPU_OP_SHARE * product_s
    device_s = layers * (product_s + op_s)  # a product and a relu per layer

    def probe() -> dict[str, float]:
        queue = DeviceQueue(product_s, op_s=op_s)
        with cuda_stand_ins(x, *weights, queue=queue, index=index) as (tensors, _waits):
            queue.issue(GPU_PENDING * device_s)  # the layer before's kernels, still queued
            returned = _call(timed_forward, tensors[0], tensors[1:], f"PyTorch's arrays on cuda:{index}")
            # exact, whatever the machine's load: work issued after the answer's last wait was never waited for
            if queue.unseen():
                raise Rejected(
                    f"on PyTorch on cuda:{index}, timed_forward returned without waiting for all the work it "
                    "issued on the device: on a GPU the kernels may still be running when the call returns, and a "
                    "clock stopped before they ran did not time them"
                )
            queue.wait()
            if not (isinstance(returned, tuple) and len(returned) == 2):
                raise Rejected("timed_forward must return a pair: the network's output and the seconds it took")
            output, seconds = returned
            if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds >= 0:
                raise Rejected(f"timed_forward's seconds must be a number of seconds, not {seconds!r}")
            if (
                not hasattr(output, "shape")
                or tuple(output.shape) != expected.shape
                or not np.allclose(_to_numpy(output), expected, rtol=1e-3, atol=1e-3)
            ):
                raise Rejected(f"on PyTorch on cuda:{index}, timed_forward's output is not the network's output")
        return {"seconds": float(seconds), "device": device_s}

    return probe


def _gpu_bounds(probe: str) -> tuple[AtLeast, AtMost]:
    """The seconds ``probe`` (:func:`_gpu_probe`) reported: GPU_LOW to GPU_HIGH times the forward's device time."""

    def why(name: str, what: str) -> Callable[[Any], str]:
        return lambda o: (
            f"on PyTorch tensors on cuda:{_GPU[probe]} (the check's stand-in for a GPU), timed_forward reported "
            f"{o.bands[name].value:.2f}x the forward's device time {what}"
        )

    low, high, ratio = f"{probe}_low", f"{probe}_high", {"num": f"{probe}.seconds", "den": f"{probe}.device"}
    return (
        AtLeast(
            low,
            threshold=GPU_LOW,
            why=why(low, f"(needs >= {GPU_LOW:g}x): its clock did not run over all of the forward's device work"),
            **ratio,
        ),
        AtMost(
            high,
            threshold=GPU_HIGH,
            why=why(high, f"(needs <= {GPU_HIGH:g}x): its clock also ran over other work the device did"),
            **ratio,
        ),
    )


def _label(name: str) -> str:
    return _PROBES[name.rsplit("_", 1)[0]]


def _forward_why(name: str, what: str) -> Callable[[Any], str]:
    def why(o) -> str:
        return f"on {_label(name)}, timed_forward reported {o.bands[name].value:.2f}x the forward's compute time {what}"

    return why


def _left_why(name: str) -> Callable[[Any], str]:
    def why(o) -> str:
        return (
            f"when timed_forward returned on {_label(name)}, MXNet still had "
            f"{o.bands[name].value:.2f}x the forward's compute time of work queued (needs <= {LEFT_SHARE:g}x): "
            "it stopped the clock before the forward was computed"
        )

    return why


def _idle_why(name: str) -> Callable[[Any], str]:
    def why(o) -> str:
        return (
            f"on {_label(name)}, timed_forward took {o.bands[name].value:.2f}x the forward's compute time beyond "
            f"waiting for its input and computing the forward (needs <= {IDLE_SHARE:g}x): wait for the input "
            "itself, not for a fixed time"
        )

    return why


def _start_why(name: str) -> Callable[[Any], str]:
    def why(o) -> str:
        return (
            f"on {_label(name)}, the forward's first matrix product began {o.bands[name].value:.2f}x the seconds "
            f"timed_forward reported before it returned, as MXNet's profiler shows (needs <= {STARTED:g}x): its "
            "clock started after part of the forward that computed its output had run"
        )

    return why


def _clock_why(name: str) -> Callable[[Any], str]:
    span = (
        "the seconds from the first operation its output depends on to its return"
        if name == "PyTorch_clock"
        else "the seconds its own call took"
    )

    def why(o) -> str:
        return (
            f"on {_label(name)}, timed_forward reported {o.bands[name].value:.2f}x {span} "
            f"(needs <= {CLOCKED:g}x): its seconds were not read off a clock around the forward that computed it"
        )

    return why


# the probes, each (framework, rows, width and depth as factors of the drawn ones, pending forwards): MXNet's
# drawn network, one DEEPER times as deep (a fixed sleep cannot match both) and one with a single row of input,
# ROW_WIDTH times as wide and ROW_DEPTH as deep, whose products cost far more per multiply-add than the square ones (a figure worked
# out from the shapes cannot match both); PyTorch and NumPy, whose work is done inside each call, on the drawn
# network and on a tiny one. Their seconds are judged against the call's own duration, and from below only
# against the compute time: two-thread pools read up to 2.5x a right answer's own forward beside make test's
# other lane.
_PROBES = {
    "MXNet": "MXNet",
    "MXNet_plain": "MXNet's network on plain weights, outside the record",
    "MXNet_deep": "MXNet's deeper network",
    "MXNet_row": "MXNet's one-row network",
    "PyTorch": "PyTorch",
    "NumPy": "NumPy",
    "PyTorch_tiny": "PyTorch's tiny network",
    "NumPy_tiny": "NumPy's tiny network",
}
_TIMED = ("MXNet", "MXNet_plain", "MXNet_deep", "MXNet_row")
#: the stand-in GPU's probes, each with the index of the device its tensors are on: the drawn depth on cuda:0,
#: the current device, and the deeper network on cuda:1, where a wait for the current device waits for nothing
_GPU = {"PyTorch_gpu": 0, "PyTorch_gpu_deep": 1}
_OFF_MXNET = ("PyTorch", "NumPy")


def _shape(probe: str, width: int, layers: int) -> tuple[int, int, int, int]:
    """(rows, width, layers, pending products) of a probe's network, for the drawn width and depth."""
    if probe == "MXNet_deep":
        return width, width, layers * DEEPER, PENDING_DEEP * layers
    if probe == "MXNet_row":
        return 1, width * ROW_WIDTH, layers * ROW_DEPTH, PENDING_DEEP * layers * ROW_DEPTH
    if probe.endswith("tiny"):
        return TINY, TINY, 2, 0
    return width, width, layers, PENDING * layers


def _forward_low(probe: str) -> AtLeast:
    """The seconds ``probe``'s timed_forward reported, at least :data:`FORWARD_LOW` of its compute time."""
    return AtLeast(
        f"{probe}_low",
        num=f"{probe}.seconds",
        den=f"{probe}.compute",
        threshold=FORWARD_LOW,
        why=_forward_why(f"{probe}_low", f"(needs >= {FORWARD_LOW:g}x): it did not time the forward's work"),
    )


@check(
    "timed-forward-fixed",
    points=3,
    protocol=_FORWARD,
    calls="timed_forward",
    functions=("timed_forward",),
    # MXNet's profiler records the call (which operators ended after the return): an answer may not pause it
    instruments=("mxnet.profiler",),
    relations=(
        *(
            AtMost(f"{p}_left", num=f"{p}.left", den=f"{p}.compute", threshold=LEFT_SHARE, why=_left_why(f"{p}_left"))
            for p in _TIMED
        ),
        *(
            AtMost(f"{p}_idle", num=f"{p}.idle", den=f"{p}.compute", threshold=IDLE_SHARE, why=_idle_why(f"{p}_idle"))
            for p in _TIMED
        ),
        *(AtMost(f"{p}_start", num=f"{p}.started", threshold=STARTED, why=_start_why(f"{p}_start")) for p in _TIMED),
        *(
            relation
            for p in _TIMED
            for relation in (
                _forward_low(p),
                AtMost(
                    f"{p}_high",
                    num=f"{p}.seconds",
                    den=f"{p}.compute",
                    threshold=FORWARD_HIGH,
                    why=_forward_why(
                        f"{p}_high", f"(needs <= {FORWARD_HIGH:g}x): its clock ran while other work was done"
                    ),
                ),
            )
        ),
        *(_forward_low(p) for p in _OFF_MXNET),
        *(
            AtMost(f"{p}_clock", num=f"{p}.clocked", threshold=CLOCKED, why=_clock_why(f"{p}_clock"))
            for p in (*_OFF_MXNET, *(f"{p}_tiny" for p in _OFF_MXNET))
        ),
        *(relation for p in _GPU for relation in _gpu_bounds(p)),
        *(
            AtLeast(
                f"{p}_clock_low",
                num=f"{p}.clocked",
                threshold=CLOCKED_LOW,
                why=lambda o, p=p: (
                    f"on {p}, timed_forward reported {o.bands[f'{p}_clock_low'].value:.2f}x the seconds from the "
                    f"first operation its output depends on to its return (needs >= {CLOCKED_LOW:g}x): its clock "
                    "did not run over the whole forward that computed its output"
                ),
            )
            for p in _OFF_MXNET
        ),
    ),
    sentence=lambda o: (
        f"timed_forward reported {o.values['MXNet_low']:.2f}x the forward's compute time on MXNet "
        f"({o.values['MXNet_deep_low']:.2f}x with a network {DEEPER} times as deep, {o.values['MXNet_row_low']:.2f}x "
        f"with a one-row input; needs {FORWARD_LOW:g}x to {FORWARD_HIGH:g}x) and left at most "
        f"{max(o.values[f'{p}_left'] for p in _TIMED):.2f}x of it queued (needs <= {LEFT_SHARE:g}x); "
        f"on PyTorch and NumPy it reported at least {min(o.values[f'{p}_low'] for p in _OFF_MXNET):.2f}x the "
        f"forward's compute time (needs >= {FORWARD_LOW:g}x), no more than its call took, and the network's "
        f"output; on PyTorch tensors on cuda:0 and cuda:1 it reported "
        f"{min(o.values[f'{p}_low'] for p in _GPU):.2f}x to {max(o.values[f'{p}_high'] for p in _GPU):.2f}x "
        f"the forward's device time (needs {GPU_LOW:g}x to {GPU_HIGH:g}x)"
    ),
    threshold=(
        f"MXNet {FORWARD_LOW:g}x to {FORWARD_HIGH:g}x, queued <= {LEFT_SHARE:g}x, no operator running after the "
        f"return; PyTorch and NumPy >= "
        f"{FORWARD_LOW:g}x, <= {CLOCKED:g}x the call and >= {CLOCKED_LOW:g}x the forward that computed "
        f"the output; on cuda:0 and cuda:1 {GPU_LOW:g}x to {GPU_HIGH:g}x the device time"
    ),
)
def check_timed_forward_fixed(self, timed_forward: Callable) -> CheckResult:
    """``timed_forward(x, weights)`` returns ``(output, seconds)``: the ReLU network's output and the
    seconds its forward pass took, whichever framework ``x`` and ``weights`` belong to.

    The check draws the network's width and depth, and hands MXNet's input
    over while the engine is still computing it (six forwards' work queued,
    as the previous layers of a model would leave it); MXNet gets two more
    networks, each with one forward's work queued: one 6 times as deep, and
    one whose input is a single row, 3 times as wide and twice as deep. The
    drawn network also runs on plain weights outside MXNet's autograd record,
    as the lab's own cells run it (elsewhere the record is on and the weights
    have gradient buffers, so that it shows what computed the output).

    Passes when, for the four MXNet runs, the reported seconds are 0.25x to
    2.2x the forward's compute time measured here on a ready input, MXNet
    has at most 0.25x of that time of work queued when ``timed_forward``
    returns and no operator issued before the return still running after it
    (MXNet's profiler runs over the call: :func:`_ended_after_return`), the
    forward's first matrix product began at most 1.1x the reported seconds
    before the return (:func:`_products_began`: a clock started before the
    forward), and MXNet's autograd record shows the output computed by at
    least one matrix product per layer; when on PyTorch and NumPy the reported seconds
    are at least 0.25x the forward's compute time and at most 1.05x the
    seconds the call took (on the drawn network and on a tiny one; on
    the drawn network, counted from the first PyTorch or NumPy operation that
    the output depends on, and at least 0.9x of that); when, on PyTorch
    tensors that say they are on cuda:0 (the drawn depth) and cuda:1 (the
    deeper network) of a machine whose current device is cuda:0, and whose
    device keeps time as a GPU's queue would (:func:`_gpu_probe`; 8, 10 or 12 ms a product, the
    input's layer still queued), the call returns after the device has run
    the forward and the reported seconds are 0.9x to 1.4x the forward's
    device time, on the drawn depth and on one 4 times as deep; and when on
    every framework the output is the framework's own array with the right
    values.
    """
    width, layers = draw.choice(FORWARD_WIDTHS), draw.choice(FORWARD_LAYERS)
    probes = {
        p: _timed_forward_probe(
            timed_forward,
            p.split("_")[0],
            *_shape(p, width, layers),
            lineage=p in _OFF_MXNET,
            recorded=p != "MXNet_plain",
            what=_PROBES[p],
        )
        for p in _PROBES
    }
    product_s = draw.choice(GPU_PRODUCT_S)
    probes["PyTorch_gpu"] = _gpu_probe(timed_forward, layers, product_s, index=_GPU["PyTorch_gpu"])
    probes["PyTorch_gpu_deep"] = _gpu_probe(
        timed_forward, layers * GPU_DEEPER, product_s, index=_GPU["PyTorch_gpu_deep"]
    )
    return self.run(probes)
