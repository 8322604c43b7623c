"""asynclab.foundation.numpy_lineage: when the NumPy calls that computed an array began."""

from __future__ import annotations

import time

import numpy as np

from asynclab.foundation.numpy_lineage import NumpyLineage

WEIGHTS = [np.full((60, 60), 0.01, dtype=np.float32) for _ in range(3)]


def _forward(h):
    for w in WEIGHTS:
        h = np.maximum(np.dot(h, w), 0)
    return h


def test_a_forward_done_twice_counts_from_the_second():
    lineage = NumpyLineage()
    x = lineage.track(np.ones((60, 60), dtype=np.float32))
    with lineage:
        _forward(x)  # a warm-up: its result is thrown away
        time.sleep(0.02)
        second = time.perf_counter()
        out = _forward(x)
    assert second <= lineage.began(out) < second + 0.01


def test_in_place_ufuncs_and_the_matmul_operator_continue_the_lineage():
    lineage = NumpyLineage()
    x = lineage.track(np.ones((60, 60), dtype=np.float32))
    with lineage:
        start = time.perf_counter()
        h = x
        for w in WEIGHTS:
            h = h @ w
            np.maximum(h, 0, out=h)
    assert isinstance(h, np.ndarray) and lineage.calls == 6
    assert start <= lineage.began(h) < start + 0.01


def test_an_array_that_lost_the_tracing_has_no_lineage():
    lineage = NumpyLineage()
    x = lineage.track(np.ones((60, 60), dtype=np.float32))
    with lineage:
        out = _forward(np.asarray(x))
    assert lineage.began(out) is None and type(out) is np.ndarray


def test_calls_outside_the_block_are_not_seen():
    lineage = NumpyLineage()
    x = lineage.track(np.ones((60, 60), dtype=np.float32))
    out = _forward(x)
    assert lineage.calls == 0 and lineage.began(out) is None


def test_results_equal_numpys_own():
    lineage = NumpyLineage()
    x = np.random.default_rng(0).standard_normal((60, 60)).astype(np.float32)
    with lineage:
        out = _forward(lineage.track(x))
    np.testing.assert_array_equal(np.asarray(out), _forward(x))
