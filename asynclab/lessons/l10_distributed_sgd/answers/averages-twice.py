"""Divides each gradient by the number of workers in the loop, and the store rescales again: steps too small."""

EXPECT = {"sync-equals-one-process": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    for first in range(0, steps, every):
        total = gradient_at(w, first) / kv.num_workers
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step) / kv.num_workers
        kv.push(key, total)
        kv.pull(key, out=w)
