"""head_start is lesson 06's measuring cell (notebook cell 10) re-typed under other names inside the function, with the course's one_after_the_other and done_before written out instead of called: it measures the lesson's schedule instead of predicting."""

EXPECT = {"predict-head-start": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.profiling import record

xa = xb = None


# %% ex2-head-start
def head_start(reps, copies):
    def ended_before(earlier, later, slack=1e-4):
        later = list(later)
        if not later:
            return 0
        opening = min(s.start for s in later)
        return sum(1 for s in earlier if s.end <= opening + slack)

    found = []
    for _ in range(3):
        with record() as profile:
            [nd.dot(xa, xa) for _ in range(reps)] + [nd.dot(xb, xb) for _ in range(reps)]
        found.append(ended_before(profile.on(0, "dot"), profile.on(1, "dot")))
    return min(found)
