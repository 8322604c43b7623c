"""Figures a lesson's prose quotes that none of its stored outputs shows: :func:`unquoted`.

A lesson's prose quotes what its cells printed ("the front end issued the step in 0.83 ms"). When a
notebook is executed again its outputs change and such sentences go stale. This module finds the
precise figures in a notebook's markdown, a number with a decimal point, at least three significant
digits and a unit of time, size or speed ("0.83 ms", "10.5 ms", "+17.9 MB", "1.21 s"), and reports
each one that no text output of the notebook shows at the prose's precision (milliseconds,
microseconds and seconds are converted into one another; so are KB, MB and GB). Round figures ("about
50 ms", "a budget of 128 MB") are parameters or approximations and are not checked.

What it lists needs a reader, not a rule: a figure drawn only in a plot, or quoted from another
lesson or from a GPU reference, is listed too. ``python -m asynclab execute`` prints the list for the
notebooks it has just executed, and ``python -m asynclab prose NB...`` prints it for stored ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import nbformat

__all__ = ["Figure", "figures", "unquoted", "report"]

#: a number with its unit; the unit is not followed by a letter or a slash (``ms`` but not ``msg``)
_WITH_UNIT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(µs|us|ms|sec|s|KB|MB|GB|MB/s|GB/s)(?![\w/])")
_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)")
#: per unit, its family and its size in the family's base unit
_SCALE = {
    "µs": ("time", 1e-6),
    "us": ("time", 1e-6),
    "ms": ("time", 1e-3),
    "s": ("time", 1.0),
    "sec": ("time", 1.0),
    "KB": ("size", 1e-3),
    "MB": ("size", 1.0),
    "GB": ("size", 1e3),
    "MB/s": ("speed", 1.0),
    "GB/s": ("speed", 1e3),
}
_SIGNIFICANT = 3


@dataclass(frozen=True)
class Figure:
    """A figure quoted in a markdown cell: its text (``"0.83"``), unit (``"ms"``), cell index and context."""

    text: str
    unit: str
    cell: int
    context: str

    @property
    def value(self) -> float:
        return float(self.text)

    @property
    def decimals(self) -> int:
        return len(self.text.split(".")[1])

    def line(self) -> str:
        return f"cell {self.cell}: {self.text} {self.unit}  ...{self.context}..."


def figures(text: str, cell: int = 0) -> list[Figure]:
    """The precise figures of a markdown text: a decimal point, three significant digits, a unit."""
    found = []
    for match in _WITH_UNIT.finditer(text):
        number, unit = match.groups()
        if "." not in number or len(number.replace(".", "").lstrip("0")) < _SIGNIFICANT:
            continue
        start, end = max(0, match.start() - 50), min(len(text), match.end() + 30)
        found.append(Figure(number, unit, cell, " ".join(text[start:end].split())))
    return found


def _output_text(cell) -> str:
    parts = []
    for output in cell.get("outputs", []):
        parts.append(output.get("text", ""))
        data = output.get("data", {})
        for kind in ("text/plain", "text/markdown", "text/html"):
            value = data.get(kind, "")
            parts.append(value if isinstance(value, str) else "".join(value))
    return "\n".join(parts)


def _shown(figure: Figure, numbers: Iterable[tuple[float, str | None]]) -> bool:
    """Whether a number of the outputs, read in ``figure``'s unit or in another of its family (or with
    no unit: a table's header carries it), rounds to ``figure`` at the figure's precision."""
    family, scale = _SCALE[figure.unit]
    tolerance = 0.5 * 10 ** (-figure.decimals) + 1e-9
    for number, unit in numbers:
        if unit is not None and _SCALE[unit][0] != family:
            continue
        factor = 1.0 if unit is None else _SCALE[unit][1] / scale
        if abs(number * factor - figure.value) <= tolerance:
            return True
    return False


def _numbers(text: str) -> list[tuple[float, str | None]]:
    """Every number of ``text``, without a unit, and again with its unit where one follows it."""
    plain: list[tuple[float, str | None]] = [(float(m.group(1)), None) for m in _NUMBER.finditer(text)]
    return plain + [(float(m.group(1)), m.group(2)) for m in _WITH_UNIT.finditer(text)]


def unquoted(nb: nbformat.NotebookNode) -> list[Figure]:
    """The precise figures of ``nb``'s markdown that none of its text outputs shows, in cell order."""
    numbers = _numbers("\n".join(_output_text(c) for c in nb.cells if c.get("cell_type") == "code"))
    missing = []
    for index, cell in enumerate(nb.cells):
        if cell.get("cell_type") != "markdown":
            continue
        missing.extend(f for f in figures(cell.source, index) if not _shown(f, numbers))
    return missing


def report(nb: nbformat.NotebookNode, name: str) -> str:
    """Lines for a person: each figure of ``nb``'s prose that no output shows, or one line saying none."""
    missing = unquoted(nb)
    if not missing:
        return f"{name}: every precise figure of the prose is in an output"
    lines = [f"{name}: {len(missing)} figure(s) of the prose are in no text output (stale, or drawn only in a plot?)"]
    return "\n".join([*lines, *(f"  {f.line()}" for f in missing)])
