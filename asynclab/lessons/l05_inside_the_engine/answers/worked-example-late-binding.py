"""worked_example pushes the statements from a table in a loop; the lambdas capture the loop variables late."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 2,
    "serialize": 1,
    "overlap": 2,
    "worked-example": 0,
    "errors-at-wait": 1,
}

# The declared reads and writes are right, but every lambda sees the loop
# variables of the last row when it runs. check_worked_example must catch it.


# %% ex3-worked-example
def worked_example(engine, data):
    """Push MXNet's four statements with their reads and writes."""
    V = {n: engine.new_var(n) for n in "ABCD"}
    table = [
        ("B", "A", lambda a: a + 1),
        ("C", "A", lambda a: a + 2),
        ("A", "C", lambda c: c * 2),
        ("D", "A", lambda a: a + 3),
    ]
    for target, source, f in table:
        engine.push(
            lambda: data.update({target: f(data[source])}),
            reads=[V[source]],
            mutates=[V[target]],
            name=f"{target} from {source}",
        )
