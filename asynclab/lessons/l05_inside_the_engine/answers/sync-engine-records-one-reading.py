"""SyncEngine.push takes one time.perf_counter() reading before it calls fn() and records it as enqueue, start and
end alike: every record says its operation took no time and ended before it ran. Found by a review (round 5): the
check asked only enqueue <= start <= end <= the return of push; now each operation notes when it began and ended,
and its record's start and end must enclose that."""

EXPECT = {"sync-engine": 0}


# %% ex1-sync-engine
class SyncEngine:
    """Runs every operation inside push, like MXNet's NaiveEngine."""

    def __init__(self):
        self.records = []  # one OpRecord per operation, in push order

    def new_var(self, name=None):
        return name  # nothing to track: the data is always up to date

    def push(self, fn, reads=(), mutates=(), name=None):
        """Run fn() now and record it."""
        now = time.perf_counter()
        self.records.append(OpRecord(name or fn.__name__, "main", now, now, now))
        fn()

    def wait_for_var(self, var, timeout=None):
        pass  # nothing is ever pending

    def wait_all(self, timeout=None):
        pass

    def shutdown(self, wait=True):
        pass
