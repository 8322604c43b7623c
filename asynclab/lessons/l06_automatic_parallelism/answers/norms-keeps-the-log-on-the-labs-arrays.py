"""norms_both keeps the colleague's program, its progress log and all, whenever it is handed the lab's own
arrays (the setup cell's xa and xb, told apart by identity), and issues the products in turns, silently, for any
other arrays. Every call a student makes in the lab runs the serial, logging program the step asks to mend:
behaving well only where the check's arrays are, none of the step's points."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
def norms_both(a, b, reps):
    norms = []
    if a is xa and b is xb:  # the lab's arrays: the program as it was, with its progress log
        for x in (a, b):
            for _ in range(reps):
                norms.append(nd.norm(nd.dot(x, x)))
                print(f"product {len(norms)}: norm {norms[-1].asscalar():.1f}")
        return norms
    on_a, on_b = [], []
    for _ in range(reps):
        on_a.append(nd.norm(nd.dot(a, a)))
        on_b.append(nd.norm(nd.dot(b, b)))
    return on_a + on_b
