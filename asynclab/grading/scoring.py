"""Score a check cell from the check's own machine-readable result.

A check publishes one display message of type
:data:`asynclab.checks.MIME_TYPE` whose payload is ``CheckResult.to_dict()``.
Only that payload counts, and only when

- it is among the outputs of this run of the check cell (stored outputs are
  discarded before grading, and other cells' outputs are never looked at);
- it carries the token the grader's guard set right before the cell;
- its ``name`` is the check expected for the cell's grade_id;
- it is the only one in the cell;
- the cell finished (no timeout, no kernel death) and, for a pass, without
  an error after it.

Anything else scores 0, with the reason.

A check whose answer copies the course's own code (:mod:`asynclab.grading.copies`)
is not run: :func:`copied_outcome` is its FAIL, with the detector's sentence
and no figures.

A check that counts only once others have passed (its declaration's
``requires``) is held to them by :func:`apply_requirements`, on the grader's
own verdicts, and only when the student added no cell between the two check
cells: such a cell may have redefined the answer, or changed what it reads,
after the required check judged it.

A check that needs more CPUs than are available (its declaration's
``cpus``) is *inconclusive*: neither passed nor failed, its points withheld.
The check says so itself when the kernel may use too few CPUs (it is then
not run); and the grader, which knows how many CPUs its own process may use
(the kernel inherits them), withholds the verdict of a check that needs more
than that even if it ran, unless told to measure anyway (the robustness
bench).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from asynclab.checks.core import MIME_TYPE, needs_cpus_sentence, requirement_undecided_sentence
from asynclab.grading.guard import GuardReport
from asynclab.grading.kernel import DEAD, ERROR, MEMORY, TIMEOUT, CellRun
from asynclab.grading.model import FAIL, INCONCLUSIVE, NO_RESULT, NOT_RUN, PASS, TAMPERING, CheckOutcome, CheckSpec

_RESULT_OUTPUTS = ("display_data", "execute_result", "update_display_data")


def payloads(outputs: list) -> list[Any]:
    """Every check result among a cell's outputs, whatever its shape."""
    return [
        o["data"][MIME_TYPE]
        for o in outputs
        if o.get("output_type") in _RESULT_OUTPUTS and MIME_TYPE in o.get("data", {})
    ]


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else None


def score_check(
    spec: CheckSpec,
    run: CellRun,
    guard: GuardReport,
    token: str,
    timeout: float,
    *,
    cpus: int | None = None,
    measure_anyway: bool = False,
) -> CheckOutcome:
    """The outcome of one check cell run.

    ``cpus``: how many CPUs the grader's process may use (None: not known, trust the check);
    ``measure_anyway``: keep the verdict of a check that ran on fewer CPUs than it needs.
    """
    outcome = CheckOutcome(spec.grade_id, spec.name, spec.points)

    def give(status: str, message: str) -> CheckOutcome:
        outcome.status, outcome.message, outcome.score = status, message, 0.0
        return outcome

    if not guard.ran:
        status = TAMPERING if "did not run as sent" in guard.problem else NO_RESULT
        return give(status, guard.problem)
    if run.status == TIMEOUT:
        return give(NO_RESULT, f"the check did not finish within {timeout:g} s and was stopped")
    if run.status == MEMORY:
        return give(NO_RESULT, f"the kernel went over the memory limit while the check ran ({run.error})")
    if run.status == DEAD:
        return give(NO_RESULT, f"the kernel died while the check ran ({run.error})")
    found = payloads(run.outputs)
    if not found:
        if run.status == ERROR:
            return give(NO_RESULT, f"the check cell failed before the check could decide: {run.error}")
        return give(NO_RESULT, "the check cell finished without producing the check's result")
    if len(found) > 1:
        return give(TAMPERING, f"{len(found)} results for one check in one cell")
    payload = found[0]
    if not isinstance(payload, dict):
        return give(TAMPERING, "the check's result is malformed")
    if payload.get("token") != token:
        return give(TAMPERING, "the result was not produced by this run of the check (wrong token)")
    if payload.get("name") != spec.name:
        return give(TAMPERING, f"the result is for check {payload.get('name')!r}, not {spec.name!r}")
    passed = payload.get("passed")
    points, score = _number(payload.get("points")), _number(payload.get("score"))
    if not isinstance(passed, bool) or points is None or score is None:
        return give(TAMPERING, "the check's result is malformed")
    outcome.cpus = _count(payload.get("cpus")) or 1
    if payload.get("inconclusive") is True:
        had = _count(payload.get("cpus_available"))
        outcome.cpus_available = had
        message = str(payload.get("message", ""))[:1000]
        if cpus is not None and cpus >= outcome.cpus:
            message += (
                f" (the grader's process may use {cpus} CPUs: something in the notebook narrowed "
                "its kernel's CPUs; regrade it and read it)"
            )
        return give(INCONCLUSIVE, message)
    if cpus is not None and cpus < outcome.cpus and not measure_anyway:
        outcome.cpus_available = cpus
        said = "PASS" if passed else "FAIL"
        return give(INCONCLUSIVE, needs_cpus_sentence(outcome.cpus, cpus, "the grader", verdict=said))
    if passed and run.status == ERROR:
        return give(TAMPERING, f"a passing result followed by an error in the same cell ({run.error})")
    outcome.message = str(payload.get("message", ""))[:1000]
    outcome.threshold = str(payload.get("threshold", ""))[:200]
    figures = payload.get("figures")
    if isinstance(figures, dict):
        outcome.figures = {str(k)[:64]: _number(v) for k, v in list(figures.items())[:32]}
    if not passed:
        outcome.status = FAIL
        return outcome
    fraction = 1.0 if points <= 0 else min(max(score / points, 0.0), 1.0)
    outcome.status = PASS
    outcome.score = round(spec.points * fraction, 4)
    return outcome


def apply_requirements(
    outcomes: list[CheckOutcome],
    requires: Mapping[str, Sequence[str]],
    between: Mapping[tuple[str, str], Sequence[int]] | None = None,
) -> None:
    """Hold each check to the checks it ``requires`` (by name), from the grader's own verdicts.

    A pass whose required check did not pass scores 0 and fails, with a sentence
    that names it; one whose required check was inconclusive is inconclusive too.
    ``between`` maps (check, required check) to the numbers (from 1) of the cells the student
    added between the two check cells, which may have changed the answer after the required check
    judged it: a pass with any such cell fails too, naming them. What the student's kernel
    remembered of earlier verdicts plays no part.
    """
    by_name = {o.name: o for o in outcomes}
    for outcome in outcomes:
        if outcome.status != PASS:
            continue
        for name in requires.get(outcome.name, ()):
            required = by_name.get(name)
            status = required.status if required is not None else NOT_RUN
            added = list((between or {}).get((outcome.name, name), ()))
            if status == PASS and not added:
                continue
            outcome.score = 0.0
            if status == INCONCLUSIVE:
                outcome.status = INCONCLUSIVE
                outcome.message = requirement_undecided_sentence(name, required.cpus)
            elif status == PASS:
                outcome.status = FAIL
                cells = ", ".join(str(n) for n in added)
                outcome.message = (
                    f"this check counts only when check {name} passed on the same answer, and your "
                    f"cell{'s' if len(added) > 1 else ''} {cells} ran between the two checks: move "
                    f"{'them' if len(added) > 1 else 'it'} above check {name}'s cell"
                )
            else:
                outcome.status = FAIL
                outcome.message = f"this check counts only when check {name} passes, and it did not"
            break


def copied_outcome(spec: CheckSpec, sentence: str, detail: str) -> CheckOutcome:
    """The outcome of a check whose answer copies course code: FAIL, 0 points, ``sentence``; ``detail`` for the instructor."""
    return CheckOutcome(spec.grade_id, spec.name, spec.points, 0.0, FAIL, sentence, copied=detail)
