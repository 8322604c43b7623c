"""backend_ms lets the course's own recorder (asynclab.foundation.profiling.record, which the lab does not hand out) run fn under the profiler, wait and read the trace, and only adds up the spans: the step's profiling is the course's, so it earns nothing."""

EXPECT = {"agrees-with-clock": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
CHORES = []


# %% ex2-backend-ms
def backend_ms(fn):
    from asynclab.foundation.profiling import record

    with record() as trace:
        fn()
    return 1e3 * sum(s.seconds for s in trace.spans if s.name not in CHORES)
