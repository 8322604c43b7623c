"""worker_loop calls the course's own psgd.worker_loop (the lab imports psgd for its own cells, not as an answer): copied, so it earns nothing."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps):
    psgd.worker_loop(kv, key, w, gradient_at, steps)
