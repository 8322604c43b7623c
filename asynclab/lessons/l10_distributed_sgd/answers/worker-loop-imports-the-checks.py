"""worker_loop is written right but reads the lab's checks module (lab10) on the way: reaching into the checks earns nothing."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    assert lab10 is not None
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        kv.push(key, total)
        kv.pull(key, out=w)
