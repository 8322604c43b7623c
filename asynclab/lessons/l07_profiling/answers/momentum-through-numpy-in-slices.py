"""momentum_step does v's update in NumPy, a few rows at a time: for each band of rows it copies v's and g's
rows out (asnumpy of a row slice, which is a view of MXNet's array: no MXNet allocation, no operator), computes
mu * v - lr * g there and writes the band back through a view's whole-array assignment (_sync_copyfrom: no
MXNet allocation either); then w += v in MXNet, in place. Every step allocates fresh host arrays (two per band,
a full array's worth per step) and moves all of v and g through the host: momentum-through-numpy by another
road. The check's host-memory bound (HOST_SHARE, tracemalloc) is a bound on the *peak*, not on what was
allocated: with bands of 1/40 of the rows at most three bands are alive at once (7.5% of an array, under the
25% allowed), MXNet's Device Storage records nothing, the five w += v give the five operators asked, w and v are
right and g untouched. The allocations moved out of MXNet's sight as momentum-through-numpy's did, only in
smaller pieces: it should earn nothing. Found by a review (round 6): the check now counts copies between MXNet and the host during the steps."""

EXPECT = {"momentum-allocates-nothing": 0}


# %% ex3-momentum-step
def momentum_step(w, v, g, lr, mu, tmp):
    rows = v.shape[0]
    band = max(1, rows // 40)
    for start in range(0, rows, band):
        stop = min(rows, start + band)
        v_rows = v[start:stop]  # a view of v's rows: no allocation in MXNet
        fresh = v_rows.asnumpy()  # host copies, one band at a time
        grad = g[start:stop].asnumpy()
        fresh *= mu
        grad *= lr
        fresh -= grad
        v_rows[:] = fresh  # the view's whole-array assignment copies straight from the host
    w += v
    return w
