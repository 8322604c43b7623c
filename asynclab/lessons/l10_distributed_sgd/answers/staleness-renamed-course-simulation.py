"""predict_staleness runs lesson 10's own simulation of asynchronous SGD (simulation.simulate_async and computing_times, re-typed under other names, independent statements reordered) on the step times it is given: the course's simulation, copied, instead of a prediction."""

EXPECT = {"predict-staleness": 0}


# %% ex2-predict-staleness
import heapq
from types import SimpleNamespace

import numpy as np


def _durations(model, per_step, count, gen):
    centre = np.asarray(per_step, dtype=float) + model.compute_s
    out = centre * np.exp(model.spread * gen.standard_normal((count, len(centre))))
    if model.hiccup > 0:
        hit = gen.random(out.shape) < model.hiccup
        out = np.where(hit, model.hiccup_factor * out, out)
    return out


def _async_run(model, per_step, *, steps, seed=0, stagger=False):
    k = len(per_step)
    todo = [int(steps)] * k if isinstance(steps, (int, np.integer)) else [int(s) for s in steps]
    if len(todo) != k or min(todo, default=0) < 1:
        raise ValueError(f"steps must be at least 1 for each of the {k} workers, got {steps!r}.")
    gen = np.random.default_rng(seed)
    cycle = np.asarray(per_step, dtype=float) + model.compute_s + model.overhead_s
    took = _durations(model, per_step, max(todo), gen)
    begins = gen.uniform(0.0, cycle) if stagger else np.zeros(k)

    pushed = [0] * k  # steps each worker has pushed
    seen = [0] * k  # the updates in the weights each worker last read
    total = 0  # updates the server has applied so far
    queue: list[tuple[float, int, int, str]] = []
    seq = 0
    for j in range(k):
        heapq.heappush(queue, (float(begins[j]), seq, j, "read"))
        seq += 1
    who, when, lag = [], [], []
    last = 0.0
    while queue:
        now, _, j, what = heapq.heappop(queue)
        if what == "read":
            last = max(last, now)
            if pushed[j] == todo[j]:
                continue
            seen[j] = total
            heapq.heappush(queue, (now + float(took[pushed[j], j]), seq, j, "push"))
        else:
            who.append(j)
            when.append(now)
            lag.append(total - seen[j])
            total += 1
            pushed[j] += 1
            heapq.heappush(queue, (now + model.overhead_s, seq, j, "read"))
        seq += 1
    return np.asarray(who, dtype=int), np.asarray(when), np.asarray(lag, dtype=int), last


def predict_staleness(step_seconds):
    exact = SimpleNamespace(compute_s=0.0, spread=0.0, overhead_s=0.0, hiccup=0.0, hiccup_factor=1.0)
    slow = step_seconds[-1]
    counts = [int(120 * slow / s) + 1 for s in step_seconds[:-1]] + [100]
    ranks, _, stale, _ = _async_run(exact, step_seconds, steps=counts)
    return float(np.median(stale[ranks == len(step_seconds) - 1]))
