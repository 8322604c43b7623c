"""worker_loop hands each group of gradients to the course's own psgd.worker_loop (the lab imports psgd for its own cells, not as an answer): copied, so it earns nothing."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        psgd.worker_loop(kv, key, w, lambda weights, _step, total=total: total, 1)
