"""Right, in another way: each device's products issued from a worker of a thread pool (multiprocessing.pool's
ThreadPool, threads, not processes) that the function makes and closes at every call, so its threads start during
the call and MXNet records what they compute."""

EXPECT = {"two-devices-at-once": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-norms-both
from multiprocessing.pool import ThreadPool


def norms_both(xa, xb, reps):
    def issue(x):  # one device's products and norms, issued, not waited for
        return [nd.norm(nd.dot(x, x)) for _ in range(reps)]

    with ThreadPool(2) as workers:
        on_a, on_b = workers.map(issue, (xa, xb))
    return on_a + on_b
