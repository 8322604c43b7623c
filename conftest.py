"""pytest configuration shared by the unit tests and nbval.

nbval compares stored outputs strictly after ``tests/sanitize.cfg`` masks
measured numbers. Pictures and the checks' machine-readable results differ
from run to run by nature, so they are not compared; the PASS/FAIL verdict
line of every check (text/plain) is.
"""

from asynclab.checks import MIME_TYPE

NOT_COMPARED = ("image/png", "image/jpeg", "image/svg+xml", MIME_TYPE)


def pytest_collectstart(collector):
    if getattr(collector, "skip_compare", None) is not None:
        collector.skip_compare = tuple(collector.skip_compare) + NOT_COMPARED
