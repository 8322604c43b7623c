"""Per-operation overhead of asynclab's engine next to MXNet's, in one run.

For tiny operations (adding 1 to a 100-element array) it measures, per op:

- enqueue: the time the front end spends in push (ours) or in the operator
  call (MXNet) while the back end runs;
- end to end: N pushes and one final wait, divided by N;
- round trip: a push followed at once by a wait, per op (a synchronous loop).

Two patterns: ``x += 1`` (every op mutates x, so they form a chain) and
``y = x + 1`` (every op reads x and writes a fresh variable: independent).
Rounds alternate ours / MXNet (:func:`asynclab.foundation.timing.run_interleaved`);
medians are reported with the ratio ours / MXNet. Goal: our push <= MXNet's enqueue, end to end within 2x.

Run it alone on the machine (other timing work makes both sides noisy)::

    python bench/engine_overhead.py [--n 2000] [--rounds 7]      # or: make bench-engine
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np

from asynclab.foundation.timing import run_interleaved
from asynclab.lessons.l05_inside_the_engine.engine_reference import Engine

SIZE = 100  # elements of the tiny array


def ours_chain(n: int) -> dict[str, float]:
    """``x += 1`` n times on our engine: seconds per op for push, end to end, round trip."""
    with Engine(num_workers=2) as engine:
        x_data = np.zeros(SIZE)
        x = engine.new_var("x")
        add_one = functools.partial(np.add, x_data, 1, out=x_data)
        start = time.perf_counter()
        for _ in range(n):
            engine.push(add_one, mutates=(x,), name="x+=1")
        pushed = time.perf_counter()
        engine.wait_all()
        done = time.perf_counter()
        trip_n = max(n // 4, 1)
        t0 = time.perf_counter()
        for _ in range(trip_n):
            engine.push(add_one, mutates=(x,), name="x+=1")
            engine.wait_for_var(x)
        trip = time.perf_counter() - t0
        assert x_data[0] == n + trip_n, "the chain lost an update"
    return {"push": (pushed - start) / n, "end_to_end": (done - start) / n, "round_trip": trip / trip_n}


def ours_fan(n: int) -> dict[str, float]:
    """``y = x + 1`` n times on our engine (each y a fresh variable)."""
    with Engine(num_workers=2) as engine:
        x_data = np.zeros(SIZE)
        x = engine.new_var("x")
        out: list = [None] * n

        def make(i: int) -> Callable[[], None]:
            def plus_one() -> None:
                out[i] = x_data + 1

            return plus_one

        fns = [make(i) for i in range(n)]
        start = time.perf_counter()
        for i in range(n):
            y = engine.new_var("y")
            engine.push(fns[i], reads=(x,), mutates=(y,), name="y=x+1")
        pushed = time.perf_counter()
        engine.wait_all()
        done = time.perf_counter()
    return {"push": (pushed - start) / n, "end_to_end": (done - start) / n}


def mxnet_chain(n: int) -> dict[str, float]:
    """``x += 1`` n times on MXNet's engine."""
    from mxnet import nd

    x = nd.zeros((SIZE,))
    nd.waitall()
    start = time.perf_counter()
    for _ in range(n):
        x += 1
    pushed = time.perf_counter()
    nd.waitall()
    done = time.perf_counter()
    trip_n = max(n // 4, 1)
    t0 = time.perf_counter()
    for _ in range(trip_n):
        x += 1
        x.wait_to_read()
    trip = time.perf_counter() - t0
    return {"push": (pushed - start) / n, "end_to_end": (done - start) / n, "round_trip": trip / trip_n}


def mxnet_fan(n: int) -> dict[str, float]:
    """``y = x + 1`` n times on MXNet's engine."""
    from mxnet import nd

    x = nd.zeros((SIZE,))
    out: list = [None] * n
    nd.waitall()
    start = time.perf_counter()
    for i in range(n):
        out[i] = x + 1
    pushed = time.perf_counter()
    nd.waitall()
    done = time.perf_counter()
    return {"push": (pushed - start) / n, "end_to_end": (done - start) / n}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000, help="tiny ops per measurement")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds (medians)")
    args = parser.parse_args(argv)
    if args.n < 10 or args.rounds < 1:
        parser.error("need --n >= 10 and --rounds >= 1")

    import mxnet  # noqa: F401  (load it before the clock starts)

    probes = {
        ("x += 1", "ours"): ours_chain,
        ("x += 1", "mxnet"): mxnet_chain,
        ("y = x + 1", "ours"): ours_fan,
        ("y = x + 1", "mxnet"): mxnet_fan,
    }
    for probe in probes.values():  # warm-up: threads, allocator, MXNet's operators
        probe(min(args.n, 200))
    total = args.rounds * len(probes)
    done = [0]

    def timed(key: tuple[str, str]) -> Callable[[], dict[str, float]]:
        def run() -> dict[str, float]:
            done[0] += 1
            print(f"\r[{done[0]:3d}/{total}] {key[1]:5s} {key[0]:10s}", end="", file=sys.stderr, flush=True)
            return probes[key](args.n)

        return run

    names = {f"{side} {pattern}": (pattern, side) for pattern, side in probes}
    runs = run_interleaved({name: timed(key) for name, key in names.items()}, warmup=0, min_rounds=args.rounds).samples
    samples = {key: runs[name] for name, key in names.items()}
    print(file=sys.stderr)

    def med(key: tuple[str, str], figure: str) -> float:
        return statistics.median(s[figure] for s in samples[key])

    print(f"Per-op cost of tiny ops (array of {SIZE}), {args.n} ops, median of {args.rounds} rounds")
    print(f"{'pattern':10s} {'figure':11s} {'ours µs':>9s} {'MXNet µs':>9s} {'ours/MXNet':>11s}")
    for pattern in ("x += 1", "y = x + 1"):
        for figure in ("push", "end_to_end", "round_trip"):
            if figure not in samples[(pattern, "ours")][0]:
                continue
            ours, theirs = med((pattern, "ours"), figure), med((pattern, "mxnet"), figure)
            print(f"{pattern:10s} {figure:11s} {ours * 1e6:9.2f} {theirs * 1e6:9.2f} {ours / theirs:10.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
