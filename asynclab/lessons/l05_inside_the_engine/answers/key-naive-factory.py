"""SyncEngine is a factory that returns the course's own engine in naive mode."""

EXPECT = {
    "sync-engine": 0,
    "hazards": 2,
    "serialize": 1,
    "overlap": 2,
    "worked-example": 1,
    "errors-at-wait": 1,
}

# %% ex1-sync-engine
from asynclab.lessons.l05_inside_the_engine.engine_reference import Engine


def SyncEngine():
    return Engine(naive=True)
