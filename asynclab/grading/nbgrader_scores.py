"""Print nbgrader's scores of one assignment as JSON: ``{student: {grade_id: points}}``.

Runs in nbgrader's own environment (``.venv-nbgrader``), where asynclab is
not installed, as a script: ``python nbgrader_scores.py GRADEBOOK.db ASSIGNMENT``.
It imports nothing of asynclab.
"""

from __future__ import annotations

import json
import sys


def scores(database: str, assignment: str) -> dict[str, dict[str, float]]:
    """Every graded cell's score (points) per student, from the gradebook at ``database``."""
    from nbgrader.api import Gradebook

    found: dict[str, dict[str, float]] = {}
    with Gradebook("sqlite:///" + database) as gb:
        for student in gb.students:
            submission = gb.find_submission(assignment, student.id)
            for nb in submission.notebooks:
                for grade in nb.grades:
                    if grade.max_score:
                        found.setdefault(student.id, {})[grade.name] = grade.score
    return found


if __name__ == "__main__":
    print(json.dumps(scores(sys.argv[1], sys.argv[2])))
