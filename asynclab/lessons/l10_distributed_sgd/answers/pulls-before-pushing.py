"""Pulls before it pushes the step's gradient: a pull no longer waits for the round (or, with three
workers, the workers wait for each other for good), and gradients lag an update behind."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps):
    for step in range(steps):
        grad = gradient_at(w, step)
        kv.pull(key, out=w)
        kv.push(key, grad)
