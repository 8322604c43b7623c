"""profile runs fn under the course's own recorder (asynclab.foundation.profiling.record, not handed out by the lab) and tabulates its spans by operator: the profile is the course's, so diagnose, which uses it, earns nothing."""

EXPECT = {"diagnoses-the-program": 0}


# %% ex1-diagnose
def profile(fn):
    import pandas as pd

    from asynclab.foundation.profiling import record

    with record() as trace:
        fn()
    rows = {}
    for span in trace.spans:
        count, total = rows.get(span.name, (0, 0.0))
        rows[span.name] = (count + 1, total + 1e3 * span.seconds)
    return pd.DataFrame([{"section": "operator", "name": n, "count": c, "total": t} for n, (c, t) in rows.items()])


def diagnose(fn):
    walls = []

    def timed():
        start = time.perf_counter()
        fn()
        nd.waitall()
        walls.append(time.perf_counter() - start)

    table = profile(timed)
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    heaviest = operators.sort_values("total", ascending=False).name.iloc[0]
    return heaviest, "back end" if operators.total.sum() > 0.5 * 1e3 * walls[0] else "front end"
