"""A "synchronous" engine that only collects operations and runs them at wait_all."""

EXPECT = {
    "sync-engine": 0,
    "hazards": 2,
    "serialize": 1,
    "overlap": 2,
    "worked-example": 1,
    "errors-at-wait": 1,
}

# Lazy, not synchronous: push returns before the op ran. check_sync_engine
# must catch it.


# %% ex1-sync-engine
class SyncEngine:
    def __init__(self):
        self.records = []
        self.todo = []

    def new_var(self, name=None):
        return name

    def push(self, fn, reads=(), mutates=(), name=None):
        self.todo.append(fn)

    def wait_for_var(self, var, timeout=None):
        self.wait_all(timeout)

    def wait_all(self, timeout=None):
        while self.todo:
            self.todo.pop(0)()

    def shutdown(self, wait=True):
        pass
