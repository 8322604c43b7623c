"""One global lock: every operation holds the same lock while it runs."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 2,
    "serialize": 1,
    "overlap": 0,
    "worked-example": 1,
    "errors-at-wait": 1,
}

# The dependency rule itself is right, so every order holds, but two
# operations never run at once. check_overlap must catch it.

# Imports for linters: the lab's setup cell provides these names when graded.
import threading
from asynclab.foundation.engine import READ, WRITE, EngineBase


# %% ex2-dependency-rule
ONE_AT_A_TIME = threading.Lock()


def locked(fn):
    def run():
        with ONE_AT_A_TIME:
            return fn()

    return run


class StudentEngine(EngineBase):
    def _on_push(self, op):
        op.fn = locked(op.fn)  # "to be safe"
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
            var.running_reads -= 1
            if var.running_reads == 0:
                self._dispatch(var)
        for var in op.mutates:
            var.writing = False
            self._dispatch(var)
