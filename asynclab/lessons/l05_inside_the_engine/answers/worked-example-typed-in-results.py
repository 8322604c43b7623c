"""Found by a red team (round 16): every declaration right, but no operation computes its statement: each reads its input
from data (so the read is noted) and writes the result typed in from the step's text ({"A": 6, "B": 2, "C": 3,
"D": 9}). Those are right from A = 1, where the step's colleague started; the check starts each run from an A it
draws."""

EXPECT = {"worked-example": 0}


# %% ex3-worked-example
def worked_example(engine, data):
    A, B, C, D = (engine.new_var(n) for n in "ABCD")
    engine.push(lambda: (data["A"], data.update(B=2)), reads=[A], mutates=[B], name="B = A + 1")
    engine.push(lambda: (data["A"], data.update(C=3)), reads=[A], mutates=[C], name="C = A + 2")
    engine.push(lambda: (data["C"], data.update(A=6)), reads=[C], mutates=[A], name="A = C * 2")
    engine.push(lambda: (data["A"], data.update(D=9)), reads=[A], mutates=[D], name="D = A + 3")
