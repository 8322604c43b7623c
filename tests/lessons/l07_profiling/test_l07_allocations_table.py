"""Lab 07 step 3 shows its statements in a table: the same ones the check runs, as many as the text says."""

import re

from asynclab import course
from asynclab.lessons.l07_profiling import checks as lab07
from asynclab.tooling import nbtools

NUMBERS = {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15}


def _step3_text() -> str:
    lab = nbtools.read(course.lesson("07").solution)
    return next(c.source for c in lab.cells if c.cell_type == "markdown" and "### Step 3" in c.source)


def test_the_table_lists_exactly_the_statements_the_check_runs():
    rows = [line for line in _step3_text().splitlines() if line.startswith("|") and "`" in line]
    shown = [s for row in rows for s in re.findall(r"`([^`]+)`", row)]
    assert sorted(shown) == sorted(lab07.ALLOC_CALLS)
    assert len(shown) == len(set(shown))


def test_the_text_counts_the_statements_it_shows():
    counts = [NUMBERS[w] for w in re.findall(r"\b(" + "|".join(NUMBERS) + r")\b", _step3_text())]
    assert counts and all(n == len(lab07.ALLOC_CALLS) for n in counts)
