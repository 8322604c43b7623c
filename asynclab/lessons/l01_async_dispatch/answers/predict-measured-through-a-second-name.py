"""PREDICTED is measured, not predicted: the answer cell binds it and a second name to one dict
(`PREDICTED = seen = {}`), then issues a 2000x2000 product for each call of the step, times the call against
the product's compute time and writes the verdict through the second name (`seen[text] = ...`). The table is
right because it was measured, which the step forbids. The judge follows what is stored into a name to every
name bound to the same object, so PREDICTED's closure holds the measurement (mxnet.nd.waitall)."""

EXPECT = {"predict-blocking": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex-predict-blocking
# My first guesses were asnumpy, asscalar and wait_to_read; the table below is what the calls did.
PREDICTED = seen = {}

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

x = nd.random.uniform(shape=(2000, 2000))
nd.waitall()
for text, call in CALL_CODE.items():
    longs = 0
    for _ in range(5):
        nd.waitall()
        start = time.perf_counter()
        nd.dot(x, x).wait_to_read()
        compute = time.perf_counter() - start
        y = nd.dot(x, x)  # just issued, as in the step
        start = time.perf_counter()
        call(x, y)
        share = (time.perf_counter() - start) / compute
        nd.waitall()
        if share <= 0.05:  # returned at once
            seen[text] = False
            break
        longs += share >= 0.3
        if longs == 2:  # took most of the product, twice
            seen[text] = True
            break
    else:
        seen[text] = longs > 0
