"""worker_loop is written right but reads the lab's checks module (lab10) on the way: reaching into the checks earns nothing."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps):
    assert lab10 is not None
    for step in range(steps):
        kv.push(key, gradient_at(w, step))
        kv.pull(key, out=w)
