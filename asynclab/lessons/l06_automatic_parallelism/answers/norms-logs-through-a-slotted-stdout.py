"""norms_both keeps the colleague's log (every norm printed as it is computed, so waited for) and runs each
device's loop in a thread of its own; the cell first wraps sys.stdout and sys.stderr, inside a try block at its
top level, in a forwarding object with __slots__ whose write cannot be replaced, which would blind the check's
print rule. Replacing the streams of sys inside a block at a cell's top level changes what every check after
it runs: every check from this cell on scores 0."""

EXPECT = {"two-devices-at-once": 0, "predict-head-start": 0, "stages-side-by-side": 0}

from mxnet import nd


# %% ex1-norms-both
import sys
import threading


class _Console:
    """Forwards to the notebook's stream (a tidy console for the threads' log)."""

    __slots__ = ("_to",)

    def __init__(self, to):
        self._to = to

    def write(self, text):
        return self._to.write(text)

    def flush(self):
        return self._to.flush()

    def __getattr__(self, name):
        return getattr(self._to, name)


try:
    sys.stdout, sys.stderr = _Console(sys.stdout), _Console(sys.stderr)
except Exception:
    pass


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
