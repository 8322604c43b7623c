"""A write waits for an earlier write but not for earlier reads still running."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 0,
    "serialize": 1,
    "overlap": 2,
    "worked-example": 1,
    "errors-at-wait": 1,
}

# Read-after-write and write-after-write hold; a slow read can see the value
# of a write pushed after it. check_hazards must catch it.

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import READ, WRITE, EngineBase


# %% ex2-dependency-rule
class StudentEngine(EngineBase):
    def _on_push(self, op):
        for var in op.reads:
            var.queue.append((op, READ))
        for var in op.mutates:
            var.queue.append((op, WRITE))
        for var in op.reads + op.mutates:
            self._dispatch(var)

    def _dispatch(self, var):
        while var.queue:
            op, is_write = var.queue[0]
            if is_write:
                if var.writing:  # forgets: var.running_reads > 0
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
        for var in op.reads:
            var.running_reads -= 1
            self._dispatch(var)
        for var in op.mutates:
            var.writing = False
            self._dispatch(var)
