"""Right answer, another way to overlap (red team round 14): a reader thread reads the device through
chunked.read_chunks and hands each chunk over as a copy of its own (the buffer is overwritten by the next read)
through a queue of one; the main thread copies each chunk into MXNet with chunked.load, computes its springs there
and waits for them. While the main thread and the back end work on chunk i, the thread reads chunk i + 1: the
device's reads overlap the back end's computing, with at most three int8 chunks and one float64 chunk alive.
The thread is joined before the function returns."""

EXPECT = {"result-exact": 2, "pipelined-beats-serial": 3, "peak-bounded": 2, "chunk-under-budget": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
import queue
import threading


def chain_energy(data, chunk):
    handed = queue.Queue(maxsize=1)
    failed = []

    def reader():
        try:
            for values in chunked.read_chunks(data, chunk):
                handed.put(values.copy())
        except BaseException as error:  # passed on to the main thread
            failed.append(error)
        finally:
            handed.put(None)

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    total, last = 0.0, None
    try:
        while True:
            values = handed.get()
            if values is None:
                break
            if last is not None:
                total += 0.5 * (int(values[0]) - last) ** 2
            last = int(values[-1])
            if len(values) < 2:
                continue
            x = chunked.load(values)
            total += (0.5 * nd.square(x[1:] - x[:-1])).sum().asscalar()
    finally:
        while thread.is_alive():  # let a reader blocked on a full queue finish
            try:
                handed.get(timeout=0.05)
            except queue.Empty:
                pass
        thread.join()
    if failed:
        raise failed[0]
    return total
