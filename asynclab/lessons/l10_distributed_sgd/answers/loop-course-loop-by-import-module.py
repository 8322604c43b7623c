"""worker_loop hands each group of gradients to the course's own psgd.worker_loop (as
worker-loop-calls-the-course), with psgd loaded through importlib.import_module and a constant string: 0."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    import importlib

    course = importlib.import_module("asynclab.foundation.workloads.psgd")
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        course.worker_loop(kv, key, w, lambda weights, _step, total=total: total, 1)
