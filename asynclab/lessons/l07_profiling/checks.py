"""Checks of lab 07, "Profiling".

Each check runs workloads it builds itself through the student's code and
compares with what it knows by construction or measures on its own.
Effect sizes and margins are in ``bench/reports/checks_robustness.md``:

- diagnoses-the-program: exact. ``diagnose(fn)`` returns the operator that
  took most of the back end's time and the side (front end or back end) that
  set the pace, for two programs the check builds: in both, every step does
  some work of its own (a data loader's) and issues one of 600-900 operators
  drawn from relu, sigmoid and ``+ 1``, and a heavy operator drawn from dot,
  exp and tanh. The back end's program issues it seven or eight times in the
  last steps, after middling many, where one call of another operator of the
  heavy one's kind (``linalg.gemm2`` for dot, expm1 for exp, arctan for
  tanh), sized to take twice one heavy call's time (both timed just before),
  comes just before them: the slowest call for call, with a smaller total
  (an answer that ranks by the time per call names it). The front end's
  program, sized from the back end's program's profile and from calls timed
  just before, issues heavy calls spread over its steps that keep the back
  end busy twice as long as the back end's program did, under waits of the
  front end eight times their time (a loader's for its files, sleeping: they
  use no CPU, so a side read off the CPU time, not the wall time, names the
  back end), 95% of them before its first step (from its first operator to
  its last the back end is busy most of the time, so a wall time read off
  the operators' span names the back end), and the back end idles most of
  the program's time. So the front end's program is the one with the larger
  busy time and the larger time per call, and neither figure alone tells the
  two apart (a side read off the busy time against a figure typed in, or off
  the time per call, fails), only the busy time against the wall time.
  Names, counts and the many operators' sizes are alike in both: with tiny
  operators in the front end's program, an answer that calls a program
  front-end bound when its typical operator runs shorter than the front end
  takes to issue one was right on both programs; with middling ones in both
  it failed 8 checks in 8, quiet and with one core busy, while the front
  end's program still shared 0.09-0.24 (0.14-0.18 with tiny operators), its
  heaviest operator 4.9-27 times the next (12 checks of the solution, 6
  quiet, 6 with one core busy, all passed). The truth is the check's own
  profile of the same program, which must show the back end busy for at most
  0.3 or at least 0.65 of the wall time, the heaviest operator at least
  twice the next, and the front end's program at least 1.5 times the back
  end's in busy time and in time per call (else the program is drawn again,
  up to twelve times; at a lead of 1.3 the solution's own run once ranked
  the two the other way round, in one of ten quiet bench runs). Both
  programs keep far from the step's rule (more than half the wall time),
  because a right answer may take the wall time from a run of its own,
  outside its profile, and on a busy machine two runs of one program differ.
  Measured on pairs of programs, heavy operators drawn, with a throwaway
  script that builds them as the check does and profiles each once, 6 pairs
  quiet and 6 with one core busy: the back end's program shares 0.87-0.93
  and 0.82-0.90 (busy 108-185 ms, 128-280 us a call, its decoy 1.7-2.5x the
  heavy operator per call, leads 3.0-4.0), the front end's 0.11-0.12 and
  0.13-0.21 (busy 0.24-0.73 s, in 2.1-3.9 s), 1.9-2.3 and 2.5-4.2 times the
  back end's busy time and 1.6-2.5 and 3.4-4.8 times its time per call,
  every pair clear at the first draw (measured again with one core busy, 12
  checks of the solution, the back end's programs shared 0.52-0.84, dot's
  the lowest, 0.52-0.62: at a bound of 0.75 one check of the 12 drew 8
  programs and none was clear; at 0.65, 0 of 14 failed and none needed more
  than 2 draws). With heavy calls worth 2.5 times the back end's busy time
  under five times their time in Python, the front end's program shared
  0.27-0.35 with one core busy (its heavy calls slowed by the Python beside
  them), half the pairs unclear. The two programs draw different heavy
  operators, the check's profile of the front end's program is taken once
  more at the end and left in the profiler's table, and the back end's
  program is diagnosed first: a profile that never resets counts both, and
  names the front end's heavy operator, whose total is at least 1.5 times
  the back end's whole busy time (before, with the back end's rows left for
  the front end's program, that answer passed 2 runs in 6: the busier
  program's operator won anyway, and the two drew the same one a third of
  the time). The back end's heavy operators come last, so a profile stopped
  before its wait misses them (spread among the many, they finished before
  such a stop on a busy machine, and that answer passed once in make test).
  A profile stopped after a fixed sleep long enough for the back end still
  holds them, so the check also watches MXNet's C functions while diagnose
  runs (:func:`~asynclab.checks.profile_reads.watched_profile`): stopping,
  pausing or reading the profiler after fn() returned and before
  ``nd.waitall()`` fails, whatever the verdicts (an exact condition).
  Each program is asked about in two forms with the same operators: the
  back end's as built and ending with ``nd.waitall()`` inside ``fn`` (a side
  read off how long the wait after ``fn()`` takes then names the front
  end), the front end's as built and with its first files decoded in
  Python for as long as it slept (a side read off the process's CPU time
  against the wall time then names the back end); both such answers passed
  the two programs as built every time.
- busy-across-devices: a spot-the-bug that lesson 07 did not show. The
  step shows a colleague's ``busy_ms`` that adds up the operators' totals
  from the aggregate table, right on one device; the fixed ``busy_ms(fn)``
  must report the time during which at least one operator ran, on any
  device. ``fn`` runs seven rounds of products (a side drawn from
  1000-1100 for the fn whose rounds run apart and 1300-1400 for the one
  whose rounds run together, so that their busy times differ 3-4x and no
  typed-in figure fits both; each device's product is one of ``dot``,
  ``linalg.gemm2`` and ``FullyConnected``, drawn per fn, so that merging
  each operator's intervals on its own counts the products that run at
  once again): six waited for and timed by the check, in an order drawn,
  then one that ``fn`` returns without waiting for (timed in MXNet's back
  end by a gate behind each of its products, which reports when it ran: no
  thread of the check's waits while the answer drives the profiler). The
  two fns run different mixes (:data:`BUSY_MIXES`, which fn gets which
  drawn): in one, each device computes one product alone, twice, and the
  last round is one product on one device, so nothing overlaps; in the
  other, three rounds are nested (:data:`BUSY_NEST`: one device computes a
  product of three lone products' work while another computes twelve short
  products of two lone products' work in all, which end inside the long
  one; each device computes the long product once and the chain once),
  three put a product on every device at once, and so does the last. The
  operators' totals added up read the busy time in the first and about
  twice it in the second, so that no one divisor of them fits both (the
  colleague's figure over a typed-in 1.6 read 0.59x / 1.14x). A merge that compares
  each span with the span just before it, not with the latest end so far
  (a classic slip in merging intervals), counts most of every chain again.
  Measured first with a throwaway script on the nested rounds alone (three
  rounds, sides 1050 and 1350, 4 runs each): that merge read 1.62-1.77x of
  the rounds' time quiet and 1.43-1.89x with one core busy, where the
  right merge read 0.99-1.00x. The last round's products wait behind a
  gate in the back end before they start,
  0.05-0.2 s in one fn and 2.0-2.5 s in the other (drawn, and which fn
  drawn), and ``busy_ms`` must return at most 1.2 s after they finished: a
  wait returns 0.00-0.01 s after (the solution, 4 calls quiet and 4 with a
  core busy), and a fixed sleep long enough for the long hold 1.6 s or more
  after the short one. Stopping, pausing or reading the profiler after
  ``fn`` returned and before ``nd.waitall()`` fails whatever the figure
  (:func:`~asynclab.checks.profile_reads.watched_profile`, an exact
  condition, as in diagnoses-the-program): a recording stopped then lacks
  the last round, which the nested rounds make a small share of the time
  (a profile stopped before waiting read 0.87x / 0.85x, inside the window,
  before the watch; a fixed sleep, long or short, fails the same way,
  the catalogue's busy-sleeps-* answers). The check
  asks twice (in an order drawn, :data:`BUSY_BREAKS`): in the "short" fn
  the front end does Python work while each waited round computes (0.5-0.6
  times the round's work, in a lone product's time measured just before,
  so the front end's waits are shorter than the products) and 0.3-0.5
  times the round's time after it; in the "long" fn it waits at once,
  then sleeps 0.8-1.2 times the round's time (both ends idle: wall time
  less the front end's CPU time counts it) and works 3-3.5 times. The Python work is a loop on the check's
  clock and the sleep the check's own ``time.sleep``, neither of which an
  answer can swap. Reference: the rounds' times added up, measured in the
  same run; the spans of a round lie inside its time, so a right answer
  reads at most 1x. Measured with tests/test_catalogue.py calling the check
  with each answer's ``busy_ms``, once quiet and twice with one core busy
  (readings short fn / long fn; which fn holds its last round back 2 s is
  drawn, and the wall clocks read highest in that one): the operators'
  spans from the trace, merged where they overlap (ok-busy-*), 0.95-0.98x
  / 0.97-0.98x quiet and 0.96-0.97x / 0.95-0.97x loaded, when both fns ran
  one mix; with the two mixes (one run each, quiet) right 0.95x / 0.96x,
  the colleague's code 1.81x / 0.96x, a merge with the span just before
  only 1.34x / 0.94x, each operator merged alone 0.95x / 1.77x (the mix
  that runs products together in the first fn, then in the second). With
  one mix, wrong answers:
  a merge with the span just before only 1.35x / 1.33x, 1.32-1.45x /
  1.36-1.48x; the table's totals added up (the colleague's code) 1.53x /
  1.47x, 1.55-1.66x / 1.56-1.70x; the spans added up unmerged 1.59x /
  1.48x, 1.65-1.66x / 1.55-1.62x; each operator merged alone 1.62x /
  1.55x, 1.63-1.70x / 1.58-1.64x; the busiest device's own busy time
  0.54x / 0.51x, 0.49-0.56x / 0.57-0.62x; wall time less the thread's CPU
  time 0.86x / 4.32x, 0.95-0.99x / 3.40-3.82x (inside the window in the
  short fn: the long fn's sleeps catch it); the front end's WaitAll calls
  added up after a wait of its own 0.69x / 5.70x, 0.75x / 5.84x (its own
  wait lasts the hold); first start to last end 3.45x / 4.89x, 1.56-6.45x
  / 4.81-6.57x; the wall time of ``fn`` 6.46x / 4.92x, 1.41-5.05x /
  4.71-8.22x; that wall time ``/ 2.5`` 0.62x / 4.09x, 1.25-1.31x /
  1.90-1.96x; the process's CPU time x 0.75 1.45x / 3.22x, 1.15-1.16x /
  2.75-2.85x; the front end's calls 0.01x / 0.02x, 0.02-0.03x /
  0.02-0.04x. A stop without a wait, the WaitAll calls added up without
  one and fixed sleeps are refused by the watch (above).
  Window 0.8x..1.1x. Before ``busy_ms`` runs, the check writes out
  what earlier recordings left in the profiler (``dumps`` adds pending
  trace events to the file configured last, and an answer's
  ``set_config`` starts its own file afresh), so that the answer's trace
  holds ``fn``'s run and not the student's earlier experiments. A hook on
  fn's calls (``sys.setprofile``) would see each round begin and end: the
  copy judge refuses it (introspects).
- predict-allocations: exact. Twelve statements the lesson did not run (an
  in-place operator, out=, a copy into an array that exists, an expression
  copied into one, a reshape, a slice of rows, a transpose, copies, a
  product with and without out=), each run once and then five times in the
  check's own profile; a statement allocates when the Device Storage
  section records anything. Every prediction must match; a FAIL says
  neither how many missed nor which. The truth is measured per run, never
  stored: it is the same on every run, quiet, loaded and on one core.
- momentum-allocates-nothing: exact. Five calls of ``momentum_step(w, v, g,
  lr, mu, tmp)`` (SGD with momentum, in place, ``tmp`` a scratch array of the
  same shape, handed over full of values drawn at random, a NaN and an
  infinity among them, as a scratch array holds whatever its last user left:
  an update that adds into it, counting on zeros, is off, and so is one that
  clears it by multiplying by 0) on a shape, learning rate and momentum drawn
  at random must record no allocation in the profiler's Device Storage
  section, take at most a quarter of an array's bytes of host memory at their
  peak (tracemalloc: a detour through NumPy copies whole arrays there, which
  MXNet's profile does not show), copy no values between MXNet and the host
  (``asnumpy``, ``a[:] = numpy_values``, counted at MXNet's C functions so
  that saved methods count too: a detour a band of rows at a time stays under
  the host bound), run at least five operators, return ``w``, issue no
  operator that writes into ``g`` (not even one that puts it back: counted at
  MXNet's C function, :mod:`asynclab.checks.array_writes`), leave ``g``
  untouched and leave in ``w`` and ``v`` what five steps give, with a new
  gradient written into ``g`` (scaled in place) before every step after the
  first. Host memory is read over the steps alone (the first read of the
  profile's table imports pandas, about 18 MB). The lesson wrote one
  operator's result into ``out=``; here every intermediate of an expression
  (``lr * g``) is a fresh array unless it goes into ``tmp``.
"""

from __future__ import annotations

import dataclasses
import functools
import gc
import math
import os
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from asynclab.checks import draw
from asynclab.checks.array_writes import writes_into
from asynclab.checks.core import CheckResult, Protocol, Rejected, check, refuse_unless_checking
from asynclab.checks.frontend import keep_busy
from asynclab.checks.gates import finished_after, gate
from asynclab.checks.host_copies import host_copies
from asynclab.checks.predictions import CLOCKS, yes_or_no
from asynclab.checks.profile_reads import watched_profile
from asynclab.checks.relations import AtLeast, AtMost
from asynclab.foundation.profiling import CHORES, ProfilerBroken
from asynclab.foundation.timing import measure

# the check's own clock, taken when the check is imported: an answer that swaps time.perf_counter for its
# own while fn runs cannot change the check's reference (fn's Python work between rounds: checks.frontend)
_clock = time.perf_counter
_sleep = time.sleep  # likewise the check's own sleep: an answer that swaps time.sleep cannot shorten fn's sleeps


BUSY_LOW, BUSY_HIGH = 0.8, 1.1  # the answer / the time the check's rounds took (a right answer cannot exceed 1)
BUSY_DEVICES = 3  # cpu(0), cpu(1), cpu(2): one engine worker each
#: a nested round: one device computes one long product, of ``long`` lone products' work, while another
#: device computes ``pieces`` short products one after another, of ``chain`` lone products' work in all, which
#: end before the long one: every short span lies inside the long one, and a merge that compares each span
#: with the one just before it, not with the latest end so far, counts all but the first again
BUSY_NEST = {"long": 3.0, "chain": 2.0, "pieces": 12}
#: the products' side, one drawn from each range per run: the first for the fn whose rounds run apart, the second
#: for the one whose rounds run together (:data:`BUSY_MIXES`), whose busy time is then 3-4x the other's, so that
#: no figure typed in fits both within the window
BUSY_SIZES = ((1000, 1101), (1300, 1401))
#: the two mixes of rounds, one for each fn, which fn gets which drawn (:func:`_rounds`): in ``apart`` no two
#: products ever run at once, in ``together`` most run beside others. The operators' totals added up count
#: every overlap again: the busy time itself in ``apart``, about twice it in ``together``, so that no one divisor
#: of that sum fits both within the window
BUSY_MIXES = ("apart", "together")
#: the two fns the check hands busy_ms, by the name its sentence gives them; each range is drawn from per
#: round, and each share is of the round's own time unless said otherwise.
#: ``pause``: Python work after each waited round (the front end busy, the back end idle);
#: ``overlap``: Python work while each waited round computes, before the wait, in the round's work
#: (:func:`_work`) times a lone product's time as the check measured it just before (the front end and the
#: back end busy at once: the wait is shorter than the products);
#: ``sleep``: a sleep after each waited round, before its pause (both ends idle).
#: Wall time, process CPU time and the front end's waits change by different factors from one fn to the
#: other, so that no one divisor of any fits both (see the module's docstring).
BUSY_BREAKS = {
    "short": {"pause": (0.3, 0.5), "overlap": (0.5, 0.6), "sleep": (0.0, 0.0)},
    "long": {"pause": (3.0, 3.5), "overlap": (0.0, 0.0), "sleep": (0.8, 1.2)},
}
#: seconds the last round's products wait in the back end, behind a gate, before they start (one range for
#: each fn, assigned at random), and the most busy_ms may take after they finished: a wait returns within a
#: few hundredths of a second; a fixed sleep long enough for the long hold returns 1.8 s late or more after the
#: short one, and one shorter stops the recording before the long hold's products ran
BUSY_HOLDS = ((0.05, 0.2), (2.0, 2.5))
BUSY_LATE_S = 1.2
#: the heavy operator of a program, drawn, and its input's shape per kind of program
DIAGNOSE_HEAVY = {
    "back end": {"dot": (650, 650), "exp": (3_000_000,), "tanh": (1_500_000,)},
    "front end": {"dot": (800, 800), "exp": (4_400_000,), "tanh": (1_500_000,)},
}
#: the many operators of a program, drawn, and their input's shape: the same in both kinds of program, middling
#: calls that take longer than issuing one, so that neither their size nor their time against the cost of
#: issuing them tells the two apart (with tiny ones in the front end's program, a side read off "the typical
#: operator runs shorter than its launch" was right on both programs)
DIAGNOSE_MANY = {"relu": (40_000,), "sigmoid": (4_000,), "_plus_scalar": (40_000,)}
DIAGNOSE_COUNT = (600, 901)  # how many of them, drawn from range(*DIAGNOSE_COUNT)
#: the Python work of every step of the back end's program (a sum over this many squares)
DIAGNOSE_PYTHON = 400
#: the front end's program keeps the back end busy this many times as long as the back end's program measured
#: just before it did, in heavy calls spread over its steps: neither a figure of busy time nor of time per call
#: tells the two apart (the front end's is the larger of both), only the busy time against the wall time
DIAGNOSE_BUSIER = 2.0
#: ... and its waits (a loader's for its files) take this many times its heavy calls' time
DIAGNOSE_PYTHON_OVER = 8.0
#: ... of which this share comes before its first step (a loader that reads most of its files first), the rest
#: spread over its steps: from its first operator to its last, the back end is busy most of the time (0.93-0.99
#: of that span, quiet and with one core busy), so a wall time taken off the operators' own span names the back
#: end; only the program's own wall time tells
DIAGNOSE_LOADS_FIRST = 0.95
#: in the check's profiles, the front end's program's busy time and its time per call over the back end's, at least
DIAGNOSE_BUSIER_LEAD = 1.5
DIAGNOSE_FRONT_SHARE = 0.3  # a program held up by the front end keeps the back end busy at most this share
DIAGNOSE_BACK_SHARE = 0.65  # one held up by the back end keeps it busy at least this share of the wall time
DIAGNOSE_LEAD = 2.0  # the heaviest operator's total over the next one's, at least
#: the back end's program also runs once another operator of the heavy one's kind, sized to take this many times one
#: heavy call's time (both timed just before): the slowest call for call, yet a smaller total than the heavy
#: operator's 7-8 calls
DIAGNOSE_DECOY = 2.0
#: the decoy of each heavy operator: another operator of its kind (the same library code, threads and memory
#: traffic, so that the time of one call measured beside the other's scales the same in the program)
DIAGNOSE_DECOYS = {"dot": "_linalg_gemm2", "exp": "expm1", "tanh": "arctan"}
DIAGNOSE_SLOW_LEAD = 1.4  # in the check's profile, the decoy's time per call over the heavy one's, at least
DIAGNOSE_TRIES = 12  # programs drawn until one is that clear
#: how many times the check builds both programs and asks: a diagnosis that disagrees with the check's profile
#: fails only when the program, profiled again right after, is as clear as before (drawn until clear, a program
#: can be clear in one profile of a busy machine and not in the next); otherwise both are built anew and asked
DIAGNOSE_ASKS = 3
INTO_SHAPES = ((1500, 1500), (2000, 1000), (1000, 2500))
STEPS = 5  # momentum steps in the allocation check
#: the most host memory (Python's, NumPy's: tracemalloc) the momentum steps may take at their peak, as a
#: share of one float32 array of the shape (2-2.5 MB for INTO_SHAPES): the solution's five steps took
#: 0.01-0.03 MB at the three shapes, the arithmetic done in NumPy (a catalogue answer) 16-20 MB, a throwaway
#: script timing nothing, without the profile's table, which the check's window holds as well
HOST_SHARE = 0.25

_QUICK = Protocol(warmup=1, min_rounds=3, max_rounds=8, budget_s=25.0)


def _profiled(fn: Callable[[], Any], keep: bool = False):
    """The check's own aggregate table of what ``fn()`` ran (all sections); only a check may call it.

    With ``keep`` the profiler's table is not emptied afterwards: the next
    recording that does not reset it starts with these rows.
    """
    from mxnet import nd, profiler

    from asynclab.foundation.profiling import aggregate, configure, trace_file

    refuse_unless_checking(
        check_diagnoses_the_program,
        check_predict_allocations,
        check_momentum_allocates_nothing,
        message="this is the check's own profiling, not an answer: write your own with mx.profiler",
    )
    nd.waitall()
    gc.collect()  # an array collected inside the window would record a free
    # continuous_dump stays at its default: after a set_config that turns it off, the next one that
    # leaves it on fails in MXNet 1.9.1, and so would the student's own profile after this check
    path = trace_file("check-profile.json")
    try:
        configure(profile_imperative=True, aggregate_stats=True, filename=path)
    except ProfilerBroken:
        pass  # MXNet keeps the last configuration, and recording and the table still work with it
    profiler.dumps(reset=True)
    enabled = gc.isenabled()
    gc.disable()
    profiler.set_state("run")
    try:
        fn()
        nd.waitall()
    finally:
        profiler.set_state("stop")
        if enabled:
            gc.enable()
        if os.path.exists(path):
            os.remove(path)
    return aggregate(profiler.dumps(reset=not keep))


# ------------------------------------------------------------ step 1: diagnose a program from its profile
def _diagnose_ops() -> dict[str, Callable[[Any], Any]]:
    """The operators the check's programs are made of, by the name MXNet's profiler gives them."""
    from mxnet import nd

    return {
        "dot": lambda a: nd.dot(a, a),
        "exp": nd.exp,
        "tanh": nd.tanh,
        "relu": nd.relu,
        "sigmoid": nd.sigmoid,
        "_plus_scalar": lambda a: a + 1,
        "_linalg_gemm2": lambda a: nd.linalg.gemm2(a, a),
        "expm1": nd.expm1,
        "arctan": nd.arctan,
    }


def _program(kind: str, busy_s: float = 0.0, avoid: str = "") -> tuple[str, Callable[[], None]]:
    """One of the check's programs, operators and sizes drawn: ``(its heaviest operator, the program)``.

    Every step of both does some work of its own, as a data loader would,
    and issues one of the many operators. ``"back end"``: Python work in
    every step, and seven or eight large operators in the last steps, after
    many middling ones, so the back end is busy nearly all the time.
    ``"front end"``: the same many operators, and heavy calls spread over the steps
    that keep the back end busy :data:`DIAGNOSE_BUSIER` times ``busy_s`` (the
    back end's program's busy time, seconds) in all, under far longer waits
    of the front end (:data:`DIAGNOSE_PYTHON_OVER` times their time), as a
    loader's for its files, which use no CPU: most of them before the first
    step (:data:`DIAGNOSE_LOADS_FIRST`), the rest spread over the steps, and
    the back end idles most of the program's time. The CPU
    time of the process is then mostly the back end's in both programs: a
    side read off the busy time against the CPU time instead of the wall
    time names the back end for both. Both are sized from calls timed
    here. The heavy operator comes from one pool for both kinds and the many
    from another, at the same sizes: neither the names, the counts nor the
    many operators' sizes tell the two kinds apart, nor the busy time or the
    time per call, which are the front end's program's the larger; only the
    busy time against the wall time.
    """
    from mxnet import nd

    ops = _diagnose_ops()
    heavy = draw.choice([name for name in DIAGNOSE_HEAVY[kind] if name != avoid])
    many = draw.choice(list(DIAGNOSE_MANY))
    count = draw.randrange(*DIAGNOSE_COUNT)
    heavy_in = nd.random.uniform(shape=DIAGNOSE_HEAVY[kind][heavy])
    many_in = nd.random.uniform(shape=DIAGNOSE_MANY[many])
    decoy, decoy_in, decoy_at = None, None, -1
    first_s = wait_s = 0.0
    if kind == "back end":  # the last steps: a profile stopped before its wait misses them
        python = DIAGNOSE_PYTHON
        heavies = draw.randrange(7, 9)
        spots = set(range(count - heavies, count))
        # slower call for call than the heavy one, with a smaller total
        decoy = DIAGNOSE_DECOYS[heavy]
        work = DIAGNOSE_DECOY * _call_ratio(ops[heavy], heavy_in, ops[decoy], heavy_in)
        decoy_in = nd.random.uniform(shape=_scaled(DIAGNOSE_HEAVY[kind][heavy], work))
        decoy_at = count - heavies - 1
    else:
        # one heavy call: the median of five, timed here
        call = measure(lambda: ops[heavy](heavy_in).wait_to_read(), repeat=5, warmup=1).median
        heavies = max(2, math.ceil(DIAGNOSE_BUSIER * busy_s / call))
        spots = {round((j + 0.5) * count / heavies) for j in range(heavies)}
        waits_s = DIAGNOSE_PYTHON_OVER * heavies * call
        python, first_s, wait_s = 0, DIAGNOSE_LOADS_FIRST * waits_s, (1 - DIAGNOSE_LOADS_FIRST) * waits_s / count
    nd.waitall()

    def program(burns: bool = False, waits: bool = False) -> None:
        """The program; with ``burns`` its loader's first files are decoded in Python (the front end busy on
        the CPU, the back end idle), with ``waits`` it ends by waiting for its last result (nothing left
        queued when it returns)."""
        if first_s:
            # the loader's first files, before any operator
            _burn(first_s) if burns else _sleep(first_s)
        for i in range(count):
            if python:
                sum(k * k for k in range(python))  # the step's own Python work, as a data loader's
            else:
                _sleep(wait_s)  # a data loader waiting for its files: the front end holds the pace, using no CPU
            if i in spots:
                ops[heavy](heavy_in)
            elif i == decoy_at:
                ops[decoy](decoy_in)
            ops[many](many_in)
        if waits:
            nd.waitall()  # as a loop that reads its last loss: fn() returns once the back end is done

    return heavy, program


def _burn(seconds: float) -> None:
    """Keep the front end busy in Python for ``seconds`` (the check's clock), as a loader decoding its files."""
    end = _clock() + seconds
    while _clock() < end:
        sum(k * k for k in range(100))


def _call_ratio(op: Callable[[Any], Any], data: Any, other: Callable[[Any], Any], other_data: Any) -> float:
    """How many times a call of ``op`` on ``data`` takes as long as one of ``other`` on ``other_data``: the
    median of five pairs of calls, each waited for, after one uncounted call of each (the first call of an
    operator at a size can take far longer)."""
    ratios = []
    for i in range(6):
        start = _clock()
        op(data).wait_to_read()
        middle = _clock()
        other(other_data).wait_to_read()
        if i:
            ratios.append((middle - start) / max(_clock() - middle, 1e-9))
    return sorted(ratios)[len(ratios) // 2]


def _scaled(shape: tuple[int, ...], work: float) -> tuple[int, ...]:
    """``shape`` grown so that an operator on it does ``work`` times as much: a vector's length, or a square
    matrix's side for a product (whose work grows with the side's cube)."""
    if len(shape) == 1:
        return (round(shape[0] * work),)
    return tuple(round(side * work ** (1 / 3)) for side in shape)


@dataclasses.dataclass(frozen=True)
class _Truth:
    """The check's own profile of a program: its heaviest operator, the back end's busy time (s) and its share
    of the wall time, the back end's mean time per call (s), how many times the heaviest operator's total
    outweighs the next, and how many times another operator's time per call outweighs the heaviest one's, at
    most."""

    top: str
    busy_s: float
    share: float
    per_call_s: float
    lead: float
    slow_lead: float


def _truth(program: Callable[[], None]) -> _Truth:
    """The check's own profile of ``program`` (:class:`_Truth`), left in the profiler's table."""
    from mxnet import nd

    walls: list[float] = []

    def timed() -> None:
        start = _clock()
        program()
        nd.waitall()
        walls.append(_clock() - start)

    table = _profiled(timed, keep=True)  # left in the profiler: a profile that never resets counts it
    ops = table[(table["section"] == "operator") & ~table["name"].isin(CHORES)].sort_values("total", ascending=False)
    totals = ops["total"].tolist()
    lead = totals[0] / totals[1] if len(totals) > 1 and totals[1] > 0 else float("inf")
    avg = ops["avg"].tolist()
    slow_lead = max(avg[1:], default=0.0) / avg[0] if avg[0] > 0 else float("inf")
    busy = float(ops["total"].sum()) / 1e3
    return _Truth(
        str(ops["name"].iloc[0]), busy, busy / walls[0], busy / max(int(ops["count"].sum()), 1), lead, slow_lead
    )


def _clear_for(kind: str, heavy: str, truth: _Truth) -> bool:
    """Whether the check's profile ``truth`` of a program of ``kind`` leaves no doubt: the back end's share of
    the wall time on ``kind``'s side of the bounds, and ``heavy`` the heaviest operator by a clear lead."""
    share = truth.share >= DIAGNOSE_BACK_SHARE if kind == "back end" else truth.share <= DIAGNOSE_FRONT_SHARE
    return share and truth.top == heavy and truth.lead >= DIAGNOSE_LEAD


@check("diagnoses-the-program", points=3, functions=("diagnose",), threshold="exact, two programs")
def check_diagnoses_the_program(self, diagnose: Callable) -> CheckResult:
    """``diagnose(fn)`` returns ``(operator, side)``: the operator that took most of the back end's time
    while ``fn()`` ran, and ``"front end"`` or ``"back end"``, whichever set the program's pace.

    The check builds two programs of its own, one held up by the back end
    and one by the front end, with operators, sizes and counts drawn, and
    checks each against its own profile of the same program, used only when
    that profile leaves no doubt: the back end busy for at most 0.3 or at
    least 0.65 of the wall time, as the program was built to be, and the
    heaviest operator at least twice the next; the back end's program also
    runs once another operator of the heavy one's kind (``linalg.gemm2``
    for dot, expm1 for exp, arctan for tanh), sized to take twice one heavy
    call's time, which its profile must show at least 1.4 times as slow call for
    call (the heaviest by its time per call, not its total, is the wrong one
    there). A diagnosis that disagrees with that profile counts only when
    the check's next profile of the program is as clear; otherwise both
    programs are built anew and asked about again, up to
    :data:`DIAGNOSE_ASKS` times. Each program is asked about twice, with
    the same operators: the back end's as built and ending with a wait for
    its last result (``fn()`` returns with nothing queued, as a loop that
    reads its last loss), the front end's as built and with a loader that
    decodes its first files in Python (the CPU busy, the back end idle).
    Passes when all four diagnoses are right and
    diagnose never stops, pauses or reads MXNet's profiler after ``fn()``
    returned and before ``nd.waitall()``.
    """
    from mxnet.base import MXNetError

    from asynclab.foundation.profiling import BROKEN

    def program_of(kind: str, back: tuple[str, Callable[[], None], _Truth] | None = None):
        """(heavy operator, program, the check's profile of it) of a program of ``kind`` clear enough to judge;
        the front end's is sized from the back end's program ``back``, with another heavy operator."""
        for _ in range(DIAGNOSE_TRIES):
            heavy, program = _program(kind, back[2].busy_s, avoid=back[0]) if back else _program(kind)
            truth = _truth(program)
            if back is not None:  # the busier of the two, in all and per call, yet the back end mostly idle
                clear = (
                    truth.busy_s >= DIAGNOSE_BUSIER_LEAD * back[2].busy_s
                    and truth.per_call_s >= DIAGNOSE_BUSIER_LEAD * back[2].per_call_s
                )
            else:  # and its decoy clearly the slowest call for call: the heaviest in all is not
                clear = truth.slow_lead >= DIAGNOSE_SLOW_LEAD
            if clear and _clear_for(kind, heavy, truth):
                return heavy, program, truth
        raise RuntimeError(f"the check could not build a program clearly held up by the {kind} on this machine")

    def still_clear(kind: str, heavy: str, program: Callable[[], None]) -> bool:
        """Whether the check's profile of ``program``, taken again, still names ``heavy`` by a clear lead and
        the back end's share on ``kind``'s side of the bounds."""
        try:
            again = _truth(program)
        except Exception:  # the profiler as the answer left it: judge by the profile taken before
            return True
        return _clear_for(kind, heavy, again)

    def condition() -> tuple[bool, str]:
        reason = ""
        for _ in range(DIAGNOSE_ASKS):  # both programs drawn anew each time; judged by the last when never clear
            reason, wrong = ask()
            if wrong is None or still_clear(*wrong):
                break
        return not reason, reason

    def ask() -> tuple[str, tuple[str, str, Callable[[], None]] | None]:
        """Build both programs and ask ``diagnose`` about each, in both its forms: why it failed ("" when all four
        diagnoses are right) and, for a program it diagnosed otherwise than the check's profile did, (kind, heavy
        operator, the program in that form)."""
        # the back end's program is built and measured first (the front end's is sized from it, with another
        # heavy operator); the front end's is measured once more, last: its rows stay in the profiler's table,
        # and the back end's program is diagnosed first. A profile that never resets counts them, and names
        # the front end's heavy operator there (its total is at least DIAGNOSE_BUSIER_LEAD times the back end's
        # whole busy time)
        back = program_of("back end")
        front = program_of("front end", back)
        _truth(front[1])
        # each program is asked about twice: the back end's as built and ending with a wait for its last result
        # (a side read off how long the wait after fn() takes calls that one the front end's), the front end's as
        # built and with a loader that keeps the CPU busy (a side read off the process's CPU time calls that one
        # the back end's); each variant does the same operators, so the check's profile of the program judges both
        variants = {"back end": ({}, {"waits": True}), "front end": ({}, {"burns": True})}
        asked = [
            (kind, heavy, functools.partial(program, **how))
            for kind, (heavy, program) in (("back end", back[:2]), ("front end", front[:2]))
            for how in variants[kind]
        ]
        for kind, heavy, program in asked:
            try:
                with watched_profile() as watch:
                    answer = diagnose(watch.wrap(program))
            except MXNetError as error:
                if "auto_remove_" in str(error):
                    return BROKEN, None
                raise
            if watch.unwaited:
                return (
                    f"diagnose called {watch.unwaited[0]} after fn() returned and before nd.waitall(): the back "
                    "end may still have been running what fn() issued, and a profile taken then can lack its last "
                    "operators; wait for them (a fixed sleep is a guess, not a wait)"
                ), None
            if not isinstance(answer, (tuple, list)) or len(answer) != 2:
                return f"diagnose(fn) must return (operator, side), two values, not {answer!r}", None
            operator, side = answer
            if side not in ("front end", "back end"):
                return f'diagnose(fn) must name the side as "front end" or "back end", not {side!r}', None
            if str(operator) != heavy:
                return (
                    f"for one program you named {operator!r}, which is not the operator that took most of the "
                    "back end's time: compare the operators' total times, not their counts or their time per call, and leave the "
                    "engine's chores out"
                ), (kind, heavy, program)
            if side != kind:
                return (
                    f"for one program you said the {side} set the pace: how much of the program's wall time "
                    "was the back end busy?"
                ), (kind, heavy, program)
        return "", None

    return self.holds(condition, description="both programs diagnosed right")


# ------------------------------------------------------------ step 2: the back end's busy time
#: one device's part of a round: the device, the kind of its products (``one``: a lone product's side,
#: ``long`` and ``short``: a nested round's, :data:`BUSY_NEST`) and how many it computes one after another
_Part = tuple[int, str, int]


def _rounds(mix: str) -> tuple[list[tuple[_Part, ...]], tuple[int, ...]]:
    """The rounds of busy-across-devices' ``fn`` of ``mix`` (:data:`BUSY_MIXES`): the waited rounds, in an
    order drawn, then the devices of the last round (the round ``fn`` returns without waiting for), each with
    one product. ``"apart"``: each device alone with one product, twice, and the last round on one device
    drawn. ``"together"``: three nested rounds in which each device computes the long product once and the
    short chain once (:data:`BUSY_NEST`), three rounds of one product on every device at once, and the last
    round on all three."""
    devices = range(BUSY_DEVICES)
    waited: list[tuple[_Part, ...]]
    if mix == "apart":
        waited = [((d, "one", 1),) for d in devices for _ in range(2)]
        last: tuple[int, ...] = (draw.choice(devices),)
    else:
        shift = draw.choice(range(1, BUSY_DEVICES))  # which device computes the chain beside each long product
        nested = [((d, "long", 1), ((d + shift) % BUSY_DEVICES, "short", BUSY_NEST["pieces"])) for d in devices]
        together = [tuple((d, "one", 1) for d in devices) for _ in devices]
        waited, last = [*nested, *together], tuple(devices)
    draw.shuffle(waited)
    return waited, last


def _work(parts: tuple[_Part, ...]) -> float:
    """A round's work on its busiest device, in lone products: how long its products keep the back end busy."""
    each = {"one": 1.0, "long": BUSY_NEST["long"], "short": BUSY_NEST["chain"] / BUSY_NEST["pieces"]}
    return max(each[kind] * count for _, kind, count in parts)


def _sides(size: int) -> dict[str, int]:
    """The side of each kind of product (:data:`_Part`) for a lone product of side ``size``: a product's work
    grows as its side cubed."""
    return {
        "one": size,
        "long": round(size * BUSY_NEST["long"] ** (1 / 3)),
        "short": round(size * (BUSY_NEST["chain"] / BUSY_NEST["pieces"]) ** (1 / 3)),
    }


def _busy_products() -> list[Callable[[Any], Any]]:
    """The matrix product each device computes in busy-across-devices' ``fn``, by device, in an order drawn:
    three operators of MXNet that take the same time on square matrices (25-29 ms at side 1050, 55-56 ms at
    1350, measured one after another), so that products run at once on the three devices overlap under three
    names, and merging each operator's intervals on its own counts such a round three times, as adding up the
    devices does."""
    from mxnet import nd

    products = [
        lambda x: nd.dot(x, x),
        lambda x: nd.linalg.gemm2(x, x),
        lambda x: nd.FullyConnected(x, x, num_hidden=x.shape[0], no_bias=True),
    ]
    draw.shuffle(products)
    return products


def _empty_the_profiler() -> None:
    """Write out and drop whatever earlier recordings left in the profiler, into a file of the check's own:
    ``dumps`` empties the table and adds the pending trace events to the file configured last."""
    from mxnet import nd, profiler

    from asynclab.foundation.profiling import configure, trace_file

    nd.waitall()
    path = trace_file("check-empty.json")
    try:
        configure(profile_imperative=True, aggregate_stats=True, filename=path)
    except ProfilerBroken:
        pass  # MXNet keeps the last configuration; its table still empties
    profiler.dumps(reset=True)
    if os.path.exists(path):
        os.remove(path)


@check(
    "busy-across-devices",
    points=2,
    protocol=_QUICK,
    calls="busy_ms",
    functions=("busy_ms",),
    # the textbook merge of overlapping intervals (sort by start, extend the last stretch or open one) is
    # 0.83 similar to the course's _union: a student writes it unseen
    idioms=("asynclab.foundation.profiling._union",),
    relations=(
        AtLeast("short", num="found.short", den="found.short_ref", threshold=BUSY_LOW),
        AtMost("short_high", num="found.short", den="found.short_ref", threshold=BUSY_HIGH),
        AtLeast("long", num="found.long", den="found.long_ref", threshold=BUSY_LOW),
        AtMost("long_high", num="found.long", den="found.long_ref", threshold=BUSY_HIGH),
    ),
    sentence=lambda o: (
        f"your busy time was {o.bands['short'].value:.2f}x the time the check's rounds of products took "
        f"with short breaks between them and {o.bands['long'].value:.2f}x with long ones (needs between "
        f"{BUSY_LOW:g}x and {BUSY_HIGH:g}x in both)"
    ),
    threshold=f"within {BUSY_LOW:g}x..{BUSY_HIGH:g}x of the rounds' time, twice",
    figures=lambda o: {
        "ratio": max(
            o.bands["short"].value, 1 / o.bands["short"].value, o.bands["long"].value, 1 / o.bands["long"].value
        )
    },
)
def check_busy_across_devices(self, busy_ms: Callable) -> CheckResult:
    """``busy_ms(fn)`` returns the milliseconds during which at least one of MXNet's operators ran, on any
    device, while ``fn()`` ran.

    Each ``fn`` runs seven rounds of products (a side drawn per fn, small for the rounds apart, large for the
    rounds together) on
    three devices (:func:`_rounds`): six waited for, in an order drawn, then one that ``fn`` returns without
    waiting for. In one ``fn`` (drawn) the products run apart: one product on one device at a time, twice on
    each, and the last round on one device; in the other most run beside others: three nested rounds in which
    one device computes a long product while another computes a chain of short ones inside it
    (:data:`BUSY_NEST`), three rounds of one product on every device at once, and the last round on all
    three. In one ``fn`` the front end does Python work while each waited round computes and a little
    after it; in the other it does none while the products compute, and after each waited round sleeps (both
    ends idle), then does much Python work (:data:`BUSY_BREAKS`). The check times every round itself, the last
    one from gates behind its products (:func:`finished_after`), which wait behind a gate of their own first
    (:data:`BUSY_HOLDS`). Passes when both answers are between :data:`BUSY_LOW` and :data:`BUSY_HIGH` times
    their rounds' time added up, each returned within :data:`BUSY_LATE_S` of its last product's end, and
    neither stopped, paused or read the profiler after ``fn`` returned and before ``nd.waitall()``
    (:func:`~asynclab.checks.profile_reads.watched_profile`).
    """
    import mxnet as mx
    from mxnet import nd

    def one(breaks: dict[str, tuple[float, float]], size: int, hold: float, mix: str) -> tuple[float, float]:
        """busy_ms of one fn with ``breaks`` (:data:`BUSY_BREAKS`) and the rounds of ``mix``
        (:data:`BUSY_MIXES`), on products of side ``size``, its last round held back ``hold`` seconds in the
        back end, and the rounds' time (s)."""
        xs = {
            kind: [nd.random.uniform(shape=(side, side), ctx=mx.cpu(d)) for d in range(BUSY_DEVICES)]
            for kind, side in _sides(size).items()
        }
        nd.waitall()
        lone = float("inf")  # a lone product's time, measured now (on a busy machine, as slow as it is now)
        for _ in range(2):
            start = _clock()
            nd.dot(xs["one"][0], xs["one"][0]).wait_to_read()
            lone = min(lone, _clock() - start)
        waited, last = _rounds(mix)
        product = _busy_products()
        drawn = [{key: draw.uniform(*span) for key, span in breaks.items()} for _ in waited]
        walls: list[float] = []
        calls: list[int] = []
        ends: list[Any] = []  # the last round's gates: each holds when its product was written
        began: list[float] = []  # when fn issued its last round

        def fn() -> None:
            calls.append(1)
            for parts, shares in zip(waited, drawn):
                start = _clock()
                for d, kind, count in parts:
                    for _ in range(count):
                        product[d](xs[kind][d])
                # shorter than the products: the back end is still busy when the front end waits
                keep_busy(shares["overlap"] * lone * _work(parts))
                nd.waitall()  # the round is over when every device is done
                walls.append(_clock() - start)
                _sleep(shares["sleep"] * walls[-1])
                keep_busy(shares["pause"] * walls[-1])
            start = _clock()
            began.append(start)
            # the last round is over when its products are: fn does not wait for them, the gates say when. Its
            # products start once a gate before each has held them back ``hold`` seconds (a gate's own work
            # is not in MXNet's profile)
            held = [gate(xs["one"][d], start, opens=start + hold) for d in last]
            ends[:] = [finished_after(product[d](x), start) for d, x in zip(last, held)]

        _empty_the_profiler()  # the answer's recording holds fn's run, not the student's earlier experiments
        with watched_profile() as watch:
            value = busy_ms(watch.wrap(fn))
        returned = _clock()
        nd.waitall()
        if watch.unwaited:
            raise Rejected(
                f"busy_ms called {watch.unwaited[0]} after fn() returned and before nd.waitall(): fn's last "
                "round may still have been queued, and a recording stopped or read then lacks it; wait for "
                "everything fn queued (a fixed sleep is a guess, not a wait)"
            )
        if ends:
            finished = max(float(end.asscalar()) for end in ends)
            walls.append(finished - hold)
            late = returned - (began[-1] + finished)
            if late > BUSY_LATE_S:
                raise Rejected(
                    f"busy_ms returned {late:.2f} s after the last operator fn queued had finished (needs <= "
                    f"{BUSY_LATE_S:g} s): wait for what fn queued, not for a fixed time"
                )
        try:
            busy = float(value) / 1e3
        except (TypeError, ValueError):
            raise Rejected(f"busy_ms must return milliseconds (a number), not {type(value).__name__}") from None
        if len(calls) != 1:
            raise Rejected(f"busy_ms must call fn() once; it called it {len(calls)} times")
        return busy, sum(walls)

    def found() -> dict[str, float]:
        # the mix that runs products together gets the larger side: its busy time is then 3-4x the other's, and
        # no figure typed in fits both (which fn gets which mix, and so which side, is drawn)
        sizes = dict(zip(BUSY_MIXES, (draw.randrange(*sides) for sides in BUSY_SIZES)))
        holds = [draw.uniform(*span) for span in BUSY_HOLDS]
        draw.shuffle(holds)
        mixes = list(BUSY_MIXES)
        draw.shuffle(mixes)
        order = list(zip(BUSY_BREAKS.items(), [sizes[mix] for mix in mixes], holds, mixes))
        draw.shuffle(order)
        figures: dict[str, float] = {}
        for (key, breaks), size, hold, mix in order:
            figures[key], figures[f"{key}_ref"] = one(breaks, size, hold, mix)
        return figures

    return self.run({"found": found})


# ------------------------------------------------------------ step 3: predict which statements allocate
#: The statements of the prediction step, each run on ``a`` and ``b`` (float32, ALLOC_SHAPE) and on ``c``,
#: an array of the same shape made in advance to receive results.
ALLOC_CALLS = (
    "a += b",
    "y = a + b",
    "nd.elemwise_add(a, b, out=c)",
    "c[:] = a",
    "c[:] = a * 2",
    "y = a.reshape((-1,))",
    "y = a[100:300]",
    "y = a.T",
    "a.copyto(c)",
    "y = a.copy()",
    "nd.dot(a, b, out=c)",
    "y = nd.dot(a, b)",
)
ALLOC_SHAPE = (400, 400)
ALLOC_RUNS = 5  # runs of each statement the profile records, after one unrecorded


def _allocations() -> dict[str, bool]:
    """Whether each of :data:`ALLOC_CALLS` allocates, measured now: any Device Storage event in its profile."""
    from mxnet import nd

    found: dict[str, bool] = {}
    for call in ALLOC_CALLS:
        space = {
            "nd": nd,
            "a": nd.random.uniform(shape=ALLOC_SHAPE),
            "b": nd.random.uniform(shape=ALLOC_SHAPE),
            "c": nd.zeros(ALLOC_SHAPE),
        }
        code = compile(call, "<statement>", "exec")
        exec(code, space)  # once unrecorded: a first use may set up what the later ones reuse
        nd.waitall()

        def runs(code=code, space=space) -> None:
            for _ in range(ALLOC_RUNS):
                exec(code, space)

        table = _profiled(runs)
        memory = table[table["section"] == "Device Storage"]
        found[call] = int(memory["count"].sum()) > 0
    return found


@check(
    "predict-allocations",
    times_cpu=False,
    points=2,
    threshold="all statements",
    instruments=("mxnet.profiler",),
    # worked out from the statements' text: a table computed by running them, or with a clock, measured
    measured_by=("mxnet", "numpy", "asynclab.foundation", *CLOCKS),
)
def check_predict_allocations(self, predicted) -> CheckResult:
    """``predicted`` maps each of :data:`ALLOC_CALLS` to True (running it allocates) or False.

    The check runs every statement five times inside its own profile, after
    one unrecorded run, and reads the Device Storage section. It passes when
    every prediction matches; a FAIL says neither how many missed nor which.
    """

    def condition() -> tuple[bool, str]:
        return yes_or_no(
            predicted,
            ALLOC_CALLS,
            "statement of lab07.ALLOC_CALLS, the text as key",
            _allocations,
            "what the profiler recorded: a statement allocates when MXNet must make a new array to hold its result",
        )

    return self.holds(condition, description=f"all {len(ALLOC_CALLS)} predictions matched the profile")


# ------------------------------------------------------------ step 4: a training step that allocates nothing
@check(
    "momentum-allocates-nothing",
    times_cpu=False,
    points=2,
    functions=("momentum_step",),
    instruments=("mxnet.profiler",),  # the check counts allocations in its profile: an answer could stop it
    threshold="no allocation in 5 steps, MXNet's or the host's; w and v updated right, g untouched",
)
def check_momentum_allocates_nothing(self, momentum_step: Callable) -> CheckResult:
    """``momentum_step(w, v, g, lr, mu, tmp)`` updates ``w`` and ``v`` in place, allocating nothing.

    SGD with momentum: ``v <- mu * v - lr * g``, then ``w <- w + v``. Five calls, on a shape, a
    learning rate and a momentum drawn at random, must record no allocation in MXNet's profile
    (its Device Storage section) nor take a quarter of an array's bytes of host memory at its peak
    (tracemalloc: NumPy's arrays too) nor copy values between MXNet and the host (``asnumpy``, writing
    NumPy values into an array: :func:`~asynclab.checks.host_copies.host_copies`), run at least five operators,
    return ``w`` itself, issue no operator that writes into ``g`` (:func:`~asynclab.checks.array_writes.writes_into`:
    a gradient used as scratch and copied back is written), leave ``g`` as it was, and leave in ``w`` and ``v`` what five steps give (computed by the check with NumPy,
    from copies taken before the first call). Before every step after the first the check writes a
    new gradient into ``g`` (scales it in place by a factor drawn from 0.5-1.5), as a training loop
    does: an update worked out once and kept (``lr * g`` cached by the array's id) is stale. ``g`` is
    compared bit for bit with a copy scaled by the same operator: scaled by ``lr`` and back again, it
    is not what it was. ``tmp`` is handed over holding random values with a NaN and an infinity among
    them: a step that reads it before writing it (``tmp *= 0; tmp += g``) is off.
    """
    import numpy as np
    from mxnet import nd

    from asynclab.foundation.profiling import BROKEN

    def condition() -> tuple[bool, str]:
        shape = draw.choice(INTO_SHAPES)
        lr, mu = round(draw.uniform(0.01, 0.2), 3), round(draw.uniform(0.5, 0.95), 3)
        w, g = nd.random.uniform(-1, 1, shape=shape), nd.random.uniform(-1, 1, shape=shape)
        v = nd.random.uniform(-0.1, 0.1, shape=shape)
        # a scratch array holds whatever its last user left, a NaN and an infinity among it: an update that adds
        # into it, counting on zeros, is off, and so is one that clears it by multiplying by 0 (0 * NaN is NaN)
        left = nd.random.uniform(-1, 1, shape=shape).asnumpy()
        left.flat[draw.randrange(left.size)], left.flat[draw.randrange(left.size)] = np.nan, np.inf
        tmp = nd.array(left, dtype=left.dtype)
        nd.waitall()
        w_np, v_np, g_np = w.asnumpy(), v.asnumpy(), g.asnumpy()
        g_ref = g.copy()  # what g must hold after the steps: the check's scalings alone, by the same operator
        # a new gradient in the same array before every step after the first, as a training loop writes it: the
        # check scales g in place (an operator of its own, no allocation), so an update kept from an earlier step
        # is stale
        scales = [round(draw.uniform(0.5, 1.5), 3) for _ in range(STEPS - 1)]
        for step in range(STEPS):
            if step:
                g_np = g_np * np.float32(scales[step - 1])
            v_np = np.float32(mu) * v_np - np.float32(lr) * g_np
            w_np = w_np + v_np
        returned = []
        tracing = tracemalloc.is_tracing()
        if not tracing:
            tracemalloc.start()
        copies: list[int] = []
        host: list[int] = []
        wrote_g: list[int] = []

        def steps() -> None:
            # the host's peak over the steps alone: the profile's table read after them imports pandas
            tracemalloc.reset_peak()
            before = tracemalloc.get_traced_memory()[0]
            with host_copies() as found:
                try:
                    for step in range(STEPS):
                        if step:
                            g.__imul__(scales[step - 1])
                        with writes_into(g) as into_g:  # around the answer alone: the check scales g itself
                            returned.append(momentum_step(w, v, g, lr, mu, tmp))
                        wrote_g.append(into_g.operators)
                finally:
                    copies.append(found.calls)
                    host.append(tracemalloc.get_traced_memory()[1] - before)

        try:
            table = _profiled(steps)
        finally:
            if not tracing:
                tracemalloc.stop()
        if copies[0]:
            return False, (
                f"the steps copied values between MXNet and the host {copies[0]} times (asnumpy, NumPy values written "
                "into an array, an array shared through DLPack): computed on the host, the update allocates there, a band at a time; "
                "compute it with MXNet's operators, in place"
            )
        if host[0] > HOST_SHARE * w.size * 4:
            return False, (
                f"the steps made {host[0] / 1e6:.1f} MB of arrays on the host (NumPy's memory, not MXNet's): "
                "a copy to NumPy is an allocation too, which MXNet's profile does not show"
            )
        if any(r is not w for r in returned):
            return False, "momentum_step must return w itself, the array it updated"
        if any(wrote_g):  # written and restored is written: the caller's g held lr * g meanwhile
            return False, (
                f"momentum_step wrote into g ({sum(wrote_g)} operators in {STEPS} steps): the gradient belongs to "
                "the caller, even where it is put back afterwards; keep intermediate results in tmp"
            )
        for scale in scales:
            g_ref.__imul__(scale)
        if not np.array_equal(g.asnumpy(), g_ref.asnumpy()):  # bit for bit: g written and restored is not g
            return (
                False,
                "momentum_step changed g: the gradient belongs to the caller; keep intermediate results in tmp",
            )
        for name, found, expected in (("v", v, v_np), ("w", w, w_np)):
            if not np.allclose(found.asnumpy(), expected, rtol=1e-4, atol=1e-5):
                return False, (
                    f"after {STEPS} steps {name} does not hold what v <- mu * v - lr * g, then w <- w + v give "
                    f"(lr={lr:g}, mu={mu:g}, a new gradient in g at every step), updated in place"
                )
        memory = table[table["section"] == "Device Storage"]
        allocations = int(memory["count"].sum())
        if allocations:
            return False, (
                f"MXNet's profile recorded {allocations} memory events in {STEPS} steps: some operation made a "
                "new array (an operator called without out=, or an arithmetic expression, returns a fresh one)"
            )
        ran = table[(table["section"] == "operator") & ~table["name"].isin(CHORES)]
        if ran.empty and "Device Storage" not in set(table["section"]):
            return False, "MXNet's profiler recorded nothing: " + BROKEN
        if int(ran["count"].sum()) < STEPS + len(scales):  # the check's own scalings of g among them
            return False, f"the {STEPS} steps ran fewer than {STEPS} operators: each step must compute the update"
        return True, ""

    return self.holds(condition, description=f"{STEPS} steps, no allocation, the update right, g untouched")
