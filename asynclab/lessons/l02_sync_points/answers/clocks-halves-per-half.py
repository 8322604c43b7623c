"""Found by a red team (round 15). compare times each half's product on a clock of its own, stopped when that
half exists, and reports the halves' figure per half (the mean of the two clocks), not for the whole product
in two halves: it reads about half the product's compute time, and a chunked product looks twice as fast as
one in one piece. It waits for the prepared matrix first. It scored 2 (halves 0.51x-0.56x, inside the 2.5x
window); the check now asks both clocks to read within 1.4x of each other."""

EXPECT = {"fair-clocks": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex-fair-clocks
def compare(x):
    x.wait_to_read()
    n = x.shape[0]
    start = time.perf_counter()
    whole = nd.dot(x, x)
    whole.wait_to_read()
    serial = time.perf_counter() - start
    per_half = []
    for rows in (x[: n // 2], x[n // 2 :]):
        start = time.perf_counter()
        nd.dot(rows, x).wait_to_read()
        per_half.append(time.perf_counter() - start)
    return serial, sum(per_half) / len(per_half)  # seconds per chunk
