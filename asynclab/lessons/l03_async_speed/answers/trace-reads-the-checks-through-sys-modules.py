"""costs_from_trace runs the check's own reading of the trace (lab 03's _trace_costs), fetched from sys.modules
through a parameter whose default is the sys module and a module name joined from pieces: 0."""

EXPECT = {"costs-from-trace": 0}


# %% ex3-costs-from-trace
import statistics
import sys


def costs_from_trace(trace, loaded=sys):
    reader = loaded.modules[".".join(["asynclab", "lessons", "l03_async_speed", "checks"])]
    return reader._trace_costs(trace, statistics.median)
