"""Every declaration right, but D = A + 3 is pushed before A = C * 2: the engine orders operations by push order on
the variables they share, so D reads A before the new value is written (D = 4, not 9). The check matches each push
to the statement whose target it writes, so that the two independent statements B and C may come in either
order; a wrong order of dependent ones shows in the values."""

EXPECT = {"worked-example": 0}


# %% ex3-worked-example
def worked_example(engine, data):
    A, B, C, D = (engine.new_var(n) for n in "ABCD")
    engine.push(lambda: data.update(B=data["A"] + 1), reads=[A], mutates=[B], name="B = A + 1")
    engine.push(lambda: data.update(C=data["A"] + 2), reads=[A], mutates=[C], name="C = A + 2")
    engine.push(lambda: data.update(D=data["A"] + 3), reads=[A], mutates=[D], name="D = A + 3")
    engine.push(lambda: data.update(A=data["C"] * 2), reads=[C], mutates=[A], name="A = C * 2")
