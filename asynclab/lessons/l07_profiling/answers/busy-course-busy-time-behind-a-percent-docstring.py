"""busy_ms records the trace itself and hands the spans to the course's own asynclab.foundation.profiling.busy_time (as busy-uses-the-course-busy-time), behind a docstring whose last line starts with "% of": a line that starts with % inside a string is Python, not a magic, and the copy judge reads it as IPython does."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, parse_trace

TRACE = ""


# %% ex2-busy-ms
from asynclab.foundation.profiling import busy_time


def busy_ms(fn):
    """Milliseconds during which at least one operator ran, on any device: a time, not a
    % of fn's wall time."""
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as f:
        return 1e3 * busy_time(s for s in parse_trace(f.read()) if s.name not in CHORES)
