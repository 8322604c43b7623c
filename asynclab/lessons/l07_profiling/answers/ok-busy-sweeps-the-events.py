"""Right answer: turns every span into a start and an end event, sorts them, and counts the time during which more spans have started than ended (a sweep over the events)."""

EXPECT = {"busy-across-devices": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, aggregate, parse_trace

TRACE = ""


# %% ex2-busy-ms
def busy_ms(fn):
    nd.waitall()
    profiler.set_config(profile_all=True, aggregate_stats=True, filename=TRACE)
    profiler.dumps(reset=True)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as f:
        ops = [s for s in parse_trace(f.read()) if s.name not in CHORES]
    events = sorted([(s.start, 1) for s in ops] + [(s.end, -1) for s in ops])
    running, since, busy = 0, 0.0, 0.0
    for when, change in events:
        if running == 0 and change == 1:
            since = when
        running += change
        if running == 0:
            busy += when - since
    return busy * 1000
