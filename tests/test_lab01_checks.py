"""Lab 01's checks fail on the plausible wrong answers (and pass on the right ones).

The thresholds sit far from both sides: wrong answers land near 1x (or 0.01x),
right ones near 300x, so these relationships are not flaky; no absolute time
is asserted.
"""

import pytest
from mxnet import nd

from asynclab.checks import CheckFailed, lab01
from asynclab.timing import Benchmark


def launch(x):
    return nd.dot(x, x)


def finish(y):
    y.wait_to_read()


def test_queue_vs_finish_passes_the_solution():
    assert lab01.check_queue_vs_finish(launch, finish).passed


@pytest.mark.parametrize("bad_launch, bad_finish, why", [
    (launch, lambda y: None, "finish does not wait"),
    (launch, lambda y: y.shape, "reading the shape is not a synchronisation point"),
    (lambda x: nd.dot(x, x).copy(), lambda y: None, "copy is asynchronous too"),
    (lambda x: nd.dot(x, x).asnumpy() is not None and nd.dot(x, x), finish, "launch waits"),
])
def test_queue_vs_finish_fails_wrong_answers(bad_launch, bad_finish, why):
    with pytest.raises(CheckFailed, match=r"^FAIL \[queue-vs-finish\]"):
        lab01.check_queue_vs_finish(bad_launch, bad_finish)


def test_queue_vs_finish_explains_a_launch_that_returns_nothing():
    with pytest.raises(CheckFailed, match="must return the MXNet array"):
        lab01.check_queue_vs_finish(lambda x: None, finish)


def _timed(sync_on):
    def dot_seconds(x):
        with Benchmark("dot", quiet=True) as bench:
            y = nd.dot(x, x)
            sync_on(x, y)
        return bench.seconds
    return dot_seconds


@pytest.mark.parametrize("dot_seconds", [
    _timed(lambda x, y: None),                # timing without synchronising
    _timed(lambda x, y: x.wait_to_read()),    # waiting on the wrong array (the input)
])
def test_timing_includes_compute_fails_wrong_answers(dot_seconds):
    with pytest.raises(CheckFailed, match=r"^FAIL \[timing-includes-compute\]"):
        lab01.check_timing_includes_compute(dot_seconds)


def test_timing_includes_compute_passes_the_solution():
    assert lab01.check_timing_includes_compute(_timed(lambda x, y: y.wait_to_read())).passed


SNIPPET = """
from mxnet import nd
from asynclab.timing import Benchmark
x = nd.random.uniform(shape=(2000, 2000))
y = nd.random.uniform(shape=(2000, 2000))
nd.waitall()
for _ in range(3):
    with Benchmark("enqueue", quiet=True):
        z = nd.dot(x, y) + 2
    with Benchmark("finish", quiet=True):
        WAIT
"""


@pytest.mark.parametrize("wrong", [
    SNIPPET.replace("WAIT", "pass"),                                    # never waits
    SNIPPET.replace("z = nd.dot(x, y) + 2", "z = (nd.dot(x, y) + 2).asnumpy()").replace("WAIT", "pass"),
    SNIPPET.replace("WAIT", "z.wait_to_read()").replace('"finish"', '"done"'),  # wrong label
])
def test_naive_closes_gap_fails_wrong_snippets(wrong):
    with pytest.raises(CheckFailed, match=r"^FAIL \[naive-closes-gap\]"):
        lab01.check_naive_closes_gap(wrong)


def test_naive_closes_gap_rejects_a_non_string():
    with pytest.raises(TypeError):
        lab01.check_naive_closes_gap(42)
