"""SyncEngine.push runs fn() but never appends the OpRecord the step asks for."""

EXPECT = {
    "sync-engine": 0,
    "hazards": 2,
    "serialize": 1,
    "overlap": 2,
    "worked-example": 1,
    "errors-at-wait": 1,
}

# The operations run inside push, in push order, but engine.records stays
# empty. check_sync_engine must catch it.


# %% ex1-sync-engine
class SyncEngine:
    """Runs every operation inside push, like MXNet's NaiveEngine."""

    def __init__(self):
        self.records = []  # one OpRecord per operation, in push order

    def new_var(self, name=None):
        return name  # nothing to track: the data is always up to date

    def push(self, fn, reads=(), mutates=(), name=None):
        """Run fn() now and record it."""
        fn()

    def wait_for_var(self, var, timeout=None):
        pass  # nothing is ever pending

    def wait_all(self, timeout=None):
        pass

    def shutdown(self, wait=True):
        pass
