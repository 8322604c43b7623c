"""costs_from_trace runs the check's own reading of the trace (lab 03's _trace_costs), which a function of the
cell fetches from the checks module and stores into a dict the function reads (`install(TOOLS)`): the oracle,
not the student's reading. A call of the answer's own function changes what it is handed, so TOOLS's closure
holds install, which reaches into the checks: 0."""

EXPECT = {"costs-from-trace": 0}


# %% ex3-costs-from-trace
import statistics

TOOLS = {}


def install(into):
    from asynclab.lessons.l03_async_speed import checks

    into["read"] = checks._trace_costs


install(TOOLS)


def costs_from_trace(trace):
    return TOOLS["read"](trace, statistics.median)
