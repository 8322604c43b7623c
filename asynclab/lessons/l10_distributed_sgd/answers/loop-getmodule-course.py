"""worker_loop hands each group of gradients to the course's own psgd.worker_loop (as the wrong answer
worker-loop-calls-the-course), but reaches psgd as inspect.getmodule(gradient_at): gradient_at is defined in
psgd.train_worker, so its module is psgd. The course's loop: nothing."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    import inspect

    course = inspect.getmodule(gradient_at)
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        course.worker_loop(kv, key, w, lambda weights, _step, total=total: total, 1)
