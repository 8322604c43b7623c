"""A barrier after every push (the wrong answer barrier-every-step: on dist_async the fast worker waits for the straggler at every step), and on dist_sync a fixed time.sleep of 120 ms per push on top, so that the synchronous run looks 2.5x+ slower than the asynchronous one (2.9x in a run): the asynchronous worker still waits for the straggler at every step, and takes as long as it on dist_async, where a right loop's fast worker takes a fraction of the straggler's time."""

EXPECT = {"async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    import time

    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        kv.push(key, total)
        kv.pull(key, out=w)
        kv._barrier()
        if kv.type == "dist_sync":
            time.sleep(0.12)  # "the synchronous store is slower"
