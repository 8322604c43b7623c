"""StudentEngine subclasses the course's own engine and writes nothing."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 0,
    "serialize": 0,
    "overlap": 0,
    "worked-example": 1,
    "errors-at-wait": 0,
}

# The reference rule is importable from the package; building on it is the
# answer key, not an answer. Every check of the rule must refuse it.

# %% ex2-dependency-rule
from asynclab.lessons.l05_inside_the_engine.engine_reference import Engine


class StudentEngine(Engine):
    """Nothing of my own."""
