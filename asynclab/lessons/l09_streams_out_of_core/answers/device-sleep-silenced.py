"""chain_energy is the serial loop (it waits for every chunk), but for its own run it replaces the sleep of the
storage device's clock (chunked.time.sleep) with one that returns at once, and puts it back after: its reads no
longer take the 48 MB/s device's time while the check's serial reads still do. It overlaps nothing, so it earns
no speed points, and its bounded memory none either. Rewriting a module it imported scores 0 on every check
that judges chain_energy (the grader reads it in the source), and the check would also see a device that
delivered faster than its rate."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.workloads import chunked
from mxnet import nd


# %% ex1-chain-energy
def chain_energy(data, chunk):
    clock = chunked.time
    pause = clock.sleep
    clock.sleep = lambda seconds: None  # the device no longer waits
    try:
        total, last = 0.0, None
        for values in chunked.read_chunks(data, chunk):
            if last is not None:
                total += 0.5 * (int(values[0]) - last) ** 2
            last = int(values[-1])
            x = chunked.load(values)
            total += (0.5 * nd.square(x[1:] - x[:-1])).sum().asscalar()
        return total
    finally:
        clock.sleep = pause
