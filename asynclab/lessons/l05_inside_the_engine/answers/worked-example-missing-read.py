"""MXNet's worked example with A = C * 2 declared as writing A only (reads nothing)."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 2,
    "serialize": 1,
    "overlap": 2,
    "worked-example": 0,
    "errors-at-wait": 1,
}

# The values often come out right by luck, but the op may start before
# C = A + 2 has written C. check_worked_example must catch it.


# %% ex3-worked-example
def worked_example(engine, data):
    A, B, C, D = (engine.new_var(n) for n in "ABCD")
    engine.push(lambda: data.update(B=data["A"] + 1), reads=[A], mutates=[B])
    engine.push(lambda: data.update(C=data["A"] + 2), reads=[A], mutates=[C])
    engine.push(lambda: data.update(A=data["C"] * 2), mutates=[A])
    engine.push(lambda: data.update(D=data["A"] + 3), reads=[A], mutates=[D])
