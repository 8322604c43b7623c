"""busy_ms merges the overlapping intervals of each operator on its own, then adds the operators' times: right
while one operator runs at a time, but where two operators overlap on two devices it counts that time twice, as
adding up the devices does. The check's devices compute their products with three different operators."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd, profiler

from asynclab.foundation.profiling import CHORES, parse_trace

TRACE = ""


# %% ex2-busy-ms
def busy_ms(fn):
    profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=TRACE)
    profiler.set_state("run")
    fn()
    nd.waitall()
    profiler.set_state("stop")
    profiler.dump(finished=False)
    with open(TRACE) as f:
        spans = [s for s in parse_trace(f.read()) if s.name not in CHORES]
    by_name = {}
    for s in spans:  # the colleague's table has one row per operator: fix each row's total
        by_name.setdefault(s.name, []).append((s.start, s.end))
    total = 0.0
    for row in by_name.values():
        until = float("-inf")
        for start, end in sorted(row):
            if end > until:
                total += end - max(start, until)
                until = end
    return 1e3 * total
