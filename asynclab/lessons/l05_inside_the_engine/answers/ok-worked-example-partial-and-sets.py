"""Found by a red team (round 16): a right answer written another way: one helper assign(data, target, source, f) does any
of the four statements; each push hands it over with functools.partial, declares reads and mutates as sets
built from a table of the statements, and the variables are kept in a dict. It should keep full marks."""

EXPECT = {"worked-example": 1}


# %% ex3-worked-example
import functools


def _assign(data, target, source, f):
    data[target] = f(data[source])


def worked_example(engine, data):
    var = {n: engine.new_var(n) for n in "ABCD"}
    table = [
        ("B", "A", lambda a: a + 1),
        ("C", "A", lambda a: a + 2),
        ("A", "C", lambda c: c * 2),
        ("D", "A", lambda a: a + 3),
    ]
    for target, source, f in table:
        engine.push(
            functools.partial(_assign, data, target, source, f),
            reads={var[source]},
            mutates={var[target]},
            name=f"{target} from {source}",
        )
