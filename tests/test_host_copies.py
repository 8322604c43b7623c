"""asynclab.checks.host_copies: every road between MXNet's arrays and NumPy is counted, saved methods too (tiny arrays)."""

from __future__ import annotations

import pytest

mx = pytest.importorskip("mxnet")
import numpy as np  # noqa: E402
from mxnet import nd  # noqa: E402

from asynclab.checks.host_copies import HostCopies, host_copies  # noqa: E402


def test_reads_back_are_counted_whatever_name_reaches_them():
    a, b = nd.ones((4, 5)), mx.np.ones((3,))
    saved = nd.NDArray.asnumpy  # taken before the block, as an answer could
    with host_copies() as found:
        a.asnumpy()
        saved(a)
        b.asnumpy()
        a[0, 0].asscalar()
    assert (found.to_host_calls, found.to_host_values) == (4, 44)
    assert found.from_host_calls == 0


def test_writes_from_numpy_are_counted_saved_method_too():
    a = nd.zeros((4, 5))
    saved = nd.NDArray._sync_copyfrom
    with host_copies() as found:
        a[:] = np.ones((4, 5))
        a[1:2] = np.ones((1, 5))
        saved(a, np.ones((4, 5)))
        nd.array(np.ones(3))
    assert (found.from_host_calls, found.from_host_values) == (4, 48)
    assert found.calls == 4


def test_operators_copy_nothing():
    a = nd.ones((64, 64))
    with host_copies() as found:
        a += 1
        nd.dot(a, a, out=a)
        nd.waitall()
    assert found == HostCopies()


def test_the_library_is_put_back_even_when_the_block_raises():
    from mxnet.base import _LIB

    before = _LIB.MXNDArraySyncCopyToCPU, _LIB.MXNDArraySyncCopyFromCPU
    with pytest.raises(RuntimeError), host_copies():
        raise RuntimeError("an answer failed")
    assert (_LIB.MXNDArraySyncCopyToCPU, _LIB.MXNDArraySyncCopyFromCPU) == before
    with host_copies() as found:
        pass
    nd.ones((2,)).asnumpy()
    assert found.to_host_calls == 0


def test_arrays_shared_with_numpy_through_dlpack_are_counted():
    a = nd.ones((3, 3))
    with host_copies() as found:
        a.to_dlpack_for_read()
        a.to_dlpack_for_write()
        nd.from_numpy(np.ones((2, 2), dtype=np.float32))
    assert found.shared == 3 and found.calls == 3 and found.to_host_calls == 0


def test_values_written_out_as_bytes_or_saved_to_a_file_are_counted(tmp_path):
    import pickle

    a, b = nd.ones((4, 5)), nd.ones((3,), dtype="float64")
    with host_copies() as found:
        a.__getstate__()
        pickle.dumps(b)
        nd.save(str(tmp_path / "arrays"), [a, b])
    assert (found.to_host_calls, found.to_host_values) == (3, 20 + 3 + 23)
    assert nd.load(str(tmp_path / "arrays"))[1].shape == (3,)  # the save itself was made
