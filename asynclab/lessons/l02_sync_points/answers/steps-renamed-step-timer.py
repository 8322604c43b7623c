"""time_steps wraps a copy of lesson 02's StepTimer(sync=True) and blame_loop inside a function of its own, every local name renamed and independent statements reordered: the lesson's code in disguise, re-typed."""

EXPECT = {
    "waits-for-results": 2,
    "predict-error-line": 2,
    "steps-overlap-reads": 1,
    "error-a-step-late": 2,
    "blame-right-line": 0,
    "fair-clocks": 2,
}

# The copy of asynclab/lessons/l02_sync_points/syncpoints.py's StepTimer and blame_loop: the class,
# its arguments and locals renamed (its attributes kept), the label check moved after the clock
# starts, the loop's guard after its first value, the labels the keys time_steps returns, the
# methods the step does not use left out, everything nested inside time_steps.

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import npx


# %% ex3-time-steps
import contextlib


def time_steps(x):
    class Stopwatch:
        def __init__(self, wait=False):
            self._samples = {}
            self._sync = npx.waitall if wait is True else (wait or None)
            self.synchronized = self._sync is not None

        @contextlib.contextmanager
        def __call__(self, tag):
            t0 = time.perf_counter()
            if not isinstance(tag, str) or not tag:
                raise TypeError("a step needs a non-empty string label.")
            yield
            if self._sync is not None:
                self._sync()
            self._samples.setdefault(tag, []).append(time.perf_counter() - t0)

        @property
        def totals(self):
            return {tag: sum(spent) for tag, spent in self._samples.items()}

    lines = ("dot", "relu", "mean", "item")

    def one_pass(m, watch, rounds=1):
        from mxnet import np, npx

        last = float("nan")
        if rounds < 1:
            raise ValueError(f"iterations must be at least 1, got {rounds}.")
        for _ in range(rounds):
            with watch(lines[0]):
                p = np.dot(m, m)
            with watch(lines[1]):
                q = npx.relu(p)
            with watch(lines[2]):
                r = q.mean()
            with watch(lines[3]):
                last = r.item()
        return last

    watch = Stopwatch(wait=True)
    one_pass(x, watch)
    return watch.totals
