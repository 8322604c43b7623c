"""Found by a red team: norms_both keeps the colleague's log (every norm printed, so waited for, as it is computed) and runs each device's loop in a Python thread of its own: the devices overlap only because two front-end threads each block on their own reads. The step asks for a function that prints nothing (the log's reads are the first reason the devices take turns); this keeps the log, and would print 2 * reps lines into the check's output. Its overlap is 0.80-0.92, so only the rule that nothing is printed fails it."""

EXPECT = {"two-devices-at-once": 0}

from mxnet import nd


# %% ex1-norms-both
import threading


def norms_both(xa, xb, reps):
    found = {0: [], 1: []}

    def loop(device, x):
        for _ in range(reps):
            found[device].append(nd.norm(nd.dot(x, x)))
            print(f"cpu({device}) product {len(found[device])}: norm {found[device][-1].asscalar():.1f}")

    threads = [threading.Thread(target=loop, args=(d, x)) for d, x in ((0, xa), (1, xb))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return found[0] + found[1]
