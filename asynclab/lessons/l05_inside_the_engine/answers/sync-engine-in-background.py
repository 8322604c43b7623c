"""A "synchronous" engine that starts each operation on a thread and returns."""

EXPECT = {
    "sync-engine": 0,
    "hazards": 2,
    "serialize": 1,
    "overlap": 2,
    "worked-example": 1,
    "errors-at-wait": 1,
}

# push comes back before the op ran, and independent ops overlap.
# check_sync_engine must catch it.

# Imports for linters: the lab's setup cell provides these names when graded.
import threading


# %% ex1-sync-engine
class SyncEngine:
    def __init__(self):
        self.records = []
        self.threads = []

    def new_var(self, name=None):
        return name

    def push(self, fn, reads=(), mutates=(), name=None):
        thread = threading.Thread(target=fn)
        thread.start()
        self.threads.append(thread)

    def wait_for_var(self, var, timeout=None):
        self.wait_all(timeout)

    def wait_all(self, timeout=None):
        for thread in self.threads:
            thread.join(timeout)

    def shutdown(self, wait=True):
        pass
