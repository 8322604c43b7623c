"""Right, written differently: resident pages read from /proc/self/statm, times the page size, with nd.waitall()
before each reading; the figure in MiB (0.95x of the MB make() added). From a red team."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex4-memory-of
import os

PAGE = os.sysconf("SC_PAGE_SIZE")


def resident_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


def memory_of(make):
    """MB that calling make() adds to this process, once all the work it queued is done."""
    nd.waitall()
    start = resident_bytes()
    out = make()
    nd.waitall()
    grown = resident_bytes() - start
    del out
    return grown / 2**20
