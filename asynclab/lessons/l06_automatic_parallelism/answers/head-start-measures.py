"""head_start measures the head start in MXNet's profile instead of predicting it."""

EXPECT = {"predict-head-start": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd
from asynclab.foundation.profiling import record


# %% ex2-head-start
def head_start(reps, copies):
    with record() as trace:
        [nd.dot(xa, xa) for _ in range(reps)] + [nd.dot(xb, xb) for _ in range(reps)]
    first = min(s.start for s in trace.on(1, "dot"))
    return sum(1 for s in trace.on(0, "dot") if s.end <= first + 1e-4)
