"""Keeps the colleague's log, with one thread per device so that each device waits only on its own norms,
and logs through warnings.warn instead of print: the devices overlap, but every norm is read as it is
computed, the waits the step is about. The check counts the copies out of MXNet that the log's reads make."""

EXPECT = {"two-devices-at-once": 0}

from mxnet import nd


# %% ex1-norms-both
import threading
import warnings


def norms_both(xa, xb, reps):
    found = {0: [], 1: []}

    def loop(device, x):
        for _ in range(reps):
            found[device].append(nd.norm(nd.dot(x, x)))
            warnings.warn(
                f"cpu({device}) product {len(found[device])}: norm {found[device][-1].asscalar():.1f}", stacklevel=2
            )

    threads = [threading.Thread(target=loop, args=(d, x)) for d, x in ((0, xa), (1, xb))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return found[0] + found[1]
