"""A call that takes long and spends no CPU on its thread is taken to wait: a work that sleeps reads as waiting."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 0,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-waits-for-back-end
def waits_for_back_end(work):
    nd.waitall()
    start, cpu = time.perf_counter(), time.thread_time()
    work()
    call, used = time.perf_counter() - start, time.thread_time() - cpu
    nd.waitall()
    whole = time.perf_counter() - start
    return call > 0.5 * whole and used < 0.5 * call
