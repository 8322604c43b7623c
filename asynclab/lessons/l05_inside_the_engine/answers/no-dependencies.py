"""Every operation starts at once: no queue, no rule."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 0,
    "serialize": 0,
    "overlap": 2,
    "worked-example": 1,
    "errors-at-wait": 1,
}

# Independent ops overlap, but a dependent op runs before the op it depends
# on has finished. check_serialize and check_hazards must catch it.
# errors-at-wait: z = y + 1 starts beside the faulty op; it is skipped (the check passes) as long as
# the faulty op has failed before z starts, which held in 1000 of 1000 runs with a core kept busy.

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import EngineBase


# %% ex2-dependency-rule
class StudentEngine(EngineBase):
    def _on_push(self, op):
        for _ in op.reads + op.mutates:
            self._grant(op)

    def _dispatch(self, var):
        pass

    def _on_complete(self, op):
        pass
