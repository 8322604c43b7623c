"""norms_both issues in turns, the second reason, but keeps logging each norm as it goes: every log line waits for its norm, so nothing is queued beside it."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(xa, xb, reps):
    on_a, on_b = [], []
    for _ in range(reps):
        on_a.append(nd.norm(nd.dot(xa, xa)))
        print(f"cpu(0): norm {on_a[-1].asscalar():.1f}")
        on_b.append(nd.norm(nd.dot(xb, xb)))
        print(f"cpu(1): norm {on_b[-1].asscalar():.1f}")
    return on_a + on_b
