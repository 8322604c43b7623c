"""backend_ms adds up the operators' spans in MXNet's trace (asynclab.foundation.profiling.record) instead of the table."""

EXPECT = {"agrees-with-clock": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
CHORES = []


# %% ex2-backend-ms
def backend_ms(fn):
    from asynclab.foundation.profiling import record

    with record() as trace:
        fn()
    return 1e3 * sum(s.seconds for s in trace.spans if s.name not in CHORES)
