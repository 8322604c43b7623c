"""A right answer written differently: views the arrays as mx.np arrays (as_np_ndarray shares their memory) and
writes every operator's result into an existing array with mx.np's out= arguments. From a red team (round 15)."""

EXPECT = {"momentum-allocates-nothing": 2}

# Imports for linters: the lab's setup cell provides these names when graded.


# %% ex3-momentum-step
def momentum_step(w, v, g, lr, mu, tmp):
    import mxnet as mx

    wn, vn, gn, tn = (a.as_np_ndarray() for a in (w, v, g, tmp))
    mx.np.multiply(gn, lr, out=tn)  # lr * g, into the scratch array
    mx.np.multiply(vn, mu, out=vn)  # mu * v, in place
    mx.np.subtract(vn, tn, out=vn)  # v <- mu * v - lr * g
    mx.np.add(wn, vn, out=wn)  # w <- w + v
    return w
