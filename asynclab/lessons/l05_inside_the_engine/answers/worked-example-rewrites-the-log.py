"""The colleague's declarations as the step shows them (the wrong answer worked-example-as-the-colleague-wrote-it:
A = C * 2 does not declare its read of C, D = A + 3 declares reads of B and C), after which worked_example
overwrites engine.declared with the right declarations, in place where the engine has such a list, else as a new
attribute. The check notes what each push declared in its own locals, not on the engine it hands over, so the
colleague's declarations are what it judges: it earns nothing."""

EXPECT = {"worked-example": 0}


# %% ex3-worked-example
def worked_example(engine, data):
    A, B, C, D = (engine.new_var(n) for n in "ABCD")
    engine.push(lambda: data.update(B=data["A"] + 1), reads=[A], mutates=[B], name="B = A + 1")
    engine.push(lambda: data.update(C=data["A"] + 2), reads=[A], mutates=[C], name="C = A + 2")
    engine.push(lambda: data.update(A=data["C"] * 2), mutates=[A], name="A = C * 2")
    engine.push(lambda: data.update(D=data["A"] + 3), reads=[A, B, C], mutates=[D], name="D = A + 3")
    right = [(("A",), ("B",)), (("A",), ("C",)), (("C",), ("A",)), (("A",), ("D",))]
    record = getattr(engine, "declared", None)
    if isinstance(record, list):
        record[:] = right
    else:
        engine.declared = right
