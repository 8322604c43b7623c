"""norms_both, head_start and two_stages are left as blank stubs (a bare ..., a bare pass, the lab's raise): none returns an answer."""

EXPECT = {"two-devices-at-once": 0, "predict-head-start": 0, "stages-side-by-side": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    """reps norms of xa . xa on cpu(0), then reps of xb . xb on cpu(1): the devices side by side."""
    ...


# %% ex2-head-start
def head_start(reps, copies):
    """Products of cpu(0) finished before cpu(1)'s first starts, when cpu(0)'s reps products are issued first."""
    pass


# %% ex3-two-stages
def two_stages(batches, w1, w2):
    """Outputs dot(relu(dot(x, w1)), w2) on cpu(1), stage one on cpu(0) and stage two on cpu(1), side by side."""
    # YOUR CODE HERE
    raise NotImplementedError()
