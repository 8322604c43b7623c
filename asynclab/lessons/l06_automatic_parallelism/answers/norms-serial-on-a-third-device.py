"""norms_both keeps the colleague's program as it is (all of xa's products, then xb's, each norm waited for
as the log did) but runs it on a third CPU device, cpu(2), with each norm copied back to the device the list
says; beside it, it issues reps throw-away products per device on cpu(0) and cpu(1), in turns. The check
looks at cpu(0) and cpu(1) only: trace.on(0, "dot") and trace.on(1, "dot") count exactly reps full-size dots
each, side by side (the padding), _products_are_dots inspects those two devices only, and the record still
shows every norm computed from one dot of its own (2 reps distinct dots, on cpu(2)). The real products never
ran side by side, nor on the devices the step names: it should earn nothing. (cpu(2) is a valid MXNet
context: lab 07's check computes on it; MXNet's profiler gives it pid 2.) Found by a review (round 6): the check now refuses work on any device but cpu(0) and cpu(1)."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    for _ in range(reps):  # cpu(0) and cpu(1) busy side by side, for whoever looks at them
        nd.dot(xa, xa)
        nd.dot(xb, xb)
    aside = mx.cpu(2)
    norms = []
    for x in (xa, xb):  # the colleague's program, one device after the other, every norm waited for
        here = x.copyto(aside)
        for _ in range(reps):
            norms.append(nd.norm(nd.dot(here, here)).copyto(x.context))
            norms[-1].wait_to_read()
    return norms
