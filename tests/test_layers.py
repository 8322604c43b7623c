"""The layers of asynclab, as import-linter enforces them (contracts in pyproject.toml).

- ``lint-imports`` keeps every contract on the code as it is;
- it breaks one when a lower layer imports a higher one, or one lesson another's
  code (shown on a copy of the package with one import planted);
- importing the engine or the checks loads neither matplotlib nor MXNet, and the
  framework-neutral modules import where MXNet cannot (a run-time fact no static
  tool sees: imports inside functions are fine there).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def lint(root: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [str(LINT), "--config", str(root / "pyproject.toml"), "--no-cache"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_every_import_contract_is_kept():
    proc = lint(ROOT)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "0 broken" in proc.stdout


@pytest.mark.parametrize(
    "module, planted",
    [
        ("asynclab/foundation/timing.py", "from asynclab.lessons.l03_async_speed import loops"),
        (
            "asynclab/lessons/l08_across_frameworks/frameworks.py",
            "from asynclab.lessons.l01_async_dispatch import checks",
        ),
        (
            "asynclab/lessons/l06_automatic_parallelism/checks.py",
            "from asynclab.lessons.l06_automatic_parallelism import parallelism",
        ),
        ("asynclab/checks/core.py", "import matplotlib"),
    ],
    ids=["foundation-imports-a-lesson", "lesson-imports-another", "checks-import-their-demo", "checks-load-matplotlib"],
)
def test_a_planted_import_breaks_a_contract(tmp_path, module, planted):
    shutil.copytree(ROOT / "asynclab", tmp_path / "asynclab", ignore=shutil.ignore_patterns("__pycache__", "answers"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n\ndef _planted():\n    {planted}\n", encoding="utf-8")
    proc = lint(tmp_path)
    assert proc.returncode != 0 and "BROKEN" in proc.stdout, proc.stdout[-3000:]


@pytest.mark.kernel
def test_importing_the_engine_and_the_checks_loads_no_plotting_and_no_framework():
    from asynclab import course

    modules = ["asynclab.foundation.engine", "asynclab.checks"] + [x.checks_module for x in course.lessons()]
    code = (
        f"import importlib, sys; [importlib.import_module(m) for m in {modules!r}]; "
        "loaded = [m for m in ('matplotlib', 'mxnet', 'torch') if m in sys.modules]; "
        "assert not loaded, f'importing the engine and the checks loaded {loaded}'"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr.strip().splitlines()[-1]


NEUTRAL = (
    "asynclab.foundation.timing",
    "asynclab.foundation.memory",
    "asynclab.foundation.engine",
    "asynclab.lessons.l05_inside_the_engine.engine_reference",
    "asynclab.checks",
    "asynclab.checks.core",
    "asynclab.checks.relations",
    "asynclab.foundation.plots",
    "asynclab.foundation.backends",
    "asynclab.foundation.backends.fresh",
    "asynclab.foundation.backends.numpy",
    "asynclab.foundation.backends.torch",
    "asynclab.course",
)


@pytest.mark.kernel
def test_the_framework_neutral_modules_import_where_mxnet_cannot():
    """On a stack without MXNet (a GPU machine with Python 3.12 and numpy 2), these still import."""
    code = (
        "import importlib, sys; sys.modules['mxnet'] = None; "  # None in sys.modules: import fails
        f"[importlib.import_module(name) for name in {NEUTRAL!r}]"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr.strip().splitlines()[-1]
