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


# Lab 04's checks compare the resident memory of the whole process. In the
# student's kernel that process runs nothing else; in a pytest process that
# has already run hundreds of tests, heap left over from them can be reused
# by a training loop and hide part of the effect (one measured epoch gave
# 49 MB instead of ~70 MB). Those tests therefore run first, in a process as
# fresh as the kernel they stand for.
MEMORY_FIRST = ("test_lab04_checks.py",)


def pytest_collection_modifyitems(session, config, items):
    items.sort(key=lambda item: 0 if item.path.name in MEMORY_FIRST else 1)   # stable sort
