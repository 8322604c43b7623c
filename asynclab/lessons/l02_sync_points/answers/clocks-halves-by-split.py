"""compare cuts x into its two halves of rows with nd.split(x, num_outputs=2, axis=0), which needs the number
of rows to be even: on any matrix of odd size it raises MXNetError instead of returning the two clocks. The
check drew only even sizes (450-550 and 1200-1400) until its sizes became odd."""

EXPECT = {
    "waits-for-results": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 3,
    "predict-error-line": 2,
    "fair-clocks": 0,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex-fair-clocks
def compare(x):
    """Seconds for x·x in one product and in two halves of its rows, each clock stopped when its result exists."""
    start = time.perf_counter()
    product = nd.dot(x, x)
    product.wait_to_read()
    one_piece = time.perf_counter() - start
    start = time.perf_counter()
    top, bottom = nd.split(x, num_outputs=2, axis=0)  # rows 0..n/2 and n/2..n
    parts = [nd.dot(top, x), nd.dot(bottom, x)]
    for part in parts:
        part.wait_to_read()
    two_pieces = time.perf_counter() - start
    return one_piece, two_pieces
