"""How long does each lesson and each lab's solution take to run, top to bottom, on this machine?

The course promises that every lesson notebook (``notebooks/NN_*.ipynb``) and every lab's solution
(``solutions/NN_*_lab.ipynb``) runs in at most :data:`GOAL_S` seconds on a 2-core machine: a student's
Run All, and one notebook of nbval. This script runs each (or those of the lessons named with
``--lesson``) ``--runs`` times in a fresh kernel of the course (``asynclab``), one at a time, on a
machine it expects to be quiet, and writes ``bench/reports/notebook_times.md``: the fastest and the
slowest run of each notebook, and whether the slowest is within the goal.

Exit status: 0 when every notebook ran without an error within the goal; 1 otherwise; 2 for bad arguments.

    python bench/notebook_times.py                 # every notebook, once
    python bench/notebook_times.py --lesson 04 --runs 3
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from nbclient.exceptions import CellExecutionError

from asynclab import course
from asynclab.tooling import nbtools

ROOT = Path(__file__).resolve().parents[1]
REPORT = ROOT / "bench" / "reports" / "notebook_times.md"
GOAL_S = 90.0


def notebooks(lessons) -> list[Path]:
    """Each lesson's notebook, then its lab's solution where it has one, in lesson order."""
    found = []
    for lesson in lessons:
        found.append(lesson.notebook)
        if lesson.solution.exists():
            found.append(lesson.solution)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lesson", action="append", help="lesson number, e.g. 04 (repeatable; default: all)")
    parser.add_argument("--runs", type=int, default=1, help="runs per notebook (default 1)")
    parser.add_argument("--report", type=Path, default=REPORT)
    args = parser.parse_args(argv)
    if args.runs < 1:
        print("notebook_times: --runs must be at least 1", file=sys.stderr)
        return 2
    lessons = course.lessons(ROOT)
    known = {x.number for x in lessons}
    unknown = [n for n in args.lesson or [] if n not in known]
    if unknown:
        print(f"notebook_times: no lesson {', '.join(unknown)} (lessons: {', '.join(sorted(known))})", file=sys.stderr)
        return 2
    chosen = notebooks([x for x in lessons if not args.lesson or x.number in args.lesson])
    began = time.perf_counter()
    rows, bad = [], 0
    for path in chosen:
        seconds, error = [], ""
        for i in range(args.runs):
            try:
                seconds.append(nbtools.run(nbtools.read(path), path.parent))
            except CellExecutionError as failed:
                error = str(failed).strip().splitlines()[-1]
                break
            print(f"{path.relative_to(ROOT)}, run {i + 1}/{args.runs}: {seconds[-1]:.0f} s", flush=True)
        within = bool(seconds) and not error and max(seconds) <= GOAL_S
        bad += not within
        shown = f"{min(seconds):.0f} | {max(seconds):.0f}" if seconds else "- | -"
        verdict = "yes" if within else (f"no: {error}" if error else "no")
        rows.append(f"| `{path.relative_to(ROOT)}` | {shown} | {verdict} |")
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    text = (
        "# How long each notebook takes to run\n\n"
        f"`python bench/notebook_times.py --runs {args.runs}` ({time.strftime('%Y-%m-%d')}, {cpus} CPUs, "
        f"{(time.perf_counter() - began) / 60:.0f} min): each notebook top to bottom in a fresh kernel of the "
        f"course, one at a time, the machine otherwise quiet. The goal: at most {GOAL_S:.0f} s on 2 cores.\n\n"
        "| notebook | fastest run (s) | slowest run (s) | within the goal |\n|---|---|---|---|\n"
        + "\n".join(rows)
        + "\n"
    )
    args.report.write_text(text, encoding="utf-8")
    print(f"report: {args.report}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
