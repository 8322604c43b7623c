"""MXNet's worked example pushed from a table in a loop, with lambdas that bind late.

The declared reads and writes are right, but every lambda sees the loop
variables of the last row when it runs. check_worked_example must catch it.
"""

CAUGHT_BY = ("check_worked_example",)


def worked_example(engine, data):
    """Push MXNet's four statements with their reads and writes."""
    V = {n: engine.new_var(n) for n in "ABCD"}
    table = [("B", "A", lambda a: a + 1),
             ("C", "A", lambda a: a + 2),
             ("A", "C", lambda c: c * 2),
             ("D", "A", lambda a: a + 3)]
    for target, source, f in table:
        engine.push(lambda: data.update({target: f(data[source])}),
                    reads=[V[source]], mutates=[V[target]], name=f"{target} from {source}")
