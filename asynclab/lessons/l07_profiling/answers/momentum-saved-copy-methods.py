"""momentum_step is momentum-through-numpy-in-slices with the copies made through NDArray's own methods
saved before the check began (to_host, from_host): the same NumPy detour, a band of rows at a time, called
through references the check's counting of asnumpy and _sync_copyfrom never replaces. The copies still
happen in MXNet's C library, whichever Python name reaches it: it should earn nothing."""

EXPECT = {"momentum-allocates-nothing": 0}


# %% ex3-momentum-step
from mxnet import nd

to_host, from_host = nd.NDArray.asnumpy, nd.NDArray._sync_copyfrom


def momentum_step(w, v, g, lr, mu, tmp):
    rows = v.shape[0]
    band = max(1, rows // 40)
    for start in range(0, rows, band):
        stop = min(rows, start + band)
        v_rows = v[start:stop]
        fresh = to_host(v_rows)
        grad = to_host(g[start:stop])
        fresh *= mu
        grad *= lr
        fresh -= grad
        from_host(v_rows, fresh)
    w += v
    return w
