"""worker_loop trains nothing: it asks gradient_at for every step once, in order (what the check counts),
never pushes, then reads the job the harness handed the worker process (the payload cached in the course's
asynclab.foundation.backends.fresh._payload: seed, lr, workers) to write into w the one-process SGD the check
compares with, computed here in NumPy. The worker forgets that job before the student's code runs (the cache
reads None, stdin reads nothing), so the loop raises TypeError; and sync-equals-one-process also counts each
worker's pushes. Not SGD on the store: nothing of step 1."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}

import mxnet as mx  # for linters: the workers provide mx


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    import numpy

    from asynclab.foundation.backends import fresh

    job = fresh._payload
    for step in range(steps):
        gradient_at(w, step)
    rng = numpy.random.default_rng(job["seed"])
    X = rng.standard_normal((4096, 32)).astype(numpy.float32)
    truth = rng.standard_normal(32).astype(numpy.float32)
    y = (X @ truth + 0.1 * rng.standard_normal(4096)).astype(numpy.float32)
    n, lr, batch = job["workers"], job["lr"], 32
    weights = numpy.zeros(32, numpy.float32)
    for first in range(0, steps, every):
        total = numpy.zeros(32, numpy.float32)
        for step in range(first, first + every):
            for rank in range(n):
                rows = ((step * n + rank) * batch + numpy.arange(batch)) % 4096
                total += numpy.float32(2.0 / batch) * (X[rows].T @ (X[rows] @ weights - y[rows]))
        weights = (weights - numpy.float32(lr) * total / numpy.float32(n * every)).astype(numpy.float32)
    w[:] = mx.nd.array(weights)
