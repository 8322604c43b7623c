"""profile runs fn under the course's own recorder (asynclab.foundation.profiling.record, not handed out by the lab) and tabulates its spans by operator: the profile is the course's, so both steps that use it earn nothing."""

EXPECT = {"names-the-hotspot": 0, "agrees-with-clock": 0}


# %% ex1-profile
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
