"""asynclab.checks.array_writes: every operator that writes into an array's memory is counted, however it is spelled
and whether or not the array is put back afterwards; operators that only read it are not (tiny arrays)."""

from __future__ import annotations

import pytest

mx = pytest.importorskip("mxnet")
from mxnet import nd  # noqa: E402

from asynclab.checks.array_writes import writes_into  # noqa: E402

SHAPE = (30, 20)


def _arrays():
    g, tmp, w, v = (nd.random.uniform(shape=SHAPE) for _ in range(4))
    nd.waitall()
    return g, tmp, w, v


WRITES = {
    "in place": lambda g, tmp: g.__imul__(0.5),
    "assigned from an array": lambda g, tmp: g.__setitem__(slice(None), tmp),
    "assigned a value": lambda g, tmp: g.__setitem__(slice(None), 0),
    "one row assigned": lambda g, tmp: g.__setitem__(3, 1),
    "copied into": lambda g, tmp: tmp.copyto(g),
    "out=": lambda g, tmp: nd.elemwise_mul(tmp, tmp, out=g),
    "a slice of rows in place": lambda g, tmp: g[10:20].__imul__(2),
    "a reshape in place": lambda g, tmp: g.reshape((-1,)).__imul__(2),
}


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_a_write_into_the_array_or_a_view_of_it_is_counted(write):
    g, tmp, _, _ = _arrays()
    with writes_into(g) as found:
        write(g, tmp)
    nd.waitall()
    assert found.operators == 1


def test_scaled_and_put_back_is_two_writes():
    g, tmp, _, _ = _arrays()
    with writes_into(g) as found:
        tmp[:] = g
        g *= 0.1
        g[:] = tmp
    assert found.operators == 2


def test_reading_the_array_is_not_a_write():
    g, tmp, w, v = _arrays()
    with writes_into(g) as found:
        tmp[:] = g
        tmp *= 0.1
        v *= 0.9
        v -= tmp
        w += v
        g.copyto(tmp)
        nd.sgd_mom_update(w, g, v, lr=0.1, momentum=0.9, out=w)
        _ = g * 2
    nd.waitall()
    assert found.operators == 0


def test_the_library_is_put_back_even_when_the_block_raises():
    from mxnet.base import _LIB

    g, _, _, _ = _arrays()
    before = _LIB.MXImperativeInvokeEx
    with pytest.raises(RuntimeError), writes_into(g):
        raise RuntimeError("stop")
    assert _LIB.MXImperativeInvokeEx is before
