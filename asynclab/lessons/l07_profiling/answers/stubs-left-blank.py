"""profile and relu_into are left as blank stubs (a bare pass, a bare ...): they return None, and backend_ms, which uses profile, gets no table."""

EXPECT = {"names-the-hotspot": 0, "agrees-with-clock": 0, "writes-into-out": 0}


# %% ex1-profile
def profile(fn):
    """Run fn() under MXNet's profiler; return the aggregate table of what it ran (a DataFrame)."""
    pass


# %% ex3-relu-into
def relu_into(x, out):
    """Write relu(x) into the existing array out, allocating nothing; return out."""
    ...
