"""Lesson 10's experiments: synchronous and asynchronous SGD on MXNet's parameter server.

The training itself (the worker's program, the one-process reference, the
staleness count) lives in :mod:`asynclab.foundation.workloads.psgd`, which the checks
use too; this module adds what only the lesson needs: the time each step
took, and the figures (loss against wall time and against updates, the
staleness each gradient saw, the time per step with its quartiles).

Lesson-helper layer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from asynclab.foundation.timing import Samples, summarize
from asynclab.foundation.workloads import psgd

__all__ = ["step_times", "updates_seen", "plot_loss", "plot_staleness", "plot_step_times", "push_then_die"]


def step_times(trace: psgd.WorkerTrace) -> Samples:
    """Quartiles of one worker's time per step (s): between the reads of its weights, and from the last to its end."""
    marks = list(trace.reads) + [trace.end]
    return summarize(np.diff(marks))


def updates_seen(run: psgd.DistRun) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per worker, at each read of its weights: the seconds since the run's start and the updates applied so far.

    Synchronous SGD applies one update per round, so at step ``s`` the
    weights hold ``s`` updates; asynchronous SGD applies every push, so the
    count is the pushes of all workers before the read.
    """
    out = []
    pushes = np.sort(np.concatenate([np.asarray(w.pushes) for w in run.workers]))
    for trace in run.workers:
        reads = np.asarray(trace.reads)
        if run.kind == "dist_async":
            applied = np.searchsorted(pushes, reads)
        else:
            applied = np.asarray(trace.steps)
        out.append((reads - run.start, applied))
    return out


def plot_loss(runs: Mapping[str, psgd.DistRun], *, x: str = "time", ax=None, title: str = ""):
    """Loss at every read of the weights, against seconds since the start (``x="time"``) or updates applied."""
    import matplotlib.pyplot as plt

    if x not in ("time", "updates"):
        raise ValueError(f"x must be 'time' or 'updates', got {x!r}.")
    ax = ax or plt.subplots(figsize=(6, 4))[1]
    styles = ("-", "--", ":", "-.")
    for label, run in runs.items():
        line = None
        for trace, (seconds, applied) in zip(run.workers, updates_seen(run)):
            xs = seconds if x == "time" else applied
            style = dict(color=line.get_color()) if line is not None else {}
            (line,) = ax.plot(
                xs,
                trace.losses,
                styles[trace.rank % len(styles)],
                marker=".",
                markersize=3,
                label=f"{label}, worker {trace.rank}",
                **style,
            )
    ax.set_yscale("log")
    ax.set_xlabel("seconds since the first step" if x == "time" else "updates applied to the weights read")
    ax.set_ylabel("loss at the weights read")
    ax.set_title(title or ("loss against wall time" if x == "time" else "loss against updates"))
    ax.legend(fontsize=7)
    return ax


def plot_staleness(counts: Sequence[Sequence[int]], *, ax=None, title: str = "staleness of each gradient"):
    """A histogram per worker of the updates each of its gradients missed."""
    import matplotlib.pyplot as plt

    ax = ax or plt.subplots(figsize=(6, 4))[1]
    top = max([max(c) for c in counts if len(c)] + [1])
    bins = np.arange(-0.5, top + 1.5, 1.0)
    for rank, c in enumerate(counts):
        ax.hist(c, bins=bins, alpha=0.6, label=f"worker {rank} (median {np.median(c):.0f})")
    ax.set_xlabel("updates applied between reading the weights and pushing the gradient")
    ax.set_ylabel("gradients")
    ax.set_title(title)
    ax.legend(fontsize=8)
    return ax


def plot_step_times(runs: Mapping[str, psgd.DistRun], *, ax=None, title: str = "time per step (median, IQR)"):
    """Bars of each worker's median time per step, with whiskers from the first to the third quartile (ms)."""
    import matplotlib.pyplot as plt

    ax = ax or plt.subplots(figsize=(6, 4))[1]
    labels, medians, low, high = [], [], [], []
    for label, run in runs.items():
        for trace in run.workers:
            s = step_times(trace)
            labels.append(f"{label}\nworker {trace.rank}")
            medians.append(1e3 * s.median)
            low.append(1e3 * (s.median - s.q1))
            high.append(1e3 * (s.q3 - s.median))
    ax.bar(range(len(labels)), medians, yerr=[low, high], capsize=4, color="tab:blue")
    ax.set_xticks(range(len(labels)), labels, fontsize=7)
    ax.set_ylabel("ms per step")
    ax.set_title(title)
    return ax


def push_then_die(job: Mapping) -> None:
    """A worker program for :func:`asynclab.foundation.backends.cluster.launch` that fails: every worker pushes
    once to a ``job["kind"]`` store, then worker 1 exits with "worker 1 lost its data" and the others pull."""
    import mxnet as mx

    kv = mx.kv.create(job["kind"])
    kv.init(0, mx.nd.zeros(4))
    kv.push(0, mx.nd.ones(4))
    if job["rank"] == 1:
        raise SystemExit("worker 1 lost its data")
    out = mx.nd.zeros(4)
    kv.pull(0, out=out)
    out.wait_to_read()
