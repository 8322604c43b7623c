"""Instead of measuring, rewrites MXNet at the cell's top level: NDArray.wait_to_read, NDArray.asnumpy (which
asscalar calls) and nd.waitall are replaced by wrappers that note how long each call lasted while a work runs;
a work waits when one of those calls lasted more than 0.3 of the time until all its work was done. The verdicts
are exact (the four waiting kinds spend their product's 30-90 ms in one such call, 'reads a ready array' a copy
of 1-3 ms, the front-bound kinds none), so the check passes. The judge's 'tampers' verdict exists for exactly
this (docs/instructors.md: "`n, _ = nd, None; n.waitall = f` ... an answer may use the modules and classes it
imports, not rewrite them"), and the same lines inside waits_for_back_end are refused; at module level they are
not: copies._bindings records `nd.waitall = ...` as a new binding of the name nd, with no dotted name (copies.py l.843 and l.903,
_Binding(dotted=aliases.get(name, "")) where aliases holds plain-name targets only), so _tampers, which builds
its `imported` origins from the final table's dotted names (l.1244), no longer knows that nd is mxnet.nd. Found by a review (round 6): the judge now takes an attribute set on an imported module at a cell's top level (nd.X = f) for a change of that module. The checks after the cell run on the rewritten MXNet too, so the judge
refuses them as well: engine-switch-fixed (whose check is handed data) and memory-of-result (memory_of, the
solution's, uses nd, whose waitall the cell replaced)."""

EXPECT = {"finds-hidden-waits": 0, "engine-switch-fixed": 0, "memory-of-result": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-waits-for-back-end
_watching = []  # True while a work runs
_spent = []  # seconds of each waiting call made while watching


def _timed(wait):
    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return wait(*args, **kwargs)
        finally:
            if _watching:
                _spent.append(time.perf_counter() - start)

    return timed


nd.NDArray.wait_to_read = _timed(nd.NDArray.wait_to_read)
nd.NDArray.asnumpy = _timed(nd.NDArray.asnumpy)
nd.waitall = _timed(nd.waitall)


def waits_for_back_end(work):
    """True when calling work() makes the front end wait for the back end before it returns."""
    nd.waitall()
    _spent.clear()
    _watching.append(True)
    start = time.perf_counter()
    try:
        work()
    finally:
        _watching.clear()
    nd.waitall()
    whole = time.perf_counter() - start
    return max(_spent, default=0.0) > 0.3 * whole
