"""The colleague's bug kept, under a disguise: A = C * 2 declares a read of a variable named "C", but a fresh one
that nothing writes, so the engine still does not order it after C = A + 2. Found by a review (1/1): the check
compared the names of the declared variables, not the variables."""

EXPECT = {"worked-example": 0}


# %% ex3-worked-example
def worked_example(engine, data):
    A, B, C, D = (engine.new_var(n) for n in "ABCD")
    engine.push(lambda: data.update(B=data["A"] + 1), reads=[A], mutates=[B], name="B = A + 1")
    engine.push(lambda: data.update(C=data["A"] + 2), reads=[A], mutates=[C], name="C = A + 2")
    engine.push(lambda: data.update(A=data["C"] * 2), reads=[engine.new_var("C")], mutates=[A], name="A = C * 2")
    engine.push(lambda: data.update(D=data["A"] + 3), reads=[A], mutates=[D], name="D = A + 3")
