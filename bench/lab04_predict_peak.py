"""How far lab 04's predict-peak check sits from its threshold, quiet and with one or two cores busy.

The check measures the peaks of waiting every k batches in a fresh process
(about 45 s a run; about 90 s here, where each run measures six values of k), so the whole-notebook robustness bench
(``checks_robustness.py --lab 04``, about an hour for 20 runs) is not needed
to see it. This script runs the check itself ``--runs`` times per condition
with the solution's model (a line through the two peaks) and, in the same
rounds, judges the catalogue's wrong models on the same measured peaks, so
that right and wrong answers are compared side by side in one run. It
writes ``bench/reports/lab04_predict_peak.md``.

    python bench/lab04_predict_peak.py --runs 10
"""

from __future__ import annotations

import argparse
import contextlib
import math
import platform
import statistics
import sys
import time
from datetime import date
from pathlib import Path

from asynclab.checks.core import CheckFailed
from asynclab.lessons.l04_async_memory import checks as lab04
from asynclab.tooling.busy import busy_cores

ROOT = Path(__file__).resolve().parents[1]
REPORT = ROOT / "bench" / "reports" / "lab04_predict_peak.md"

_LOW, _HIGH = lab04.K_SMALL, lab04.K_LARGE  # the two measured ks the models are made from
MODELS = {
    "line through both peaks (the solution)": lambda k, a, b: a + (b - a) * (k - _LOW) / (_HIGH - _LOW),
    "midpoint": lambda k, a, b: (a + b) / 2,
    "line on log k": lambda k, a, b: a + (b - a) * math.log(k / _LOW) / math.log(_HIGH / _LOW),
    "nearer peak": lambda k, a, b: a if k < (_LOW + _HIGH) / 2 else b,
}


#: condition -> how many CPU-bound processes run beside the check (make test's side lane has both cores busy)
CONDITIONS = {"quiet": 0, "one core busy": 1, "both cores busy": 2}


_KEEP = """
def keep():
    seen.update(original())
    return dict(seen)
"""


def one_run() -> dict[str, float]:
    """The check once with the solution's model, measuring both ends of both ranges it draws k from; every
    model's error on the same peaks for the draw least favourable to it.

    The check draws one k from each range; here it measures the four ends (in the same process, the same
    rounds), so the right model is judged on its worst pair and each wrong model on its best one.
    """
    seen: dict[int, float] = {}
    original, drawn = lab04._measure_peaks, lab04._drawn_ks

    # the measurement runs only when its check calls it through the course's own code
    # (asynclab.checks.core.checking): the wrapper stands where the check module calls it, so it is compiled
    # as code of that module's file
    scope = {"seen": seen, "original": original}
    exec(compile(_KEEP, lab04.__file__, "exec"), scope)
    lab04._measure_peaks = scope["keep"]
    lab04._drawn_ks = lambda: (*lab04.PREDICT_WITHIN, *lab04.PREDICT_BEYOND)
    try:
        with contextlib.suppress(CheckFailed):
            lab04.check_predict_peak(MODELS["line through both peaks (the solution)"])
    finally:
        lab04._measure_peaks, lab04._drawn_ks = original, drawn
    low, high = seen[lab04.K_SMALL], seen[lab04.K_LARGE]
    pairs = [(a, b) for a in lab04.PREDICT_WITHIN for b in lab04.PREDICT_BEYOND]
    errors = {}
    for name, model in MODELS.items():
        by_pair = [max(abs(model(k, low, high) - seen[k]) / (high - low) for k in pair) for pair in pairs]
        errors[name] = max(by_pair) if name.startswith("line through both") else min(by_pair)
    return errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10, help="runs per condition (default 10)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        print("--runs must be at least 1.", file=sys.stderr)
        return 2
    started = time.perf_counter()
    errors: dict[str, dict[str, list[float]]] = {}
    for condition, busy in CONDITIONS.items():
        with busy_cores(busy):
            for i in range(args.runs):
                for name, error in one_run().items():
                    errors.setdefault(condition, {}).setdefault(name, []).append(error)
                print(f"{condition} {i + 1}/{args.runs}", flush=True)
    tolerance = lab04.PREDICT_TOLERANCE
    within, beyond = lab04.PREDICT_WITHIN, lab04.PREDICT_BEYOND
    lines = [
        "# Lab 04, predict-peak: errors of right and wrong models on the check's own measurement",
        "",
        f"Measured {date.today()} on {platform.machine()}, {args.runs} runs per condition, "
        f"{(time.perf_counter() - started) / 60:.1f} min (`python bench/lab04_predict_peak.py --runs "
        f"{args.runs}`). Each run is one call of `check_predict_peak` with the solution's model; the "
        f"other models are judged on the peaks that run measured. The check draws one k from "
        f"{within[0]}-{within[1]} and one from {beyond[0]}-{beyond[1]}; each run here measures the four ends "
        f"(k={within[0]}, {within[1]}, {beyond[0]} and {beyond[1]}, beside k=5 and k=50). Error = the worse of "
        f"the two predictions' distance from the measured peak, as a share of the gap between k=5's and k=50's "
        f"peaks, for the pair of ends least favourable to the model (the right model's worst, a wrong "
        f"model's best); the check passes at <= {tolerance:g}. The check measures on {lab04.PREDICT_CPUS} CPU, the median of "
        f"{lab04.PREDICT_ROUNDS} rounds; the busy "
        "processes are not pinned.",
        "",
        "| model | condition | passes | median error | worst error (right) / best error (wrong) | margin |",
        "|---|---|---|---|---|---|",
    ]
    flakes = caught_all = 0
    for condition, by_model in errors.items():
        for name, values in by_model.items():
            right = name.startswith("line through both")
            passes = sum(v <= tolerance for v in values)
            edge = max(values) if right else min(values)
            margin = tolerance / edge if right else edge / tolerance
            lines.append(
                f"| {name} | {condition} | {passes}/{len(values)} | {statistics.median(values):.3f} | "
                f"{edge:.3f} | {margin:.2f} |"
            )
            if right:
                flakes += len(values) - passes
            else:
                caught_all += passes
    lines += [
        "",
        f"Right answer failed: {flakes} times. Wrong models passed: {caught_all} times.",
        "",
    ]
    REPORT.write_text("\n".join(lines))
    print("\n".join(lines))
    return 0 if flakes == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
