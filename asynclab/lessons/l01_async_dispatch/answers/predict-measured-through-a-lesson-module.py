"""PREDICTED is measured, not predicted: every call is made on a 2000x2000 product just issued and timed against
the product, with MXNet and the clock reached as attributes of lesson 03's graphs module (`graphs.nd`,
`graphs.time`), which imports both. The judge resolves such names to the modules they are (mxnet.nd, time)
before it compares them with the check's measured_by: 0."""

EXPECT = {"predict-blocking": 0}


# %% ex-predict-blocking
from asynclab.lessons.l03_async_speed import graphs

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


def waits(call):
    """Whether call(x, y) took most of a product's time, y the product just issued."""
    x = graphs.nd.random.uniform(shape=(2000, 2000))
    graphs.nd.waitall()
    longs = 0
    for _ in range(5):
        graphs.nd.waitall()
        start = graphs.time.perf_counter()
        graphs.nd.dot(x, x).wait_to_read()
        compute = graphs.time.perf_counter() - start
        y = graphs.nd.dot(x, x)
        start = graphs.time.perf_counter()
        call(x, y)
        share = (graphs.time.perf_counter() - start) / compute
        graphs.nd.waitall()
        if share <= 0.05:
            return False
        longs += share >= 0.3
        if longs == 2:
            return True
    return longs > 0


PREDICTED = {text: waits(call) for text, call in CALL_CODE.items()}
