"""A parameter-server run's cost with its processes forked from a zygote, next to fresh interpreters, in one run.

Each round trains lesson 10's SGD for a few steps on ``dist_sync`` with two
workers (:func:`asynclab.foundation.workloads.psgd.run`: a scheduler, a
server and two workers), once with the processes forked from the launcher's
zygote (:mod:`asynclab.foundation.backends.zygote`) and once as fresh
interpreters (``ASYNCLAB_CLUSTER_FRESH=1``, read at each launch), in
alternating order. It prints the median seconds per run of each, their
ratio, and whether both gave the same weights. Goal: fresh / forked >= 3.

Run it alone on the machine::

    python bench/cluster_start.py [--rounds 5] [--steps 20]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np

from asynclab.foundation import budget
from asynclab.foundation.backends import cluster
from asynclab.foundation.workloads import psgd


def one_run(fresh: bool, steps: int) -> tuple[float, np.ndarray]:
    """Seconds for one two-worker run (start-up and tear-down included), and its final weights."""
    if fresh:
        os.environ[cluster.FRESH_VARIABLE] = "1"
    else:
        os.environ.pop(cluster.FRESH_VARIABLE, None)
    start = time.perf_counter()
    run = psgd.run("dist_sync", steps=steps, delays=(0.0, 0.0), seed=7)
    return time.perf_counter() - start, run.final_weights()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="runs of each kind (default 5)")
    parser.add_argument("--steps", type=int, default=20, help="SGD steps per run (default 20)")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.steps < 1:
        parser.error("--rounds and --steps must be at least 1")
    budget.apply()
    one_run(False, args.steps)  # the zygote's own start (an import of MXNet), not counted
    seconds: dict[str, list[float]] = {"forked": [], "fresh": []}
    weights: dict[str, np.ndarray] = {}
    for i in range(args.rounds):
        order = ("forked", "fresh") if i % 2 == 0 else ("fresh", "forked")
        for kind in order:
            took, weights[kind] = one_run(kind == "fresh", args.steps)
            seconds[kind].append(took)
    forked, fresh = (statistics.median(seconds[k]) for k in ("forked", "fresh"))
    same = bool(np.array_equal(weights["forked"], weights["fresh"]))
    print(f"two-worker dist_sync run of {args.steps} steps, median of {args.rounds}, start-up and tear-down included")
    print(f"  forked from the zygote: {forked:.3f} s   (runs: {', '.join(f'{s:.2f}' for s in seconds['forked'])})")
    print(f"  fresh interpreters:     {fresh:.3f} s   (runs: {', '.join(f'{s:.2f}' for s in seconds['fresh'])})")
    print(f"  fresh / forked: {fresh / forked:.1f}x; same weights: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
