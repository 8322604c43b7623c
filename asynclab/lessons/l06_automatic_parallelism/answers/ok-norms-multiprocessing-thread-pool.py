"""Right answer written differently: each device's products and norms are issued from a thread pool made inside
the call (multiprocessing.pool.ThreadPool, threads, not processes, imported as `import multiprocessing.pool`),
which waits for nothing; the pool is closed and joined before returning, the list in the original's order."""

EXPECT = {"two-devices-at-once": 3}

from mxnet import nd


# %% ex1-norms-both
import multiprocessing.pool


def norms_both(xa, xb, reps):
    def issue(x):
        return [nd.norm(nd.dot(x, x)) for _ in range(reps)]

    pool = multiprocessing.pool.ThreadPool(2)
    try:
        on_a, on_b = pool.map(issue, [xa, xb])
    finally:
        pool.close()
        pool.join()
    return on_a + on_b
