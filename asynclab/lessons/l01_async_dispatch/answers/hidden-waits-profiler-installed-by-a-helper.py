"""Reads how long MXNet's waiting C API calls lasted inside work() from MXNet's profiler, whose functions a
function of the cell stores into a dict (`install(TOOLS)`) that waits_for_back_end reads: a profile that names
the wait instead of a measurement from outside. A call of the answer's own function changes what it is
handed, so TOOLS's closure holds install, and with it the profiler, the check's declared instrument: 0."""

EXPECT = {"finds-hidden-waits": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-waits-for-back-end
import os
import tempfile

_TRACE = os.path.join(tempfile.gettempdir(), "waits-for-back-end-helper.json")
_WAITS = ("MXNDArrayWaitToRead", "MXNDArrayWaitAll", "MXNDArraySyncCopyToCPU")
TOOLS = {}


def install(into):
    from mxnet import profiler

    into.update(configure=profiler.set_config, state=profiler.set_state, table=profiler.dumps)


install(TOOLS)


def _longest_wait_ms(table):
    longest = 0.0
    for line in table.splitlines():
        fields = line.split()  # Name, Total Count, Time (ms), Min Time, Max Time, Avg Time
        if len(fields) >= 6 and fields[0] in _WAITS:
            longest = max(longest, float(fields[4]))
    return longest


def waits_for_back_end(work):
    nd.waitall()
    TOOLS["configure"](profile_api=True, aggregate_stats=True, filename=_TRACE)
    TOOLS["table"](reset=True)
    TOOLS["state"]("run")
    start = time.perf_counter()
    work()
    TOOLS["state"]("stop")
    nd.waitall()
    whole = time.perf_counter() - start
    return _longest_wait_ms(TOOLS["table"](reset=True)) / 1e3 > 0.3 * whole
