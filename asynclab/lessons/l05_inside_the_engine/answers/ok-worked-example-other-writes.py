"""A right answer written another way: the statements are named functions that write data by item
assignment, by update with a dict and by setdefault, pushed from a table of the right declarations."""

EXPECT = {"worked-example": 1}


# %% ex3-worked-example
def worked_example(engine, data):
    A, B, C, D = (engine.new_var(n) for n in "ABCD")

    def b_from_a():
        data["B"] = data["A"] + 1

    def c_from_a():
        data.update({"C": data.get("A") + 2})

    def a_from_c():
        a = data["C"] * 2
        data["A"] = a

    def d_from_a():
        data.setdefault("D", data["A"] + 3)

    for fn, reads, writes, label in (
        (b_from_a, [A], [B], "B = A + 1"),
        (c_from_a, [A], [C], "C = A + 2"),
        (a_from_c, [C], [A], "A = C * 2"),
        (d_from_a, [A], [D], "D = A + 3"),
    ):
        engine.push(fn, reads=reads, mutates=writes, name=label)
