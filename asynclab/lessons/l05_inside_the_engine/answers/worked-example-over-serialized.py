"""MXNet's worked example where every statement also "writes" A."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 2,
    "serialize": 1,
    "overlap": 2,
    "worked-example": 0,
    "errors-at-wait": 1,
}

# The values are right, but B = A + 1 and C = A + 2 can no longer run side
# by side. check_worked_example must catch it.


# %% ex3-worked-example
def worked_example(engine, data):
    A, B, C, D = (engine.new_var(n) for n in "ABCD")
    engine.push(lambda: data.update(B=data["A"] + 1), mutates=[A, B])
    engine.push(lambda: data.update(C=data["A"] + 2), mutates=[A, C])
    engine.push(lambda: data.update(A=data["C"] * 2), reads=[C], mutates=[A])
    engine.push(lambda: data.update(D=data["A"] + 3), reads=[A], mutates=[D])
