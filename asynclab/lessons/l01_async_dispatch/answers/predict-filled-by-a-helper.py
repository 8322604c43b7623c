"""PREDICTED is measured, not predicted: the cell binds an empty dict and hands it to a function of its own
(`fill(PREDICTED)`) that times each call against a 2000x2000 product just issued and stores the verdict into
the dict it was handed. A call of the answer's own function changes what it is handed, so the judge follows
PREDICTED into fill's body, which runs MXNet and reads the clock (the check's measured_by): 0."""

EXPECT = {"predict-blocking": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex-predict-blocking
CALL_CODE = {
    "y.shape": lambda x, y: y.shape,
    "y + 1": lambda x, y: y + 1,
    "y.sum()": lambda x, y: y.sum(),
    "y.copy()": lambda x, y: y.copy(),
    "x.wait_to_read()": lambda x, y: x.wait_to_read(),
    "y.wait_to_read()": lambda x, y: y.wait_to_read(),
    "y.asnumpy()": lambda x, y: y.asnumpy(),
    "y.sum().asscalar()": lambda x, y: y.sum().asscalar(),
    "y[0]": lambda x, y: y[0],
    "y.T": lambda x, y: y.T,
    "repr(y)": lambda x, y: repr(y),
    "y[0, 0].asscalar()": lambda x, y: y[0, 0].asscalar(),
}


def fill(table):
    """Try each call on a product just issued and note whether it took most of the product's time."""
    x = nd.random.uniform(shape=(2000, 2000))
    nd.waitall()
    for text, call in CALL_CODE.items():
        longs = 0
        for _ in range(5):
            nd.waitall()
            start = time.perf_counter()
            nd.dot(x, x).wait_to_read()
            compute = time.perf_counter() - start
            y = nd.dot(x, x)
            start = time.perf_counter()
            call(x, y)
            share = (time.perf_counter() - start) / compute
            nd.waitall()
            if share <= 0.05:
                table[text] = False
                break
            longs += share >= 0.3
            if longs == 2:
                table[text] = True
                break
        else:
            table[text] = longs > 0


PREDICTED = {}
fill(PREDICTED)
