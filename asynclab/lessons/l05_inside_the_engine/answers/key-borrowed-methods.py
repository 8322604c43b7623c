"""StudentEngine is an EngineBase whose three rule methods are the course's own, assigned."""

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
from asynclab.lessons.l05_inside_the_engine.engine_reference import Engine as Reference


class StudentEngine(EngineBase):
    _on_push = Reference._on_push
    _dispatch = Reference._dispatch
    _on_complete = Reference._on_complete
