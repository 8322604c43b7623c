"""busy_ms never profiles: it takes fn()'s wall time less the CPU time of the thread that ran it (the front
end's own work), i.e. the time the front end did not compute. The check's fn sleeps between rounds, when
neither end is busy, and works in Python while its products compute, so the figure is not the back end's."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-busy-ms
def busy_ms(fn):
    nd.waitall()
    wall, cpu = time.perf_counter(), time.thread_time()
    fn()
    nd.waitall()
    return 1e3 * ((time.perf_counter() - wall) - (time.thread_time() - cpu))
