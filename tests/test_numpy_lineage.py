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


def test_buffers_of_the_answers_own_carry_the_lineage_and_their_old_values_are_not_read():
    lineage = NumpyLineage()
    weights = [lineage.track(w) for w in WEIGHTS]  # the check hands the weights over traced too
    x = lineage.track(np.ones((60, 60), dtype=np.float32))
    buffers = [np.empty((60, 60), dtype=np.float32) for _ in weights]

    def forward():
        h = x
        for w, buffer in zip(weights, buffers):
            np.matmul(h, w, out=buffer)
            np.maximum(buffer, 0, out=buffer)
            h = buffer
        return h

    with lineage:
        forward()  # a warm-up writes the same buffers
        time.sleep(0.02)
        second = time.perf_counter()
        out = forward()
    assert second <= lineage.began(out) < second + 0.01


def test_the_dot_method_is_noted_as_np_dot_is():
    lineage = NumpyLineage()
    x = lineage.track(np.ones((60, 60), dtype=np.float32))
    with lineage:
        first = x.dot(WEIGHTS[0])
        time.sleep(0.02)
        out = np.maximum(first.dot(WEIGHTS[1]), 0)
    assert lineage.calls == 3 and lineage.began(out) < lineage.began(first) + 0.001


def test_where_masks_and_outputs_left_to_numpy_work_as_in_numpy():
    lineage = NumpyLineage()
    x = lineage.track(np.arange(-2.0, 3.0))
    buffer, remainders = np.zeros(5), np.zeros(5)
    with lineage:
        kept = np.maximum(x, 0, where=x > 0, out=buffer)
        quotients, rest = np.divmod(x, 2, out=(None, remainders))
    assert kept is buffer and rest is remainders
    np.testing.assert_array_equal(np.asarray(quotients), np.floor_divide(np.arange(-2.0, 3.0), 2))
