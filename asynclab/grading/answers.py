"""The catalogue of answers: known wrong (and unusual right) answers of each lab.

One plain Python file per answer, in the lesson's home:
``asynclab/lessons/lNN_<slug>/answers/<name>.py`` (the format is described in
``docs/authoring.md``)::

    \"\"\"Reads the batch before it issues the product: nothing overlaps.\"\"\"
    EXPECT = {"overlaps-the-read": 0, "finds-hidden-waits": 2, "engine-switch-fixed": 3}

    from mxnet import nd  # for linters: the lab's setup cell provides these names

    # %% ex1-product-and-batch
    def product_and_batch(x, read_batch):
        ...

- the module docstring is the description (one sentence);
- ``EXPECT`` maps check names of the lab (the check cell's grade_id without
  ``check-``) to the points the answer must score; a check it leaves out
  must score full points (so a new check needs no edit of older answers);
  it is read with :func:`ast.literal_eval`, never executed;
- each ``# %% <grade_id>`` line starts the whole new source of that exercise
  cell, up to the next such line (blank lines around it are dropped);
  everything before the first one is the preamble, part of no cell.

The solution notebook's own exercise cells are the reference right answer:
:func:`lab_answers` yields it first, named ``solution``, with full marks.
The grader's tests, the in-process catalogue test and the robustness bench
all build a submission with :meth:`Answer.apply`.
"""

from __future__ import annotations

import ast
import functools
import re
import symtable
from dataclasses import dataclass, field, replace
from pathlib import Path

import nbformat

from asynclab.tooling import nbtools

ROOT = Path(__file__).resolve().parents[2]
SOLUTION_NAME = "solution"
_SECTION = re.compile(r"^# %%[ \t]*(.*?)[ \t]*$")
_LAB_FOLDER = re.compile(r"^lab(\d\d)$")  # a folder of answers to lab NN
_HOME = re.compile(r"^l(\d\d)_[a-z][a-z0-9_]*$")  # a lesson's home, whose answers/ holds them
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


class AnswerError(ValueError):
    """An answer file that cannot be used, with one sentence naming the file and saying why."""


@dataclass(frozen=True)
class Answer:
    lab: str
    name: str
    description: str
    cells: dict[str, str]  # exercise grade_id -> the cell's whole new source
    expect: dict[str, float]  # check name -> points it must score (every check, once validated)
    path: Path | None = None
    preamble: str = field(default="", compare=False)

    @property
    def where(self) -> str:
        return self.path.name if self.path is not None else self.name

    @property
    def expected_total(self) -> float:
        return float(sum(self.expect.values()))

    def apply(self, solution: nbformat.NotebookNode) -> nbformat.NotebookNode:
        """The solution with this answer's exercise cells, outputs cleared (as a student submits it)."""
        self.validate(solution)
        nb = nbtools.normalize(solution)
        for cell in nb.cells:
            grade_id = nbtools.grade_id(cell)
            if grade_id in self.cells:
                cell.source = self.cells[grade_id]
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
        return nb

    def validate(self, solution: nbformat.NotebookNode) -> None:
        """Raise :class:`AnswerError` unless every section names an exercise cell of ``solution``
        and ``EXPECT`` names only its checks."""
        cells = {nbtools.grade_id(c): c for c in solution.cells if nbtools.grade_id(c)}
        for grade_id in self.cells:
            cell = cells.get(grade_id)
            if cell is None:
                raise AnswerError(f"{self.where}: the lab has no cell {grade_id!r}.")
            if cell.get("cell_type") != "code" or not nbtools.is_solution(cell) or nbtools.is_check(cell):
                raise AnswerError(
                    f"{self.where}: {grade_id!r} is not an exercise cell; only exercise cells can be replaced."
                )
        self.check_names(check_names(solution))

    def check_names(self, names: list[str]) -> None:
        """Raise :class:`AnswerError` when ``EXPECT`` names a check not among ``names``."""
        unknown = sorted(set(self.expect) - set(names))
        if unknown:
            raise AnswerError(
                f"{self.where}: EXPECT names unknown checks {', '.join(unknown)}; "
                f"the lab's checks are {', '.join(sorted(names))}."
            )

    def completed(self, solution: nbformat.NotebookNode) -> Answer:
        """This answer validated, with ``EXPECT`` giving full points to every check it leaves out."""
        self.validate(solution)
        points = check_points(solution)
        return replace(self, expect={name: float(self.expect.get(name, full)) for name, full in points.items()})


def check_names(solution: nbformat.NotebookNode) -> list[str]:
    """The names of a lab's checks (their grade_ids without ``check-``), in notebook order."""
    return [nbtools.grade_id(c)[len("check-") :] for c in nbtools.check_cells(solution)]


def check_points(solution: nbformat.NotebookNode) -> dict[str, float]:
    return {
        nbtools.grade_id(c)[len("check-") :]: float(c.metadata["nbgrader"]["points"])
        for c in nbtools.check_cells(solution)
    }


def parse_answer(text: str, name: str, lab: str, path: Path | None = None) -> Answer:
    """An :class:`Answer` from the text of an answer file (no notebook needed)."""
    where = path.name if path is not None else f"{name}.py"
    try:
        module = ast.parse(text, filename=where)
    except SyntaxError as error:
        raise AnswerError(f"{where} is not valid Python (line {error.lineno}: {error.msg}).") from None
    description = ast.get_docstring(module)
    if not description or not description.strip():
        raise AnswerError(f"{where} has no docstring; its first statement must be a one-sentence description.")
    expect = _expect(module, where)
    lines = text.split("\n")
    starts = [(i, m.group(1)) for i, line in enumerate(lines) if (m := _SECTION.match(line))]
    if not starts:
        raise AnswerError(f"{where} has no '# %% <grade_id>' section, so it replaces no cell.")
    cells: dict[str, str] = {}
    for k, (i, grade_id) in enumerate(starts):
        if not grade_id:
            raise AnswerError(f"{where}: the '# %%' line {i + 1} names no grade_id.")
        if grade_id in cells:
            raise AnswerError(f"{where}: the section {grade_id!r} appears twice.")
        end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
        source = "\n".join(lines[i + 1 : end]).strip("\n")
        if not source.strip():
            raise AnswerError(f"{where}: the section {grade_id!r} is empty.")
        cells[grade_id] = source
    if not expect_before(module, starts[0][0] + 1):
        raise AnswerError(f"{where}: EXPECT must be in the preamble, before the first '# %%' section.")
    preamble = "\n".join(lines[: starts[0][0]])
    return Answer(lab, name, " ".join(description.split()), cells, expect, path, preamble)


def _expect(module: ast.Module, where: str) -> dict[str, float]:
    found = [
        node
        for node in module.body
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "EXPECT" for t in node.targets)
    ]
    if len(found) != 1:
        raise AnswerError(f"{where} must assign EXPECT exactly once at the top level (it does {len(found)} times).")
    try:
        value = ast.literal_eval(found[0].value)
    except ValueError:
        raise AnswerError(f"{where}: EXPECT must be a literal dict of check name -> points.") from None
    if (
        not isinstance(value, dict)
        or not value
        or not all(
            isinstance(k, str) and isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0
            for k, v in value.items()
        )
    ):
        raise AnswerError(f"{where}: EXPECT must be a literal dict of check name -> points (non-negative numbers).")
    return {k: float(v) for k, v in value.items()}


def expect_before(module: ast.Module, line: int) -> bool:
    """Whether the EXPECT assignment ends before (1-based) ``line``."""
    return all(
        node.end_lineno < line
        for node in module.body
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "EXPECT" for t in node.targets)
    )


def lab_of(folder: Path) -> str:
    """The lab a folder of answers belongs to: ``labNN/``, or ``answers/`` in the home ``lNN_<slug>/``."""
    folder = Path(folder)
    match = _LAB_FOLDER.match(folder.name)
    if not match and folder.name == "answers":
        match = _HOME.match(folder.parent.name)
    if not match:
        raise AnswerError(f"{folder.name}/ is not a folder of answers (labNN/, or a lesson home's answers/).")
    return match.group(1)


def load_answer(path: Path, solution: nbformat.NotebookNode | None = None) -> Answer:
    """One answer file; validated against ``solution`` when it is given."""
    path = Path(path)
    if not _NAME.match(path.stem):
        raise AnswerError(f"{path.name}: an answer's file name is a slug of lower-case letters, digits, '-' and '_'.")
    if path.stem == SOLUTION_NAME:
        raise AnswerError(f"{path.name}: the name 'solution' is kept for the solution notebook's own answer.")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise AnswerError(f"{path.name} cannot be read as UTF-8 text ({error}).") from None
    answer = parse_answer(text, path.stem, lab_of(path.parent), path)
    return answer.completed(solution) if solution is not None else answer


def load_answers(folder: Path, solution: nbformat.NotebookNode | None = None) -> list[Answer]:
    """Every ``*.py`` answer in one lab folder, by file name."""
    return [load_answer(p, solution) for p in sorted(Path(folder).glob("*.py"))]


def _exercise(cell) -> bool:
    """A code cell the student writes (a markdown answer cell, graded by hand if at all, is not one)."""
    return (
        cell.get("cell_type") == "code"
        and nbtools.is_solution(cell)
        and not nbtools.is_check(cell)
        and bool(nbtools.grade_id(cell))
    )


def solution_answer(solution: nbformat.NotebookNode, lab: str) -> Answer:
    """The solution notebook's own exercise cells as an answer, expected full marks."""
    cells = {nbtools.grade_id(c): c.source for c in solution.cells if _exercise(c)}
    return Answer(lab, SOLUTION_NAME, "the solution notebook's own exercise cells", cells, check_points(solution))


def lab_answers(
    lab: str, solutions: Path | None = None, catalogue: Path | None = None, include_solution: bool = True
) -> list[Answer]:
    """The solution's answer (first) and every catalogue answer of ``lab``, validated.

    The answers are the lesson's (``asynclab/lessons/lNN_<slug>/answers/``), or those in
    ``catalogue/labNN/`` when a ``catalogue`` folder is given.
    """
    from asynclab.course import lesson
    from asynclab.grading.layout import find_solution

    solution = nbtools.read(find_solution(solutions or ROOT / "solutions", lab))
    folder = catalogue / f"lab{lab}" if catalogue is not None else lesson(lab).answers
    answers = load_answers(folder, solution) if folder.is_dir() else []
    return ([solution_answer(solution, lab)] if include_solution else []) + answers


def untouched_answer(solution: nbformat.NotebookNode, lab: str) -> Answer:
    """The student lab as handed out (every exercise a stub): it must score nothing."""
    lab_nb = nbtools.make_lab(solution)
    cells = {nbtools.grade_id(c): c.source for c in lab_nb.cells if _exercise(c)}
    return Answer(
        lab,
        "untouched",
        "the lab as handed out, every exercise still a stub",
        cells,
        {name: 0.0 for name in check_names(solution)},
    )


# -- which cells an answer can change ------------------------------------------------
# The in-process catalogue test (tests/test_catalogue.py) runs only what an
# answer can change: the checks whose cells depend, by names and through
# other cells, on a replaced exercise cell, and the cells they need.


@functools.lru_cache(maxsize=8192)
def code_of(source: str) -> str:
    """A cell's Python code as IPython runs it: its magics and shell lines (``%time x = f()``, ``!ls``) become
    the calls IPython makes of them (``get_ipython().run_line_magic("time", "x = f()")``), and nothing else
    changes; a line that only starts with ``%`` or ``!`` inside brackets or a string stays Python, as in the
    kernel. Without IPython, the lines that start with ``%`` or ``!`` are left out."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager
    except ImportError:  # pragma: no cover - IPython comes with the course's Jupyter
        return "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
    return TransformerManager().transform_cell(source)


def _table(source: str) -> symtable.SymbolTable:
    return symtable.symtable(code_of(source), "<cell>", "exec")


# The three analyses below are pure functions of a cell's text, and the catalogue asks them about the
# same solution cells for every answer: each text is analysed once per process.
@functools.lru_cache(maxsize=8192)
def names_bound(source: str) -> frozenset[str]:
    """Names a cell binds at its top level: assignments, defs, classes, imports, loop targets."""
    return frozenset(
        s.get_name() for s in _table(source).get_symbols() if s.is_assigned() or s.is_imported() or s.is_namespace()
    )


@functools.lru_cache(maxsize=8192)
def names_used(source: str) -> frozenset[str]:
    """The global names a cell reads: at its top level or, free, inside its functions and classes."""
    used: set[str] = set()

    def visit(table: symtable.SymbolTable, top: bool) -> None:
        for s in table.get_symbols():
            if s.is_referenced() and (top or s.is_global()):
                used.add(s.get_name())
        for child in table.get_children():
            visit(child, False)

    visit(_table(source), True)
    return frozenset(used)


@functools.lru_cache(maxsize=8192)
def names_read(source: str) -> frozenset[str]:
    """The global names a cell reads from the cells before it: :func:`names_used`, less the names a
    top-level statement reads after an earlier statement of the same cell bound them (a check cell
    that imports its checks module reads no other cell's binding of that name)."""
    statements = ast.parse(code_of(source)).body
    read: set[str] = set()
    bound: set[str] = set()
    for statement in statements:
        text = ast.unparse(statement)
        read |= names_used(text) - bound
        bound |= names_bound(text)
    return frozenset(read)


@dataclass(frozen=True)
class Plan:
    """What to run for one answer: cells (grade_id or index) in notebook order, and why."""

    cells: list[tuple[str, str, str]]  # (label, kind: setup|exercise|check, source)
    run: list[str]  # checks whose result the answer can change
    unchanged: list[str]  # checks that depend on no replaced cell


def cell_label(index: int, cell) -> str:
    return nbtools.grade_id(cell) or f"cell {index}"


def cell_kind(cell) -> str | None:
    if cell.get("cell_type") != "code":
        return None
    if nbtools.is_check(cell):
        return "check"
    if nbtools.is_solution(cell):
        return "exercise"
    return "setup"


def plan(solution: nbformat.NotebookNode, answer: Answer) -> Plan:
    """The cells an in-process run of ``answer`` needs.

    A check is run when its cell depends on a replaced exercise cell: it
    reads a name that the replaced cell binds (as in the solution or as in
    the answer), directly or through the cells that bind the names it reads.
    Every other check scores what the solution scores. The cells run are
    the setup and exercise cells those checks need, found the same way, in
    notebook order; "try it" and demo cells that bind nothing a needed cell
    reads are left out.
    """
    answer.validate(solution)
    labels, kinds, sources, binders = [], {}, {}, {}
    for index, cell in enumerate(solution.cells):
        kind = cell_kind(cell)
        if kind is None:
            continue
        label = cell_label(index, cell)
        labels.append(label)
        kinds[label] = kind
        sources[label] = answer.cells.get(label, cell.source)
        if kind != "check":
            for name in names_bound(sources[label]) | names_bound(cell.source):
                binders.setdefault(name, set()).add(label)

    def closure(label: str) -> set[str]:
        seen, todo = {label}, [label]
        while todo:
            for name in names_read(sources[todo.pop()]):
                for other in binders.get(name, ()):
                    if other not in seen:
                        seen.add(other)
                        todo.append(other)
        return seen

    run, unchanged, needed = [], [], set()
    for label in labels:
        if kinds[label] != "check":
            continue
        deps = closure(label)
        if deps & set(answer.cells):
            run.append(label[len("check-") :])
            needed |= deps
        else:
            unchanged.append(label[len("check-") :])
    return Plan([(label, kinds[label], sources[label]) for label in labels if label in needed], run, unchanged)
