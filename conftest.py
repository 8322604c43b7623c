"""pytest configuration shared by the unit tests and nbval.

The compute budget is applied first (see below).

nbval compares stored outputs strictly after ``tests/sanitize.cfg`` masks
measured numbers. Pictures and the checks' machine-readable results differ
from run to run by nature, so they are not compared; the PASS/FAIL verdict
line of every check (text/plain) is.
"""

import importlib.util
import sys
from pathlib import Path

from asynclab.foundation import budget

# The compute budget (asynclab.foundation.budget), before anything loads MXNet, PyTorch or
# NumPy's BLAS: pytest, nbval and every process they start run as on the reference machine.
budget.apply()

from asynclab.checks import MIME_TYPE  # noqa: E402  (after the budget)

NOT_COMPARED = ("image/png", "image/jpeg", "image/svg+xml", MIME_TYPE)


def pytest_collectstart(collector):
    if getattr(collector, "skip_compare", None) is not None:
        collector.skip_compare = tuple(collector.skip_compare) + NOT_COMPARED


# The grader tests build their submissions with two modules of the fixture
# lab. They are loaded here by path and registered by name, so that test
# modules can ``import crafted`` without anybody editing ``sys.path``.
FIXTURES = Path(__file__).resolve().parent / "tests" / "fixtures" / "grading"


def _load_fixture_module(name: str) -> None:
    if name in sys.modules:
        return
    spec = importlib.util.spec_from_file_location(name, FIXTURES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)


for _name in ("build_fixture", "crafted"):  # crafted imports build_fixture
    _load_fixture_module(_name)
