"""SyncEngine writes no push of its own: it holds the lab's ThreadedVarEngineBase in naive mode (which runs each
op inside push and records it: the course's synchronous engine) as an attribute and hands every call on to it,
without being built on it. The check sees a frame of the course's engine on the stack of every op it pushes: the
course's engine, not an answer, and so it earns nothing (as sync-naive-base)."""

EXPECT = {
    "sync-engine": 0,
    "hazards": 2,
    "serialize": 1,
    "overlap": 2,
    "worked-example": 1,
    "errors-at-wait": 1,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import ThreadedVarEngineBase


# %% ex1-sync-engine
class SyncEngine:
    """Runs every operation inside push, like MXNet's NaiveEngine."""

    def __init__(self):
        self.inner = ThreadedVarEngineBase(naive=True)

    @property
    def records(self):
        return self.inner.records

    def new_var(self, name=None):
        return self.inner.new_var(name)

    def push(self, fn, reads=(), mutates=(), name=None):
        self.inner.push(fn, reads=reads, mutates=mutates, name=name)

    def wait_for_var(self, var, timeout=None):
        self.inner.wait_for_var(var, timeout=timeout)

    def wait_all(self, timeout=None):
        self.inner.wait_all(timeout=timeout)

    def shutdown(self, wait=True):
        self.inner.shutdown(wait=wait)
