"""PREDICTED is measured, not predicted (as predict-measured-in-the-cell, 0), with nothing the judge can resolve to a framework or a clock: MXNet's work is a Gluon Dense layer's product, its class found by walking object.__subclasses__() by name, and the clock is sched.scheduler's timefunc (time.monotonic under another module's name). PyTorch and NumPy are typed in as never waiting. The judge refuses both: __subclasses__ is a look inside, and sched is a clock."""

EXPECT = {"predict-frameworks": 0}


# %% ex-predict-frameworks
import sched

print("working with PyTorch", torch.__version__)  # a note for the reader, used by nothing below


def _all_classes(base, seen):
    try:
        below = base.__subclasses__()
    except TypeError:
        below = []
    for c in below:
        if id(c) not in seen:
            seen[id(c)] = c
            _all_classes(c, seen)
    return seen


def _find(name):
    return next(
        c
        for c in _all_classes(object, {}).values()
        if c.__module__ == "mxnet.gluon.nn.basic_layers" and c.__name__ == name
    )


def _add_one(y):
    y += 1


def _measure():
    clock = sched.scheduler().timefunc
    layer = _find("Dense")(2000, in_units=2000, use_bias=False)
    layer.initialize()
    x = layer.weight.data()
    calls = {
        "y.dtype": lambda y: y.dtype,
        "y[0].asnumpy()": lambda y: y[0].asnumpy(),
        "y.T": lambda y: y.T,
        "y.max()": lambda y: y.max(),
        "bool(y.max() > 0)": lambda y: bool(y.max() > 0),
        "y[0]": lambda y: y[0],
        "y += 1": _add_one,
        "y.norm().asscalar()": lambda y: y.norm().asscalar(),
        "y.copyto(mx.cpu())": lambda y: y.copyto(y.context),
    }
    layer(x).wait_to_read()
    table = {}
    for text, call in calls.items():
        votes = 0
        for _ in range(3):
            start = clock()
            y = layer(x)
            issued = clock()
            call(y)
            called = clock()
            y.wait_to_read()
            done = clock()
            votes += (called - issued) > 0.5 * (done - start)
        table[text] = votes >= 2
    return table


PREDICTED = {
    "MXNet": _measure(),
    "PyTorch": {
        "y.dtype": False,
        "y.cpu()": False,
        "y.max().item()": False,
        "float(y[0, 0])": False,
        "y.norm().item()": False,
    },
    "NumPy": {"y.dtype": False, "y.max()": False, "float(y[0, 0])": False, "y += 1": False},
}
