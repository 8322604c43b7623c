"""busy_ms is the colleague's code (the operators' totals of the aggregate table added up, through the step-1
profile, which waits) divided by 1.6, an "overlap factor" read off one run of the check. No merge of anything:
the factor is a property of a mix of rounds, not of the program. The check's two fns run different mixes (in one
no two products overlap, in the other most do, BUSY_MIXES), so the totals over the busy time differ by about 2x
between them and no one divisor fits both: 0."""

EXPECT = {"busy-across-devices": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation.profiling import CHORES


# %% ex2-busy-ms
OVERLAP = 1.6  # how many times the devices' totals exceeded the true busy time, on the check's run


def busy_ms(fn):
    table = profile(fn)
    operators = table[(table.section == "operator") & ~table.name.isin(CHORES)]
    return float(operators.total.sum()) / OVERLAP
