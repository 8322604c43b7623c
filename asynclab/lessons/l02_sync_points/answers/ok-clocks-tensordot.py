"""A right answer written with the lab's np (mxnet.numpy): the product and its two halves as
np.tensordot(a, b, axes=1), the contraction over one axis that is the matrix product (MXNet computes it with
the same BLAS gemm as nd.dot), each clock stopped after a wait for its own results. The check counts the
products of the first call in MXNet's profile by operator name, and np.tensordot runs as
_npi_tensordot_int_axes, which it counts as a product."""

EXPECT = {"fair-clocks": 2}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import np


# %% ex-fair-clocks
def compare(x):
    """Seconds for x·x in one product and in two halves of its rows, each clock stopped when its result exists."""
    a = x.as_np_ndarray()  # the same data, seen as an mx.np array
    a.wait_to_read()  # prepared just before the call: not part of either clock
    n = a.shape[0]
    start = time.perf_counter()
    whole = np.tensordot(a, a, axes=1)
    whole.wait_to_read()
    serial = time.perf_counter() - start
    start = time.perf_counter()
    top = np.tensordot(a[: n // 2], a, axes=1)
    bottom = np.tensordot(a[n // 2 :], a, axes=1)
    top.wait_to_read()
    bottom.wait_to_read()
    chunked = time.perf_counter() - start
    return serial, chunked
