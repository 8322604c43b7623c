"""Finishing a read lowers the count but never looks at the queue again."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 0,
    "serialize": 1,
    "overlap": 2,
    "worked-example": 1,
    "errors-at-wait": 1,
}

# A write queued behind a read waits for ever: the engine hangs on the first
# write-after-read. check_hazards must catch it (its waits time out) and so
# must check_errors_at_wait, whose waits time out as well.

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
        for var in op.reads:
            var.running_reads -= 1  # forgets to dispatch when it reaches 0
        for var in op.mutates:
            var.writing = False
            self._dispatch(var)
