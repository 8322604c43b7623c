"""SyncEngine.push records every operation under fn.__name__ and ignores the name it was pushed with: an operation
pushed as push(lambda: ..., name="B = A + 1") is recorded as "<lambda>", so every lambda in a schedule carries the
same name. It passed while the check's named operation had a function of the same name; now its function is named
otherwise."""

EXPECT = {"sync-engine": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from asynclab.foundation.engine import OpRecord


# %% ex1-sync-engine
class SyncEngine:
    """Runs every operation inside push, like MXNet's NaiveEngine."""

    def __init__(self):
        self.records = []  # one OpRecord per operation, in push order

    def new_var(self, name=None):
        return name  # nothing to track: the data is always up to date

    def push(self, fn, reads=(), mutates=(), name=None):
        """Run fn() now and record it."""
        enqueue = time.perf_counter()
        fn()
        end = time.perf_counter()
        self.records.append(OpRecord(fn.__name__, "main", enqueue, enqueue, end))

    def wait_for_var(self, var, timeout=None):
        pass  # nothing is ever pending

    def wait_all(self, timeout=None):
        pass

    def shutdown(self, wait=True):
        pass
