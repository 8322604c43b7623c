"""Lesson 10's loop with every ignored: one push and one pull per gradient, so the server makes every updates where one was asked for, and with every of 2 or 3 the straggler check counts too many pushes: nothing of step 1."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    for step in range(steps):
        kv.push(key, gradient_at(w, step))
        kv.pull(key, out=w)
