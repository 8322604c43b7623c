"""head_start looks its answer up in a table typed in from measurements made elsewhere, for 2, 3, 5 and 6
workspaces and 4 to 12 products (the settings and counts the check drew before): a table, not the rule the step
asks for; the check now draws one setting from 9 to 16 workspaces, with counts up to 22, where it has no entry.
Found by a red team (it passed every run before)."""

EXPECT = {"predict-head-start": 0}


# %% ex2-head-start
MEASURED = {
    2: {4: 3, 5: 4, 6: 5, 7: 6, 8: 7, 9: 8, 10: 9, 11: 10, 12: 11},
    3: {4: 2, 5: 3, 6: 4, 7: 5, 8: 6, 9: 7, 10: 8, 11: 9, 12: 10},
    5: {4: 0, 5: 1, 6: 2, 7: 3, 8: 4, 9: 5, 10: 6, 11: 7, 12: 8},
    6: {4: 0, 5: 0, 6: 1, 7: 2, 8: 3, 9: 4, 10: 5, 11: 6, 12: 7},
}


def head_start(reps, copies):
    return MEASURED[copies][reps]
