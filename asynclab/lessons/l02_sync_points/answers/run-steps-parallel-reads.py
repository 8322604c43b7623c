"""Reads every batch at once on threads, so that the source's waits would overlap each other, then waits at every step: no read overlaps a step. The source reads one record at a time, as a device does. Found by a review (1 point before)."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 0,
    "error-a-step-late": 0,
    "blame-right-line": 3,
    "predict-error-line": 2,
    "fair-clocks": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-run-steps
import threading


def run_steps(read_batch, w, steps):
    batches = [None] * steps

    def read(i):
        batches[i] = read_batch()

    threads = [threading.Thread(target=read, args=(i,)) for i in range(steps)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return [nd.dot(batch, w).mean().asscalar() for batch in batches]
