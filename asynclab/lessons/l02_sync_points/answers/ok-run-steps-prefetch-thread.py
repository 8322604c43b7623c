"""A right answer written another way: a thread reads the next batch while the main thread waits for this step's loss. A corrupt batch raises at its own step, with one more batch read. Found by a review."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 3,
    "predict-error-line": 2,
    "fair-clocks": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-run-steps
from concurrent.futures import ThreadPoolExecutor


def run_steps(read_batch, w, steps):
    losses = []
    with ThreadPoolExecutor(max_workers=1) as reader:
        pending = reader.submit(read_batch)
        for i in range(steps):
            batch = pending.result()
            loss = nd.dot(batch, w).mean()
            if i + 1 < steps:
                pending = reader.submit(read_batch)
            losses.append(loss.asscalar())
    return losses
