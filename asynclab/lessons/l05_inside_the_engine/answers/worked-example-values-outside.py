"""Four pushes of operations that do nothing, declared with the right reads and writes, while worked_example
works the four statements out itself in Python, in order, on the calling thread, so the engine orders nothing
that matters. The check's data notes which operation wrote each key: a write from outside the operations
pushed fails, and so it earns nothing."""

EXPECT = {"worked-example": 0}


# %% ex3-worked-example
def worked_example(engine, data):
    A, B, C, D = (engine.new_var(n) for n in "ABCD")
    for reads, writes, label in (
        ([A], [B], "B = A + 1"),
        ([A], [C], "C = A + 2"),
        ([C], [A], "A = C * 2"),
        ([A], [D], "D = A + 3"),
    ):
        engine.push(lambda: None, reads=reads, mutates=writes, name=label)
    data["B"] = data["A"] + 1
    data["C"] = data["A"] + 2
    data["A"] = data["C"] * 2
    data["D"] = data["A"] + 3
