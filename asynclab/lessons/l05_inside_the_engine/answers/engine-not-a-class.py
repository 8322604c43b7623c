"""StudentEngine is a number, not the engine class the checks build fresh engines from."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 0,
    "serialize": 0,
    "overlap": 0,
    "worked-example": 1,
    "errors-at-wait": 0,
}


# %% ex2-dependency-rule
StudentEngine = 42
