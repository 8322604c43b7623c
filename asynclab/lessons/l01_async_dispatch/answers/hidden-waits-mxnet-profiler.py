"""Reads how long MXNet's waiting C API calls (MXNDArrayWaitToRead, MXNDArrayWaitAll, MXNDArraySyncCopyToCPU)
lasted inside work(), from MXNet's own profiler (profile_api=True, aggregate_stats=True, profiler.dumps()): a
work waits when one of those calls lasted more than 0.3 of the time until all its work was done. It is the
catalogue's hidden-waits-cprofile (worth 0: "a profile hook that sees every call the work makes, by name")
with MXNet's profiler in place of cProfile: it reads which calls the work makes instead of measuring from
outside. The judge refuses cProfile, profile and sys.setprofile (copies.INSIDE_TOOLS) but not mxnet.profiler,
which it refuses only for a check that declares it in `instruments` (copies._instruments); finds-hidden-waits
declares none (l01 checks.py l.377-378), so the answer is run, and its verdicts are exact on all eight works:
the four waiting kinds spend 30-90 ms in one such call, 'reads a ready array' a copy of 1-3 ms, the
front-bound kinds none. Found by a review (round 6): the check now names mxnet.profiler among its instruments."""

EXPECT = {"finds-hidden-waits": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-waits-for-back-end
import os
import tempfile

from mxnet import profiler

_TRACE = os.path.join(tempfile.gettempdir(), "waits-for-back-end.json")
_WAITS = ("MXNDArrayWaitToRead", "MXNDArrayWaitAll", "MXNDArraySyncCopyToCPU")


def _longest_wait_ms(table):
    """The longest single call (ms) of MXNet's waiting C API calls in an aggregate table."""
    longest = 0.0
    for line in table.splitlines():
        fields = line.split()  # Name, Total Count, Time (ms), Min Time, Max Time, Avg Time
        if len(fields) >= 6 and fields[0] in _WAITS:
            longest = max(longest, float(fields[4]))
    return longest


def waits_for_back_end(work):
    """True when calling work() makes the front end wait for the back end before it returns."""
    nd.waitall()
    profiler.set_config(profile_api=True, aggregate_stats=True, filename=_TRACE)
    profiler.dumps(reset=True)
    profiler.set_state("run")
    start = time.perf_counter()
    work()
    profiler.set_state("stop")
    nd.waitall()
    whole = time.perf_counter() - start
    return _longest_wait_ms(profiler.dumps(reset=True)) / 1e3 > 0.3 * whole
