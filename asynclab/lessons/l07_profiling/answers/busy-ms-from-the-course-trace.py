"""busy_ms lets the course's own recorder (asynclab.foundation.profiling.record, which the lab does not hand out) run fn under the profiler and read the trace, and merges the spans itself: the step's profiling is the course's, so it earns nothing."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
CHORES = []


# %% ex2-busy-ms
def busy_ms(fn):
    from asynclab.foundation.profiling import record

    with record() as trace:
        fn()
    busy, until = 0.0, float("-inf")
    for start, end in sorted((s.start, s.end) for s in trace.spans if s.name not in CHORES):
        if end > until:
            busy += end - max(start, until)
            until = end
    return 1e3 * busy
