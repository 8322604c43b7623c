"""momentum_step makes a fresh array at every step (v -= lr * g: lr * g is a new array) while MXNet's
profiler is stopped, waits, turns it back on and adds v to w in place: the check's profile records one
operator per step and no allocation, because the allocations ran out of its sight. The check
counts allocations in its own profile, so an answer that touches mx.profiler scores 0 before it runs (and
the host-memory bound would catch this one as well)."""

EXPECT = {"momentum-allocates-nothing": 0}


# %% ex3-momentum-step
def momentum_step(w, v, g, lr, mu, tmp):
    profiler.set_state("stop")
    v *= mu
    v -= lr * g
    nd.waitall()
    profiler.set_state("run")
    w += v
    return w
