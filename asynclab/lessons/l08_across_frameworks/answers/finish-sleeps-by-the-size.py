"""finish(y) never waits for y: for an MXNet array it sleeps for a time worked out from y's shape, the cube
of its side times the seconds per cube of one product timed when the cell runs, with a margin of 1.5. It
leaves nothing queued and stays within 3x a smaller product's time, but sleeps as long on a product
already computed, where a wait returns at once."""

EXPECT = {"finish-every-framework": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex1-finish
def _seconds_per_cube():
    x = nd.ones((1400, 1400))
    nd.waitall()
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        nd.dot(x, x).wait_to_read()
        best = min(best, time.perf_counter() - start)
    return best / 1400**3


SECONDS_PER_CUBE = _seconds_per_cube()


def finish(y):
    """Sleep as long as y's product takes, instead of waiting for it; return y."""
    if isinstance(y, nd.NDArray):
        side = y.shape[-1]
        time.sleep(1.5 * SECONDS_PER_CUBE * side**3)
    return y
