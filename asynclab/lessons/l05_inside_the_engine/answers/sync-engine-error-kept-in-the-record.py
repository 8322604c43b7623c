"""push catches the operation's exception and only notes it ("the record says what happened"). Wrong: the
error is lost for good, since wait_for_var and wait_all do nothing in a synchronous engine; NaiveEngine lets an
operation's error out of push, to the code that pushed it, which the step asks for and the check tests with an
operation that raises."""

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
        status = "done"
        try:
            fn()
        except Exception:
            status = "failed"  # the record says what happened
        end = time.perf_counter()
        self.records.append(OpRecord(name or fn.__name__, "main", enqueue, enqueue, end, status))

    def wait_for_var(self, var, timeout=None):
        pass  # nothing is ever pending

    def wait_all(self, timeout=None):
        pass

    def shutdown(self, wait=True):
        pass
