"""Right answer written differently: a thread pool made inside the call (two workers, one per device) issues each
device's products and norms; the pool is shut down (its threads joined) before returning. The step forbids only a
pool made before the call; the threads of this one are started by the function, so MXNet's record covers them."""

EXPECT = {"two-devices-at-once": 3}

from mxnet import nd


# %% ex1-norms-both
from concurrent.futures import ThreadPoolExecutor


def norms_both(xa, xb, reps):
    def issue(x):
        return [nd.norm(nd.dot(x, x)) for _ in range(reps)]

    with ThreadPoolExecutor(max_workers=2) as pool:
        on_a, on_b = pool.submit(issue, xa), pool.submit(issue, xb)
        return on_a.result() + on_b.result()
