"""_on_complete resets running_reads to 0 when any read finishes, so a write may start while other reads still run."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 0,
    "serialize": 1,
    "overlap": 2,
    "worked-example": 1,
    "errors-at-wait": 1,
}

# A write queued behind two reads may then start while the slower read is
# still running (write after read broken). check_hazards must catch it.

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import READ, WRITE, EngineBase


# %% ex2-dependency-rule
class StudentEngine(EngineBase):
    """EngineBase plus your dependency rule."""

    def _on_push(self, op):
        """Queue one entry per variable of op, then dispatch those variables."""
        for var in op.reads:
            var.queue.append((op, READ))
        for var in op.mutates:
            var.queue.append((op, WRITE))
        for var in op.reads + op.mutates:
            self._dispatch(var)

    def _dispatch(self, var):
        """Grant the entries at the head of var.queue that may start now."""
        while var.queue:
            op, is_write = var.queue[0]
            if is_write:
                if var.writing or var.running_reads > 0:
                    return
                var.queue.popleft()
                var.writing = True
                self._grant(op)
                return
            if var.writing:
                return
            var.queue.popleft()
            var.running_reads += 1
            self._grant(op)

    def _on_complete(self, op):
        """op has finished: release its variables and dispatch them."""
        for var in op.reads:
            var.running_reads = 0
            self._dispatch(var)
        for var in op.mutates:
            var.writing = False
            self._dispatch(var)
