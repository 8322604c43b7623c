"""Checks of lab 09, "Streams and out-of-core work".

Step 1 asks for a reduction the lesson did not compute: ``chain_energy(data, chunk)``,
the energy of the springs between *neighbouring* values of the data set,
``sum(0.5 * K * (x[i + 1] - x[i])**2)`` over the whole set (K = 1). Every
chunk holds the springs inside it, and one spring crosses each boundary
between two chunks: the function must carry the last value of a chunk into
the next (the chunk it was handed is a view of a buffer that the next read
overwrites) and still wait only for the chunk before, as lesson 09's
pipeline does. The lesson's ``reduce_pipelined`` computes another
reduction; pasted, renamed or wrapped it scores 0 (the copy detector, and
the result check besides).

Each check writes its own data set (:func:`asynclab.foundation.workloads.chunked.dataset`:
int8 values in a temporary file, always deleted), of a length drawn at random,
so the student's code cannot know the answer or the size in advance. The
other checks' data sets end with a partial chunk of at least 2 values;
result-exact's also end on the edges, a whole number of chunks and one
or two values more than that (a last chunk of one value holds no
spring of its own, but the spring across its boundary is still there; one
of two values holds one spring of its own).
``chain_energy`` must read the data set through
:func:`~asynclab.foundation.workloads.chunked.read_chunks` (the storage device:
every byte must come through it); its result must equal, to the last bit, the
chain's energy that the check computes itself (:func:`_reference`, NumPy on
int64, block by block): every spring is a half-integer and any sum of them
below 2**52 is exact in float64, in any order. The function is handed a copy
of the data set that it cannot change: its device cannot be switched off, and
only ``read_chunks`` counts the bytes delivered. A FAIL says whether the result
was too small or too large, never the right value.

What each check measures (quiet, and with one core busy by a Python loop
beside it; 5 runs each, on the course's 2-vCPU machine):

- result-exact: five data sets, one of a few chunks and a part, one of a
  few whole chunks (a loop that adds the last chunk only when it is short
  drops it there), one of a few whole chunks and one value (a loop that
  skips a chunk of one value loses the spring into it; MXNet 1.x cannot
  compute on the empty slices of a one-value chunk, so a loop that does not
  set such a chunk apart raises), one of a few whole chunks and two values
  (a loop that sets apart chunks shorter than three loses the spring inside
  such a chunk: a partial chunk drawn from 2 to the chunk's length is two
  values long once in 2**16 or more), one shorter than a chunk; equal to the
  check's energy of the chain, and every byte read through ``read_chunks``.
  A forgotten boundary spring, a dropped last chunk, float32, a buffer
  overwritten before it was used, or reading the file around the device
  each fail.
- pipelined-beats-serial: on a data set that models a 48 MB/s device, the
  check's own serial chain energy (:func:`_serial`: read, copy in, compute
  the chunk's springs with the fewest operators, wait, next) against the
  student's, alternated; serial / yours at least 1.2. Measured with the
  solution under the grader (``bench/checks_robustness.py --lab 09``):
  at 48 MB/s on 40-49 chunks 1.49x and up quiet, 1.39x and up with one
  core busy (8 runs each; on 20-25 chunks, in half the time, 1.25x loaded:
  too thin a margin); at 64 MB/s 1.43x and 1.34x (6 runs), at 96 MB/s
  1.33x and down to 1.2x loaded. A faster device hides less under load: the front end's own
  work (reading, converting to float64) and the back end then share the one
  free core, and only the device's idle time overlaps for free. A wait
  after every chunk gives 0.94-0.98x, so 1.2 leaves about the same margin
  on both sides. Every result must be exact, so returning early cannot
  pass. A failing verdict is measured a second time (``attempts=2``): in a
  make test run the solution read 0.98x once, graded while the other lane
  trained lab 04's network, whose front end and back end kept both cores
  busy; a wrong answer fails both attempts. The answer's time runs until
  MXNet has run everything it queued (``nd.waitall()`` inside its clock),
  and the serial loop starts on an idle engine: a serial loop that left 150
  small products queued when it returned passed at 1.54x, as the check's
  serial loop, which follows it in most rounds, paid for them. And no
  Python thread but the check's, and no child process, may use more than
  0.1 s of CPU per second while the check times its serial loop, counted
  also for a thread that ends before the loop does
  (:mod:`asynclab.checks.bystanders`; right answers read 0.0000-0.0001,
  quiet and with one core busy): a serial loop that left a thread of its
  own spinning for 3 s after each return passed at 1.65x-1.93x, and read
  0.64-0.85 here.
- Before it times, pipelined-beats-serial profiles one run of the answer on
  10-12 chunks from the same device (:func:`_not_overlapped`): the back end
  must compute during the device's later reads for at least 0.5 of the
  shorter of the two times, its busy time and the reads' (the solution
  0.81-0.90, quiet and with both cores busy; a loop that waits for every
  chunk 0.00; the shorter of the two, because under load the back end
  computes slower than the device reads), and the back end's busy time must be at least 0.25
  of the check's serial loop's on the same data (the solution 1.0-1.7; the
  springs in NumPy 0, the differences in NumPy and one dot per chunk 0.05).
  Speed alone said nothing of the overlap: a serial loop that computes less
  per chunk than the check's serial loop beat it by 1.45-1.82x for a review.
  Busy time alone says nothing of what the back end computes: springs
  computed in NumPy beside a decoy issued on the back end (a sum of squares
  of each loaded chunk, never read) kept it busy 0.46-1.06 of the serial
  loop, overlapped 0.52-0.86, and beat the serial loop by 1.31x. So in
  every run of the check, the profiled one and the timed ones alike (and
  the check's serial loop's, which pay the same for it), every copy of two
  or more values into a floating-point MXNet array holds marks: at one
  place drawn in every 64 values a random byte is added, drawn afresh per
  copy (:func:`_marked_copies`). The marks are added where MXNet's C
  library copies (``MXNDArraySyncCopyFromCPU``), so no Python function is
  replaced: a loop that looks for a wrapped ``nd.array`` finds none, and one
  that guesses the profiled run by its size is marked in the timed runs
  too. Every value must be copied into MXNet (a loop that computes in
  NumPy alone copies nothing to mark), and the result must equal the data set's energy changed by the marks
  inside the copies, the boundary springs taken from the raw or the marked
  ends (:meth:`_Marked.energies`): exact, so a loop that drops the last
  chunk still fails, and springs computed from the raw values hold none of
  the marks; no answer can add marks it has not read back, and it cannot
  tell where they are without reading back every value. And every run
  counts the values read back out of MXNet (``asnumpy``, which
  ``asscalar`` calls, counted at MXNet's C function so that a saved method
  counts too; an array shared with NumPy through DLPack fails outright):
  at most 0.25 of the data set's. The right answers read back about 1e-6
  of it (each chunk's sum); loading each chunk, reading it straight back
  and computing its springs in NumPy beside a decoy (1.24x, and its result
  holds the marks) reads back 1.0. The marks cost the front end about
  1.5 ms a chunk of 2**20 values (the values copied, the marks drawn and
  their change to the springs summed), which the serial loop pays too.
  With them the solution's worst speed-up over 5 runs each was 1.39x
  quiet and 1.27x with one core busy (``python bench/checks_robustness.py
  --lab 09 --runs 5 --no-answers``), against 1.43x and 1.32x over 10 runs
  each without them; with a mark on every value, 3 ms a chunk, it was
  1.32x and 1.26x over 10.
- peak-bounded: the student's peak above the start at two chunk sizes
  (4 MB and 16 MB in float64) on a data set of about 200 MB: at most 8
  chunks each. The solution, which computes ``0.5 * square(x[1:] - x[:-1])``
  before summing, peaks at up to 5.1 chunks (6 runs, quiet and loaded: the
  chunk computed, the chunk read and three temporaries); the whole file
  holds the data set, 12.5 chunks at the larger size and 50 at the smaller.
  It counts only once pipelined-beats-serial has passed on the same
  function (``requires``): a loop that waits for every chunk holds one
  chunk at a time by construction, so its bounded peak shows nothing.
  A loop that never waits (every chunk's springs issued, all read at the
  end) stays bounded too under the course's engine, one worker per CPU
  device: a copy into MXNet (``nd.array``, so ``chunked.load``) waits
  until the worker has run what was queued before it. A copy issued behind
  a queued product of 1 s took 0.93-0.98 s, and with that product queued
  before every run of this check, loops that queue every chunk peaked at
  4.1-4.9 chunks like the solution (2 runs quiet). So the check cannot
  tell them apart here, and does not try: with more engine workers, the
  copy would not wait and such a loop could hold every chunk.
- predict-memory-growth: exact. Ten loops the lesson did not run (one that
  waits for every chunk, one that keeps the arrays it loaded, one that keeps
  only the last two of them, one that keeps the views it was handed, one
  that keeps copies of them, one that keeps them converted to float64, one
  that issues every chunk and waits once at the end, and three that keep
  the first 8 values of each chunk: a slice of the loaded array, a copy of
  that slice, a slice of the view it was handed), each run on a data set of
  8 and of 56 chunks of 2**19 values from a 48 MB/s device; a loop grows
  when its peak rises by at least 0.5 byte per extra byte on disk, and is
  bounded at 0.2 or less (in between it is measured again, up to three
  times). Measured on these two data sets, four runs quiet and four with a
  core busy (a throwaway script running the ten loops as the check does):
  every growing loop 1.00-8.11, every bounded loop -0.22 to 0.16. A
  smaller large set is too close: with 24 chunks (16 extra, 8 MB on disk)
  one 4 MB float64 array more or less at the peak moves a rise by 0.5, and
  the same script measured bounded loops up to 0.57 (the one that issues
  every chunk and waits once) and the loop that keeps copies of its chunks
  as low as 0.43. With ten
  yes-or-no predictions and a FAIL that says neither how many nor which,
  guessing by rerunning takes up to 1024 runs of the check.
- chunk-under-budget: ``choose_chunk(budget_mb)``, values per chunk, at a
  small budget, a middle one and a large one drawn at random; the student's
  pipeline with that chunk must peak within each budget, and at the small
  and the large budget a pass of
  the check's own serial loop in that chunk must take at most 2.5x the time
  of one in chunks of 2**20 values (the best of two runs each; a pass stops
  once it has taken 5x, its verdict sure). The small budget's is timed too:
  a budget read as kilobytes instead of megabytes (chunks 1024 times too
  small) kept its chunks long enough at the large budget (25,600-38,400
  values, about 2x) and passed; at the small one they are 512-1024 values,
  15x-60x. The answer's
  own function is not the yardstick: it could slow itself down where only
  the yardstick runs. A chunk the size of the budget breaks it (about 3
  chunks alive), a budget read as values instead of bytes breaks it
  eightfold, tiny chunks (1024 values) pay their fixed cost thousands of
  times: 15.5x; chunks of 2**16 to 2**21 values read 0.7x-1.18x (two runs
  each after a warm-up, a throwaway script timing the check's loop). The
  middle budget (48-100 MB) is there for a rule that keeps a share of the
  budget only for small ones and takes the largest chunk worth taking
  (2**22 values) above them: its pipeline peaked at 166-171 MB whatever
  the budget, 1.66-3.56x the middle ones, while the solution's rule peaked
  at 0.82-0.85x of each middle budget (4.9-5.1 chunks) and a pipeline two
  chunks ahead at 0.68-0.69x (a throwaway script measuring as the check
  does, 2 runs of each quiet and 2 of the solution with one core busy).
  A budget whose peak is over is measured once more, and fails only when
  both are: the 10 + 10 bench after the middle budget came saw the
  solution's pipeline peak once at 29.0 MB with chunks of 4 MB (7.25
  chunks) at 24 MB, in 1 of its 10 quiet runs; a rule whose chunk is too
  large for a budget is over it every time.
- Every check reads the data set through a copy the check keeps: each read's
  size and end are noted on the check's clock, so a loop that reads in
  another chunk size than it is handed, or a device made faster than its
  rate (its reads end closer together than their bytes over the rate), is
  refused with one sentence.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import math
import numbers
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from asynclab.checks import draw
from asynclab.checks.bystanders import bystanders
from asynclab.checks.core import CheckResult, Protocol, Rejected, check, refuse_unless_checking
from asynclab.checks.host_copies import host_copies
from asynclab.checks.predictions import CLOCKS, yes_or_no
from asynclab.checks.relations import AtLeast, AtMost

CHUNK = 2**20  # values per chunk in the speed check: 8 MB in float64
LENGTHS = (40, 48)  # the speed check's data set in chunks, before a random part of a chunk is added
EXACT_LENGTHS = (3, 5)  # the result check's short data sets, in chunks
EXACT_CHUNKS = (2**16, 3 * 2**15, 2**17, 3 * 2**17, 2**19)  # values per chunk, one for each of its data sets
SPEED_FACTOR = 1.2
DEVICE_MB_S = 48  # the storage device of the speed check, MB/s
PEAK_CHUNKS = 8.0
PEAK_SIZES = (2**19, 2**21)  # values per chunk in the memory check: 4 MB and 16 MB in float64
PEAK_LENGTH_MB = 200  # its data set in memory (float64), MB: far more than 8 chunks
SMALL_BUDGETS = (16, 20, 24)  # MB: a chunk of 2**20 values (8 MB) peaks above them
MIDDLE_BUDGETS = (48, 64, 80, 100)  # MB: a chunk of 2**22 values (32 MB) peaks above them
UPPER_BUDGETS = (144, 150, 156)  # MB, on a data set of UPPER_LENGTH_MB: so does a chunk of 2**22 on a long data set
#: the upper budget of a rule whose longest chunk (its chunk at the large budget) fits this many times into the
#: upper data set: the first budget above the middle ones at which it takes that chunk (:func:`_jump_budget`)
JUMP_CHUNKS = 8
LARGE_BUDGETS = (400, 600)  # MB
BUDGET_LENGTH_MB = 100  # the budget check's data set in memory (float64), MB
UPPER_LENGTH_MB = 400  # its data set for the upper budget, MB in float64 (50 MB on disk, in int8)
BUDGET_TIME_FACTOR = 2.5
#: the share of a device's time (bytes over its rate) below which its reads were made faster than it: a
#: read sleeps for the rest of its time, so the reads of an untouched device take at least all of it
DEVICE_SHARE = 0.95
_BLOCK = 2**22  # values the reference reads at a time
OVERLAP_CHUNKS = (10, 13)  # the profiled run of pipelined-beats-serial: its data set in chunks, drawn from range()
#: on that run, the time the back end computed while the device read a later chunk, as a share of the shorter
#: of the two (its busy time, the reads' time), at least
OVERLAP_SHARE = 0.5
#: the back end's busy time on that run, at least, as a share of the check's serial loop's on the same data
COMPUTE_SHARE = 0.25
_COPY_IN = "MXNDArraySyncCopyFromCPU"  # MXNet's C function that every copy from NumPy into an array ends in
MARK_EVERY = 64  # values per mark in a copy into MXNet, in the speed check's runs
#: the values an answer reads back out of MXNet in a run (``asnumpy``), at most, as a share of the data set's
READ_BACK_SHARE = 0.25
#: while the check times its own serial loop, the CPU the answer's threads and processes may use, at most, in
#: seconds per second (:mod:`asynclab.checks.bystanders`)
BYSTANDER_SHARE = 0.1

#: What the student's function is handed and must compute, for the sentences.
FUNCTION = "chain_energy"
_ALLOWS = (
    "asynclab.foundation.workloads.chunked.read_chunks",
    "asynclab.foundation.workloads.chunked.load",
)

# two attempts: in a make test run the solution once read 0.98x while the other lane ran lab 04's
# training (front end and back end busy: two cores), a burst heavier than the one busy core benched
_SPEED = Protocol(warmup=1, min_rounds=3, max_rounds=7, budget_s=24.0, attempts=2)
_PEAK = Protocol(warmup=0, min_rounds=2, max_rounds=4, budget_s=40.0)


def _length(chunks: int, chunk: int) -> int:
    """``chunks`` whole chunks and a part of one of at least 2 values, drawn at random."""
    return chunks * chunk + draw.randrange(2, chunk)


def _reference(data) -> float:
    """The energy of the chain of springs between neighbouring values, from the file itself (NumPy, int64,
    ``_BLOCK`` values at a time, the last value of a block carried into the next): exact, no device time,
    nothing counted in ``delivered``."""
    import numpy as np

    twice, carry = 0, None  # twice the energy: a sum of squared integer differences
    with open(data.path, "rb") as f:
        while True:
            block = np.fromfile(f, dtype=np.int8, count=_BLOCK).astype(np.int64)
            if not block.size:
                return 0.5 * twice
            if carry is not None:
                block = np.concatenate((carry, block))
            steps = np.diff(block)
            twice += int(steps @ steps)
            carry = block[-1:]


def _serial(data, chunk: int, deadline: float = math.inf) -> float:
    """The check's serial chain energy: read a chunk, copy it in behind the last value of the one before,
    issue the sum of its squared steps and wait for it, then read the next; NaN where ``time.perf_counter()``
    passed ``deadline`` (s) before the last chunk (a pass that long has told its time already)."""
    import numpy as np
    from mxnet import nd

    from asynclab.foundation.workloads import chunked

    twice, tail = 0.0, np.empty(0, dtype=np.int8)
    for values in chunked.read_chunks(data, chunk):
        if time.perf_counter() > deadline:
            return math.nan
        y = chunked.load(np.concatenate((tail, values)))
        twice += nd.square(y[1:] - y[:-1]).sum().asscalar()
        tail = values[-1:].copy()
    return 0.5 * twice


def _no_bystanders(others, what: str) -> None:
    """:class:`Rejected` where threads or processes other than the check's used more than
    :data:`BYSTANDER_SHARE` of a CPU while it timed ``what``, or a Python thread hid from ``threading``."""
    if others.hidden:
        raise Rejected(
            f"while the check timed {what}, a Python thread that the threading module does not list was running "
            f"in this kernel: {FUNCTION} must have finished all its work when it returns, and leave nothing running"
        )
    if others.share > BYSTANDER_SHARE:
        raise Rejected(
            f"while the check timed {what}, other Python threads or child processes of this kernel used "
            f"{others.share:.2f} s of CPU per second (needs <= {BYSTANDER_SHARE:g}): {FUNCTION} must have "
            "finished all its work when it returns, and leave nothing running"
        )


def _as_result(value: Any) -> float:
    """What the function returned, as a float (an MXNet scalar is read, which waits)."""
    from asynclab.foundation.workloads import as_number

    number = as_number(value)
    if number is None:
        raise Rejected(f"{FUNCTION} returned {type(value).__name__}, not the chain's energy as a number")
    return number


def _exact(data, got: float, expected: float, what: str) -> None:
    """Equal to the last bit, or one sentence that says how it missed and never the right value."""
    if got == expected:
        return
    if got != got or got in (float("inf"), float("-inf")):
        detail = f"{got} is no energy"
    elif abs(got - expected) <= 1e-6 * abs(expected):
        detail = "close, but not equal: a part was rounded (float32?), or a few springs joined the wrong values"
    elif got < expected:
        detail = "too small: a spring is missing (one across a chunk boundary? the last chunk?)"
    else:
        detail = "too large: a spring was counted twice, or one that is not there"
    raise Rejected(f"{what}: your result was not the chain's energy of the {data.n}-value data set ({detail})")


def _through_device(data, chunk: int | None = None) -> None:
    """Raise :class:`Rejected` unless every byte of ``data`` went through the device once, in chunks of
    ``chunk`` values (the last may be shorter) and at the device's speed.

    What the device delivered is noted by the handed data set (:func:`_handed_class`): each read's bytes
    and when it ended, on the check's clock. Each read sleeps for whatever its bytes over the rate leave,
    so from the first read's end to the last one's the later reads take at least their bytes over the
    rate (:data:`DEVICE_SHARE` of it is asked): a device whose sleep was taken out delivers faster.
    """
    if data.delivered != data.n:
        raise Rejected(
            f"your function read {data.delivered} of the data set's {data.n} bytes through "
            "chunked.read_chunks: it is the storage device, read every chunk through it, once"
        )
    reads = getattr(data, "reads", ())
    if chunk is not None and any(got != chunk for got, *_ in reads[:-1]):
        sizes = sorted({got for got, *_ in reads[:-1]})
        raise Rejected(
            f"your function was handed chunks of {chunk} values but read chunks of "
            f"{', '.join(map(str, sizes[:3]))}{' ...' if len(sizes) > 3 else ''}: read in the chunk size it is given"
        )
    if data.mb_per_s and len(reads) > 1:
        needed = sum(got for got, *_ in reads[1:]) / (data.mb_per_s * 1e6)
        if reads[-1][1] - reads[0][1] < DEVICE_SHARE * needed:
            raise Rejected(
                "the storage device delivered its chunks faster than its rate: its reads were not left to take "
                "the time the device needs"
            )


FIELDS = ("path", "n", "seed", "mb_per_s", "delivered")  # a handed data set's fields, all kept by the check


@functools.cache
def _handed_class() -> type:
    """The class of the data sets the checks hand out: a :class:`~asynclab.foundation.workloads.chunked.Dataset`
    whose fields the check keeps outside the object, read through properties. Setting any of them raises
    AttributeError, however it is set (``object.__setattr__`` too), except ``delivered``, which only
    ``read_chunks`` may change; writing the object's ``__dict__`` changes nothing it reads. Only
    ``read_chunks`` may read ``path``: an answer that reads the file itself, around the device (beside a
    thread that drains the device for show), gets an AttributeError; and no one may read ``seed``, from
    which an answer could draw the values again instead of reading them."""
    import weakref

    from asynclab.foundation.workloads import chunked

    device = chunked.read_chunks.__code__
    clock = time.perf_counter  # the check's clock, taken before any answer ran
    wall = time.time  # the clock of MXNet's profiler (seconds since the epoch), to place reads among operators
    kept: dict[int, dict[str, Any]] = {}  # id(handed) -> its fields

    def field(name: str) -> property:
        def get(self) -> Any:
            if name == "seed":  # the values it draws are the data set's: they come through the device only
                raise AttributeError(
                    "the data set's seed is the check's: its values come through chunked.read_chunks, not from "
                    "drawing them again"
                )
            if name == "path":  # the file is the device's: only chunked.read_chunks opens it
                caller = sys._getframe(1).f_code
                if (caller.co_name, caller.co_code) != (device.co_name, device.co_code):
                    raise AttributeError(
                        "the data set's file belongs to the storage device: read its values through "
                        "chunked.read_chunks, not from data.path"
                    )
            return kept[id(self)][name]

        def set_(self, value: Any) -> None:
            if name != "delivered":
                raise AttributeError(f"the data set is the check's: your function may read it, not set data.{name}")
            caller = sys._getframe(1).f_code  # the device counts its own bytes, nothing else does
            if (caller.co_name, caller.co_code) != (device.co_name, device.co_code):
                raise AttributeError(
                    "data.delivered is the storage device's count of the bytes it delivered: only "
                    "chunked.read_chunks changes it"
                )
            fields = kept[id(self)]
            fields["reads"].append((value - fields[name], clock(), wall()))
            fields[name] = value

        return property(get, set_)

    class Handed(chunked.Dataset):
        def __init__(self, data: chunked.Dataset) -> None:  # the dataclass's own __init__ would set the fields
            kept[id(self)] = {name: getattr(data, name) for name in FIELDS} | {"delivered": 0, "reads": []}
            weakref.finalize(self, kept.pop, id(self), None)

        def __repr__(self) -> str:  # the dataclass's would read the path
            fields = kept[id(self)]
            return f"Dataset(n={fields['n']}, mb_per_s={fields['mb_per_s']}, delivered={fields['delivered']})"

    for name in FIELDS:
        setattr(Handed, name, field(name))
    Handed.reads = property(lambda self: tuple(kept[id(self)]["reads"]))
    return Handed


def _run(chain_energy: Callable, data, chunk: int) -> float:
    """The student's result for ``data`` in chunks of ``chunk`` values, every byte read through the device.

    The function gets a copy of ``data`` (the same file, device and length) that it cannot change:
    switching its device off or writing its count of delivered bytes raises an AttributeError.
    """
    handed = _handed_class()(data)
    got = _as_result(chain_energy(handed, chunk))
    _through_device(handed, chunk)
    return got


# ------------------------------------------------------------ step 1: the result
@check(
    "result-exact",
    times_cpu=False,
    points=2,
    functions=("chain_energy",),
    threshold="equal to the check's own result",
    allows=_ALLOWS,
)
def check_result_exact(self, chain_energy: Callable) -> CheckResult:
    """``chain_energy(data, chunk)`` returns the energy of the springs between neighbouring values,
    reading ``chunk`` values at a time.

    Passes when the result equals the check's own, exactly, on five data
    sets of lengths drawn at random: one of several chunks that ends with a
    partial chunk, one of several whole chunks, one of several whole chunks
    and one value, one of several whole chunks and two values, one shorter
    than a single chunk. Each data set is read in chunks of its own size,
    the five sizes of :data:`EXACT_CHUNKS` dealt out at random, so that every
    run has chunks as short as 2**16 values and as long as 2**19. Every copy
    into MXNet carries the check's marks, as in the speed check's runs
    (:func:`_marked_copies`): the result must be the energy of what was
    copied into MXNet, every value copied, and little read back, so springs
    computed in NumPy for chunks of some size fail here whatever that size.
    """
    from asynclab.foundation.workloads import chunked

    def condition() -> tuple[bool, str]:
        sizes = list(EXACT_CHUNKS)
        draw.shuffle(sizes)
        cases = [
            (_length(draw.choice(EXACT_LENGTHS), sizes[0]), sizes[0], "several chunks"),
            (draw.choice(EXACT_LENGTHS) * sizes[1], sizes[1], "a whole number of chunks"),
            (draw.choice(EXACT_LENGTHS) * sizes[2] + 1, sizes[2], "a whole number of chunks and one value"),
            (draw.choice(EXACT_LENGTHS) * sizes[3] + 2, sizes[3], "a whole number of chunks and two values"),
            (draw.randrange(1000, sizes[4]), sizes[4], "less than one chunk"),
        ]
        draw.shuffle(cases)
        for n, size, what in cases:
            with chunked.dataset(n, seed=draw.randrange(2**31)) as data:
                expected = _reference(data)
                handed = _handed_class()(data)
                with _marked_copies() as marked, host_copies() as copies:
                    got = _as_result(chain_energy(handed, size))
                _judged(handed, got, marked, copies, expected, f"with {size} values per chunk, on {what}", size)
        return True, ""

    return self.holds(
        condition,
        description=(
            "exact on data sets of several chunks, whose last one is partial, whole, one value or two, "
            "and on one shorter than a chunk"
        ),
    )


# ------------------------------------------------------------ step 1: faster than serial
def _back_end_spans(run: Callable[[], Any]) -> list:
    """The operators MXNet's back end ran during ``run()`` (the engine's chores left out), waited for."""
    from mxnet import nd

    from asynclab.foundation.profiling import CHORES, record

    nd.waitall()
    with record() as trace:
        run()
        nd.waitall()
    return [span for span in trace.spans if span.name not in CHORES]


@dataclasses.dataclass
class _Marked:
    """What the marks added to the copies into MXNet of one run changed (:func:`_marked_copies`): twice the
    change they made to the energy of the springs inside the copies, each copy's first and last value,
    unmarked and marked, and how many values were copied."""

    twice_inside: float = 0.0
    ends: list[tuple[float, float, float, float]] = dataclasses.field(default_factory=list)
    values: int = 0  # copied, in all

    def energies(self, energy: float) -> frozenset[float]:
        """The results, exact, of an answer that computes its springs in MXNet from copies that hold, read without
        their marks, a chain of energy ``energy``: that energy changed by the marks inside the copies, and,
        across consecutive copies, by nothing (each boundary spring from the values as read, or inside a copy
        that starts with the last value of the one before) or by taking the boundary springs from the marked
        ends of either copy or of both."""
        pairs = list(zip(self.ends, self.ends[1:]))
        inside = energy + 0.5 * self.twice_inside
        results = {inside}
        for last, first in ((3, 2), (1, 2), (3, 0)):  # (marked, marked), and the two mixed
            change = sum((b[first] - a[last]) ** 2 - (b[0] - a[1]) ** 2 for a, b in pairs)
            results.add(inside + 0.5 * change)
        return frozenset(results)


@contextlib.contextmanager
def _marked_copies() -> Iterator[_Marked]:
    """Within the block every copy of two or more values from NumPy into a floating-point MXNet array, however
    it is made (``nd.array``, which ``chunked.load`` calls, ``mx.np.array``, ``x[:] = values``), holds marks:
    at one place drawn in every :data:`MARK_EVERY` values (at least half of that apart), a random byte, an
    integer from -128 to 127, is added to the value, all drawn afresh for each copy and kept by the check.
    The marks are added on the front end where MXNet's C library copies (``MXNDArraySyncCopyFromCPU``), to a
    copy of the values handed to it, so no Python function is replaced and nothing of the caller's changes.
    Springs computed in MXNet from the copies carry the marks into the result; springs computed from the
    values read off the device do not, and no answer can add marks it has not read back out of MXNet, every
    value of every copy (it cannot tell where they are)."""
    import ctypes

    import numpy as np
    from mxnet.base import _LIB, check_call

    copy_in = getattr(_LIB, _COPY_IN)
    marks = np.random.default_rng(draw.randrange(2**63))
    found = _Marked()
    kinds = {0: (ctypes.c_float, np.float32), 1: (ctypes.c_double, np.float64)}  # MXNet's dtype codes

    def marked(handle, data, size):
        n = int(getattr(size, "value", size))
        code = ctypes.c_int()
        check_call(_LIB.MXNDArrayGetDType(handle, ctypes.byref(code)))
        if code.value not in kinds or n < 2:
            return copy_in(handle, data, size)
        c_kind, kind = kinds[code.value]
        address = data.value if isinstance(data, ctypes.c_void_p) else data
        values = np.frombuffer((c_kind * n).from_address(address), dtype=kind)
        starts = np.arange(0, n, MARK_EVERY)
        places = starts + np.frombuffer(marks.bytes(starts.size), dtype=np.uint8) % (MARK_EVERY // 2)
        places = places[places < n]
        mark = np.frombuffer(marks.bytes(places.size), dtype=np.int8).astype(np.float64)
        read = values[places].astype(np.float64)
        # each mark m moves its two springs (never another mark's: they are far apart): on the left, from
        # (v - left) to (v + m - left); on the right, from (right - v) to (right - v - m)
        left, right = places >= 1, places + 1 < n
        step_in = read[left] - values[places[left] - 1]
        step_out = values[places[right] + 1] - read[right]
        found.twice_inside += float(mark[left] @ (2 * step_in + mark[left]))
        found.twice_inside += float(mark[right] @ (mark[right] - 2 * step_out))
        held = values.copy()
        held[places] += mark.astype(kind)
        found.ends.append((float(values[0]), float(values[-1]), float(held[0]), float(held[-1])))
        found.values += n
        return copy_in(handle, held.ctypes.data_as(ctypes.c_void_p), size)

    setattr(_LIB, _COPY_IN, marked)
    try:
        yield found
    finally:
        setattr(_LIB, _COPY_IN, copy_in)


def _follows(data, got: float, marked: _Marked, expected: float, what: str) -> None:
    """Raise :class:`Rejected` unless every value of the data set was copied into MXNet and ``got`` is the energy
    of its chain (``expected``) as copied, marks included; the sentence never gives the right value."""
    # springs never computed in MXNet leave nothing to mark; a last chunk of one value has no spring inside it, and
    # a copy of one value holds no mark (nor is counted), so it may go uncopied
    if marked.values < data.n - 1:
        raise Rejected(
            f"{what}: your {FUNCTION} copied {marked.values} of the data set's {data.n} values into MXNet's "
            "floating-point arrays: copy each chunk into MXNet with chunked.load (a float64 array) and compute its "
            "springs there, as the step asks"
        )
    if got in marked.energies(expected):
        return
    if got != expected:  # the marks followed, the chain not: how it missed, the marks' change taken off
        _exact(data, got - 0.5 * marked.twice_inside, expected, what)
    raise Rejected(
        f"{what}: your result was not the energy of the springs between the values your {FUNCTION} copied "
        "into MXNet (in this check every copy into MXNet carries marks of the check's own): compute each "
        "chunk's springs in MXNet from the array chunked.load returns, and every spring once, as the step asks"
    )


def _copied_back(copies, data) -> None:
    """Raise :class:`Rejected` when an answer's run shared an MXNet array with NumPy or read back more than
    :data:`READ_BACK_SHARE` of the data set's values: NumPy would then compute the springs on the front end."""
    if copies.shared:
        raise Rejected(
            f"your {FUNCTION} shared {copies.shared} of MXNet's arrays with NumPy without a copy (DLPack): NumPy "
            "then computes on MXNet's memory on the front end; compute each chunk's springs in MXNet and read back "
            "only their sum, as the step asks"
        )
    share = copies.to_host_values / data.n
    if share > READ_BACK_SHARE:
        raise Rejected(
            f"your {FUNCTION} read {share:.2f} of the data set's values back out of MXNet into NumPy: compute "
            "each chunk's springs in MXNet and read back only their sum, as the step asks"
        )


def _judged(handed, got: float, marked: _Marked, copies, expected: float, what: str, chunk: int = CHUNK) -> float:
    """``got``, once the run that returned it read every byte through the device in chunks of ``chunk`` values,
    shared nothing with NumPy, read little back, and returned the chain energy of what it copied into MXNet,
    marks included; else :class:`Rejected` with one sentence."""
    _through_device(handed, chunk)
    _copied_back(copies, handed)
    _follows(handed, got, marked, expected, what)
    return got


def _marked_run(chain_energy: Callable, handed, expected: float, what: str) -> float:
    """The answer's result on ``handed`` in chunks of :data:`CHUNK`, its copies into MXNet marked and its copies
    back counted, judged by :func:`_judged` against the data set's energy ``expected``."""
    with _marked_copies() as marked, host_copies() as copies:
        got = _as_result(chain_energy(handed, CHUNK))
    return _judged(handed, got, marked, copies, expected, what)


def _not_overlapped(chain_energy: Callable) -> str | None:
    """Why ``chain_energy`` does not overlap the device's reads with the back end's computing, or None.

    One profiled run on a short data set from the speed check's device, its copies into MXNet marked and
    its copies back counted as in the timed runs (:func:`_marked_run`): the back end's busy time that
    falls inside the device's later reads (each read lasts at least its bytes over the rate, and ends
    when the device hands the chunk over), as a share of the shorter of its busy time and the reads'
    time, must reach :data:`OVERLAP_SHARE`; and the back end must do the springs' work: its busy time at
    least :data:`COMPUTE_SHARE` of the check's serial loop's on the same data. A faster loop's speed says
    nothing by itself: one that waits for every chunk but computes less per chunk than the check's serial
    loop (NumPy on the front end, fewer operators) beats it too.
    """
    from asynclab.foundation.profiling import OpSpan, busy_overlap, busy_time
    from asynclab.foundation.workloads import chunked

    n = _length(draw.randrange(*OVERLAP_CHUNKS), CHUNK)
    with chunked.dataset(n, seed=draw.randrange(2**31), mb_per_s=DEVICE_MB_S) as data:
        expected, handed = _reference(data), _handed_class()(data)
        spans = _back_end_spans(lambda: _marked_run(chain_energy, handed, expected, "in the profiled run"))
        reference = busy_time(_back_end_spans(lambda: _serial(data, CHUNK)))
    busy = busy_time(spans)
    if busy < COMPUTE_SHARE * reference:
        return (
            f"MXNet's back end was busy {1e3 * busy:.0f} ms for your {FUNCTION}, {busy / reference:.2f} of the "
            f"{1e3 * reference:.0f} ms it computes for the check's serial loop (needs >= {COMPUTE_SHARE:g}): "
            "compute each chunk's springs in MXNet, as the step asks"
        )
    # each later read as a span on the profiler's clock: from its bytes over the rate before it ended
    reads = [OpSpan("read", -1, -1, wall - got / (DEVICE_MB_S * 1e6), wall) for got, _, wall in handed.reads[1:]]
    # of the shorter of the two, as lesson 06's overlap of two devices: where the back end computes faster
    # than the device reads, all its work fits inside the reads; where slower (a loaded machine), the reads
    # fit inside its work. Either way a loop that overlaps comes near 1, and one that waits stays near 0
    share = busy_overlap(spans, reads)
    if share < OVERLAP_SHARE:
        return (
            f"the back end and the device's reads of later chunks overlapped for only {share:.2f} of the "
            f"shorter of the two (needs >= {OVERLAP_SHARE:g}): your {FUNCTION} waits for a chunk's springs "
            "before it reads on"
        )
    return None


@check(
    "pipelined-beats-serial",
    points=3,
    allows=_ALLOWS,
    protocol=_SPEED,
    calls="chain_energy",
    functions=("chain_energy",),
    relations=(AtLeast("speedup", num="serial", den="yours", threshold=SPEED_FACTOR),),
    sentence=(
        "the serial chain energy took {serial:.3f} s, yours {yours:.3f} s: {speedup:.2f}x "
        f"(needs >= {SPEED_FACTOR:g}x)"
    ),
    threshold=f">= {SPEED_FACTOR:g}x",
)
def check_pipelined_beats_serial(self, chain_energy: Callable) -> CheckResult:
    """``chain_energy`` against the check's serial chain energy (read, copy in, compute, wait, next).

    The two take turns on one data set of 40-49 chunks of 2**20 values
    (about 350 MB in float64) that models a storage device of 48 MB/s.
    Passes when the serial one takes at least 1.2x as long as yours,
    every result of yours being exact.
    """
    from mxnet import nd

    from asynclab.foundation.workloads import chunked

    try:
        why = _not_overlapped(chain_energy)
    except Rejected as error:
        return self.fail(str(error))
    except Exception as error:  # the student's code failed; say so plainly
        return self.fail(f"calling {FUNCTION} failed: {type(error).__name__}: {error}")
    if why is not None:
        return self.fail(why)
    n = _length(draw.choice(LENGTHS), CHUNK)
    with chunked.dataset(n, seed=draw.randrange(2**31), mb_per_s=DEVICE_MB_S) as data:
        expected = _reference(data)

        def yours() -> float:
            handed = _handed_class()(data)
            with _marked_copies() as marked, host_copies() as copies:
                start = time.perf_counter()
                got = _as_result(chain_energy(handed, CHUNK))  # read inside the clock: it must be ready
                nd.waitall()  # and so must everything it queued: work left behind is the function's too
                seconds = time.perf_counter() - start
            _judged(handed, got, marked, copies, expected, "in the timed run")
            return seconds

        def serial() -> float:  # under the same marks and counts: the two pay the same for them
            nd.waitall()
            with _marked_copies() as marked, host_copies(), bystanders() as others:
                start = time.perf_counter()
                got = _serial(data, CHUNK)
                seconds = time.perf_counter() - start
            _no_bystanders(others, "its own serial loop")
            assert got in marked.energies(expected), "the serial reference lost exactness"
            return seconds

        return self.run({"yours": yours, "serial": serial})  # yours first: a wrong result stops it at once


# ------------------------------------------------------------ step 1: memory bounded by the chunk
@check(
    "peak-bounded",
    times_cpu=False,
    points=2,
    requires=("pipelined-beats-serial",),  # a loop that waits for every chunk is bounded without trying
    allows=_ALLOWS,
    protocol=_PEAK,
    calls="chain_energy",
    functions=("chain_energy",),
    relations=(
        AtMost("small", num="small", threshold=PEAK_CHUNKS),
        AtMost("large", num="large", threshold=PEAK_CHUNKS),
    ),
    sentence=(
        f"your peak was {{small:.1f}} chunks with chunks of {PEAK_SIZES[0] * 8 / 1e6:.1f} MB and "
        f"{{large:.1f}} chunks with chunks of {PEAK_SIZES[1] * 8 / 1e6:.1f} MB "
        f"(needs <= {PEAK_CHUNKS:g} each)"
    ),
    threshold=f"<= {PEAK_CHUNKS:g} chunks",
)
def check_peak_bounded(self, chain_energy: Callable) -> CheckResult:
    """The peak memory of ``chain_energy`` above its start, in chunks (float64), at two chunk sizes.

    The data set is about 200 MB in float64. Passes when the peak stays at
    or below 8 chunks at both sizes: two chunks in flight and the back
    end's temporaries fit; the whole data set, or every chunk queued at
    once, does not. It counts only once pipelined-beats-serial has passed
    on the same ``chain_energy`` (``requires``).
    """
    from asynclab.foundation.memory import PeakMemory
    from asynclab.foundation.workloads import chunked, map_large_allocations, release_free_memory

    map_large_allocations()  # large blocks on their own pages: resident memory follows live arrays
    n = _length(PEAK_LENGTH_MB * 10**6 // (8 * PEAK_SIZES[1]), PEAK_SIZES[1])
    with chunked.dataset(n, seed=draw.randrange(2**31)) as data:
        expected = _reference(data)

        def peak_in_chunks(chunk: int) -> Callable[[], float]:
            def probe() -> float:
                release_free_memory()
                with PeakMemory(interval=0.002) as pm:
                    got = _run(chain_energy, data, chunk)
                _exact(data, got, expected, f"with chunks of {chunk} values")
                return (pm.trace.peak - pm.trace.baseline) / (chunk * chunked.VALUE_BYTES / 1e6)

            return probe

        return self.run({"small": peak_in_chunks(PEAK_SIZES[0]), "large": peak_in_chunks(PEAK_SIZES[1])})


# ------------------------------------------------------------ step 2: predict which loops keep memory bounded
#: The loops of the prediction step, by name: each reduces a data set chunk by chunk (the sum of the
#: squares of its values); the step prints their code. Which keep memory bounded is measured, never stored.
LOOPS = {
    "waits for every chunk": """
def reduce(data, chunk):
    total = 0.0
    for values in chunked.read_chunks(data, chunk):
        x = chunked.load(values)
        total += nd.square(x).sum().asscalar()
    return total
""",
    "keeps the arrays it loaded": """
def reduce(data, chunk):
    loaded = []
    for values in chunked.read_chunks(data, chunk):
        loaded.append(chunked.load(values))
    return sum(nd.square(x).sum().asscalar() for x in loaded)
""",
    "keeps the last two arrays it loaded": """
def reduce(data, chunk):
    total, recent = 0.0, []
    for values in chunked.read_chunks(data, chunk):
        recent = recent[-1:] + [chunked.load(values)]
        total += nd.square(recent[-1]).sum().asscalar()
    return total
""",
    "keeps the chunks it was handed": """
def reduce(data, chunk):
    handed = []
    for values in chunked.read_chunks(data, chunk):
        handed.append(values)
    return sum(nd.square(chunked.load(v)).sum().asscalar() for v in handed)
""",
    "keeps copies of the chunks it was handed": """
def reduce(data, chunk):
    copies = []
    for values in chunked.read_chunks(data, chunk):
        copies.append(values.copy())
    return sum(nd.square(chunked.load(v)).sum().asscalar() for v in copies)
""",
    "keeps each chunk it was handed, as float64": """
def reduce(data, chunk):
    total, kept = 0.0, []
    for values in chunked.read_chunks(data, chunk):
        kept.append(values.astype("float64"))
        total += nd.square(chunked.load(values)).sum().asscalar()
    return total
""",
    "issues every chunk, waits once at the end": """
def reduce(data, chunk):
    parts = []
    for values in chunked.read_chunks(data, chunk):
        parts.append(nd.square(chunked.load(values)).sum())
    return sum(p.asscalar() for p in parts)
""",
    "keeps the first values of each loaded array": """
def reduce(data, chunk):
    total, heads = 0.0, []
    for values in chunked.read_chunks(data, chunk):
        x = chunked.load(values)
        total += nd.square(x).sum().asscalar()
        heads.append(x[:8])
    return total
""",
    "keeps copies of the first values of each loaded array": """
def reduce(data, chunk):
    total, heads = 0.0, []
    for values in chunked.read_chunks(data, chunk):
        x = chunked.load(values)
        total += nd.square(x).sum().asscalar()
        heads.append(x[:8].copy())
    return total
""",
    "keeps the first values of each chunk it was handed": """
def reduce(data, chunk):
    total, heads = 0.0, []
    for values in chunked.read_chunks(data, chunk):
        total += nd.square(chunked.load(values)).sum().asscalar()
        heads.append(values[:8])
    return total
""",
}
GROWTH_CHUNK = 2**19  # values per chunk of the prediction step: 0.5 MB on disk, 4 MB in float64
GROWTH_CHUNKS = (8, 56)  # the two data sets, in chunks (and a part drawn at random): why 56, in the docstring
GROWTH_DEVICE_MB_S = 48  # their storage device, MB/s: it reads a chunk in about 11 ms
GROWS, BOUNDED = 0.5, 0.2  # the peak's rise from the small data set to the large, per extra byte on disk
GROWTH_TRIES = 3


def _growth(name: str, datasets: list) -> float:
    """How much of the extra data the loop ``name`` holds at its peak, measured now on the small and the
    large data set: the peak's rise from one to the other, in bytes on disk of the extra chunks (0: bounded).
    Only the check may call it, as :func:`_grows`."""
    refuse_unless_checking(check_predict_memory_growth)
    from mxnet import nd

    from asynclab.foundation.memory import PeakMemory
    from asynclab.foundation.workloads import chunked, release_free_memory

    space: dict[str, Any] = {"nd": nd, "chunked": chunked}
    exec(compile(LOOPS[name], f"<loop {name}>", "exec"), space)
    peaks = []
    for data in datasets:
        nd.waitall()
        release_free_memory()
        with PeakMemory(interval=0.002) as pm:
            space["reduce"](data, GROWTH_CHUNK)
            nd.waitall()
        peaks.append(pm.trace.peak - pm.trace.baseline)
    return (peaks[1] - peaks[0]) / ((datasets[1].n - datasets[0].n) / 1e6)


def _grows() -> dict[str, bool]:
    """Whether each loop's peak grows with the data set, on two data sets written once (a loop measured
    between the two bounds is measured again).

    Only the check may call it: a prediction copied from the check's own
    measurement is not a prediction.
    """
    refuse_unless_checking(check_predict_memory_growth)
    import contextlib

    from asynclab.foundation.workloads import chunked, map_large_allocations

    map_large_allocations()
    found: dict[str, bool] = {}
    with contextlib.ExitStack() as stack:
        datasets = [
            stack.enter_context(
                chunked.dataset(_length(chunks, GROWTH_CHUNK), seed=draw.randrange(2**31), mb_per_s=GROWTH_DEVICE_MB_S)
            )
            for chunks in GROWTH_CHUNKS
        ]
        for name in LOOPS:
            for _ in range(GROWTH_TRIES):
                rise = _growth(name, datasets)
                if rise >= GROWS or rise <= BOUNDED:
                    found[name] = rise >= GROWS
                    break
            else:
                raise RuntimeError(
                    f"the memory of the loop that {name} neither grew nor stayed flat in {GROWTH_TRIES} tries; run "
                    "the check again on a quieter machine"
                )
    return found


@check(
    "predict-memory-growth",
    times_cpu=False,
    points=2,
    threshold="all loops",
    # the table is worked out from the loops' text: one computed by running them, or by watching memory, measured
    measured_by=("mxnet", "numpy", "asynclab.foundation", *CLOCKS),
)
def check_predict_memory_growth(self, predicted) -> CheckResult:
    """``predicted`` maps each loop of :data:`LOOPS` to True (its peak grows with the data set) or False.

    The check runs every loop on a data set of 8 chunks and one of 56 (a
    48 MB/s device) and compares the peaks; every prediction must match. A
    FAIL says neither how many missed nor which.
    """

    def condition() -> tuple[bool, str]:
        return yes_or_no(
            predicted,
            list(LOOPS),
            "loop of lab09.LOOPS, the loop's name as key",
            _grows,
            "the peaks measured: memory grows with the data set only where something keeps every chunk alive",
        )

    return self.holds(condition, description=f"all {len(LOOPS)} predictions matched the peaks measured")


# ------------------------------------------------------------ step 3: a chunk for a budget
WARM_UP_CHUNKS = 3  # the check's own serial loop runs over this many chunks before the first peak is measured


def _warm_up(chunk: int) -> None:
    """Run the check's own serial loop over :data:`WARM_UP_CHUNKS` chunks of ``chunk`` values on a data set of
    its own, unmeasured: the first MXNet work of a chunk's size in a process raises its resident memory by about
    6 MB for good, which the peak that follows would otherwise count. Measured at the small budgets with the
    solution's rule (a sixth of the budget per chunk), in 3 fresh processes: the first peak was 6.4-6.5 chunks
    (17.2 MB at 16 MB), over the budget, and every later one 4.1-5.1; after this warm-up, in 2 fresh processes,
    the first was 4.2 and 4.8, and none above 4.9."""
    from asynclab.foundation.workloads import chunked

    with chunked.dataset(WARM_UP_CHUNKS * chunk + 1, seed=draw.randrange(2**31)) as data:
        _serial(data, chunk)


def _chunk_for(choose_chunk: Callable, budget: int, length: int) -> int:
    """``choose_chunk(budget)`` in values per chunk, at most ``length`` (the data set's values); else
    :class:`Rejected` with one sentence.

    A chunk longer than the data set reads it in one piece, and the budget judges that piece: the data sets
    are smaller than the large budgets, so a rule without a cap may well choose one.
    """
    value = choose_chunk(budget)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise Rejected(f"choose_chunk({budget}) returned {value!r}: a whole number of values is needed")
    if value < 2:
        raise Rejected(
            f"choose_chunk({budget}) returned {value} values per chunk: a chunk needs at least 2 "
            "(a spring joins two values)"
        )
    return min(int(value), length)


SWEPT_BUDGETS = range(SMALL_BUDGETS[0], LARGE_BUDGETS[-1] + 1)  # MB: every whole budget chunk-under-budget asks


def _jump_budget(choose_chunk: Callable, large: int, length: int) -> int | None:
    """The first whole budget (MB) above :data:`MIDDLE_BUDGETS` and below ``large`` at which ``choose_chunk`` takes
    the chunk it takes at ``large``, where a data set of ``length`` values holds :data:`JUMP_CHUNKS` of that chunk;
    else None. A rule that jumps to its longest chunk is most over its budget there: a chunk of 2**22 values
    (33.5 MB) taken from 160 MB on, its size in MiB read as MB, peaked at 166-171 MB on the long data set."""
    longest = _chunk_for(choose_chunk, large, length)
    if longest * JUMP_CHUNKS > length:
        return None
    for budget in range(max(MIDDLE_BUDGETS) + 1, large):
        if _chunk_for(choose_chunk, budget, length) == longest:
            return budget
    return None


def _over_in_between(choose_chunk: Callable, held: float, largest: int, n: int) -> str | None:
    """Why ``choose_chunk`` is over a budget that chunk-under-budget did not run, in one sentence, or None
    (:class:`Rejected` where it returns no whole number of at least 2 values, as :func:`_chunk_for` says).

    Every whole budget of :data:`SWEPT_BUDGETS` is asked for its chunk. Where that chunk is at most
    ``largest`` (the longest chunk run, whose peak held ``held`` chunks or more, the least of the peaks run),
    the pipeline's peak is at least ``held`` times the chunk: a pipeline that holds k chunks and a fixed part
    of memory holds more chunks' worth the shorter its chunks. A chunk whose ``held`` times is over its budget
    is then over it when run. A longer chunk than any run is not judged.
    """
    from asynclab.foundation.workloads import chunked

    for budget in SWEPT_BUDGETS:
        chunk = _chunk_for(choose_chunk, budget, n)
        mb = chunk * chunked.VALUE_BYTES / 1e6
        if chunk <= largest and held * mb > budget:
            return (
                f"with choose_chunk({budget}) = {chunk} values per chunk ({mb:.2f} MB in float64) your pipeline "
                f"would peak at +{held * mb:.0f} MB or more, over the {budget} MB budget: at every budget it ran, "
                f"it held {held:.1f} chunks' worth of memory or more"
            )
    return None


@check(
    "chunk-under-budget",
    points=2,
    allows=_ALLOWS,
    functions=("choose_chunk", "chain_energy"),
    threshold=f"peak <= budget at all four; <= {BUDGET_TIME_FACTOR:g}x the time of 2**20 at the small and large ones",
)
def check_chunk_under_budget(self, choose_chunk: Callable, chain_energy: Callable) -> CheckResult:
    """``choose_chunk(budget_mb)`` returns the values per chunk for a pipeline that must stay within ``budget_mb``.

    The check draws a small budget (16-24 MB), a middle one (48-100 MB), an
    upper one (144-156 MB; for a rule whose chunk at the large budget fits
    8 times into the upper data set, the first budget above 100 MB at which
    it takes that chunk, when it takes it below the large budget; the drawn
    one otherwise) and a large one (400 or 600 MB), runs your
    ``chain_energy`` with your chunk for each on a data set of about 100 MB in
    float64 (after a warm-up of its own serial loop; about 400 MB for the
    upper budget, so that it is much larger than its budget, as the step
    says), and passes when every peak stays within its budget (a peak
    over it is measured once more, the lower counting) and, at
    the small and the large budget, a pass of the check's own serial loop
    in your chunks takes at most 2.5x as long as one in chunks of 2**20
    values (the best of two runs each; one of yours where it took more than
    twice as long as allowed). A rule that jumps to a chunk of 2**22 values
    (33.5 MB) from some budget above the middle ones is over the upper one,
    which is then that budget (on the long data set that chunk peaks at
    166-171 MB; on the 100 MB one, three chunks long, it stays near 100 MB,
    under such a budget; the solution takes it from 202 MB on). And every
    whole budget from 16 MB to 600 MB is asked for its chunk
    (:func:`_over_in_between`): with the fewest chunks' worth of memory the
    pipeline held at the budgets run, no chunk up to the longest run may
    reach over its budget, so that a jump between the budgets drawn fails
    too where the data set is long enough to show it.
    """
    from mxnet import nd

    from asynclab.foundation.memory import PeakMemory
    from asynclab.foundation.workloads import chunked, map_large_allocations, release_free_memory

    map_large_allocations()

    def condition() -> tuple[bool, str]:
        small, middle, upper, large = (
            draw.choice(b) for b in (SMALL_BUDGETS, MIDDLE_BUDGETS, UPPER_BUDGETS, LARGE_BUDGETS)
        )
        n = _length(BUDGET_LENGTH_MB * 10**6 // (8 * CHUNK), CHUNK)
        long_n = _length(UPPER_LENGTH_MB * 10**6 // (8 * CHUNK), CHUNK)
        upper = _jump_budget(choose_chunk, large, long_n) or upper
        lengths = {small: n, middle: n, upper: long_n, large: n}
        chosen = {budget: _chunk_for(choose_chunk, budget, length) for budget, length in lengths.items()}
        held = []  # chunks' worth of memory at each peak measured

        def over(budget: int, data, expected: float) -> str | None:
            """Why the answer's pipeline is over ``budget`` with its chunk for it on ``data``, or None."""
            chunk = chosen[budget]

            def peak_of() -> float:
                release_free_memory()
                with PeakMemory(interval=0.002) as pm:
                    got = _run(chain_energy, data, chunk)
                _exact(data, got, expected, f"with chunks of {chunk} values")
                return pm.trace.peak - pm.trace.baseline

            peak = peak_of()
            if peak > budget:  # a second run before a verdict: one peak of a right rule read 7.25 chunks
                peak = min(peak, peak_of())
            if peak > budget:
                return (
                    f"with choose_chunk({budget}) = {chunk} values per chunk "
                    f"({chunk * chunked.VALUE_BYTES / 1e6:.2f} MB in float64) your "
                    f"pipeline peaked at +{peak:.1f} MB, over the {budget} MB budget"
                )
            held.append(peak / (chunk * chunked.VALUE_BYTES / 1e6))
            return None

        with chunked.dataset(n, seed=draw.randrange(2**31)) as data:
            expected = _reference(data)
            _warm_up(min(chosen[small], CHUNK))

            def measured(chunk: int, limit: float = math.inf) -> float:
                """Seconds of the check's own serial loop in chunks of ``chunk`` values: what the chunk's fixed
                cost does to the time (a pass stops once it has taken ``limit`` seconds). The answer's function
                is not the yardstick, which it could slow down wherever only the yardstick runs."""
                release_free_memory()
                nd.waitall()  # what the answer's runs left queued is not the yardstick's
                with bystanders() as others:
                    start = time.perf_counter()
                    _serial(data, chunk, deadline=start + limit)
                    seconds = time.perf_counter() - start
                _no_bystanders(others, "its own serial loop in your chunks")
                return seconds

            for budget in (small, middle, large):
                why = over(budget, data, expected)
                if why is not None:
                    return False, why
            reference = measured(CHUNK)
            for budget in (small, large):  # the shortest chunk and the longest: the fixed cost is paid per chunk
                limit = 2 * BUDGET_TIME_FACTOR * reference
                yours = measured(chosen[budget], limit)
                if yours <= limit:  # a second only where it could change the verdict
                    yours = min(yours, measured(chosen[budget], limit))
                reference = min(reference, measured(CHUNK))  # a smaller reference only makes a fail surer
                if yours > BUDGET_TIME_FACTOR * reference:
                    took = f"more than {yours:.2f} s" if yours > limit else f"{yours:.2f} s"
                    return False, (
                        f"with choose_chunk({budget}) = {chosen[budget]} values per chunk a pass over the data "
                        f"took {took}, {yours / reference:.1f}x the time with chunks of {CHUNK} "
                        f"values (needs <= {BUDGET_TIME_FACTOR:g}x): each chunk has a fixed cost"
                    )
        with chunked.dataset(lengths[upper], seed=draw.randrange(2**31)) as data:
            why = over(upper, data, _reference(data))
            if why is not None:
                return False, why
        why = _over_in_between(choose_chunk, min(held), max(chosen.values()), n)
        if why is not None:
            return False, why
        return True, (
            "your chunks kept the pipeline within a small budget, a middle one, an upper one and a large one, "
            "and neither the small one nor the large one was slowed by its chunk's fixed cost"
        )

    return self.holds(condition)
