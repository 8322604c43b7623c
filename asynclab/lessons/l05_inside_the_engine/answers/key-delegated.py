"""StudentEngine calls the course's own rule from methods of its own (a module import hides the class)."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 0,
    "serialize": 0,
    "overlap": 0,
    "worked-example": 1,
    "errors-at-wait": 0,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import EngineBase


# %% ex2-dependency-rule
import asynclab.lessons.l05_inside_the_engine.engine_reference as ref


class StudentEngine(EngineBase):
    def _on_push(self, op):
        ref.Engine._on_push(self, op)

    def _dispatch(self, var):
        ref.Engine._dispatch(self, var)

    def _on_complete(self, op):
        ref.Engine._on_complete(self, op)
