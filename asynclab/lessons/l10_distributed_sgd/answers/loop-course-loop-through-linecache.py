"""Same gap as loop-course-loop-behind-update-wrapper, by another road: the workers run the course's own
psgd.worker_loop, and the copy judge never reads that code. The check sends the workers
inspect.getsource(worker_loop), which reads the cell's lines from linecache (IPython caches every cell there with
no mtime, so linecache.checkcache keeps whatever is stored). The cell defines a stub worker_loop, then overwrites
its own cached lines with a def of the same name, at the same line, whose body hands each sum to the course's loop.
The judge reads the notebook's source: the closure of worker_loop is its def (a stub); the statements that write
linecache bind only `linecache` and helper names, and the course's code is a string. Refusing __wrapped__ alone
would not stop this one: only comparing what is sent with the function's own code does. Found by a review (round 5): psgd.function_source now compiles the source it sends and refuses it unless it compiles to the function's own bytecode."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    """steps gradients at the weights w holds, their sum pushed once per `every`, the new weights pulled into w."""
    raise NotImplementedError  # never sent: the workers get the lines cached below


import linecache

_SENT = """def worker_loop(kv, key, w, gradient_at, steps, every):
    from asynclab.foundation.workloads import psgd

    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        psgd.worker_loop(kv, key, w, lambda weights, _step, total=total: total, 1)
"""
_cell = worker_loop.__code__.co_filename
_lines = ["\n"] * (worker_loop.__code__.co_firstlineno - 1) + _SENT.splitlines(True)
linecache.cache[_cell] = (sum(map(len, _lines)), None, _lines, _cell)
