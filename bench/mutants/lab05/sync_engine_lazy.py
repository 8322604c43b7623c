"""A "synchronous" engine that only collects operations and runs them at wait_all.

Lazy, not synchronous: push returns before the op ran. check_sync_engine
must catch it.
"""

CAUGHT_BY = ("check_sync_engine",)


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
