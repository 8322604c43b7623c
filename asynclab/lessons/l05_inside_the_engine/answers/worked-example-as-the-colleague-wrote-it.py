"""The colleague's declarations as the step shows them: A = C * 2 does not declare that it reads C (its write of A happens to wait for C = A + 2, which reads A), and D = A + 3 declares reads of B and C it does not make."""

EXPECT = {"worked-example": 0}


# %% ex3-worked-example
def worked_example(engine, data):
    A, B, C, D = (engine.new_var(n) for n in "ABCD")
    engine.push(lambda: data.update(B=data["A"] + 1), reads=[A], mutates=[B], name="B = A + 1")
    engine.push(lambda: data.update(C=data["A"] + 2), reads=[A], mutates=[C], name="C = A + 2")
    engine.push(lambda: data.update(A=data["C"] * 2), mutates=[A], name="A = C * 2")
    engine.push(lambda: data.update(D=data["A"] + 3), reads=[A, B, C], mutates=[D], name="D = A + 3")
