"""Asks gradient_at for the first step of a push every time, so the other steps' batches are never used. Both
checks ask for each step's gradient once, in order."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for _ in range(every - 1):
            total = total + gradient_at(w, first)
        kv.push(key, total)
        kv.pull(key, out=w)
