"""Lab 07's diagnoses-the-program: a diagnosis that disagrees with the check's profile of a program counts only
when the check's next profile of that program is as clear.

The programs are drawn until one profile of each is clear, and a busy machine can make the next profile of the
same program less so; the check then builds both anew and asks again. These tests drive the solution's
``diagnose`` with its first answer turned around, and decide how clear the check's next profile is.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable

import pytest

from asynclab.checks import CheckFailed
from asynclab.grading.layout import find_solution
from asynclab.lessons.l07_profiling import checks as lab07
from asynclab.tooling import nbtools
from tests.test_catalogue import SOLUTIONS

OTHER_SIDE = {"front end": "back end", "back end": "front end"}


@functools.cache
def _solution_diagnose():
    names: dict = {}
    for cell in nbtools.read(find_solution(SOLUTIONS, "07")).cells:
        if cell.get("id") in ("setup", "ex1-diagnose"):
            exec(cell.source, names)
    return names["diagnose"]


def _first_answer_turned(monkeypatch, next_profile_clear: bool) -> tuple[list[str], Callable]:
    """Make the check's next profile after the turned answer clear or not; return the list the solution's
    sides are noted in, and the diagnose to hand to the check."""
    right = _solution_diagnose()
    sides: list[str] = []
    turned: list[tuple[str, str]] = []
    truth = lab07._truth

    def diagnose(fn):
        operator, side = right(fn)
        sides.append(side)
        if len(sides) == 1:  # the back end's program, asked about first
            turned.append((operator, side))
            return operator, OTHER_SIDE[side]
        return operator, side

    def next_truth(program):
        found = truth(program)
        if not turned:
            return found
        operator, side = turned.pop()
        if not next_profile_clear:
            return dataclasses.replace(found, share=0.5)  # between the bounds: the program is not clear now
        share = 0.95 if side == "back end" else 0.05
        return dataclasses.replace(found, top=operator, share=share, lead=max(found.lead, 2 * lab07.DIAGNOSE_LEAD))

    monkeypatch.setattr(lab07, "_truth", next_truth)
    # the check's own profiling refuses callers outside the course (this file is one): let it through here
    monkeypatch.setattr(lab07, "refuse_unless_checking", lambda *checks, **words: None)
    return sides, diagnose


@pytest.mark.measured
def test_a_diagnosis_against_a_program_no_longer_clear_is_asked_again(monkeypatch):
    monkeypatch.setattr(lab07, "DIAGNOSE_ASKS", 4)  # room for a second miss of the solution's on a busy machine
    sides, diagnose = _first_answer_turned(monkeypatch, next_profile_clear=False)
    assert lab07.check_diagnoses_the_program(diagnose).passed
    assert len(sides) >= 3  # the turned answer, then both programs built anew


@pytest.mark.measured
def test_a_diagnosis_against_a_program_still_clear_fails(monkeypatch):
    sides, diagnose = _first_answer_turned(monkeypatch, next_profile_clear=True)
    with pytest.raises(CheckFailed, match=r"for one program you said the (front|back) end set the pace"):
        lab07.check_diagnoses_the_program(diagnose)
    assert len(sides) == 1
