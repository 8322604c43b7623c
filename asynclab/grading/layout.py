"""Where things are: the instructor's solution and the students' submissions.

A submissions folder holds either one notebook per student (``alice.ipynb``)
or one folder per student (``alice/01_async_dispatch_lab.ipynb``); both
layouts may be mixed. Hidden entries (``.ipynb_checkpoints``, ``.DS_Store``)
and files that are not notebooks are ignored and listed for the instructor.
Nothing here writes anything.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


class LayoutError(ValueError):
    """The command line points at something that cannot be graded at all."""


@dataclass(frozen=True)
class Submission:
    """One student's entry: ``notebook`` is None when ``problem`` says why."""

    student: str
    entry: Path  # the file or folder in the submissions folder
    notebook: Path | None
    problem: str = ""
    workdir: Path | None = None  # folder whose other files the kernel may read (folder layout)


@dataclass
class Discovery:
    submissions: list[Submission] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)


def find_solution(solutions_dir: Path, lab: str) -> Path:
    """The one ``solutions/NN_*_lab.ipynb`` for ``--lab NN``."""
    if not re.fullmatch(r"\d{1,3}", lab):
        raise LayoutError(f"--lab takes a lab number such as 01, not {lab!r}.")
    number = f"{int(lab):02d}"
    if not solutions_dir.is_dir():
        raise LayoutError(f"the solutions folder {solutions_dir} does not exist (use --solutions DIR).")
    found = sorted(solutions_dir.glob(f"{number}_*_lab.ipynb"))
    if not found:
        raise LayoutError(f"no solution for lab {number}: nothing matches {solutions_dir}/{number}_*_lab.ipynb.")
    if len(found) > 1:
        names = ", ".join(p.name for p in found)
        raise LayoutError(f"more than one solution for lab {number}: {names}.")
    return found[0]


# Names of the class files in the results folder; a student cannot take them.
RESERVED = frozenset({"gradebook.csv", "summary.md", "histogram.png"})


def student_name(raw: str) -> str:
    """A name safe as a folder name and a CSV cell, never a class file's name."""
    name = _SAFE.sub("_", raw).strip("._")[:80] or "unnamed"
    return name + "_" if name.lower() in RESERVED else name


def _hidden(path: Path) -> bool:
    return path.name.startswith((".", "__"))


def _notebook_in_folder(folder: Path, lab_name: str) -> tuple[Path | None, str]:
    """The lab notebook inside a student folder, or (None, why not)."""
    notebooks = sorted(
        p
        for p in folder.rglob("*.ipynb")
        if p.is_file() and not any(part.startswith((".", "__")) for part in p.relative_to(folder).parts)
    )
    if not notebooks:
        return None, f"empty submission: the folder {folder.name}/ holds no notebook (.ipynb)."
    exact = [p for p in notebooks if p.name == lab_name]
    if len(exact) == 1:
        return exact[0], ""
    if len(notebooks) == 1:
        return notebooks[0], ""
    prefix = lab_name.split("_", 1)[0] + "_"
    same_lab = [p for p in notebooks if p.name.startswith(prefix)]
    if len(same_lab) == 1:
        return same_lab[0], ""
    names = ", ".join(str(p.relative_to(folder)) for p in notebooks[:5])
    return None, (
        f"ambiguous submission: the folder {folder.name}/ holds {len(notebooks)} notebooks "
        f"({names}) and none is named {lab_name}."
    )


def discover(submissions_dir: Path, lab_name: str) -> Discovery:
    """Every student entry of ``submissions_dir``, sorted by student name."""
    if not submissions_dir.is_dir():
        raise LayoutError(f"the submissions folder {submissions_dir} does not exist or is not a folder.")
    found = Discovery()
    by_name: dict[str, Submission] = {}
    for entry in sorted(submissions_dir.iterdir()):
        if _hidden(entry):
            continue
        if entry.is_dir():
            student = student_name(entry.name)
            notebook, problem = _notebook_in_folder(entry, lab_name)
            sub = Submission(student, entry, notebook, problem, workdir=entry)
        elif entry.is_file() and entry.suffix == ".ipynb":
            student = student_name(entry.stem)
            sub = Submission(student, entry, entry)
        else:
            found.ignored.append(entry.name)
            continue
        if student in by_name:
            other = by_name[student]
            student = student_name(entry.name)
            while student in by_name:
                student += "_"
            sub = Submission(
                student,
                entry,
                None,
                f"duplicate submission: {other.entry.name} and {entry.name} are both "
                f"for {other.student}; only {other.entry.name} was graded.",
            )
        by_name[student] = sub
    found.submissions = sorted(by_name.values(), key=lambda s: s.student)
    return found


def overlapping(a: Path, b: Path) -> bool:
    """True when one folder is the other or lies inside it."""
    a, b = a.resolve(), b.resolve()
    return a == b or a in b.parents or b in a.parents
