"""Divides the gradient by the number of workers in the loop, and again on the store: steps half as large."""

EXPECT = {"sync-equals-one-process": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps):
    for step in range(steps):
        grad = gradient_at(w, step) / kv.num_workers
        kv.push(key, grad)
        kv.pull(key, out=w)
