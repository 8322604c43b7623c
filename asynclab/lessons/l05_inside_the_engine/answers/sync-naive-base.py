"""SyncEngine writes no push at all: it is the lab's own ThreadedVarEngineBase switched to naive mode, which
runs each op inside push and records it (the course's synchronous engine). Found by a review (1/1): the lab
imports ThreadedVarEngineBase for step 2, so the judge allows it; the check now refuses an engine built on it."""

EXPECT = {
    "sync-engine": 0,
    "hazards": 2,
    "serialize": 1,
    "overlap": 2,
    "worked-example": 1,
    "errors-at-wait": 1,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.engine import ThreadedVarEngineBase


# %% ex1-sync-engine
class SyncEngine(ThreadedVarEngineBase):
    """Runs every operation inside push, like MXNet's NaiveEngine."""

    def __init__(self):
        super().__init__(naive=True)
