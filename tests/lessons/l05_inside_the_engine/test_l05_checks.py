"""Lab 05's checks on answers built in ways the in-process catalogue does not meet."""

from __future__ import annotations

import importlib.util

import pytest

from asynclab.checks.core import CheckFailed
from asynclab.lessons.l05_inside_the_engine import checks as lab05


def test_a_sync_engine_built_on_a_fresh_copy_of_the_course_engine_fails():
    # the grader imports a fresh copy of the course for every check cell: the base an answer's class was built
    # on in the setup cell is then another class object than the check's EngineBase, with the same name
    spec = importlib.util.find_spec("asynclab.foundation.engine")
    copy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copy)
    from asynclab.foundation.engine import EngineBase

    assert copy.EngineBase is not EngineBase

    class SyncEngine(copy.ThreadedVarEngineBase):
        def __init__(self):
            super().__init__(naive=True)

    with pytest.raises(CheckFailed) as failed:
        lab05.check_sync_engine(SyncEngine)
    assert "built on the course's engine base" in str(failed.value)
