"""diagnose profiles fn as the solution does, but takes the wall time from the trace: from the first operator's
start to the last operator's end, the span lesson 07 printed as "the operators ran for". That leaves out the
front end's time before the first operator and after the last: a program that loads its files for 2 s and then
computes for 0.3 s keeps the back end busy 0.13 of its time, yet this names the back end. The check's front-end
program does most of its loader's waiting before its first step."""

EXPECT = {"diagnoses-the-program": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate, parse_trace

TRACE = ""


# %% ex1-diagnose
def profile(fn):
    """Run fn() under MXNet's profiler; return the aggregate table of what it ran (a DataFrame)."""
    profiler.set_config(profile_imperative=True, aggregate_stats=True, filename=TRACE)
    profiler.dumps(reset=True)  # an empty table to start from
    profiler.set_state("run")
    fn()
    nd.waitall()  # everything fn issued has run
    profiler.set_state("stop")
    profiler.dump(finished=False)  # the timeline as well, into TRACE
    return aggregate(profiler.dumps(reset=True))


def diagnose(fn):
    """(operator, side): the operator that took most of the back end's time while fn() ran, and the side
    ("front end" or "back end") that set fn's pace."""
    table = profile(fn)
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    heaviest = operators.sort_values("total", ascending=False).name.iloc[0]
    busy_ms = operators.total.sum()
    # how long the program ran, read off the profiler's own timeline: from its first operator to its last
    with open(TRACE) as trace:
        spans = [s for s in parse_trace(trace.read()) if s.name not in CHORES]
    wall_ms = 1e3 * (max(s.end for s in spans) - min(s.start for s in spans))
    return heaviest, "back end" if busy_ms > 0.5 * wall_ms else "front end"
