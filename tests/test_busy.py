"""asynclab.tooling.busy: the busy cores of a measurement under load end with the block, or with their parent."""

from __future__ import annotations

import subprocess
import sys
import time

import psutil
import pytest

from asynclab.tooling.busy import busy_cores


def _running(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def test_busy_cores_run_during_the_block_and_end_after_it():
    with busy_cores(2) as children:
        assert len(children) == 2 and all(_running(c.pid) for c in children)
    assert not any(_running(c.pid) for c in children)
    with busy_cores(0) as children:
        assert children == []


def test_a_busy_core_ends_itself_when_its_parent_dies_without_cleaning_up():
    # the parent enters the block and leaves the process at once (as a bench killed by a signal does)
    parent = (
        "import os\nfrom asynclab.tooling.busy import busy_cores\n"
        "children = busy_cores(1).__enter__()\nprint(children[0].pid, flush=True)\nos._exit(0)\n"
    )
    run = subprocess.run([sys.executable, "-c", parent], capture_output=True, text=True, timeout=60, check=True)
    pid = int(run.stdout.strip())
    deadline = time.monotonic() + 10.0
    while _running(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(pid)


@pytest.mark.parametrize("count", [-1, 1.5, True, "2"])
def test_a_count_that_is_not_a_whole_number_is_refused(count):
    with pytest.raises(ValueError, match="count must be a whole number of processes"):
        with busy_cores(count):
            pass
