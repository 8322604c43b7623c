"""How far from its threshold does the copy judge decide, on right answers and on copies of the course?

The grader scores a check 0 when its answer re-types the course's code: the answer holds at least
``THRESHOLD`` of the fingerprints of a course function, method or lesson cell
(:mod:`asynclab.grading.copies`). This script measures both sides of that threshold, from the sources
alone (nothing is run or timed, so it may run beside other work):

1. **answers**: every lab's solution and every answer of its catalogue
   (``asynclab/lessons/*/answers/*.py``), on every check whose result the answer's cells can change,
   scored as the judge scores them (the solution's own answer to the step left out of every course
   unit, the helpers and idioms the check allows left out), with the verdict the judge reached. An
   answer is *right* on a check when its ``EXPECT`` gives that check full points; a right answer at or
   above the threshold is a false positive.
2. **copies**: every comparable function and method of the course's modules (the foundation, the
   checks, the lessons' homes; at least ``MIN_FINGERPRINTS`` fingerprints), copied four ways as a
   student might hide a copy: pasted whole, every name it binds renamed (its own name, parameters and
   locals), its statements in reverse order with names renamed, and renamed inside a wrapper function
   of another name that calls it. Each copy's best similarity to the course must reach the threshold.

Writes ``bench/reports/copy_similarity.md``. Exit status: 0 when no right answer reaches the threshold
and every copy does; 1 otherwise; 2 for bad arguments.

    python bench/copy_similarity.py
    python bench/copy_similarity.py --lab 03 --lab 10
"""

from __future__ import annotations

import argparse
import ast
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from asynclab import course
from asynclab.grading import answers as catalogue
from asynclab.grading import copies
from asynclab.grading.layout import find_solution
from asynclab.tooling import nbtools

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = ROOT / "solutions"
REPORT = ROOT / "bench" / "reports" / "copy_similarity.md"
WAYS = ("pasted", "renamed", "reversed", "wrapped")


@dataclass(frozen=True)
class Judged:
    """One answer on one check: its judged similarity (0-1), the unit it is nearest, and the verdict."""

    lab: str
    answer: str
    check: str
    right: bool
    exempt: bool  # the check declares transcribes=: the judge does not compare it
    score: float
    where: str
    verdict: str  # the judge's verdict kind, or "" when it let the answer run


@dataclass(frozen=True)
class Copied:
    """One course unit copied one way: the copy's best similarity (0-1) to the course."""

    unit: str
    way: str
    score: float


def judge_lab(lab: str) -> list[Judged]:
    """Every answer of ``lab``'s catalogue (the solution first) on every check its cells can change."""
    solution = nbtools.read(find_solution(SOLUTIONS, lab))
    judge = copies.judge_for(solution)
    points = catalogue.check_points(solution)
    declared = course.lab_checks(lab)
    found: list[Judged] = []
    for answer in catalogue.lab_answers(lab, SOLUTIONS):
        answer = answer.completed(solution)
        is_solution = answer.name == catalogue.SOLUTION_NAME
        changed = set(points) if is_solution else set(catalogue.plan(solution, answer).run)
        sources: list[str] = []
        for cell in answer.apply(solution).cells:
            if cell.cell_type != "code":
                continue
            if nbtools.is_check(cell):
                name = nbtools.grade_id(cell)[len("check-") :]
                scored = judge.scores(sources, cell.source, name, as_judged=True) if name in changed else {}
                if scored:
                    score, where = max(scored.values())
                    verdict = judge.verdict(sources, cell.source, name)
                    found.append(
                        Judged(
                            lab,
                            answer.name,
                            name,
                            answer.expect[name] == points[name],
                            bool(getattr(declared.get(name), "transcribes", "")),
                            score,
                            where,
                            verdict.kind if verdict is not None else "",
                        )
                    )
            sources.append(cell.source)
    return found


class _Renamer(ast.NodeTransformer):
    """Renames the names a function binds (itself, its parameters, its locals) to ``v0``, ``v1``, ..."""

    def __init__(self, bound: set[str]) -> None:
        self.names = {name: f"v{i}" for i, name in enumerate(sorted(bound))}

    def visit_Name(self, node: ast.Name) -> ast.Name:
        node.id = self.names.get(node.id, node.id)
        return node

    def visit_arg(self, node: ast.arg) -> ast.arg:
        node.arg = self.names.get(node.arg, node.arg)
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.FunctionDef:
        node.name = self.names.get(node.name, node.name)
        self.generic_visit(node)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef


def _bound(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    names = {function.name}
    for node in ast.walk(function):
        if isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def copies_of(function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.Module]:
    """``function`` copied each of the ways in :data:`WAYS`, each as a module of its own."""

    def fresh() -> ast.FunctionDef | ast.AsyncFunctionDef:
        return ast.parse(ast.unparse(function)).body[0]

    renamed = _Renamer(_bound(function)).visit(fresh())
    reversed_ = _Renamer(_bound(function)).visit(fresh())
    reversed_.body = list(reversed(reversed_.body))
    inner = _Renamer(_bound(function)).visit(fresh())
    wrapper = ast.parse(f"def wrapper_of_mine(*args, **kwargs):\n    return {inner.name}(*args, **kwargs)").body[0]
    wrapper.body.insert(0, inner)
    return {
        way: ast.fix_missing_locations(ast.Module(body=[node], type_ignores=[]))
        for way, node in zip(WAYS, (fresh(), renamed, reversed_, wrapper))
    }


def copy_course(corpus: copies.Corpus) -> list[Copied]:
    """Every comparable function and method of the course's modules, copied each way and judged."""
    comparable = {unit.where for unit in corpus.units if len(unit.fingerprints) >= copies.MIN_FINGERPRINTS}
    found: list[Copied] = []
    for name, module in corpus.index.modules.items():
        for node in module.tree.body:
            methods = [node] if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else []
            if isinstance(node, ast.ClassDef):
                methods = [m for m in node.body if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))]
            for function in methods:
                where = f"{name}.{node.name}" + (f".{function.name}" if function is not node else "")
                if where not in comparable:
                    continue
                for way, tree in copies_of(function).items():
                    printed = copies.fingerprints([tree], module.imports, corpus.index.canonical)
                    score, _ = corpus.best(printed)
                    found.append(Copied(where, way, score))
    return found


def _figures(scores: list[float]) -> str:
    if not scores:
        return "- | - | -"
    return f"{len(scores)} | {statistics.median(scores):.2f} | {max(scores):.2f}"


def report(
    judged: list[Judged], copied: list[Copied], labs: list[str], seconds: float, command: str = ""
) -> tuple[str, int]:
    """The report's text and the number of failures in it (right answers taken for copies, copies missed);
    ``command`` is the arguments the script was run with."""
    threshold = copies.THRESHOLD
    lines = [
        "# The copy judge's margins",
        "",
        f"`python bench/copy_similarity.py{command}` "
        f"({time.strftime('%Y-%m-%d')}, {seconds:.0f} s). Similarity: the share of a course unit's "
        f"fingerprints found in the answer, as the judge decides on it; it re-types the course at "
        f"{threshold:g} or more. Pairs: an answer on one check whose result its cells can change. Right: "
        "the answer's `EXPECT` gives that check full points (the solution included). Checks that declare "
        "`transcribes=` are not compared and are left out.",
        "",
        "## Answers",
        "",
        "| lab | right pairs | median | highest | right at or above | wrong pairs | median | highest "
        "| wrong scored 0 as re-typed |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    failures = 0
    for lab in labs:
        rows = [j for j in judged if j.lab == lab and not j.exempt]
        right = [j.score for j in rows if j.right]
        wrong = [j.score for j in rows if not j.right]
        taken = [j for j in rows if j.right and j.score >= threshold]
        failures += len(taken)
        retyped = sum(1 for j in rows if not j.right and j.verdict == copies.RETYPED)
        lines.append(f"| {lab} | {_figures(right)} | {len(taken)} | {_figures(wrong)} | {retyped} |")
    every = [j for j in judged if not j.exempt]
    right = [j for j in every if j.right]
    taken = [j for j in right if j.score >= threshold]
    lines += [
        "",
        f"False positives: {len(taken)} of {len(right)} right pairs ({len(taken) / len(right):.1%})."
        if right
        else "No right pairs.",
    ]
    if right:
        nearest = max(right, key=lambda j: j.score)
        lines.append(
            f"The right pair nearest the threshold: lab {nearest.lab} `{nearest.answer}` on "
            f"`{nearest.check}`, {nearest.score:.2f} against {nearest.where or 'nothing'}."
        )
    for j in taken:
        lines.append(f"- taken for a copy: lab {j.lab} `{j.answer}` on `{j.check}`, {j.score:.2f} ({j.where})")
    lines += ["", "## Copies of the course", ""]
    if copied:
        units = sorted({c.unit for c in copied})
        lines += [
            f"{len(units)} comparable functions and methods, each copied {len(WAYS)} ways.",
            "",
            "| copied | copies | lowest | median | below the threshold |",
            "|---|---|---|---|---|",
        ]
        for way in WAYS:
            scores = [c.score for c in copied if c.way == way]
            if not scores:
                lines.append(f"| {way} | 0 | - | - | 0 |")
                continue
            below = sum(1 for s in scores if s < threshold)
            failures += below
            lines.append(f"| {way} | {len(scores)} | {min(scores):.2f} | {statistics.median(scores):.2f} | {below} |")
        for c in copied:
            if c.score < threshold:
                lines.append(f"- missed: {c.unit} {c.way}, {c.score:.2f}")
    else:
        lines.append("Not measured in this run (`--no-copies`).")
    return "\n".join(lines) + "\n", failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lab", action="append", help="lab number, e.g. 03 (repeatable; default: every lab)")
    parser.add_argument("--no-copies", action="store_true", help="judge the catalogues only")
    parser.add_argument("--report", type=Path, default=REPORT)
    args = parser.parse_args(argv)
    known = course.numbers(ROOT)
    unknown = [n for n in args.lab or [] if n not in known]
    if unknown:
        print(f"copy_similarity: no lab {', '.join(unknown)} (labs: {', '.join(known)})", file=sys.stderr)
        return 2
    labs = [n for n in known if not args.lab or n in args.lab]
    began = time.perf_counter()
    judged: list[Judged] = []
    for lab in labs:
        judged += judge_lab(lab)
        print(f"lab {lab}: {sum(1 for j in judged if j.lab == lab)} pairs judged", flush=True)
    copied = [] if args.no_copies else copy_course(copies.course_corpus())
    command = "".join(f" --lab {lab}" for lab in args.lab or []) + (" --no-copies" if args.no_copies else "")
    text, failures = report(judged, copied, labs, time.perf_counter() - began, command)
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(text, encoding="utf-8")
    print(text)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
