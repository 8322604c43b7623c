"""Facts about MXNet 1.9.1 that the lessons state, kept as experiments (tiny arrays, no timing)."""

from __future__ import annotations

import pytest

mx = pytest.importorskip("mxnet")
from mxnet import nd  # noqa: E402


def _pending_error():
    """A failed operation (a normal distribution with a negative scale) and an array computed from it."""
    noise = nd.random.normal(0, -1, shape=(3, 3))
    return noise, noise + 1


def test_a_shape_mistake_raises_on_the_faulty_line():
    with pytest.raises(mx.base.MXNetError, match="dot shape error"):
        nd.dot(nd.ones((2, 3)), nd.ones((4, 5)))


def test_a_failure_inside_the_operator_waits_for_a_wait_on_what_depends_on_it():
    noise, y = _pending_error()  # issuing raised nothing
    unrelated = nd.ones((3, 3)) * 2
    unrelated.wait_to_read()  # a wait on an unrelated array raises nothing
    with pytest.raises(mx.base.MXNetError, match="scale"):
        y.wait_to_read()  # a wait on a dependent array does
    nd.waitall()  # and only once
    y.wait_to_read()


def test_waitall_raises_a_pending_failure():
    _pending_error()
    with pytest.raises(mx.base.MXNetError, match="scale"):
        nd.waitall()
    nd.waitall()


def test_float_of_a_legacy_array_is_a_type_error_and_asscalar_works():
    loss = nd.ones((2, 2)).sum()
    with pytest.raises(TypeError):
        float(loss)
    assert loss.asscalar() == 4.0
    assert bool(loss > 0)


def test_float_and_item_of_an_np_array_work():
    loss = mx.np.ones((2, 2)).sum()
    assert float(loss) == 4.0 and loss.item() == 4.0


@pytest.mark.measured
def test_an_outputs_memory_is_reserved_when_its_operator_runs_not_when_it_is_issued():
    """The front end creates the output array; its 64 MB come when the operator runs (lessons 04, 05).

    Resident memory, not address space: glibc reserves address space 64 MB
    at a time for its per-thread arenas, whenever a worker thread needs one.
    """
    import psutil

    mb = 2**20
    process = psutil.Process()
    x = nd.random.uniform(shape=(2000, 2000))
    for _ in range(2):  # the second round runs with the worker threads up
        nd.waitall()
        before = process.memory_info().rss
        for _ in range(4):
            busy = nd.dot(x, x)  # about half a second of queued work
        out = nd.ones((64 * mb // 4,))  # 64 MB of float32, queued behind it
        issued = process.memory_info().rss - before
        out.wait_to_read()
        ran = process.memory_info().rss - before
        del out, busy
    assert issued < 32 * mb, f"{issued / mb:.0f} MB were resident when the operator was issued"
    assert ran >= 48 * mb, f"only {ran / mb:.0f} MB were resident once it ran"
