"""Uses a name the notebook has and the workers do not (psgd): one sentence says to import it."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        kv.push(psgd.KEY, total)
        kv.pull(psgd.KEY, out=w)
