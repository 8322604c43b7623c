"""Declares nothing real: every push reads and writes fresh variables that carry the right names but link no two
statements; the order comes from engine.wait_all() after every push. Found by a review (1/1)."""

EXPECT = {"worked-example": 0}


# %% ex3-worked-example
def worked_example(engine, data):
    def fresh(names):
        return [engine.new_var(n) for n in names]

    steps = [
        ("B = A + 1", "A", "B", lambda: data.update(B=data["A"] + 1)),
        ("C = A + 2", "A", "C", lambda: data.update(C=data["A"] + 2)),
        ("A = C * 2", "C", "A", lambda: data.update(A=data["C"] * 2)),
        ("D = A + 3", "A", "D", lambda: data.update(D=data["A"] + 3)),
    ]
    for label, ins, outs, fn in steps:
        engine.push(fn, reads=fresh(ins), mutates=fresh(outs), name=label)
        engine.wait_all()
