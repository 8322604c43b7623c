"""Lesson 10's loop with every ignored (one push per gradient: the wrong answer loop-pushes-every-gradient), which
hides its extra pushes from the harness's count: every other push goes to the store the logged store wraps
(kv._kv), so that the straggler check would count 15 pushes in 30 steps. The store a loop is handed keeps the
real one out of reach (kv._kv raises), and it pushes every gradient anyway: nothing of step 1."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    for step in range(steps):
        grad = gradient_at(w, step)
        if step % every == every - 1:
            kv.push(key, grad)  # counted
        else:
            kv._kv.push(key, grad)  # not counted
        kv.pull(key, out=w)
