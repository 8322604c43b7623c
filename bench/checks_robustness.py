"""How often does a correct solution fail, and does every wrong answer fail?

For each lab (every ``solutions/NN_*_lab.ipynb``, or those named with
``--lab``) this script

1. grades the solution ``--runs`` times (default 10) with the project's own
   grader, in fresh kernels, one at a time, in two conditions: a quiet
   machine, and a machine with one core kept busy by a CPU-bound process the
   script starts and stops itself;
2. grades every answer of the catalogue, ``asynclab/lessons/lNN_<slug>/answers/*.py`` (known wrong
   answers, and right answers written in unusual ways), once, on the quiet
   machine, and compares its score with the score its EXPECT says it must get.

It writes one section per lab into ``bench/reports/checks_robustness.md``
(other labs' sections are kept, so labs can be measured in separate runs)
and one plot per lab, ``bench/reports/checks_robustness_labNN.png``: each
check's margin (its decisive figure relative to its threshold; above 1
passes) in both conditions.

Exit status: 0 when nothing flaked and every answer scored what it must;
1 otherwise; 2 for bad arguments.

``--cpus N`` runs everything on N CPUs (the first N this process may use:
the grader and its kernels inherit them) and runs every check there, also
those that need more (which the grader otherwise leaves inconclusive), so
that what fewer CPUs do to a check's verdicts is measured
(``bench/reports/one_core.md``).

    python bench/checks_robustness.py                  # every lab, 10 runs each
    python bench/checks_robustness.py --lab 01 --runs 3
    python bench/checks_robustness.py --cpus 1 --lab 03 --runs 5 --conditions quiet --report bench/reports/one_core_runs.md
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import re
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from asynclab import course
from asynclab.checks import MIME_TYPE
from asynclab.checks.core import MEASURE_ANYWAY_VARIABLE, available_cpus
from asynclab.grading.answers import load_answers
from asynclab.grading.cli import grade_class
from asynclab.grading.layout import find_solution
from asynclab.tooling import nbtools  # the package is installed (make setup); no path editing
from asynclab.tooling.busy import busy_cores

ROOT = Path(__file__).resolve().parents[1]

CONDITIONS = ("quiet", "loaded")
REPORT = ROOT / "bench" / "reports" / "checks_robustness.md"


@dataclass
class CheckStats:
    """One check's figures over the runs of one condition."""

    name: str
    threshold: str = ""
    passes: int = 0
    runs: int = 0
    margins: list[float] = field(default_factory=list)
    values: list[float] = field(default_factory=list)  # the decisive ratio/figure where there is one
    failures: list[str] = field(default_factory=list)

    @property
    def worst_margin(self) -> float | None:
        return min(self.margins) if self.margins else None

    @property
    def median_margin(self) -> float | None:
        return statistics.median(self.margins) if self.margins else None


@dataclass
class AnswerOutcome:
    name: str
    description: str
    expected: dict[str, float]
    got: dict[str, float]
    caught_by: list[str]
    full_marks: bool
    expects_full: bool = False  # a right answer: full marks are what it must get

    @property
    def as_expected(self) -> bool:
        return all(math.isclose(self.got.get(k, 0.0), v) for k, v in self.expected.items())


def busy_core(enabled: bool):
    """Keep one core busy with a CPU-bound process while the block runs (:func:`asynclab.tooling.busy.busy_cores`)."""
    return busy_cores(1 if enabled else 0)


def _payloads(graded: Path) -> dict[str, dict]:
    """Check name -> the machine-readable result in a graded notebook."""
    found: dict[str, dict] = {}
    if not graded.exists():
        return found
    nb = nbtools.read(graded)
    for cell in nbtools.check_cells(nb):
        for output in cell.get("outputs", []):
            payload = output.get("data", {}).get(MIME_TYPE)
            if isinstance(payload, dict) and "name" in payload:
                found[payload["name"]] = payload
    return found


def _decisive_value(payload: dict) -> float | None:
    figures = payload.get("figures") or {}
    for key in (
        "ratio",
        "median",
        "big_median",
        "naive_enqueue_share",
        "overlap",
        "beside",
        "k_share",
        "weight_error",
        "error",
    ):
        value = figures.get(key)
        if isinstance(value, (int, float)):
            return float(value)
    return None


def grade_folder(folder: Path, out: Path, lab: str, solutions: Path):
    return grade_class(folder, out, lab=lab, solutions=solutions, progress=False)


def run_condition(
    lab: str, solution_path: Path, runs: int, condition: str, work: Path, specs: list, progress
) -> dict[str, CheckStats]:
    """Grade the solution ``runs`` times, one grading run per solution copy."""
    stats = {s.name: CheckStats(s.name) for s in specs}
    for i in range(runs):
        folder = work / f"{condition}-{i:02d}" / "class"
        folder.mkdir(parents=True)
        shutil.copy(solution_path, folder / f"run{i:02d}.ipynb")
        out = folder.parent / "out"
        with busy_core(condition == "loaded"):
            outcome = grade_folder(folder, out, lab, solution_path.parent)
        result = outcome.results[0]
        payloads = _payloads(out / result.student / "graded.ipynb")
        for check in result.checks:
            s = stats[check.name]
            s.runs += 1
            s.threshold = s.threshold or check.threshold
            if check.passed:
                s.passes += 1
            else:
                s.failures.append(f"run {i}: {check.status}: {check.message}")
            payload = payloads.get(check.name, {})
            if isinstance(payload.get("margin"), (int, float)):
                s.margins.append(float(payload["margin"]))
            value = _decisive_value(payload)
            if value is not None:
                s.values.append(value)
        progress(f"lab {lab} {condition} run {i + 1}/{runs}: {result.score:g}/{result.max_score:g}")
    return stats


def run_answers(lab: str, solution_path: Path, work: Path, specs: list, progress) -> list[AnswerOutcome]:
    solution = nbtools.read(solution_path)
    folder = course.lesson(lab).answers
    answers = load_answers(folder, solution) if folder.is_dir() else []
    if not answers:
        return []
    folder = work / "answers" / "class"
    folder.mkdir(parents=True)
    for m in answers:
        nbtools.write(m.apply(solution), folder / f"{m.name}.ipynb")
    progress(f"lab {lab}: grading {len(answers)} answers of the catalogue")
    outcome = grade_folder(folder, work / "answers" / "out", lab, solution_path.parent)
    by_student = {r.student: r for r in outcome.results}
    full = sum(s.points for s in specs)
    results = []
    for m in answers:
        r = by_student.get(m.name)
        got = {c.name: c.score for c in r.checks} if r else {}
        caught = [c.name for c in r.checks if not c.passed] if r else []
        results.append(
            AnswerOutcome(
                m.name,
                m.description,
                dict(m.expect),
                got,
                caught,
                full_marks=bool(r) and math.isclose(r.score, full),
                expects_full=math.isclose(m.expected_total, full),
            )
        )
        progress(
            f"lab {lab} answer {m.name}: {r.score if r else 0:g}/{full:g}, caught by {', '.join(caught) or 'nothing'}"
        )
    return results


def _fmt(x: float | None, digits: int = 3) -> str:
    return "n/a" if x is None else f"{x:.{digits}g}"


def section(
    lab: str,
    title: str,
    runs: int,
    stats: dict[str, dict[str, CheckStats]],
    answers: list[AnswerOutcome] | None,
    seconds: float,
    plot_name: str,
) -> str:
    """One lab's report section; ``answers`` None: the catalogue was not graded in this run."""
    lines = [f"<!-- lab:{lab} start -->", f"## {title}", ""]
    cpus = available_cpus()
    on = f"{os.cpu_count()} cores" if cpus == os.cpu_count() else f"{cpus} of {os.cpu_count()} cores"
    lines.append(
        f"Measured {time.strftime('%Y-%m-%d')} on {on} "
        f"({platform.processor() or platform.machine()}), {runs} runs per condition, "
        f"{seconds / 60:.1f} min. Margin = the decisive figure relative to its threshold "
        "(above 1 passes; 2 means twice as far from failing as the threshold itself)."
    )
    lines += [
        "",
        "| check | threshold | condition | passes | median figure | worst figure | worst margin |",
        "|---|---|---|---|---|---|---|",
    ]
    for name in next(iter(stats.values())):
        for condition, by_check in stats.items():
            s = by_check[name]
            med = statistics.median(s.values) if s.values else None
            worst_value = None
            if s.values and s.margins:
                worst_value = s.values[s.margins.index(min(s.margins))] if len(s.values) == len(s.margins) else None
            if not s.values and not s.margins:  # a functional check: it holds or it does not
                figures = "exact (no figure) | exact (no figure) | n/a"
            else:
                figures = f"{_fmt(med)} | {_fmt(worst_value)} | {_fmt(s.worst_margin)}"
            lines.append(f"| {name} | {s.threshold} | {condition} | {s.passes}/{s.runs} | {figures} |")
    flakes = [f for by_check in stats.values() for s in by_check.values() for f in s.failures]
    lines += ["", f"Flakes: {len(flakes)}."]
    lines += [f"- {f}" for f in flakes]
    if answers is None:
        lines += [
            "",
            "The catalogue's answers were not graded by the grader in this run (`--no-answers`); "
            "`tests/test_catalogue.py` grades every one of them in-process in `make test`.",
        ]
    else:
        lines += ["", "| answer | what it does | score | caught by | as expected |", "|---|---|---|---|---|"]
        for m in answers:
            total = sum(m.got.values())
            nothing = "nothing (a right answer)" if m.expects_full else "**nothing**"
            lines.append(
                f"| {m.name} | {m.description} | {total:g} | {', '.join(m.caught_by) or nothing} | "
                f"{'yes' if m.as_expected else '**no** (expected ' + json.dumps(m.expected) + ')'} |"
            )
        if not answers:
            lines.append("| (none in answers/) | | | | |")
    lines += ["", f"![margins of lab {lab}]({plot_name})", "", f"<!-- lab:{lab} end -->"]
    return "\n".join(lines)


#: the margins the x axis may label: plain numbers, so that no tick label reads "1.2 x 10^0"
MARGIN_TICKS = (
    0.5,
    0.6,
    0.8,
    1.0,
    1.05,
    1.1,
    1.2,
    1.3,
    1.5,
    1.7,
    2.0,
    2.5,
    3.0,
    4.0,
    5.0,
    7.0,
    10.0,
    15.0,
    20.0,
    30.0,
    50.0,
    100.0,
    200.0,
    500.0,
    1000.0,
)


def margin_ticks(low: float, high: float, labels: int = 7) -> list[float]:
    """Ticks of :data:`MARGIN_TICKS` between ``low`` and ``high`` on a log axis: 1 always, the others at least
    a ``labels``-th of the axis's log span from their neighbour, so that their labels never meet."""
    span = math.log(high / low)
    gap = span / labels
    inside = [t for t in MARGIN_TICKS if low <= t <= high]
    if not low <= 1.0 <= high:  # the threshold's line keeps 1 on the axis; without it, the list's own ticks
        return inside
    ticks = [1.0]
    for t in (t for t in inside if t > ticks[0]):  # outwards from 1, keeping each far enough from the last kept
        if math.log(t / ticks[-1]) >= gap:
            ticks.append(t)
    for t in sorted((t for t in inside if t < ticks[0]), reverse=True):
        if math.log(ticks[0] / t) >= gap:
            ticks.insert(0, t)
    return ticks


def margin_figure(lab: str, stats: dict[str, dict[str, CheckStats]]):
    """The figure of ``lab``'s margins: one row per check, one point per run and condition, on a log axis
    labelled with plain numbers."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator
    from matplotlib.transforms import blended_transform_factory

    names = list(next(iter(stats.values())))
    fig, ax = plt.subplots(figsize=(7, 0.9 + 0.6 * len(names)))
    colors = {"quiet": "#2b6cb0", "loaded": "#dd6b20"}
    for row, name in enumerate(names):
        for k, (condition, by_check) in enumerate(stats.items()):
            margins = [m for m in by_check[name].margins if m > 0]
            y = [row + (k - 0.5) * 0.3] * len(margins)
            ax.scatter(
                margins, y, s=18, alpha=0.7, color=colors.get(condition, "gray"), label=condition if row == 0 else None
            )
        if not any(by_check[name].margins for by_check in stats.values()):  # an exact check: a verdict, no figure
            passes = sum(by_check[name].passes for by_check in stats.values())
            runs = sum(by_check[name].runs for by_check in stats.values())
            ax.text(
                0.5,
                row,
                f"exact (no figure): passed {passes} of {runs} runs",
                transform=blended_transform_factory(ax.transAxes, ax.transData),
                ha="center",
                va="center",
                fontsize=8,
                color="dimgray",
                bbox={"facecolor": "white", "edgecolor": "none", "pad": 1},
            )
    ax.axvline(1.0, color="red", linestyle="--", linewidth=1, label="threshold")
    ax.set_xscale("log")
    low, high = ax.get_xlim()
    ax.xaxis.set_major_locator(FixedLocator(margin_ticks(low, high)))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.set_yticks(range(len(names)), names)
    ax.set_ylim(len(names) - 0.5, -0.5)  # top to bottom, half a row around each: no row on an edge
    ax.set_xlabel("margin: figure / threshold (log scale; left of the red line fails)")
    ax.set_title(f"Lab {lab}: each run's margin per check")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))  # beside the axes: over no point
    fig.tight_layout()
    return fig


def plot(lab: str, stats: dict[str, dict[str, CheckStats]], path: Path) -> None:
    """Draw :func:`margin_figure` into ``path`` (PNG)."""
    import matplotlib.pyplot as plt

    fig = margin_figure(lab, stats)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def update_report(report: Path, lab: str, text: str) -> None:
    header = (
        "# Robustness of the autograded checks\n\n"
        "Regenerate with `make bench-checks` (all labs) or "
        "`python bench/checks_robustness.py --lab NN` (one lab).\n"
    )
    current = report.read_text(encoding="utf-8") if report.exists() else header
    pattern = re.compile(rf"<!-- lab:{lab} start -->.*?<!-- lab:{lab} end -->", re.S)
    if pattern.search(current):
        current = pattern.sub(lambda _: text, current)
    else:
        blocks = {
            m.group(1): m.group(0)
            for m in re.finditer(r"<!-- lab:(\d+) start -->.*?<!-- lab:\1 end -->", current, re.S)
        }
        blocks[lab] = text
        current = header + "\n" + "\n\n".join(blocks[k] for k in sorted(blocks)) + "\n"
    tmp = report.with_suffix(".tmp")
    tmp.write_text(current, encoding="utf-8")
    os.replace(tmp, report)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lab", action="append", help="lab number, e.g. 01 (repeatable; default: all)")
    parser.add_argument("--runs", type=int, default=10, help="solution runs per condition (default 10)")
    parser.add_argument("--conditions", default=",".join(CONDITIONS), help="quiet,loaded (default both)")
    parser.add_argument("--no-answers", action="store_true", help="skip the answers of the catalogue")
    parser.add_argument("--solutions", type=Path, default=ROOT / "solutions")
    parser.add_argument("--report", type=Path, default=REPORT)
    parser.add_argument(
        "--cpus",
        type=int,
        help="run on this many CPUs (the first this process may use), every check included (Linux)",
    )
    args = parser.parse_args(argv)
    if args.cpus is not None:
        if args.cpus < 1 or not hasattr(os, "sched_setaffinity") or args.cpus > available_cpus():
            print(f"error: --cpus needs CPU affinity and 1..{available_cpus()} CPUs.", file=sys.stderr)
            return 2
        chosen = sorted(os.sched_getaffinity(0))[: args.cpus]
        for tid in os.listdir("/proc/self/task") if os.path.isdir("/proc/self/task") else ["0"]:
            os.sched_setaffinity(int(tid), chosen)  # every thread: whichever starts the kernels
        os.environ[MEASURE_ANYWAY_VARIABLE] = "1"  # the checks run there even where they need more
    conditions = [c.strip() for c in args.conditions.split(",") if c.strip()]
    if args.runs < 1 or not conditions or any(c not in CONDITIONS for c in conditions):
        print("error: --runs must be at least 1 and --conditions a list of quiet,loaded.", file=sys.stderr)
        return 2
    labs = args.lab or sorted(
        re.match(r"(\d\d)_", p.name).group(1) for p in args.solutions.glob("[0-9][0-9]_*_lab.ipynb")
    )
    from tqdm import tqdm

    from asynclab.grading.restore import solution_checks

    total_steps = len(labs) * len(conditions) * args.runs
    bar = tqdm(total=total_steps, unit="run", file=sys.stderr, dynamic_ncols=True)
    log = lambda text: bar.write(text)  # noqa: E731
    bad = False
    for lab in labs:
        began = time.perf_counter()
        solution_path = find_solution(args.solutions, lab)
        specs = solution_checks(nbtools.read(solution_path))
        with tempfile.TemporaryDirectory(prefix=f"asynclab-bench-{lab}-") as tmp:
            work = Path(tmp)
            stats: dict[str, dict[str, CheckStats]] = {}
            for condition in conditions:

                def step(text: str) -> None:
                    bar.update(1)
                    log(text)

                stats[condition] = run_condition(lab, solution_path, args.runs, condition, work, specs, step)
            answers = None if args.no_answers else run_answers(lab, solution_path, work, specs, log)
        plot_path = args.report.parent / f"checks_robustness_lab{lab}.png"
        plot(lab, stats, plot_path)
        title = f"Lab {lab} ({solution_path.stem})"
        update_report(
            args.report,
            lab,
            section(lab, title, args.runs, stats, answers, time.perf_counter() - began, plot_path.name),
        )
        flakes = sum(s.runs - s.passes for by_check in stats.values() for s in by_check.values())
        missed = [m.name for m in answers or [] if not m.as_expected or (m.full_marks and not m.expects_full)]
        log(f"lab {lab}: {flakes} flake(s); wrong answers not scored as expected: {', '.join(missed) or 'none'}")
        bad = bad or flakes > 0 or bool(missed)
    bar.close()
    print(f"report: {args.report}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
