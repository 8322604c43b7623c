"""Pulls before it pushes the step's gradient: a pull no longer waits for the round (or, with three
workers, the workers wait for each other for good), and gradients lag an update behind. Caught by
sync-equals-one-process; async-outruns-straggler reads it near its gate (its fast worker's 30 steps
took 0.49 s on dist_sync in a run of make test, the gate is 0.45 s), so its verdict there is not
asserted."""

EXPECT = {"sync-equals-one-process": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        kv.pull(key, out=w)
        kv.push(key, total)
