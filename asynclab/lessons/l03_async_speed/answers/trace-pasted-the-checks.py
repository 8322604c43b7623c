"""costs_from_trace is the check's own reading of a trace (_passes and _trace_costs of lab 03's checks) pasted into the cell, with the median for its aggregate: the checks' code, re-typed."""

EXPECT = {"async-beats-sync": 3, "predict-lagged-k": 2, "costs-from-trace": 0}

# Pasted from asynclab/lessons/l03_async_speed/checks.py (TRACE_ISSUE, TRACE_WAIT, _passes,
# _trace_costs). Adapted only to the step's signature: _trace_costs is renamed costs_from_trace and
# its aggregate argument is numpy's median; the annotations are dropped (the lab imports no typing).

# %% ex3-costs-from-trace
TRACE_ISSUE = "MXImperativeInvokeEx"  # the front end's call that issues an operator
TRACE_WAIT = "MXNDArrayWaitToRead"  # the front end's call that waits for one


def _passes(trace):
    """The operators, issuing calls and waits of a recorded loop, one of each per pass, or ValueError."""
    from asynclab.foundation.profiling import CHORES

    counts = {}
    for span in trace.spans:
        if span.name not in CHORES:
            counts[span.name] = counts.get(span.name, 0) + 1
    if not counts:
        raise ValueError("no operator")
    name = max(counts, key=counts.__getitem__)
    ops = [s for s in trace.spans if s.name == name]
    issues = [c for c in trace.calls if c.name == TRACE_ISSUE]
    waits = [c for c in trace.calls if c.name == TRACE_WAIT]
    if not len(ops) == len(issues) == len(waits) >= 3:
        raise ValueError("passes missing")
    return ops, issues, waits


def costs_from_trace(trace):
    """t1, t2, t3 (seconds) of the check's recorded loop, each ``aggregate`` over the passes after the first.

    A pass runs from one wait's return to the next: t1 until the operator
    starts, t2 the operator, t3 from its end until the wait returns.
    """
    import numpy as np

    ops, _, waits = _passes(trace)
    edges = np.array([[op.start, op.end, wait.end] for op, wait in zip(ops, waits)])  # one row per pass
    parts = np.diff(np.concatenate([edges[:-1, 2:], edges[1:]], axis=1), axis=1)  # (t1, t2, t3) per later pass
    return tuple(float(np.median(column.tolist())) for column in parts.T)
