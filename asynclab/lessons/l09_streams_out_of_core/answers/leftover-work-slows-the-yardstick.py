"""Found by a red team (round 14). chain_energy is the colleague's serial loop with the boundary fixed (each
chunk's springs computed in MXNet and waited for before the next read: the second cause is still there). Two
additions make it score as a pipeline. (1) A decoy: after each chunk's springs are read, a product of the loaded
chunk with itself (nd.dot, never read) is issued, which keeps the back end busy while the device reads the next
chunk, so the profiled run sees the back end compute during the later reads. (2) Work left behind: just before it
returns its (exact) result, it issues a long chain of small products it never waits for. The check's clock stops
when chain_energy returns; the next copy into MXNet on the CPU device (nd.array waits on the engine's cpu(0)
queue) pays for that chain, and in the check's alternation A B, B A, A B the check's serial loop follows the
answer's run in most rounds, so its median carries the chain, while the answer's own runs follow the serial loop
in most rounds and pay nothing. Nothing overlaps the device's reads with the springs: it should earn nothing
for the pipeline."""

EXPECT = {"result-exact": 2, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd

from asynclab.foundation.workloads import chunked


# %% ex1-chain-energy
_kept = {}


def chain_energy(data, chunk):
    total, last = 0.0, None
    for values in chunked.read_chunks(data, chunk):
        if last is not None:
            total += 0.5 * (int(values[0]) - last) ** 2
        last = int(values[-1])
        if len(values) < 2:
            continue
        x = chunked.load(values)
        total += (0.5 * nd.square(x[1:] - x[:-1])).sum().asscalar()  # waited for: serial
        rows = len(values) // 2048
        if rows >= 8:
            m = x[: rows * 2048].reshape((rows, 2048))[:512]
            nd.dot(m, m, transpose_b=True)  # decoy: busy during the next read, never read
    if "a" not in _kept:
        _kept["a"] = nd.ones((512, 512), dtype="float64")
    a = _kept["a"]
    for _ in range(150):
        nd.dot(a, a)  # left behind: whoever copies into MXNet next waits for it
    return total
