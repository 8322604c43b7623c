"""PREDICTED is measured, not predicted, as in the catalogue's predict-measured-in-the-cell (0), with one change:
every module it measures with is loaded by importlib.import_module with a constant name (mxnet, torch, numpy, time,
statistics) and used through the names it binds, instead of an import statement or the setup cell's nd, torch, np
and time. The judge's `measures` verdict (copies._measures) looks for the check's measured_by modules among the
closure's dotted names and indirect loads; import_module("mxnet") (or __import__("mxnet")) with a constant string
puts "mxnet" among the closure's *values* only (copies._values), which _handed_around judges against NAMED_ONLY and
the course's modules alone, and a name bound to its result resolves to nothing, so `_mx.nd.dot` and `_clock()` are
unknown calls. The measuring table passes the judge, and the check, which measures the same calls the same way,
agrees with it: a measurement handed in as a prediction. Found by a review (round 5): a module loaded by a constant string now counts as a use of that module (copies._values)."""

EXPECT = {"predict-frameworks": 0}


# %% ex-predict-frameworks
import importlib

_statistics = importlib.import_module("statistics")
_mx = importlib.import_module("mxnet")
_torch = importlib.import_module("torch")
_np = importlib.import_module("numpy")
_clock = importlib.import_module("time").perf_counter


def add_one(y):
    y += 1


MY_CALLS = {
    "MXNet": {
        "y.dtype": lambda y: y.dtype,
        "y[0].asnumpy()": lambda y: y[0].asnumpy(),
        "y.T": lambda y: y.T,
        "y.max()": lambda y: y.max(),
        "bool(y.max() > 0)": lambda y: bool(y.max() > 0),
        "y[0]": lambda y: y[0],
        "y += 1": add_one,
        "y.norm().asscalar()": lambda y: y.norm().asscalar(),
        "y.copyto(mx.cpu())": lambda y: y.copyto(_mx.cpu()),
    },
    "PyTorch": {
        "y.dtype": lambda y: y.dtype,
        "y.cpu()": lambda y: y.cpu(),
        "y.max().item()": lambda y: y.max().item(),
        "float(y[0, 0])": lambda y: float(y[0, 0]),
        "y.norm().item()": lambda y: y.norm().item(),
    },
    "NumPy": {
        "y.dtype": lambda y: y.dtype,
        "y.max()": lambda y: y.max(),
        "float(y[0, 0])": lambda y: float(y[0, 0]),
        "y += 1": add_one,
    },
}


def waited(product, settle, call):
    """The share of the product's time that call spent waiting for it, right after the product was issued."""
    settle()
    began = _clock()
    y = product()
    issued = _clock()
    call(y)
    right_after = _clock() - issued
    settle()
    whole = _clock() - began
    again = _clock()
    call(y)
    own_work = _clock() - again
    settle()
    return (right_after - own_work) / whole


def measure_the_calls():
    a = _mx.nd.random.uniform(shape=(2000, 2000))
    t = _torch.rand(2000, 2000)
    n = _np.random.default_rng(0).random((2000, 2000), dtype=_np.float32)
    frameworks = {
        "MXNet": (lambda: _mx.nd.dot(a, a), _mx.nd.waitall),
        "PyTorch": (lambda: t @ t, lambda: None),
        "NumPy": (lambda: n @ n, lambda: None),
    }
    found = {}
    for name, (product, settle) in frameworks.items():
        product()
        settle()
        found[name] = {
            text: _statistics.median(waited(product, settle, call) for _ in range(3)) > 0.35
            for text, call in MY_CALLS[name].items()
        }
    return found


PREDICTED = measure_the_calls()
