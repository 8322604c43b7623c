"""predict_staleness takes the other workers' mean step for each of them (the slow step over the average pace,
times their number), as if pushes came at the average step instead of adding up each worker's rate: with the
check's fast delays drawn within 1.5x of each other it reads only 0-4% under the solution's model and moves as
the check's questions about doubled steps ask; a third worker four times as slow as the fast one lowers its
prediction where it must rise by a quarter, and the check asks that first."""

EXPECT = {"predict-staleness": 0}


# %% ex2-predict-staleness
def predict_staleness(step_seconds):
    """Median staleness, in updates, of the last (slowest) worker's gradients on dist_async."""
    others = step_seconds[:-1]
    mean_step = sum(others) / len(others)
    return len(others) * step_seconds[-1] / mean_step
