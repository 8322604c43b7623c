"""The course's lessons, found from the files: one home per lesson.

Each lesson lives in ``asynclab/lessons/lNN_<slug>/``: its demonstrations,
its lab's checks (``checks.py``), its answer catalogue (``answers/``) and
``lesson.toml``, which declares what cannot be read from the files (its
tests mirror the home in ``tests/lessons/lNN_<slug>/``)::

    title = "Automatic parallelism"
    minutes = 35          # lesson, reading and running
    lab_minutes = 45
    traits = ["gpu"]      # see TRAITS

The notebooks keep the places students know: ``notebooks/NN_<slug>.ipynb``,
``solutions/NN_<slug>_lab.ipynb`` and the generated ``labs/NN_<slug>_lab.ipynb``.
:func:`lessons` lists every lesson of a course tree in order; every other
list of lessons (tests, test lanes, the start page, the README) is derived
from it. Reading the registry imports no lesson's code.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Lesson", "LessonError", "TRAITS", "ROOT", "lessons", "lesson", "numbers", "lab_checks"]

#: The course tree this package was loaded from (the repository root).
ROOT = Path(__file__).resolve().parents[1]
HOME = re.compile(r"^l(\d\d)_([a-z][a-z0-9_]*)$")

#: What a lesson may declare about itself, and what each trait means.
TRAITS = {
    "own-process": "its checks measure the whole process's memory: catalogue answers run in a worker process",
    "memory": "its checks compare memory, not time: tests run them beside the timing lane",
    "sleeps": (
        "its checks time sleeping operations (their order, overlaps or pace) or judge correctness, never how "
        "fast the CPU computes, and keep their margins with one core busy: tests run them beside the timing lane"
    ),
    "lesson-sleeps": (
        "its lesson notebook asserts only the pace of sleeping operations and correctness, never how fast the CPU "
        "computes: nbval validates it beside the timing lane"
    ),
    "gpu": "it has GPU checks (python -m asynclab gpu-check)",
    "mindspore": "a section needs MindSpore (installed by make lab, not by make test)",
    "cluster": "it starts MXNet's parameter server as local processes",
    "catalogue-runs-solution": "the catalogue test grades the solution's own answer too (the others: nbval)",
    "draft": "under construction (make new-lesson): the course's content rules (three checks...) wait for its removal",
}
_KEYS = {"title": str, "minutes": int, "lab_minutes": int, "traits": list, "own_process_answers": list}


class LessonError(ValueError):
    """A lesson home or its ``lesson.toml`` is not as the registry needs it (one sentence)."""


@dataclass(frozen=True)
class Lesson:
    """One lesson as the course tree declares it; ``minutes`` are a student's, reading and running."""

    number: str  # "06"
    slug: str  # "automatic_parallelism"
    title: str
    minutes: int
    lab_minutes: int
    traits: frozenset[str]
    root: Path  # the course tree
    own_process_answers: tuple[str, ...] = ()

    @property
    def home(self) -> Path:
        """The lesson's folder in the package."""
        return self.root / "asynclab" / "lessons" / f"l{self.number}_{self.slug}"

    @property
    def package(self) -> str:
        """The dotted name of the lesson's home (``asynclab.lessons.l06_automatic_parallelism``)."""
        return f"asynclab.lessons.l{self.number}_{self.slug}"

    @property
    def checks_module(self) -> str:
        return f"{self.package}.checks"

    @property
    def notebook(self) -> Path:
        return self.root / "notebooks" / f"{self.number}_{self.slug}.ipynb"

    @property
    def solution(self) -> Path:
        return self.root / "solutions" / f"{self.number}_{self.slug}_lab.ipynb"

    @property
    def lab(self) -> Path:
        return self.root / "labs" / f"{self.number}_{self.slug}_lab.ipynb"

    @property
    def tests(self) -> Path:
        """The lesson's own tests, mirrored under ``tests/lessons/``."""
        return self.root / "tests" / "lessons" / f"l{self.number}_{self.slug}"

    @property
    def answers(self) -> Path:
        """The lab's catalogue of answers (``answers/<name>.py``)."""
        return self.home / "answers"

    def has(self, trait: str) -> bool:
        if trait not in TRAITS:
            raise LessonError(f"there is no trait {trait!r}; the traits are {', '.join(TRAITS)}.")
        return trait in self.traits

    def checks(self) -> dict:
        """The lab's declared checks by name, in declaration order (imports the lesson's checks module)."""
        import importlib

        from asynclab.checks.core import declared

        return declared(importlib.import_module(self.checks_module))

    @property
    def points(self) -> float:
        """The lab's points: the sum of its declared checks' points."""
        return sum(check.points for check in self.checks().values())


def _read(home: Path, root: Path) -> Lesson:
    number, slug = HOME.match(home.name).groups()
    toml = home / "lesson.toml"
    try:
        data = tomllib.loads(toml.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LessonError(f"the lesson home {home.name} has no lesson.toml.") from None
    except tomllib.TOMLDecodeError as error:
        raise LessonError(f"{toml} is not valid TOML: {error}.") from None
    for key, kind in _KEYS.items():
        if key in data and not isinstance(data[key], kind):
            raise LessonError(f"{toml}: {key} must be a {kind.__name__}, not {type(data[key]).__name__}.")
    unknown = sorted(set(data) - set(_KEYS))
    missing = [key for key in ("title", "minutes", "lab_minutes") if key not in data]
    if unknown or missing:
        raise LessonError(
            f"{toml}: "
            + "; ".join(([f"unknown keys {unknown}"] if unknown else []) + ([f"missing {missing}"] if missing else []))
            + "."
        )
    traits = frozenset(data.get("traits", []))
    bad = sorted(traits - set(TRAITS))
    if bad:
        raise LessonError(f"{toml}: unknown traits {bad}; the traits are {', '.join(TRAITS)}.")
    return Lesson(
        number,
        slug,
        data["title"],
        data["minutes"],
        data["lab_minutes"],
        traits,
        root,
        tuple(data.get("own_process_answers", ())),
    )


def lessons(root: Path | str | None = None) -> list[Lesson]:
    """Every lesson of the course tree at ``root`` (default: this package's), in number order."""
    root = Path(root) if root is not None else ROOT
    homes = sorted(p for p in (root / "asynclab" / "lessons").iterdir() if p.is_dir() and HOME.match(p.name))
    found = [_read(home, root) for home in homes]
    numbers = [lesson.number for lesson in found]
    twice = sorted({n for n in numbers if numbers.count(n) > 1})
    if twice:
        raise LessonError(f"lesson numbers {twice} have more than one home under {root / 'asynclab' / 'lessons'}.")
    return found


def numbers(root: Path | str | None = None) -> list[str]:
    """The lessons' numbers ("01", ...), in order."""
    return [lesson.number for lesson in lessons(root)]


def lesson(number: str, root: Path | str | None = None) -> Lesson:
    """The lesson numbered ``number`` ("06"); one sentence naming the lessons when there is none."""
    found = {item.number: item for item in lessons(root)}
    if number not in found:
        raise LessonError(f"there is no lab {number!r}; the labs are {', '.join(found)}.")
    return found[number]


def lab_checks(number: str, root: Path | str | None = None) -> dict:
    """The declared checks of lab ``number`` ("01", ...), by name, in declaration order."""
    return lesson(number, root).checks()
