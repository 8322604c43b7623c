"""The course's files: pins agree, notebooks are normalised, labs have their structure."""

import re
import tomllib
from pathlib import Path

import pytest

from asynclab import course
from asynclab.tooling import nbtools

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = (
    sorted((ROOT / "notebooks").glob("*.ipynb"))
    + sorted((ROOT / "solutions").glob("*.ipynb"))
    + sorted((ROOT / "labs").glob("*.ipynb"))
)
SOLUTIONS = sorted((ROOT / "solutions").glob("*_lab.ipynb"))
# a lesson made by `make new-lesson` is a draft (lesson.toml) until its author removes the trait:
# it has one check and one exercise until then
DRAFTS = {x.solution.name for x in course.lessons() if x.has("draft")}
SECTIONS = ["Objectives", "Background", "Principle", "Environment", "Suggested time", "Steps", "Summary"]
NBGRADER_KEYS = {"grade", "grade_id", "locked", "schema_version", "solution", "task"}


def test_environment_yml_and_pyproject_agree():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = (ROOT / "environment.yml").read_text()
    assert re.search(r"^name:\s*asynclab\s*$", env, re.M)
    python = re.search(r"^\s*-\s*python\s*=\s*([\d.]+)\s*$", env, re.M)
    assert python, "environment.yml must pin python"
    assert project["requires-python"] == f">={python.group(1)},<3.{int(python.group(1).split('.')[1]) + 1}"
    assert re.search(r"^\s*-\s*pip\s*$", env, re.M)
    assert re.search(r"^\s*-\s*-e \.(\[[a-z,]+\])?\s*$", env, re.M), "environment.yml must install the package"
    assert "lab" in project["optional-dependencies"] and re.search(r"-e \.\[[a-z,]*lab", env), (
        "environment.yml must install JupyterLab (the lab extra)"
    )
    pinned = {re.split(r"[=<>!~\[]", d)[0].lower(): d for d in project["dependencies"]}
    for line in re.findall(r"^\s*-\s*([A-Za-z0-9_.-]+)\s*[=<>]=?\s*([\w.*]+)\s*$", env, re.M):
        name = line[0].lower()
        if name in pinned:
            assert line[1] in pinned[name], f"{name} is pinned differently in environment.yml"
    for must in ("mxnet==1.9.1", "numpy==1.23.5", "matplotlib==3.7.2"):
        assert must in project["dependencies"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_notebooks_are_stored_normalised(path):
    text = path.read_text(encoding="utf-8")
    assert text == nbtools.dumps(nbtools.normalize(nbtools.read(path))), (
        f"{path.name} is not normalised: run `python -m asynclab normalize {path}`"
    )


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.name)
def test_labs_follow_the_lab_manual_structure(path):
    nb = nbtools.read(path)
    markdown = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    positions = []
    for section in SECTIONS:
        match = re.search(rf"^#+\s*{section}\b", markdown, re.M)
        assert match, f"{path.name} lacks the section '{section}'"
        positions.append(match.start())
    assert positions == sorted(positions), f"{path.name}: sections out of order"


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.name)
def test_every_exercise_is_followed_by_a_locked_check(path):
    nb = nbtools.read(path)
    checks = list(nbtools.check_cells(nb))
    least = 1 if path.name in DRAFTS else 3
    assert len(checks) >= least, f"{path.name} needs at least {least} autograded checks"
    ids = [nbtools.grade_id(c) for c in nb.cells if nbtools.grade_id(c)]
    assert len(ids) == len(set(ids)), f"{path.name} repeats a grade_id"
    lab_module = re.match(r"(\d\d)_", path.name).group(1)
    for cell in checks:
        meta = cell.metadata["nbgrader"]
        assert NBGRADER_KEYS <= set(meta) and meta["schema_version"] == 3
        assert meta["points"] > 0 and meta["solution"] is False
        assert meta["grade_id"].startswith("check-")
        assert f"import checks as lab{lab_module}" in cell.source
        assert "### BEGIN SOLUTION" not in cell.source
    solutions = [c for c in nb.cells if nbtools.is_solution(c)]
    assert len(solutions) >= least
    for cell in solutions:
        assert "### BEGIN SOLUTION" in cell.source and cell.metadata["nbgrader"]["locked"] is False
    # a solution notebook stores the PASS line of every check
    for cell in checks:
        text = "".join(o.get("data", {}).get("text/plain", "") for o in cell.outputs)
        assert text.startswith(f"PASS [{meta_name(cell)}]"), f"{path.name}: {nbtools.grade_id(cell)} has no PASS output"


def meta_name(cell) -> str:
    return nbtools.grade_id(cell)[len("check-") :]


@pytest.mark.parametrize("path", sorted((ROOT / "labs").glob("*.ipynb")), ids=lambda p: p.name)
def test_student_labs_carry_no_outputs_and_no_solutions(path):
    nb = nbtools.read(path)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code")
    assert not any("### BEGIN SOLUTION" in c.source for c in nb.cells)
