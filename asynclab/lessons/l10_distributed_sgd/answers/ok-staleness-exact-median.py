"""Found by a red team (round 16): a right answer taken literally. The step asks for the staleness "in the median". Each
other worker lands floor(r) or floor(r) + 1 pushes in one slow step (r = its steps per slow step), the latter
with probability frac(r) as the phases drift; the counts of different workers are independent. The answer is the
median of that distribution of the total (exact, by convolution), not its mean (the solution's sum of the
ratios). It should keep full marks."""

EXPECT = {"predict-staleness": 2}


# %% ex2-predict-staleness
import math


def predict_staleness(step_seconds):
    slow = step_seconds[-1]
    base, extra = 0, {0: 1.0}  # distribution of the pushes above the sure ones
    for s in step_seconds[:-1]:
        r = slow / s
        whole = math.floor(r)
        p = r - whole
        base += whole
        nxt = {}
        for k, q in extra.items():
            nxt[k] = nxt.get(k, 0.0) + q * (1 - p)
            nxt[k + 1] = nxt.get(k + 1, 0.0) + q * p
        extra = nxt
    below = 0.0
    for k in sorted(extra):
        below += extra[k]
        if abs(below - 0.5) < 1e-12:  # the median lies between k and k + 1
            return base + k + 0.5
        if below > 0.5:
            return base + k
    return base + max(extra)
