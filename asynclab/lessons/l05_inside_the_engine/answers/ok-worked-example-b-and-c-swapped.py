"""Right answer, unusual (red team round 14): both declarations fixed (A = C * 2 reads C; D = A + 3 reads A
only), with the two statements that may run side by side, B = A + 1 and C = A + 2, pushed in the other order.
Both only read A and write variables no other statement before D touches, so the program, its values and every
dependency the engine sees are the same; the step asks for exact declarations and does not fix the order of two
independent statements."""

EXPECT = {"worked-example": 1}


# %% ex3-worked-example
def worked_example(engine, data):
    A, B, C, D = (engine.new_var(n) for n in "ABCD")
    engine.push(lambda: data.update(C=data["A"] + 2), reads=[A], mutates=[C], name="C = A + 2")
    engine.push(lambda: data.update(B=data["A"] + 1), reads=[A], mutates=[B], name="B = A + 1")
    engine.push(lambda: data.update(A=data["C"] * 2), reads=[C], mutates=[A], name="A = C * 2")
    engine.push(lambda: data.update(D=data["A"] + 3), reads=[A], mutates=[D], name="D = A + 3")
