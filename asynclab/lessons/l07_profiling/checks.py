"""Checks of lab 07, "Profiling".

Each check runs workloads it builds itself through the student's code and
compares with what it knows by construction or measures on its own.
Effect sizes and margins are in ``bench/reports/checks_robustness.md``:

- diagnoses-the-program: exact. ``diagnose(fn)`` returns the operator that
  took most of the back end's time and the side (front end or back end)
  that set the pace, for two programs the check builds: in both, every
  step does some Python work (a data loader's) and issues one of 600-900
  operators drawn from relu, sigmoid and ``+ 1``; a heavy operator drawn
  from dot, exp and tanh comes in the last steps, once after tiny many and
  more Python work per step (the front end sets the pace), or three or four
  times, larger, after middling many (the back end does). Names and counts
  are alike in both: only the times tell them apart. The truth is the
  check's own profile of the same program, which must show the back end
  busy for at most 0.3 or at least 0.75 of the wall time and the heaviest
  operator at least twice the next (else the program is drawn again, up to
  eight times; at 1.3 the solution's own run once ranked the two the other
  way round, in one of ten quiet bench runs). Both programs keep far from
  the step's rule (more than half the wall time), because a right answer
  may take the wall time from a run of its own, outside its profile, and
  on a busy machine two runs of one program differ. Measured with the
  check's own ``_truth`` of ``_program(kind)`` over the 9 pairs of
  operators, quiet and with two busy processes: the front end's program
  (a sum over 3000 squares per step, heavy operator dot 950², exp 4.4M,
  tanh 1.5M) shares 0.11-0.26 and 0.08-0.35, leads 3.9-13 and 4.8-29; the
  back end's (heavy operator dot 1400², exp 10M, tanh 6M) shares 0.86-0.98
  and 0.83-0.95, leads 7.8-24 and 9.4-46. The share such an answer reads
  (the profile's busy time over a separate run's wall time) was 0.72-1.26
  for the back end's program with two busy processes. The check's profile
  of the back end's program is left in the profiler's table and the front
  end's program is diagnosed first: a profile that never resets counts
  both. The heavy operators come last, so a profile stopped before its
  wait misses them (spread among the many, they finished before such a
  stop on a busy machine, and that answer passed once in make test).
- agrees-with-clock: a spot-the-bug. The step shows a colleague's
  ``backend_ms`` that sums each operator's average (a third of three
  products) and never resets the profiler's table (every call counts what
  the calls and profiles before it recorded); the fixed ``backend_ms(fn)``
  must report the time the operators ran while ``fn`` ran; ``fn`` issues three products of a size drawn at
  random and pauses after each without waiting (the product runs during the
  pause), at two sizes: 1.2-1.6 products' time at one, 6-7 at the other
  (drawn), so a wall-clock reading is about 1.2-7x too long and no one
  divisor of it fits both sizes; the front end's calls (the ``MXNET_C_API`` section)
  take almost nothing, since nothing waits. Reference: the check's own
  synchronized timing of the same product (median of three) times three.
  Window 0.45x..1.6x: a right answer reads low more often than high (the
  reference, a synchronized timing, carries the wake-up after each wait,
  which load stretches): 0.64x in the bench's worst loaded run and 0.60x once
  in make test, which failed the former lower bound of 0.62x. Wrong answers
  sit far outside at one size at least: the front end's calls 0.27x at the
  small size and 0.01x at the large, the wall clock 1.2x-7x. ``fn`` pauses with the ``time.sleep`` the check
  took when it was imported, so an answer that makes ``time.sleep`` return
  at once while ``fn`` runs (its products then run back to back, and the
  wall time of ``fn()`` is their time) reads the pauses too.
- predict-allocations: exact. Twelve statements the lesson did not run (an
  in-place operator, out=, a copy into an array that exists, an expression
  copied into one, a reshape, a slice of rows, a transpose, copies, a
  product with and without out=), each run once and then five times in the
  check's own profile; a statement allocates when the Device Storage
  section records anything. Every prediction must match; a FAIL says
  neither how many missed nor which. The truth is measured per run, never
  stored: it is the same on every run, quiet, loaded and on one core.
- momentum-allocates-nothing: exact. Five calls of ``momentum_step(w, v,
  g, lr, mu, tmp)`` (SGD with momentum, in place, ``tmp`` a scratch array of
  the same shape) on a shape, learning rate and momentum drawn at random
  must record no allocation in the profiler's Device Storage section, take
  at most a quarter of an array's bytes of host memory at their peak
  (tracemalloc: a detour through NumPy copies whole arrays there, which
  MXNet's profile does not show), run at least five operators, return
  ``w``, leave ``g`` untouched and leave in ``w`` and ``v`` what five steps
  give. The lesson wrote one operator's
  result into ``out=``; here every intermediate of an expression
  (``lr * g``) is a fresh array unless it goes into ``tmp``.
"""

from __future__ import annotations

import gc
import os
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from asynclab.checks import draw
from asynclab.checks.core import CheckResult, Protocol, Rejected, check, refuse_unless_checking
from asynclab.checks.predictions import yes_or_no
from asynclab.checks.relations import AtLeast, AtMost
from asynclab.foundation.profiling import CHORES, ProfilerBroken

# the check's own clock and pause, taken when the check is imported: an answer that swaps time.sleep
# for a no-op while fn runs (so the products run back to back) or time.perf_counter for its own
# cannot change the pauses of fn or the check's reference timing
_clock, _pause = time.perf_counter, time.sleep

CLOCK_LOW, CLOCK_HIGH = 0.45, 1.6  # the answer / the check's own timing, at both sizes
#: the pause after each product is issued, in products' times: drawn per run from one range at one size and
#: from the other at the other size (which gets which is drawn too), so that no one divisor of the wall time
#: lands in the window at both sizes (it would need to be at most 1.6 / 0.45 = 3.56 and at least 6.0 / 1.6 = 3.75)
PAUSE_FACTORS = ((1.2, 1.6), (6.0, 7.0))
PRODUCTS = 3
CLOCK_SIZES = ((500, 600), (900, 1000))  # one size drawn from each
DIAGNOSE_HEAVY = ("dot", "exp", "tanh")  # the heavy operator of a program, drawn
DIAGNOSE_MANY = ("relu", "sigmoid", "_plus_scalar")  # the many operators of a program, drawn
DIAGNOSE_COUNT = (600, 901)  # how many of them, drawn from range(*DIAGNOSE_COUNT)
#: shapes per kind of program: the heavy operator's input, and the many operators' input, by operator
DIAGNOSE_SIZES = {
    "back end": {
        "dot": (1400, 1400),
        "exp": (10_000_000,),
        "tanh": (6_000_000,),
        "relu": (40_000,),
        "sigmoid": (4_000,),
        "_plus_scalar": (40_000,),
    },
    "front end": {
        "dot": (950, 950),
        "exp": (4_400_000,),
        "tanh": (1_500_000,),
        "relu": (10,),
        "sigmoid": (10,),
        "_plus_scalar": (10,),
    },
}
#: the Python work of every step of a program (a sum over this many squares), by kind: the front end's
#: program does more, so that its one heavy operator can be large (several ms and more) and still leave
#: the back end idle most of the time
DIAGNOSE_PYTHON = {"back end": 400, "front end": 3000}
DIAGNOSE_FRONT_SHARE = 0.3  # a program held up by the front end keeps the back end busy at most this share
DIAGNOSE_BACK_SHARE = 0.75  # one held up by the back end keeps it busy at least this share of the wall time
DIAGNOSE_LEAD = 2.0  # the heaviest operator's total over the next one's, at least
DIAGNOSE_TRIES = 8  # programs drawn until one is that clear
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
    }


def _program(kind: str) -> tuple[str, Callable[[], None]]:
    """One of the check's programs, operators and sizes drawn: ``(its heaviest operator, the program)``.

    Every step of both does some Python work of its own (as a data loader
    would) and issues one of the many operators; the heavy ones come in the
    last steps. ``"back end"``: two or three large operators after many
    middling ones, so the back end is busy nearly all the time; ``"front
    end"``: one medium operator after many tiny ones, which cost the front
    end far more (its Python work, then issuing) than the back end, yet the
    medium one outweighs them in the back end. The heavy operator comes from one pool for both kinds and the
    many from another, in the same numbers: neither the names nor the counts
    tell the two kinds apart, only the times.
    """
    from mxnet import nd

    ops = _diagnose_ops()
    python = DIAGNOSE_PYTHON[kind]
    heavy, many = draw.choice(DIAGNOSE_HEAVY), draw.choice(DIAGNOSE_MANY)
    count = draw.randrange(*DIAGNOSE_COUNT)
    heavy_in = nd.random.uniform(shape=DIAGNOSE_SIZES[kind][heavy])
    many_in = nd.random.uniform(shape=DIAGNOSE_SIZES[kind][many])
    heavies = draw.randrange(3, 5) if kind == "back end" else 1
    spots = set(range(count - heavies, count))  # the last steps: a profile stopped before its wait misses them
    nd.waitall()

    def program() -> None:
        for i in range(count):
            sum(k * k for k in range(python))  # the step's own Python work, as a data loader's
            if i in spots:
                ops[heavy](heavy_in)
            ops[many](many_in)

    return heavy, program


def _truth(program: Callable[[], None]) -> tuple[str, float, float]:
    """From the check's own profile of ``program``: its heaviest operator, the back end's busy share of
    the wall time, and how many times the heaviest operator's total outweighs the next."""
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
    return str(ops["name"].iloc[0]), float(ops["total"].sum()) / (1e3 * walls[0]), lead


@check("diagnoses-the-program", points=3, functions=("diagnose",), threshold="exact, two programs")
def check_diagnoses_the_program(self, diagnose: Callable) -> CheckResult:
    """``diagnose(fn)`` returns ``(operator, side)``: the operator that took most of the back end's time
    while ``fn()`` ran, and ``"front end"`` or ``"back end"``, whichever set the program's pace.

    The check builds two programs of its own, one held up by the back end
    and one by the front end, with operators, sizes and counts drawn, and
    checks each against its own profile of the same program, used only when
    that profile leaves no doubt: the back end busy for at most 0.3 or at
    least 0.75 of the wall time, as the program was built to be, and the
    heaviest operator at least twice the next. Passes when both
    diagnoses are right.
    """
    from mxnet.base import MXNetError

    from asynclab.foundation.profiling import BROKEN

    def program_of(kind: str) -> tuple[str, Callable[[], None]]:
        for _ in range(DIAGNOSE_TRIES):
            heavy, program = _program(kind)
            top, share, lead = _truth(program)
            clear = share <= DIAGNOSE_FRONT_SHARE if kind == "front end" else share >= DIAGNOSE_BACK_SHARE
            if clear and top == heavy and lead >= DIAGNOSE_LEAD:
                return heavy, program
        raise RuntimeError(f"the check could not build a program clearly held up by the {kind} on this machine")

    def condition() -> tuple[bool, str]:
        # the programs are built and measured first, the back end's last: its rows stay in the profiler's
        # table, and the front end's program is diagnosed first (a profile that never resets counts them)
        built = {kind: program_of(kind) for kind in ("front end", "back end")}
        for kind in ("front end", "back end"):
            heavy, program = built[kind]
            try:
                answer = diagnose(program)
            except MXNetError as error:
                if "auto_remove_" in str(error):
                    return False, BROKEN
                raise
            if not isinstance(answer, (tuple, list)) or len(answer) != 2:
                return False, f"diagnose(fn) must return (operator, side), two values, not {answer!r}"
            operator, side = answer
            if side not in ("front end", "back end"):
                return False, f'diagnose(fn) must name the side as "front end" or "back end", not {side!r}'
            if str(operator) != heavy:
                return False, (
                    f"for one program you named {operator!r}, which is not the operator that took most of the "
                    "back end's time: compare the operators' total times, not their counts, and leave the "
                    "engine's chores out"
                )
            if side != kind:
                return False, (
                    f"for one program you said the {side} set the pace: how much of the program's wall time "
                    "was the back end busy?"
                )
        return True, ""

    return self.holds(condition, description="both programs diagnosed right")


# ------------------------------------------------------------ step 2: the back end's time
@check(
    "agrees-with-clock",
    points=2,
    protocol=_QUICK,
    calls="backend_ms",
    functions=("backend_ms",),
    relations=(
        AtLeast("small", num="found.small", den="found.small_ref", threshold=CLOCK_LOW),
        AtMost("small_high", num="found.small", den="found.small_ref", threshold=CLOCK_HIGH),
        AtLeast("large", num="found.large", den="found.large_ref", threshold=CLOCK_LOW),
        AtMost("large_high", num="found.large", den="found.large_ref", threshold=CLOCK_HIGH),
    ),
    sentence=lambda o: (
        f"your back-end time was {o.bands['small'].value:.2f}x the products' own time at size "
        f"{int(o.median('found.small_n'))} and {o.bands['large'].value:.2f}x at size "
        f"{int(o.median('found.large_n'))} (needs between {CLOCK_LOW:g}x and "
        f"{CLOCK_HIGH:g}x at both)"
    ),
    threshold=f"within {CLOCK_LOW:g}x..{CLOCK_HIGH:g}x at two sizes",
    figures=lambda o: {
        "ratio": max(
            o.bands["small"].value, 1 / o.bands["small"].value, o.bands["large"].value, 1 / o.bands["large"].value
        )
    },
)
def check_agrees_with_clock(self, backend_ms: Callable) -> CheckResult:
    """``backend_ms(fn)`` returns the milliseconds MXNet's operators ran while ``fn()`` ran.

    ``fn`` issues three products, each followed by a pause (it does not wait
    for them) of 1.2-1.6 times its compute time at one of two sizes drawn at
    random and 6-7 times at the other. Passes when the answer is between
    0.45x and 1.6x of the check's own timing of the same products, at both
    sizes.
    """
    from mxnet import nd

    sizes = {"small": draw.randrange(*CLOCK_SIZES[0]), "large": draw.randrange(*CLOCK_SIZES[1])}
    ranges = list(PAUSE_FACTORS)
    draw.shuffle(ranges)
    pauses = {key: round(draw.uniform(*span), 2) for key, span in zip(sizes, ranges)}
    xs = {key: nd.random.uniform(shape=(n, n)) for key, n in sizes.items()}
    nd.waitall()

    def found() -> dict[str, float]:
        figures: dict[str, float] = {}
        for key, x in xs.items():
            times = []
            for _ in range(3):
                nd.waitall()
                start = _clock()
                nd.dot(x, x).wait_to_read()
                times.append(_clock() - start)
            one = sorted(times)[1]
            calls = []

            def fn(x=x, one=one, calls=calls, pause=pauses[key]) -> None:
                calls.append(1)
                for _ in range(PRODUCTS):
                    nd.dot(x, x)  # issued, not waited for: it runs during the pause
                    _pause(pause * one)

            value = backend_ms(fn)
            try:
                figures[key] = float(value) / 1e3
            except (TypeError, ValueError):
                raise Rejected(f"backend_ms must return milliseconds (a number), not {type(value).__name__}") from None
            if len(calls) != 1:
                raise Rejected(f"backend_ms must call fn() once; it called it {len(calls)} times")
            figures[f"{key}_ref"] = PRODUCTS * one
            figures[f"{key}_n"] = float(sizes[key])
        nd.waitall()
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


@check("predict-allocations", times_cpu=False, points=2, threshold="all statements")
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
    threshold="no allocation in 5 steps, MXNet's or the host's; w and v updated right, g untouched",
)
def check_momentum_allocates_nothing(self, momentum_step: Callable) -> CheckResult:
    """``momentum_step(w, v, g, lr, mu, tmp)`` updates ``w`` and ``v`` in place, allocating nothing.

    SGD with momentum: ``v <- mu * v - lr * g``, then ``w <- w + v``. Five calls, on a shape, a
    learning rate and a momentum drawn at random, must record no allocation in MXNet's profile
    (its Device Storage section) nor take a quarter of an array's bytes of host memory at its peak
    (tracemalloc: NumPy's arrays too), run at least five operators, return ``w`` itself, leave ``g`` as
    it was, and leave in ``w`` and ``v`` what five steps give (computed by the check with NumPy,
    from copies taken before the first call).
    """
    import numpy as np
    from mxnet import nd

    from asynclab.foundation.profiling import BROKEN

    def condition() -> tuple[bool, str]:
        shape = draw.choice(INTO_SHAPES)
        lr, mu = round(draw.uniform(0.01, 0.2), 3), round(draw.uniform(0.5, 0.95), 3)
        w, g = nd.random.uniform(-1, 1, shape=shape), nd.random.uniform(-1, 1, shape=shape)
        v, tmp = nd.random.uniform(-0.1, 0.1, shape=shape), nd.zeros(shape)
        nd.waitall()
        w_np, v_np, g_np = w.asnumpy(), v.asnumpy(), g.asnumpy()
        for _ in range(STEPS):
            v_np = np.float32(mu) * v_np - np.float32(lr) * g_np
            w_np = w_np + v_np
        returned = []
        tracing = tracemalloc.is_tracing()
        if not tracing:
            tracemalloc.start()
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        try:
            table = _profiled(lambda: returned.extend(momentum_step(w, v, g, lr, mu, tmp) for _ in range(STEPS)))
            host = tracemalloc.get_traced_memory()[1] - before
        finally:
            if not tracing:
                tracemalloc.stop()
        if host > HOST_SHARE * w.size * 4:
            return False, (
                f"the steps made {host / 1e6:.1f} MB of arrays on the host (NumPy's memory, not MXNet's): "
                "a copy to NumPy is an allocation too, which MXNet's profile does not show"
            )
        if any(r is not w for r in returned):
            return False, "momentum_step must return w itself, the array it updated"
        if not np.array_equal(g.asnumpy(), g_np):
            return (
                False,
                "momentum_step changed g: the gradient belongs to the caller; keep intermediate results in tmp",
            )
        for name, found, expected in (("v", v, v_np), ("w", w, w_np)):
            if not np.allclose(found.asnumpy(), expected, rtol=1e-4, atol=1e-5):
                return False, (
                    f"after {STEPS} steps {name} does not hold what v <- mu * v - lr * g, then w <- w + v give "
                    f"(lr={lr:g}, mu={mu:g}), updated in place"
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
        if int(ran["count"].sum()) < STEPS:
            return False, f"the {STEPS} steps ran fewer than {STEPS} operators: each step must compute the update"
        return True, ""

    return self.holds(condition, description=f"{STEPS} steps, no allocation, the update right, g untouched")
