"""Pulls before it pushes the step's gradient: a pull no longer waits for the round (or, with three
workers, the workers wait for each other for good), and gradients lag an update behind."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        kv.pull(key, out=w)
        kv.push(key, total)
