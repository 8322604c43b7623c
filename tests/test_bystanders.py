"""asynclab.checks.bystanders: the CPU that other Python threads and child processes use while a block runs."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest

from asynclab.checks.bystanders import Bystanders, bystanders

pytestmark = [pytest.mark.measured, pytest.mark.sleeps]

SPIN_S = 0.4  # how long each block lasts, s


def _spin(stop: threading.Event) -> None:
    while not stop.is_set():
        sum(range(1000))


def test_a_thread_left_spinning_is_counted_and_an_idle_one_is_not():
    stop = threading.Event()
    spinner = threading.Thread(target=_spin, args=(stop,), daemon=True)
    idle = threading.Thread(target=stop.wait, daemon=True)
    idle.start()
    with bystanders() as quiet:
        time.sleep(SPIN_S)
    spinner.start()
    try:
        with bystanders() as busy:
            time.sleep(SPIN_S)  # the block's own thread sleeps: the spinner has the interpreter to itself
    finally:
        stop.set()
        spinner.join()
        idle.join()
    # one core's worth when it runs alone; a share of it beside make test's other lane, far above nothing
    assert busy.share > 0.3, busy
    assert quiet.share < 0.1, quiet


def test_a_child_process_is_counted():
    child = subprocess.Popen(
        [sys.executable, "-c", "import time\nend = time.time() + 3\nwhile time.time() < end: pass"]
    )
    try:
        time.sleep(0.2)  # started, and spinning
        with bystanders() as busy:
            time.sleep(SPIN_S)
    finally:
        child.kill()
        child.wait()
    assert busy.share > 0.3, busy


def test_the_calling_threads_own_work_is_not_counted():
    with bystanders() as own:
        end = time.perf_counter() + SPIN_S
        while time.perf_counter() < end:
            sum(range(1000))
    assert own.seconds >= SPIN_S and own.share < 0.1, own


def test_the_share_is_cpu_seconds_per_second_of_the_block():
    assert Bystanders(seconds=2.0, cpu_s=0.5).share == 0.25
    assert Bystanders().share == 0.0


def _spin_cpu(seconds: float) -> None:
    """Spin until the calling thread has used ``seconds`` of CPU, however busy the machine is."""
    while time.thread_time() < seconds:
        sum(range(1000))


def test_a_thread_that_spins_and_ends_inside_the_block_is_counted():
    spinner = threading.Thread(target=_spin_cpu, args=(SPIN_S / 2,), daemon=True)
    with bystanders() as busy:
        spinner.start()
        spinner.join()
        time.sleep(SPIN_S / 4)  # the spinner has ended before the block does
    assert busy.cpu_s > 0.8 * SPIN_S / 2, busy


def test_a_child_process_that_ends_inside_the_block_is_counted():
    spin = f"import time\nwhile time.process_time() < {SPIN_S / 2}: pass"
    with bystanders() as busy:
        subprocess.run([sys.executable, "-c", spin], check=True)
        time.sleep(SPIN_S / 4)
    assert busy.cpu_s > 0.8 * SPIN_S / 2, busy


def test_the_frameworks_threads_are_not_counted():
    from mxnet import nd

    a = nd.random.uniform(shape=(400, 400))
    nd.dot(a, a).wait_to_read()
    with bystanders() as own:
        end = time.perf_counter() + SPIN_S
        while time.perf_counter() < end:
            nd.dot(a, a).wait_to_read()  # computed on MXNet's and OpenMP's threads
    assert own.share < 0.1, own


def test_a_python_thread_hidden_from_threading_is_noted_and_a_listed_one_is_not():
    stop = threading.Event()
    listed = threading.Thread(target=stop.wait, daemon=True)
    listed.start()

    def hide() -> None:
        with threading._active_limbo_lock:
            threading._active.pop(threading.get_ident(), None)
        stop.wait()

    hider = threading.Thread(target=hide, daemon=True)
    try:
        with bystanders() as plain:
            time.sleep(0.05)
        hider.start()
        while hider.ident in {t.ident for t in threading.enumerate()}:
            time.sleep(0.01)
        with bystanders() as hidden:
            time.sleep(0.05)
    finally:
        stop.set()
        listed.join()
        hider.join()
    assert plain.hidden == 0 and hidden.hidden == 1, (plain, hidden)
