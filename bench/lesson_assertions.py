"""How far is each assertion of the lesson notebooks from failing, quiet and with one core busy?

A lesson asserts relations between the figures it measures, so that nbval fails a run in which the
relation the prose explains did not happen. Such an assertion must hold on every run of a right
notebook, on a quiet machine and on a busy one. For each lesson notebook with an ``assert``
(``notebooks/NN_*.ipynb``, or those named with ``--lesson``) this script runs the notebook ``--runs``
times in each of two conditions, in fresh kernels of the course (``asynclab``), one run at a time:
a quiet machine, and one core kept busy by a CPU-bound process (the one
``bench/checks_robustness.py`` starts). Every ``assert`` is rewritten as it runs
(:mod:`asynclab.tooling.margins`) to record its margin: the factor by which a comparison of numbers
held (``a <= 1.5 * b`` with a = 1 and b = 1 holds by 1.5; below 1 fails). Tests that are not such a
comparison (``all(...)``, ``==``) are exact: only whether they held is recorded.

It writes ``bench/reports/lesson_assertions.md``: per lesson and assertion (notebook cell index, the
test), the worst and the median margin in each condition, and how many runs it held in. An assertion
held in every run with a worst margin well above 1 in both conditions stays; one near 1 is loosened
or goes (the lesson then says what the run shows instead).

Exit status: 0 when every assertion held in every run; 1 otherwise; 2 for bad arguments.

    python bench/lesson_assertions.py                      # every lesson with an assert, 3 runs each
    python bench/lesson_assertions.py --lesson 04 --runs 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from checks_robustness import busy_core  # bench/ is this script's folder, so it is on the path

from asynclab import course
from asynclab.tooling import nbtools

ROOT = Path(__file__).resolve().parents[1]
REPORT = ROOT / "bench" / "reports" / "lesson_assertions.md"
CONDITIONS = ("quiet", "loaded")
MARK = "ASYNCLAB-MARGINS "
INSTALL = "from asynclab.tooling import margins as _asynclab_margin_tool\n_asynclab_margin_tool.install()"
DUMP = (
    "import json as _json\n"
    f"print({MARK!r} + _json.dumps([_asynclab_margin_tool.installed_at(), _asynclab_margin_tool.records()]))"
)


@dataclass
class Assertion:
    """One assert's line (one pair of a chained comparison), over every run."""

    cell: int  # index among all the notebook's cells
    test: str
    pair: int
    worst: dict[str, list[float]] = field(default_factory=dict)  # condition -> per run, the lowest margin
    held: dict[str, list[bool]] = field(default_factory=dict)  # condition -> per run, held every time it ran

    @property
    def exact(self) -> bool:
        return not any(self.worst.values())


def with_asserts(notebook: Path) -> bool:
    """Whether any code cell of ``notebook`` has an ``assert``."""
    return any(c.cell_type == "code" and "assert " in c.source for c in nbtools.read(notebook).cells)


def run_once(notebook: Path) -> tuple[list[dict], dict[int, int], float]:
    """Execute ``notebook`` with its asserts recorded: (records, execution count -> cell index, seconds)."""
    nb = nbtools.read(notebook)
    nb.cells.insert(0, nbformat.v4.new_code_cell(INSTALL))
    nb.cells.append(nbformat.v4.new_code_cell(DUMP))
    seconds = nbtools.run(nb, notebook.parent, allow_errors=True)  # a failed assert is recorded, the run goes on
    for output in nb.cells[-1].get("outputs", []):
        text = output.get("text", "")
        if text.startswith(MARK):
            installed_at, records = json.loads(text[len(MARK) :])
            # a record's count is the shell's while its cell ran; the stored count can be numbered otherwise
            shift = installed_at - nb.cells[0].execution_count
            cells = {
                c.execution_count + shift: i - 1
                for i, c in enumerate(nb.cells)
                if c.cell_type == "code" and c.execution_count
            }
            return records, cells, seconds
    raise RuntimeError(f"{notebook.name}: the run printed no record of its asserts (did the kernel die?)")


def collect(found: dict, records: list[dict], cells: dict[int, int], condition: str) -> None:
    """Fold one run's records into ``found``: per assert line and pair, the run's lowest margin."""
    this_run: dict[tuple, tuple[float | None, bool]] = {}
    for r in records:
        key = (cells.get(r["count"], -1), r["line"], r["pair"], r["test"])
        low, held = this_run.get(key, (None, True))
        if r["margin"] is not None:
            low = r["margin"] if low is None else min(low, r["margin"])
        this_run[key] = (low, held and r["held"])
    for (cell, line, pair, test), (low, held) in this_run.items():
        a = found.setdefault((cell, line, pair, test), Assertion(cell, test, pair))
        if low is not None:
            a.worst.setdefault(condition, []).append(low)
        a.held.setdefault(condition, []).append(held)


def _figure(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{min(values):.2f} / {statistics.median(values):.2f}"


def section(number: str, title: str, found: dict, runs: dict[str, list[float]]) -> str:
    """The report's section for one lesson."""
    timing = ", ".join(f"{c}: {len(s)} run(s) of {min(s):.0f}-{max(s):.0f} s" for c, s in runs.items() if s)
    lines = [
        f"## Lesson {number}: {title}",
        "",
        f"{timing}.",
        "",
        "| cell | assertion | kind | quiet: worst / median margin | loaded: worst / median margin | held |",
        "|---|---|---|---|---|---|",
    ]
    for a in sorted(found.values(), key=lambda a: (a.cell, a.pair)):
        test = a.test.replace("|", "\\|")
        test = test if len(test) <= 90 else test[:87] + "..."
        held = sum(sum(v) for v in a.held.values())
        total = sum(len(v) for v in a.held.values())
        kind = "exact" if a.exact else "margin"
        quiet, loaded = _figure(a.worst.get("quiet", [])), _figure(a.worst.get("loaded", []))
        if a.exact:
            quiet = loaded = "-"
        pair = f" (pair {a.pair + 1})" if a.pair else ""
        lines.append(f"| {a.cell} | `{test}`{pair} | {kind} | {quiet} | {loaded} | {held}/{total} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lesson", action="append", help="lesson number, e.g. 04 (repeatable; default: all)")
    parser.add_argument("--runs", type=int, default=3, help="runs per condition (default 3)")
    parser.add_argument("--conditions", default=",".join(CONDITIONS), help="quiet,loaded (default both)")
    parser.add_argument("--report", type=Path, default=REPORT)
    args = parser.parse_args(argv)
    conditions = [c for c in args.conditions.split(",") if c]
    if args.runs < 1 or any(c not in CONDITIONS for c in conditions):
        print("lesson_assertions: --runs must be at least 1, and --conditions quiet, loaded or both", file=sys.stderr)
        return 2
    lessons = course.lessons(ROOT)
    known = {x.number for x in lessons}
    wanted = args.lesson or sorted(known)
    unknown = [n for n in wanted if n not in known]
    if unknown:
        print(
            f"lesson_assertions: no lesson {', '.join(unknown)} (lessons: {', '.join(sorted(known))})", file=sys.stderr
        )
        return 2
    chosen = [x for x in lessons if x.number in wanted and with_asserts(x.notebook)]
    sections, failed = [], 0
    began = time.perf_counter()
    for lesson in chosen:
        found: dict = {}
        seconds: dict[str, list[float]] = {c: [] for c in conditions}
        for condition in conditions:
            for i in range(args.runs):
                with busy_core(condition == "loaded"):
                    records, cells, took = run_once(lesson.notebook)
                seconds[condition].append(took)
                collect(found, records, cells, condition)
                missed = sum(not r["held"] for r in records)
                failed += missed
                print(
                    f"lesson {lesson.number}, {condition}, run {i + 1}/{args.runs}: {took:.0f} s, "
                    f"{len(records)} asserts ran, {missed} failed",
                    flush=True,
                )
        sections.append(section(lesson.number, lesson.title, found, seconds))
    header = (
        "# How far the lessons' assertions are from failing\n\n"
        f"`python bench/lesson_assertions.py --runs {args.runs}` ({time.strftime('%Y-%m-%d')}, "
        f"{(time.perf_counter() - began) / 60:.0f} min). Margin: the factor by which a comparison held "
        "(`a <= 1.5 * b` with a = b holds by 1.5; below 1 fails), the lowest over the assert's uses in one run, "
        "then the worst and the median over the runs. Loaded: one core kept busy by a CPU-bound process. "
        "Exact: a test that is not a comparison of numbers; only whether it held is recorded. "
        "Cell: the index among all the notebook's cells.\n"
    )
    args.report.write_text(header + "\n" + "\n\n".join(sections) + "\n", encoding="utf-8")
    print(f"report: {args.report}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
