"""Notebook housekeeping: normalised JSON, student labs, stored outputs.

- :func:`normalize` keeps a notebook's JSON small and stable: only the
  kernelspec and language name at the top, only ``nbgrader`` and ``tags``
  on cells, stable cell ids.
- :func:`make_lab` turns a solution notebook into the student version:
  code between ``### BEGIN SOLUTION`` and ``### END SOLUTION`` becomes a
  stub (in markdown: ``YOUR ANSWER HERE``), every output is cleared.
- :func:`execute` runs a notebook in a fresh kernel and stores its outputs
  (lessons and solutions are kept with outputs for nbval).
"""

from __future__ import annotations

import copy
import re
import time
from collections.abc import Iterable
from pathlib import Path

import nbformat

from asynclab.tooling.kernel import DISPLAY_NAME, KERNEL_NAME

KERNELSPEC = {"display_name": DISPLAY_NAME, "language": "python", "name": KERNEL_NAME}
CELL_METADATA_KEYS = ("nbgrader", "tags")
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
STUB = "raise NotImplementedError()  # replace this line with your code"
MARKDOWN_STUB = "YOUR ANSWER HERE"  # nbgrader's words for a written answer
_ID_OK = re.compile(r"^[a-zA-Z0-9-_]{1,64}$")


class NotebookError(ValueError):
    """A notebook file that cannot be used, with one sentence saying why."""


def read(path: str | Path) -> nbformat.NotebookNode:
    """Read a v4 notebook, or raise :class:`NotebookError` with one clear sentence."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NotebookError(f"{path} does not exist.") from None
    except (OSError, UnicodeDecodeError) as error:
        raise NotebookError(f"{path} cannot be read as UTF-8 text ({error}).") from None
    try:
        nb = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
    except Exception as error:  # nbformat raises several kinds for bad JSON
        raise NotebookError(f"{path.name} is not a notebook: it is not valid JSON ({_first_line(error)}).") from None
    if nb.get("nbformat") != 4:
        raise NotebookError(
            f"{path.name} is an nbformat {nb.get('nbformat')} notebook; "
            "the course needs nbformat 4 (save it again from JupyterLab)."
        )
    if not isinstance(nb.get("cells"), list):
        raise NotebookError(f"{path.name} has no list of cells.")
    return nb


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


def dumps(nb: nbformat.NotebookNode) -> str:
    """Serialised notebook text, exactly as stored in the repository."""
    return nbformat.writes(nb) + "\n"


def write(nb: nbformat.NotebookNode, path: str | Path) -> None:
    Path(path).write_text(dumps(nb), encoding="utf-8")


def grade_id(cell) -> str | None:
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def is_check(cell) -> bool:
    """A locked, graded code cell: an autograded check."""
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return cell.get("cell_type") == "code" and bool(meta.get("grade")) and bool(meta.get("locked"))


def is_solution(cell) -> bool:
    return bool(cell.get("metadata", {}).get("nbgrader", {}).get("solution"))


def normalize(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy with stray metadata removed and stable, unique cell ids."""
    nb = copy.deepcopy(nb)
    nb.nbformat, nb.nbformat_minor = 4, 5
    nb.metadata = nbformat.from_dict({"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}})
    used: set[str] = set()
    for index, cell in enumerate(nb.cells):
        cell.metadata = nbformat.from_dict(
            {k: cell.metadata[k] for k in CELL_METADATA_KEYS if k in cell.get("metadata", {})}
        )
        wanted = grade_id(cell) or cell.get("id") or f"cell-{index:03d}"
        if not _ID_OK.match(wanted) or wanted in used:
            wanted = f"cell-{index:03d}"
        while wanted in used:
            wanted += "-x"
        cell.id = wanted
        used.add(wanted)
        cell.pop("attachments", None) if not cell.get("attachments") else None
        if cell.cell_type == "code":
            for output in cell.get("outputs", []):
                if output.get("output_type") in ("display_data", "execute_result"):
                    output.metadata = nbformat.from_dict(output.get("metadata", {}))
    return nb


def strip_solution(source: str, stub: str = STUB) -> str:
    """Replace each BEGIN/END SOLUTION region with ``stub`` at the same indent."""
    out: list[str] = []
    inside = False
    for line in source.splitlines():
        stripped = line.strip()
        if stripped == BEGIN:
            if inside:
                raise NotebookError("a '### BEGIN SOLUTION' is not closed before the next one.")
            inside = True
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}{stub}")
            continue
        if stripped == END:
            if not inside:
                raise NotebookError("'### END SOLUTION' without a matching BEGIN.")
            inside = False
            continue
        if not inside:
            out.append(line)
    if inside:
        raise NotebookError("'### BEGIN SOLUTION' is never closed.")
    return "\n".join(out)


def make_lab(solution: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The student version of a solution notebook: stubs and no outputs."""
    lab = normalize(solution)
    for cell in lab.cells:
        if cell.cell_type == "code":
            if is_solution(cell):
                cell.source = strip_solution(cell.source)
            cell.outputs = []
            cell.execution_count = None
        elif cell.cell_type == "markdown" and BEGIN in cell.source:
            cell.source = strip_solution(cell.source, MARKDOWN_STUB)
    return lab


def lab_path_for(solution_path: Path, labs_dir: Path) -> Path:
    return labs_dir / solution_path.name


def generate_labs(solutions_dir: Path, labs_dir: Path, check_only: bool = False) -> list[Path]:
    """Write ``labs/`` from ``solutions/``; return the labs that changed (or would).

    With ``check_only`` nothing is written: the list says what has drifted.
    Labs without a solution are reported as drifted too.
    """
    changed: list[Path] = []
    expected: set[str] = set()
    for sol in sorted(solutions_dir.glob("*_lab.ipynb")):
        target = lab_path_for(sol, labs_dir)
        expected.add(target.name)
        text = dumps(make_lab(read(sol)))
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current != text:
            changed.append(target)
            if not check_only:
                labs_dir.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
    for stray in sorted(labs_dir.glob("*.ipynb")):
        if stray.name not in expected:
            changed.append(stray)
            if not check_only:
                stray.unlink()
    return changed


def run(
    nb: nbformat.NotebookNode,
    folder: str | Path,
    *,
    timeout: int = 600,
    kernel_name: str = KERNEL_NAME,
    allow_errors: bool = False,
) -> float:
    """Run ``nb`` top to bottom in a fresh kernel working in ``folder``, outputs stored in ``nb``; the
    seconds it took. A cell that raises stops the run (``CellExecutionError``) unless ``allow_errors``."""
    from nbclient import NotebookClient

    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name=kernel_name,
        allow_errors=allow_errors,
        resources={"metadata": {"path": str(Path(folder).resolve())}},
    )
    began = time.perf_counter()
    client.execute()
    return time.perf_counter() - began


def execute(path: str | Path, timeout: int = 600, kernel_name: str = KERNEL_NAME) -> nbformat.NotebookNode:
    """Run a notebook top to bottom in a fresh kernel and store it normalised."""
    path = Path(path)
    nb = read(path)
    run(nb, path.parent, timeout=timeout, kernel_name=kernel_name)
    nb = normalize(nb)
    write(nb, path)
    return nb


def check_cells(nb: nbformat.NotebookNode) -> Iterable:
    """The autograded check cells, in notebook order."""
    return [c for c in nb.cells if is_check(c)]
