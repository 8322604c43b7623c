"""A right answer written another way: the four statements are pushed from a table, and each push hands the
engine its reads and mutates as generator expressions over the table's names ((V[n] for n in "A")), which the
engine's push accepts (an iterable of variables, turned into a tuple once). The declarations are exactly the
right ones and every operation reads its input from data and writes its own result. The check's engine notes
each declaration and runs the operation with the same variables, not with an iterator it has used up."""

EXPECT = {"worked-example": 1}


# %% ex3-worked-example
def worked_example(engine, data):
    V = {name: engine.new_var(name) for name in "ABCD"}

    def statement(target, source, compute):
        def run():
            data[target] = compute(data[source])

        return run

    for text, reads, writes, compute in (
        ("B = A + 1", "A", "B", lambda a: a + 1),
        ("C = A + 2", "A", "C", lambda a: a + 2),
        ("A = C * 2", "C", "A", lambda c: c * 2),
        ("D = A + 3", "A", "D", lambda a: a + 3),
    ):
        engine.push(
            statement(writes, reads, compute),
            reads=(V[n] for n in reads),
            mutates=(V[n] for n in writes),
            name=text,
        )
