"""A right product_and_batch: the product is issued first, the batch is read on a thread of a pool (sized with
multiprocessing.cpu_count(), as many tutorials size pools) while the back end computes, then the product's values
are fetched. Counting the CPUs starts no process: the judge refuses multiprocessing but its thread pools and
cpu_count."""

EXPECT = {
    "overlaps-the-read": 2,
    "predict-blocking": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex1-product-and-batch
import multiprocessing
from concurrent.futures import ThreadPoolExecutor

POOL = ThreadPoolExecutor(max_workers=min(4, multiprocessing.cpu_count()))


def product_and_batch(x, read_batch):
    product = nd.dot(x, x)  # queued: the back end starts on it now
    pending = POOL.submit(read_batch)  # the read waits for its source on another thread
    values = product.asnumpy()
    return values, pending.result()
