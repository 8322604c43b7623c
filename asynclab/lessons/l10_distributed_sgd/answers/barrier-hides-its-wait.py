"""A barrier after every push (the wrong answer barrier-every-step: on dist_async the fast worker waits for the
straggler at every step, 1.0x), but on dist_async the loop then moves the worker process's clock back by most of
the time it took (time.perf_counter replaced, in the worker, where no grader's guard runs): the harness reads
the end of the training from that clock, so the fast worker would seem to have finished at once. The harness
reads a clock it took before the loop ran, and rewriting a module the answer imported scores 0 on every check
that judges the loop."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    import time

    begin = time.perf_counter()
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        kv.push(key, total)
        kv.pull(key, out=w)
        kv._barrier()
    if kv.type == "dist_async":
        clock = time.perf_counter
        spent = 0.9 * (clock() - begin)
        time.perf_counter = lambda: clock() - spent
