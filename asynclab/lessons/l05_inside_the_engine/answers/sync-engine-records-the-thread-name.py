"""SyncEngine.push records the name of the thread that ran the operation ("MainThread" in a notebook) as its
worker, where the step asks for the worker "main"."""

EXPECT = {"sync-engine": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import threading
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
        """Run fn() now, on this thread, and record it under the thread's name."""
        enqueue = time.perf_counter()
        fn()
        end = time.perf_counter()
        worker = threading.current_thread().name
        self.records.append(OpRecord(name if name is not None else fn.__name__, worker, enqueue, enqueue, end))

    def wait_for_var(self, var, timeout=None):
        pass  # nothing is ever pending

    def wait_all(self, timeout=None):
        pass

    def shutdown(self, wait=True):
        pass
