"""Checks of lab 07, "Profiling".

Each check runs workloads it builds itself through the student's code and
compares with what it knows by construction or measures on its own.
Effect sizes and margins are in ``bench/reports/checks_robustness.md``:

- names-the-hotspot: exact. ``profile(fn)`` must return MXNet's aggregate
  table for what ``fn`` ran, twice, for two workloads in random order with
  counts drawn at random: one where a single large product takes most of
  the time beside 30-40 small ReLUs, one where 15-25 exponentials of a
  1000x1000 array outweigh one small product (by far more than any noise).
  The top operator and both operators' counts must match. A table taken
  without waiting before ``stop`` has no operator; one never reset counts
  the first workload's operators in the second.
- agrees-with-clock: ``backend_ms(fn)`` must report the time the operators
  ran while ``fn`` ran; ``fn`` issues three products of a size drawn at
  random and pauses three products' time after each without waiting (the
  product runs during the pause), at two sizes. A wall-clock reading is
  about 3-4x too long; the front end's calls (the ``MXNET_C_API`` section)
  take almost nothing, since nothing waits. Reference: the check's own
  synchronized timing of the same product (median of three) times three.
  Window 1.6x either way. ``fn`` pauses with the ``time.sleep`` the check
  took when it was imported, so an answer that makes ``time.sleep`` return
  at once while ``fn`` runs (its products then run back to back, and the
  wall time of ``fn()`` is their time) reads the pauses too.
- writes-into-out: exact. Five calls of ``relu_into(x, out)`` on a shape
  drawn at random must record no allocation in the profiler's Device
  Storage section, run at least five operators, and leave relu(x) in
  ``out``, which they return.
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable
from typing import Any

from asynclab.checks import draw
from asynclab.checks.core import CheckResult, Protocol, Rejected, check
from asynclab.checks.relations import Within
from asynclab.foundation.profiling import CHORES, ProfilerBroken

# the check's own clock and pause, taken when the check is imported: an answer that swaps time.sleep
# for a no-op while fn runs (so the products run back to back) or time.perf_counter for its own
# cannot change the pauses of fn or the check's reference timing
_clock, _pause = time.perf_counter, time.sleep

CLOCK_TOLERANCE = 1.6
PAUSE_FACTOR = 3.0  # the pause after each product is issued, in products' times
PRODUCTS = 3
CLOCK_SIZES = ((500, 600), (900, 1000))  # one size drawn from each
HOT_COUNTS = {"relu": (30, 41), "exp": (15, 26)}
INTO_SHAPES = ((1500, 1500), (2000, 1000), (1000, 2500))

_QUICK = Protocol(warmup=1, min_rounds=3, max_rounds=8, budget_s=25.0)
_checking = [0]  # > 0 while a check of this lab profiles: the helper is the check's, not an answer


def _profiled(fn: Callable[[], Any]):
    """The check's own aggregate table of what ``fn()`` ran (all sections); only a check may call it."""
    from mxnet import nd, profiler

    from asynclab.foundation.profiling import aggregate, configure, trace_file

    if not _checking[0]:
        raise RuntimeError("this is the check's own profiling, not an answer: write your own with mx.profiler")
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
    return aggregate(profiler.dumps(reset=True))


def _operators(table: Any, what: str):
    """The operator rows of a table a student returned, or one sentence on what is wrong with it."""
    import pandas as pd

    if not isinstance(table, pd.DataFrame):
        raise Rejected(
            f"{what} must return a pandas DataFrame (asynclab.foundation.profiling.aggregate gives one), "
            f"not {type(table).__name__}"
        )
    missing = {"name", "count", "total"} - set(table.columns)
    if missing:
        raise Rejected(f"{what} returned a table without the column(s) {', '.join(sorted(missing))}")
    if "section" in table.columns:
        table = table[table["section"] == "operator"]
    return table[~table["name"].isin(CHORES)]


# ------------------------------------------------------------ step 1: a correct profile
@check("names-the-hotspot", points=3, functions=("profile",), threshold="exact, two workloads")
def check_names_the_hotspot(self, profile: Callable) -> CheckResult:
    """``profile(fn)`` returns MXNet's aggregate table (a DataFrame) of the operators ``fn()`` ran.

    The check calls it for two workloads in random order, with counts drawn
    at random; passes when, both times, the operator with the largest total
    time and the counts of the workload's two operators are what the
    workload ran.
    """
    from mxnet import nd
    from mxnet.base import MXNetError

    from asynclab.foundation.profiling import BROKEN

    big, small = nd.random.uniform(shape=(1200, 1200)), nd.random.uniform(shape=(200, 200))
    square = nd.random.uniform(shape=(1000, 1000))
    nd.waitall()

    def condition() -> tuple[bool, str]:
        relus = draw.randrange(*HOT_COUNTS["relu"])
        exps = draw.randrange(*HOT_COUNTS["exp"])
        workloads = [
            ("dot", {"dot": 1, "relu": relus}, lambda: [nd.dot(big, big)] + [nd.relu(small) for _ in range(relus)]),
            ("exp", {"exp": exps, "dot": 1}, lambda: [nd.exp(square) for _ in range(exps)] + [nd.dot(small, small)]),
        ]
        draw.shuffle(workloads)
        for top, counts, fn in workloads:
            nd.waitall()
            try:
                table = _operators(profile(fn), "profile(fn)")
            except MXNetError as error:
                if "auto_remove_" in str(error):
                    return False, BROKEN
                raise
            if table.empty:
                return False, (
                    "your table has no operator row: did the engine run the operators before the profiler stopped?"
                )
            found_top = str(table.sort_values("total", ascending=False)["name"].iloc[0])
            found = {name: int(table[table["name"] == name]["count"].sum()) for name in counts}
            if found != counts:
                shown = ", ".join(f"{name} {found[name]} (ran {counts[name]})" for name in counts)
                return False, (
                    f"your table's counts did not match what the workload ran: {shown}; "
                    "does each table hold one recording, and all of it?"
                )
            if found_top != top:
                return False, f"your table puts {found_top} first; the workload's time went to {top}"
        return True, ""

    return self.holds(condition, description="both tables named the right operator and counts")


# ------------------------------------------------------------ step 2: the back end's time
@check(
    "agrees-with-clock",
    points=2,
    protocol=_QUICK,
    calls="backend_ms",
    functions=("backend_ms",),
    relations=(
        Within("small", num="found.small", den="found.small_ref", tolerance=CLOCK_TOLERANCE),
        Within("large", num="found.large", den="found.large_ref", tolerance=CLOCK_TOLERANCE),
    ),
    sentence=lambda o: (
        f"your back-end time was {o.bands['small'].value:.2f}x the products' own time at size "
        f"{int(o.median('found.small_n'))} and {o.bands['large'].value:.2f}x at size "
        f"{int(o.median('found.large_n'))} (needs between {1 / CLOCK_TOLERANCE:.2g}x and "
        f"{CLOCK_TOLERANCE:g}x at both)"
    ),
    threshold=f"within {1 / CLOCK_TOLERANCE:.2g}x..{CLOCK_TOLERANCE:g}x at two sizes",
    figures=lambda o: {
        "ratio": max(
            o.bands["small"].value, 1 / o.bands["small"].value, o.bands["large"].value, 1 / o.bands["large"].value
        )
    },
)
def check_agrees_with_clock(self, backend_ms: Callable) -> CheckResult:
    """``backend_ms(fn)`` returns the milliseconds MXNet's operators ran while ``fn()`` ran.

    ``fn`` issues three products, each followed by a pause of three times
    its compute time (it does not wait for them), at two sizes drawn at
    random. Passes when the answer is within 1.6x of the check's own timing
    of the same products, at both sizes.
    """
    from mxnet import nd

    sizes = {"small": draw.randrange(*CLOCK_SIZES[0]), "large": draw.randrange(*CLOCK_SIZES[1])}
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

            def fn(x=x, one=one, calls=calls) -> None:
                calls.append(1)
                for _ in range(PRODUCTS):
                    nd.dot(x, x)  # issued, not waited for: it runs during the pause
                    _pause(PAUSE_FACTOR * one)

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


# ------------------------------------------------------------ step 3: into an existing output
@check("writes-into-out", points=2, functions=("relu_into",), threshold="no allocation, relu(x) in out")
def check_writes_into_out(self, relu_into: Callable) -> CheckResult:
    """``relu_into(x, out)`` writes relu(x) into the existing array ``out`` and returns ``out``.

    Five calls, on a shape drawn at random, must record no allocation in
    MXNet's profile (its Device Storage section), run at least five
    operators, and leave relu(x) in ``out``.
    """
    import numpy as np
    from mxnet import nd

    from asynclab.foundation.profiling import BROKEN

    def condition() -> tuple[bool, str]:
        shape = draw.choice(INTO_SHAPES)
        x = nd.random.uniform(-1, 1, shape=shape)
        out = nd.zeros(shape)
        nd.waitall()
        returned = []
        _checking[0] += 1
        try:
            table = _profiled(lambda: returned.extend(relu_into(x, out) for _ in range(5)))
        finally:
            _checking[0] -= 1
        if any(r is not out for r in returned):
            return False, "relu_into(x, out) must return out itself, the array it wrote into"
        if not np.array_equal(out.asnumpy(), np.maximum(x.asnumpy(), 0)):
            return False, "after relu_into(x, out), out does not hold relu(x)"
        memory = table[table["section"] == "Device Storage"]
        allocations = int(memory["count"].sum())
        if allocations:
            return False, (
                f"MXNet's profile recorded {allocations} memory events in 5 calls: something allocated "
                "a new array; write the operator's result straight into out"
            )
        ran = table[(table["section"] == "operator") & ~table["name"].isin(CHORES)]
        if ran.empty and "Device Storage" not in set(table["section"]):
            return False, "MXNet's profiler recorded nothing: " + BROKEN
        if int(ran["count"].sum()) < 5:
            return False, "the 5 calls ran fewer than 5 operators: each call must compute relu(x)"
        return True, ""

    return self.holds(condition, description="5 calls, no allocation, relu(x) in out")
