"""Do nbgrader's scores equal ours on the course's labs?

For each lab (``--lab``, repeatable; default every lab) this script builds
an nbgrader course from ``solutions/``, lets nbgrader 0.9 generate the
student version and autograde the solution, the lab as handed out
(``untouched``) and ``--wrong`` wrong answers of the catalogue (one per check first)
(each lesson home's ``answers/``), grades the same notebooks with our grader, and writes
one section per lab into ``bench/reports/nbgrader_roundtrip.md`` (other
labs' sections are kept). Timing checks run twice per notebook (once under
each grader, one after the other, never side by side).

Exit status: 0 when every score agrees, 1 otherwise, 2 for bad arguments.

    python bench/nbgrader_roundtrip.py --lab 08
"""

from __future__ import annotations

import argparse
import datetime
import platform
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPORT = ROOT / "bench" / "reports" / "nbgrader_roundtrip.md"
sys.path.insert(0, str(ROOT))

from asynclab.grading import answers as catalogue  # noqa: E402
from asynclab.grading.layout import find_solution  # noqa: E402
from asynclab.grading.nbgrader_roundtrip import ensure_nbgrader, nbgrader_requirement, roundtrip  # noqa: E402
from asynclab.tooling import nbtools  # noqa: E402


def _submissions(lab: str, wrong: int) -> dict:
    solution = nbtools.read(find_solution(ROOT / "solutions", lab))
    wrong_ones = [
        a
        for a in catalogue.lab_answers(lab, ROOT / "solutions", include_solution=False)
        if any(points == 0 for points in a.expect.values())
    ]
    picked: list = []
    for check in catalogue.check_names(solution):  # one answer per check first, then the rest in order
        first = next((a for a in wrong_ones if a.expect.get(check) == 0 and a not in picked), None)
        if first is not None and len(picked) < wrong:
            picked.append(first)
    picked += [a for a in wrong_ones if a not in picked][: max(0, wrong - len(picked))]
    subs = {
        "solution": catalogue.solution_answer(solution, lab).apply(solution),
        "untouched": catalogue.untouched_answer(solution, lab).apply(solution),
    }
    subs.update({a.name: a.apply(solution) for a in picked})
    return subs


def _section(lab: str, trip, subs) -> str:
    lines = [
        f"## Lab {lab}",
        "",
        f"{datetime.date.today().isoformat()}, {platform.processor() or platform.machine()}, "
        f"{nbgrader_requirement()}; nbgrader {trip.seconds['nbgrader']:.0f} s, ours {trip.seconds['ours']:.0f} s.",
        "",
        "| submission | nbgrader | ours | checks that differ |",
        "|---|---|---|---|",
    ]
    diffs = trip.differences()
    for student in subs:
        a = sum(trip.nbgrader.get(student, {}).values())
        b = sum(trip.ours.get(student, {}).values())
        shown = ", ".join(f"{c} (nbgrader {x}, ours {y})" for c, (x, y) in diffs.get(student, {}).items()) or "none"
        lines.append(f"| {student} | {a:g} | {b:g} | {shown} |")
    return "\n".join(lines) + "\n"


def _write(sections: dict[str, str]) -> None:
    old = REPORT.read_text(encoding="utf-8") if REPORT.exists() else ""
    kept = {m.group(1): m.group(0) for m in re.finditer(r"^## Lab (\d\d)\n.*?(?=^## Lab |\Z)", old, re.S | re.M)}
    kept.update(sections)
    head = (
        "# nbgrader's scores against ours\n\nWritten by `bench/nbgrader_roundtrip.py`: nbgrader generates "
        "each lab from its solution and autogrades the solution, the lab as handed out and wrong answers "
        "of the catalogue in the course's kernel; our grader grades the same notebooks.\n\n"
    )
    REPORT.write_text(head + "\n".join(kept[k].rstrip() + "\n" for k in sorted(kept)), encoding="utf-8")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lab", action="append", help="lab number (repeatable; default: every lab)")
    parser.add_argument("--wrong", type=int, default=3, help="wrong answers per lab (default: 3)")
    args = parser.parse_args(argv)
    labs = args.lab or sorted(p.name[:2] for p in (ROOT / "solutions").glob("[0-9][0-9]_*_lab.ipynb"))
    python = ensure_nbgrader()
    sections, agree = {}, True
    for lab in labs:
        subs = _submissions(lab, args.wrong)
        with tempfile.TemporaryDirectory(prefix=f"nbgrader-lab{lab}-") as tmp:
            trip = roundtrip(lab, subs, Path(tmp) / "course", solutions=ROOT / "solutions", python=python)
        sections[lab] = _section(lab, trip, subs)
        print(sections[lab], flush=True)
        agree = agree and not trip.differences()
    _write(sections)
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
