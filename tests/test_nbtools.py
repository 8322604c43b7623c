"""nbtools: normalised JSON, lab generation, clear errors for bad notebooks."""

import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from asynclab.tooling import nbtools

ROOT = Path(__file__).resolve().parents[1]


def _nb(*cells):
    nb = nbformat.v4.new_notebook(cells=list(cells))
    nb.metadata = {"kernelspec": {"name": "python3", "display_name": "x"}, "widgets": {"junk": 1}}
    return nb


def test_normalize_drops_stray_metadata_and_is_idempotent():
    cell = nbformat.v4.new_code_cell("1 + 1")
    cell.metadata = {"collapsed": True, "execution": {"iopub.status.busy": "2026"}, "tags": ["x"]}
    nb = nbtools.normalize(_nb(cell, nbformat.v4.new_markdown_cell("hi")))
    assert nb.metadata == {"kernelspec": nbtools.KERNELSPEC, "language_info": {"name": "python"}}
    assert nb.cells[0].metadata == {"tags": ["x"]}
    ids = [c.id for c in nb.cells]
    assert len(set(ids)) == 2
    again = nbtools.normalize(nb)
    assert nbtools.dumps(again) == nbtools.dumps(nb)


def test_normalize_uses_grade_ids_as_cell_ids_and_keeps_them_unique():
    a = nbformat.v4.new_code_cell("a")
    a.metadata = {"nbgrader": {"grade_id": "check-x"}}
    b = nbformat.v4.new_code_cell("b")
    b.metadata = {"nbgrader": {"grade_id": "check-x"}}
    nb = nbtools.normalize(_nb(a, b))
    assert nb.cells[0].id == "check-x" and nb.cells[1].id != "check-x"


def test_strip_solution_keeps_indentation_and_surroundings():
    src = "def f(x):\n    ### BEGIN SOLUTION\n    return x + 1\n    ### END SOLUTION\nprint(f)"
    assert nbtools.strip_solution(src) == f"def f(x):\n    {nbtools.STUB}\nprint(f)"
    with pytest.raises(nbtools.NotebookError):
        nbtools.strip_solution("### BEGIN SOLUTION\nx = 1")
    with pytest.raises(nbtools.NotebookError):
        nbtools.strip_solution("### END SOLUTION")


def test_make_lab_stubs_solutions_and_clears_outputs():
    sol = nbformat.v4.new_code_cell("### BEGIN SOLUTION\nx = 42\n### END SOLUTION")
    sol.metadata = {"nbgrader": {"solution": True, "grade_id": "ex1", "grade": False, "locked": False}}
    sol.outputs = [nbformat.v4.new_output("stream", text="hello")]
    sol.execution_count = 3
    chk = nbformat.v4.new_code_cell("check(x)")
    chk.metadata = {"nbgrader": {"grade": True, "locked": True, "grade_id": "check-x", "points": 1}}
    lab = nbtools.make_lab(_nb(sol, chk))
    assert lab.cells[0].source == nbtools.STUB
    assert all(c.outputs == [] and c.execution_count is None for c in lab.cells)
    assert lab.cells[1].source == "check(x)"
    assert nbtools.is_check(lab.cells[1]) and not nbtools.is_check(lab.cells[0])


def test_make_lab_keeps_written_answers_out_of_the_lab():
    text = nbformat.v4.new_markdown_cell("Questions?\n\n### BEGIN SOLUTION\nThe answer.\n### END SOLUTION\nBye.")
    plain = nbformat.v4.new_markdown_cell("No answers here.")
    lab = nbtools.make_lab(_nb(text, plain))
    assert lab.cells[0].source == f"Questions?\n\n{nbtools.MARKDOWN_STUB}\nBye."
    assert lab.cells[1].source == "No answers here."


def test_read_gives_one_sentence_for_bad_files(tmp_path):
    bad = tmp_path / "alice.ipynb"
    bad.write_text("{ this is not json")
    with pytest.raises(nbtools.NotebookError, match="alice.ipynb is not a notebook: it is not valid JSON"):
        nbtools.read(bad)
    v3 = tmp_path / "old.ipynb"
    v3.write_text(json.dumps({"nbformat": 3, "nbformat_minor": 0, "metadata": {}, "worksheets": []}))
    with pytest.raises(nbtools.NotebookError, match="nbformat 3"):
        nbtools.read(v3)
    with pytest.raises(nbtools.NotebookError, match="does not exist"):
        nbtools.read(tmp_path / "missing.ipynb")


def test_labs_are_exactly_what_the_command_writes():
    drifted = nbtools.generate_labs(ROOT / "solutions", ROOT / "labs", check_only=True)
    assert drifted == [], f"labs/ drifted from solutions/: {drifted}; run `make labs`"


def test_labs_check_command_detects_drift(tmp_path):
    (tmp_path / "labs").mkdir()
    sols = tmp_path / "solutions"
    sols.mkdir()
    src = ROOT / "solutions" / "01_async_dispatch_lab.ipynb"
    (sols / src.name).write_text(src.read_text())
    cmd = [sys.executable, "-m", "asynclab", "labs", "--solutions", str(sols), "--labs", str(tmp_path / "labs")]
    drift = subprocess.run(cmd + ["--check"], capture_output=True, text=True)
    assert drift.returncode == 1 and "drifted" in drift.stderr
    assert subprocess.run(cmd, capture_output=True).returncode == 0
    assert subprocess.run(cmd + ["--check"], capture_output=True).returncode == 0


def test_cli_reports_a_malformed_notebook_in_one_line(tmp_path):
    bad = tmp_path / "x.ipynb"
    bad.write_text("nope")
    proc = subprocess.run([sys.executable, "-m", "asynclab", "normalize", str(bad)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.strip().startswith("error: x.ipynb is not a notebook")
    assert "Traceback" not in proc.stderr
    assert bad.read_text() == "nope"
