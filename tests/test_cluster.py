"""MXNet's parameter server as local processes (asynclab.foundation.backends.cluster): results, and nothing left running.

Each test starts a scheduler, a server and two workers (MXNet imports, a few
seconds of both cores), so they are marked ``measured``: they run in the
timing lane, one at a time, never beside a timing test. The workers' programs
are the functions of ``tests/cluster_programs.py``.
"""

import _thread
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import psutil
import pytest

from asynclab.foundation.backends import cluster

# processes started, killed and torn down, judged by what is left and within generous limits, not by
# the CPU's speed: the side lane of `make test` (marker sleeps)
pytestmark = [pytest.mark.measured, pytest.mark.sleeps]

PROGRAMS = "tests.cluster_programs"
PUSH_PULL = f"{PROGRAMS}:push_pull"


def _running_children() -> set[int]:
    found = set()
    for child in psutil.Process().children(recursive=True):
        try:
            if child.status() != psutil.STATUS_ZOMBIE:
                found.add(child.pid)
        except psutil.NoSuchProcess:
            pass
    return found


_BEFORE: set[int] = set()


@pytest.fixture(autouse=True)
def _children_before():
    """Children this test process had before the test (other tests' workers may still run)."""
    _BEFORE.clear()
    _BEFORE.update(_running_children())


def _no_children_left():
    assert cluster.alive() == []
    assert len(cluster.zygote_pids()) <= 1  # the zygote stays for the next run, on purpose
    assert _running_children() - _BEFORE - set(cluster.zygote_pids()) == set()


def test_dist_sync_gathers_every_workers_result_and_leaves_nothing_running():
    run = cluster.launch(PUSH_PULL, kind="dist_sync", workers=2, timeout=120, payloads=[{"extra": "a"}, {"extra": "b"}])
    assert [w.rank for w in run.workers] == [0, 1]
    assert sorted(w.result["rank"] for w in run.workers) == [0, 1]
    assert all(w.result["num_workers"] == 2 for w in run.workers)
    # dist_sync without an optimizer: the server keeps the sum of both pushes (1 + 2)
    assert all(w.result["value"] == 3.0 for w in run.workers)
    assert [w.result["extra"] for w in run.workers] == ["a", "b"]
    _no_children_left()


def test_dist_async_with_an_optimizer_on_the_store_runs():
    run = cluster.launch(PUSH_PULL, kind="dist_async", workers=2, timeout=120)
    # SGD with learning rate 1 from 0: minus the pushes that reached the server before each pull
    assert all(w.result["value"] in (-1.0, -2.0, -3.0) for w in run.workers)
    _no_children_left()


@pytest.mark.parametrize(
    "program, words",
    [
        # a worker that dies outright
        (f"{PROGRAMS}:push_pull_one_dies", r"worker \d exited with status 7"),
        # one whose code raises after its store exists: left to the interpreter, MXNet's closing barrier would
        # wait for the others (kv.rank is MXNet's numbering, not the launcher's: which worker it names varies)
        (f"{PROGRAMS}:push_pull_one_raises", r"worker \d exited with status 1 .*ValueError: worker one lost"),
    ],
    ids=["dies", "raises"],
)
def test_a_worker_that_ends_badly_gives_one_sentence_within_seconds(program, words):
    start = time.perf_counter()
    with pytest.raises(cluster.ClusterError, match=words):
        cluster.launch(program, workers=2, timeout=120)
    assert time.perf_counter() - start < 30
    _no_children_left()


def test_a_worker_killed_in_the_middle_of_training_is_reported_within_10_s():
    from asynclab.foundation.workloads import psgd

    outcome = {}

    def train():
        try:
            psgd.run("dist_sync", steps=2000, delays=(0.01, 0.01), timeout=120)
        except cluster.ClusterError as error:
            outcome["error"], outcome["at"] = str(error), time.monotonic()

    thread = threading.Thread(target=train)
    thread.start()
    deadline, victim = time.monotonic() + 60, None
    while victim is None and time.monotonic() < deadline:  # a worker, forked (named so) or fresh
        for child in psutil.Process().children(recursive=True):
            try:
                if child.name() == "cluster-worker" or child.environ().get("DMLC_ROLE") == "worker":
                    victim = child
                    break
            except psutil.Error:
                pass
        time.sleep(0.2)
    assert victim is not None, "no worker started within 60 s"
    time.sleep(3.0)  # past a fresh worker's import of MXNet; 2000 steps of 10 ms take 20 s more
    victim.kill()
    killed = time.monotonic()
    thread.join(timeout=60)
    assert "was killed by signal 9" in outcome["error"]
    assert outcome["at"] - killed < 10
    _no_children_left()


def test_a_run_past_its_timeout_is_stopped_and_torn_down():
    code = f"{PROGRAMS}:sleeps_in_the_store"
    start = time.perf_counter()
    with pytest.raises(cluster.ClusterError, match="did not finish within 6 s"):
        cluster.launch(code, workers=2, timeout=6)
    assert time.perf_counter() - start < 20
    _no_children_left()


def test_an_interrupted_run_tears_everything_down():
    code = f"{PROGRAMS}:sleeps_in_the_store"
    # Python's own SIGINT handler, whatever an earlier test left: interrupt_main calls the handler
    # installed, and one that ignores SIGINT would turn the interrupt into nothing
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    stop = threading.Event()

    def interrupt_when_running():  # once the four processes run: what a Jupyter cell's stop button does
        deadline = time.monotonic() + 60
        while len(cluster.alive()) < 4 and time.monotonic() < deadline and not stop.is_set():
            time.sleep(0.1)
        if not stop.wait(0.5):
            _thread.interrupt_main()

    interrupter = threading.Thread(target=interrupt_when_running, daemon=True)
    interrupter.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            cluster.launch(code, workers=2, timeout=60)
    finally:
        stop.set()
        interrupter.join()
        signal.signal(signal.SIGINT, previous)
    _no_children_left()


def test_a_killed_parent_leaves_no_process_behind(tmp_path):
    pids = tmp_path / "pids.txt"
    parent = textwrap.dedent(f"""
        import threading, time, os
        from asynclab.foundation.backends import cluster
        def report():
            deadline = time.monotonic() + 60  # until the four processes run (a second or two; fresh: more)
            while len(cluster.alive()) < 4 and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(0.5)
            with open({str(pids)!r}, "w") as f:
                f.write(" ".join(map(str, cluster.alive())))
            os.kill(os.getpid(), 9)          # a kernel killed outright: no clean-up of its own runs
        threading.Thread(target=report, daemon=True).start()
        cluster.launch({PROGRAMS + ":sleeps"!r}, workers=2, timeout=120)
    """)
    env = dict(os.environ, TMPDIR=str(tmp_path))
    proc = subprocess.run([sys.executable, "-c", parent], timeout=120, env=env)
    assert proc.returncode == -9
    started = [int(p) for p in pids.read_text().split()]
    assert len(started) == 4  # a scheduler, a server, two workers
    deadline = time.time() + 10
    while time.time() < deadline and any(
        psutil.pid_exists(p) and psutil.Process(p).status() != "zombie" for p in started
    ):
        time.sleep(0.2)
    assert not [p for p in started if psutil.pid_exists(p) and psutil.Process(p).status() != "zombie"]
    # its log folder stays behind; the next launch in that temporary folder removes it
    assert len(list(tmp_path.glob("asynclab-cluster-*"))) == 1
    subprocess.run(
        [
            sys.executable,
            "-c",
            "from asynclab.foundation.backends import cluster\n"
            f"cluster.launch({PROGRAMS + ':returns_one'!r}, workers=1, timeout=60)",
        ],
        env=env,
        timeout=120,
        check=True,
    )
    assert list(tmp_path.glob("asynclab-cluster-*")) == []


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"kind": "local"}, "kind must be one of dist_sync, dist_async"),
        ({"workers": 0}, "workers must be a positive whole number"),
        ({"servers": 1.5}, "servers must be a positive whole number"),
        ({"payloads": [{}]}, "one mapping per worker"),
        ({"timeout": 0}, "timeout must be positive"),
    ],
)
def test_bad_arguments_get_one_sentence_and_start_nothing(kwargs, words):
    with pytest.raises(ValueError, match=words):
        cluster.launch(f"{PROGRAMS}:returns_one", **kwargs)
    _no_children_left()


@pytest.mark.parametrize(
    "program", ["pass", "tests.cluster_programs", "tests.cluster_programs:", ":returns_one", "print('x'):main", 42]
)
def test_a_program_not_named_package_module_function_is_refused(program):
    with pytest.raises(ValueError, match="a worker program is named 'package.module:function'"):
        cluster.launch(program)
    _no_children_left()


def test_free_port_is_free():
    import socket

    port = cluster.free_port()
    with socket.socket() as s:
        s.bind(("127.0.0.1", port))


def test_orphans_are_the_marked_processes_whose_launcher_is_gone():
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # a process id that no longer runs
    marked = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)"],
        env=dict(os.environ, **{cluster.OWNER_VARIABLE: str(gone.pid)}),
    )
    mine = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(60)"],
        env=dict(os.environ, **{cluster.OWNER_VARIABLE: str(os.getpid())}),
    )
    try:
        deadline = time.monotonic() + 10
        while marked.pid not in cluster.orphans() and time.monotonic() < deadline:
            time.sleep(0.1)  # until the child's environment is readable
        found = cluster.orphans()
        assert marked.pid in found
        assert mine.pid not in found  # its launcher (this process) still runs
    finally:
        for proc in (marked, mine):
            proc.kill()
            proc.wait()
    assert marked.pid not in cluster.orphans()


def test_runs_share_one_zygote_and_a_dead_zygote_is_replaced():
    if not sys.platform.startswith("linux") or os.environ.get(cluster.FRESH_VARIABLE) == "1":
        pytest.skip("the zygote is used on Linux only, unless fresh processes are asked for")
    cluster.launch(PUSH_PULL, workers=2, timeout=60)
    first = cluster.zygote_pids()
    assert len(first) == 1
    cluster.launch(PUSH_PULL, workers=2, timeout=60)
    assert cluster.zygote_pids() == first  # kept, not started again
    os.kill(first[0], signal.SIGKILL)
    run = cluster.launch(PUSH_PULL, workers=2, timeout=60)  # a new zygote, or fresh processes
    assert all(w.result["value"] == 3.0 for w in run.workers)
    assert cluster.zygote_pids() != first
    _no_children_left()


def test_fresh_interpreters_when_asked_give_the_same_results(monkeypatch):
    cluster.stop_zygotes()
    monkeypatch.setenv(cluster.FRESH_VARIABLE, "1")
    run = cluster.launch(PUSH_PULL, workers=2, timeout=120)
    assert all(w.result["value"] == 3.0 for w in run.workers)
    assert cluster.zygote_pids() == []
    _no_children_left()
