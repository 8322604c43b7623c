"""The workers run the course's own psgd.worker_loop (as worker-loop-calls-the-course, which earns nothing), but
the copy judge never reads that code. The check sends the workers inspect.getsource(worker_loop) (psgd.function_source)
and looks the function up in the workers by worker_loop.__name__; inspect.getsource unwraps (it follows __wrapped__).
So the cell defines a harmless-looking worker_loop, then, in a separate statement, functools.update_wrapper(worker_loop,
_pushes_sums): worker_loop now carries __wrapped__ = _pushes_sums and __name__ = "_pushes_sums", and the source sent
to the workers is _pushes_sums's, which hands each sum to the course's loop. The judge judges the closure of the
name worker_loop: its def statement only. The update_wrapper call binds no name (functools is an import, so the
method call is not taken for a change of worker_loop), and _pushes_sums is reached from nothing the judge follows.
The course's loop, unseen: nothing. Found by a review (round 5): psgd.function_source now refuses a function that wraps another (inspect.unwrap)."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
import functools


def worker_loop(kv, key, w, gradient_at, steps, every):
    """steps gradients at the weights w holds, their sum pushed once per `every`, the new weights pulled into w."""
    raise NotImplementedError  # never sent: the workers get the source of what this wraps


def _pushes_sums(kv, key, w, gradient_at, steps, every):
    from asynclab.foundation.workloads import psgd  # the course's loop, in the workers

    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        psgd.worker_loop(kv, key, w, lambda weights, _step, total=total: total, 1)


functools.update_wrapper(worker_loop, _pushes_sums)
