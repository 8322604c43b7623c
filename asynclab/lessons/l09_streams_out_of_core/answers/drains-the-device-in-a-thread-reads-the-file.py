"""chain_energy lets a thread of its own drain the storage device (every chunk through chunked.read_chunks, once, at the device's rate, thrown away) while the main thread reads the same bytes straight from data.path and runs the colleague's serial loop on them: no value the result is computed from came through the device."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
import threading

import numpy as np


def chain_energy(data, chunk):
    def stream():  # the device, read through as the step asks
        for _ in chunked.read_chunks(data, chunk):
            pass

    reader = threading.Thread(target=stream)
    reader.start()
    total, last = 0.0, None
    with open(data.path, "rb") as f:  # the same bytes, without the device's wait
        while True:
            values = np.fromfile(f, dtype=np.int8, count=chunk)
            if not values.size:
                break
            if last is not None:
                total += 0.5 * (int(values[0]) - last) ** 2
            last = int(values[-1])
            x = chunked.load(values)
            total += (0.5 * nd.square(x[1:] - x[:-1])).sum().asscalar()  # waits for every chunk
    reader.join()
    return total
