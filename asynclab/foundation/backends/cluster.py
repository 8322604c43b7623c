"""MXNet's parameter server on this machine: a scheduler, servers and workers as local processes.

MXNet's distributed KVStore (ps-lite) runs as separate processes that find
each other through environment variables: ``DMLC_ROLE`` (``scheduler``,
``server`` or ``worker``), ``DMLC_PS_ROOT_URI`` and ``DMLC_PS_ROOT_PORT``
(where the scheduler listens), ``DMLC_NUM_SERVER`` and ``DMLC_NUM_WORKER``.
A scheduler or a server is just ``import mxnet`` with its role; a worker calls
the program it is given, a function named ``"package.module:function"``,
which creates its store with ``mx.kv.create(kind)``.

:func:`launch` starts them all on 127.0.0.1 on a port free at that moment,
hands each worker's program a JSON payload (its rank among them and whatever
the caller adds), and collects what each returns. A worker process is
``python -m asynclab.foundation.backends.cluster package.module:function``
(this module run as a program, as :mod:`asynclab.foundation.backends.child`
is for :func:`~asynclab.foundation.backends.fresh.run_program`). It always
tears everything down: after a normal end, when a worker dies or its code
raises (one sentence naming it and its last line, within a second), when
the whole run passes its timeout, and when the caller is interrupted
(``KeyboardInterrupt``, as a Jupyter cell's stop button raises). Every process starts in a session of its
own and is killed with its whole process group; a process still alive when
the interpreter exits (a kernel restart) is killed then, and on Linux each
one is also told by the kernel to die with its parent (``PR_SET_PDEATHSIG``),
so that even a kernel killed outright leaves nothing running.

Not every MXNet build has the distributed store: :func:`dist_kvstore_available`
asks the installed one (MXNet's ``DIST_KVSTORE`` feature, on in the PyPI wheel
``mxnet==1.9.1`` for Linux x86-64), and :func:`launch` refuses with one sentence,
:data:`NO_DIST_KVSTORE`, where it is off, before it starts anything.

On Linux the processes are not started from nothing: they are forked from a
*zygote* (:mod:`asynclab.foundation.backends.zygote`), one process per
launcher that imported MXNet once and stays for the next run; a run then
costs about a third of a second instead of two or more (``bench/cluster_start.py``).
Each forked process takes its role's environment and does what a fresh one
would. Where the zygote cannot be used (another OS, a zygote that will not
start or has died, or :data:`FRESH_VARIABLE` set to ``1``) each process
starts as a fresh interpreter, as before.

Every process runs under the compute budget (:mod:`asynclab.foundation.budget`): a worker
applies it first thing, keeping the variables as :func:`launch` passed them; the scheduler
and the servers inherit those variables and the launcher's CPUs.

Foundation layer: imports only :mod:`asynclab.foundation.backends.fresh`,
:mod:`asynclab.foundation.backends.zygote` and :mod:`asynclab.foundation.budget`
(and MXNet's ``mxnet.runtime``, when first asked for its features).
"""

from __future__ import annotations

import atexit
import json
import os
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asynclab.foundation.backends.fresh import MARKER, owned_folder, pid_runs, remove_stale

__all__ = [
    "KINDS",
    "ClusterError",
    "WorkerResult",
    "ClusterRun",
    "free_port",
    "launch",
    "alive",
    "orphans",
    "zygote_pids",
    "stop_zygotes",
    "FRESH_VARIABLE",
    "OWNER_VARIABLE",
    "NO_DIST_KVSTORE",
    "dist_kvstore_available",
]

OWNER_VARIABLE = "ASYNCLAB_CLUSTER_OF"  # set in every process launch starts: the launcher's process id
#: Set to "1" to start every process of a run as a fresh interpreter instead of forking it from a zygote.
FRESH_VARIABLE = "ASYNCLAB_CLUSTER_FRESH"

KINDS = ("dist_sync", "dist_async")
_POLL_S = 0.05
_LIVE: set[int] = set()  # process-group ids of every process this module started and has not reaped


class ClusterError(RuntimeError):
    """A worker failed, the run timed out, or the cluster could not start: one sentence."""


#: What lesson and lab 10 say, and :func:`launch` raises, where MXNet has no distributed store.
NO_DIST_KVSTORE = (
    "this MXNet has no distributed KVStore (its build feature DIST_KVSTORE is off), and nothing of "
    "lesson and lab 10 can run without it: use the PyPI wheel mxnet==1.9.1 on Linux x86-64, where it is on"
)


def dist_kvstore_available() -> bool:
    """Whether the installed MXNet has the distributed KVStore (ps-lite), which :func:`launch` needs.

    Reads MXNet's build features (``mxnet.runtime.Features``), importing MXNet
    on the first call, not when this module is imported. A build that does not
    know the feature at all has no distributed store either.
    """
    from mxnet.runtime import Features

    try:
        return bool(Features().is_enabled("DIST_KVSTORE"))
    except RuntimeError:  # "Feature 'DIST_KVSTORE' is unknown"
        return False


@dataclass(frozen=True)
class WorkerResult:
    """One worker's ``result`` (what its program returned), ``stdout`` besides it, and ``seconds`` alive."""

    rank: int
    result: Any
    stdout: str
    seconds: float


@dataclass(frozen=True)
class ClusterRun:
    """A finished run: ``workers`` in rank order, the ``port`` used, and ``seconds`` from start to the end."""

    kind: str
    port: int
    workers: tuple[WorkerResult, ...]
    seconds: float


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def zygote_pids() -> list[int]:
    """Process ids of this launcher's zygotes that still run: kept between runs on purpose (at most one)."""
    return [z.proc.pid for z in _ZYGOTES if z.proc.poll() is None]


def stop_zygotes() -> None:
    """Stop this launcher's zygote, if any; the next :func:`launch` starts a new one."""
    for zygote in list(_ZYGOTES):
        zygote.close()
        _ZYGOTES.remove(zygote)


def alive() -> list[int]:
    """Process ids this module started that still run (empty after every :func:`launch` returns or raises)."""
    return [pid for pid in sorted(_LIVE) if pid_runs(pid)]


def orphans() -> list[int]:
    """Process ids of cluster processes (of any launcher on this machine) whose launcher no longer runs.

    Every process :func:`launch` starts carries :data:`OWNER_VARIABLE` in its
    environment; one that outlives its launcher was left behind. Empty
    where process environments cannot be read (not Linux).
    """
    found = []
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                variables = f.read().split(b"\0")
        except OSError:  # gone, or another user's
            continue
        prefix = OWNER_VARIABLE.encode() + b"="
        owner = next((v[len(prefix) :] for v in variables if v.startswith(prefix)), None)
        if owner is not None and owner.isdigit() and not pid_runs(int(owner)) and pid_runs(int(entry)):
            found.append(int(entry))
    return sorted(found)


def _kill(proc: subprocess.Popen) -> None:
    """Kill ``proc`` and its process group, and reap it."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:  # pragma: no cover - a process SIGKILL did not end
        pass
    _LIVE.discard(proc.pid)


def _kill_all_at_exit() -> None:
    for zygote in _ZYGOTES:
        zygote.close()
    for pid in list(_LIVE):
        try:
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


atexit.register(_kill_all_at_exit)


def _die_with_parent() -> None:  # pragma: no cover - runs in the child, between fork and exec
    """Linux: ask the kernel to SIGKILL this process when its parent dies."""
    import ctypes

    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG = 1
    except OSError:
        pass


def _start(argv: Sequence[str], env: Mapping[str, str], payload: Any, log: Any) -> subprocess.Popen:
    """Start ``python argv...`` in a session of its own, writing to ``log``; ``payload`` as JSON on its stdin."""
    proc = subprocess.Popen(
        [sys.executable, *argv],
        stdin=subprocess.PIPE,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=dict(env),
        text=True,
        start_new_session=True,
        preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
    )
    _LIVE.add(proc.pid)
    try:
        proc.stdin.write(json.dumps(payload))
        proc.stdin.close()
    except BrokenPipeError:
        pass
    return proc


class _Forked:
    """A process a zygote forked: what :func:`launch` needs of a :class:`subprocess.Popen`."""

    def __init__(self, zygote: _Zygote, pid: int) -> None:
        self.zygote, self.pid = zygote, pid

    def poll(self) -> int | None:
        return self.zygote.exit_code(self.pid)

    def wait(self, timeout: float) -> int:
        deadline = time.monotonic() + timeout
        while (code := self.zygote.exit_code(self.pid, wait_s=_POLL_S)) is None:
            if time.monotonic() > deadline or self.zygote.dead:
                raise subprocess.TimeoutExpired(f"process {self.pid}", timeout)
        return code


class _Zygote:
    """The launcher's side of :mod:`asynclab.foundation.backends.zygote`: one process that forks the others."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self.key = _zygote_key(env)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "asynclab.foundation.backends.zygote"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=dict(env),
            start_new_session=True,
            preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
        )
        self.dead = False
        self.buffer = b""
        self.pids: list[int] = []
        self.exits: dict[int, int] = {}
        self.ready = False
        self._await(lambda: self.ready, "the cluster's zygote process did not start")

    def _await(self, done: Callable[[], bool], failure: str) -> None:
        """Read the zygote until ``done()`` or for _ZYGOTE_START_S; then, unless done, stop it and raise OSError."""
        deadline = time.monotonic() + _ZYGOTE_START_S
        while not done() and not self.dead and time.monotonic() < deadline:
            self._pump(_POLL_S)
        if not done():
            self.close()
            raise OSError(failure)

    def _pump(self, wait_s: float) -> None:
        """Read what the zygote has said (waiting up to ``wait_s`` for it to say something)."""
        fd = self.proc.stdout.fileno()
        while not self.dead:
            ready, _, _ = select.select([fd], [], [], wait_s)
            if not ready:
                return
            chunk = os.read(fd, 65536)
            if not chunk:
                self.dead = True
                return
            self.buffer += chunk
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                message = json.loads(line)
                if "pid" in message:
                    self.pids.append(int(message["pid"]))
                elif "exit" in message:
                    self.exits[int(message["exit"])] = int(message["code"])
                elif "ready" in message:
                    self.ready = True
            wait_s = 0.0

    def fork(self, request: Mapping[str, Any]) -> _Forked:
        """Ask for one process (see the zygote's module for ``request``); raises OSError if the zygote is gone."""
        try:
            self.proc.stdin.write((json.dumps(request) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError):
            self.dead = True
        self._await(lambda: bool(self.pids), "the cluster's zygote process stopped answering")
        pid = self.pids.pop(0)
        _LIVE.add(pid)
        return _Forked(self, pid)

    def exit_code(self, pid: int, wait_s: float = 0.0) -> int | None:
        """``pid``'s exit status once the zygote has reaped it (a negative signal number if killed)."""
        if pid not in self.exits:
            self._pump(wait_s)
        if pid in self.exits:
            return self.exits[pid]
        if self.dead and not pid_runs(pid):  # the zygote died and its children with it
            return -signal.SIGKILL
        return None

    def close(self) -> None:
        """Stop the zygote; its children die with it (``PR_SET_PDEATHSIG``)."""
        self.dead = True
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover - a process SIGKILL did not end
            pass
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass


_ZYGOTE_START_S = 60.0  # seconds a zygote may take to import MXNet (about 1 s here), or to answer a fork
_ZYGOTES: list[_Zygote] = []  # at most one: the zygote for the current import-time variables


def _zygote_key(env: Mapping[str, str]) -> tuple:
    from asynclab.foundation.backends.zygote import import_time_environment

    return import_time_environment(dict(env))


def _zygote(env: Mapping[str, str]) -> _Zygote | None:
    """The zygote for ``env``'s import-time variables, started if needed; None where forking is not used."""
    if not sys.platform.startswith("linux") or os.environ.get(FRESH_VARIABLE) == "1":
        return None
    key = _zygote_key(env)
    for zygote in list(_ZYGOTES):
        if zygote.key == key and not zygote.dead and zygote.proc.poll() is None:
            return zygote
        zygote.close()
        _ZYGOTES.remove(zygote)
    try:
        zygote = _Zygote({k: v for k, v in env.items() if not k.startswith("DMLC_")})
    except OSError:
        return None
    _ZYGOTES.append(zygote)
    return zygote


_LOG_PREFIX = "asynclab-cluster-"
_RUNNER = "asynclab.foundation.backends.cluster"  # this module, run as a worker's program: serve_worker


def _check_program(program: Any) -> None:
    """Raise ValueError (one sentence) unless ``program`` names a function as ``"package.module:function"``."""
    module, _, function = program.partition(":") if isinstance(program, str) else ("", "", "")
    if not module or not all(part.isidentifier() for part in module.split(".")) or not function.isidentifier():
        raise ValueError(f"a worker program is named 'package.module:function', not {program!r}.")


def serve_worker(argv: Sequence[str]) -> int:
    """In a worker process: call the program ``argv[0]`` with the payload on stdin; send back what it returns.

    An exception (or ``sys.exit`` with a message) ends the process at once
    with status 1 and its traceback (or the message). Left to the
    interpreter's normal exit, MXNet's distributed store would first wait at
    its closing barrier for the other workers, which may be waiting for this one.
    A program that returns ends the process at once too, once its result is
    written: its store, freed when the program returned, has passed that
    barrier already, and the interpreter's clean-up with MXNet loaded would
    add about 0.4 s per worker.
    """
    import importlib
    import traceback

    from asynclab.foundation import budget
    from asynclab.foundation.backends import fresh

    budget.apply()  # before the program imports MXNet; the variables stay as launch() passed them
    try:
        module, _, function = argv[0].partition(":")
        program = getattr(importlib.import_module(module), function)
        fresh.emit(program(fresh.payload()))
        # done: the program's store was freed when it returned, so the closing barrier is behind us, and
        # the interpreter's own clean-up with MXNet loaded would cost about 0.4 s more per worker
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)
    except SystemExit as stop:
        if stop.code not in (None, 0):
            print(stop.code if isinstance(stop.code, str) else f"exit status {stop.code}", file=sys.stderr)
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(stop.code if isinstance(stop.code, int) else 1)
    except BaseException:
        traceback.print_exc()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(1)
    return 0


def _begin(
    zygote: _Zygote | None,
    role: str,
    env: Mapping[str, str],
    log_path: str,
    program: str | None = None,
    payload: Any = None,
) -> Any:
    """Start one process of a run: forked by ``zygote`` when there is one, else a fresh interpreter."""
    if zygote is not None:
        payload_path = None
        if role == "worker":
            payload_path = log_path[: -len(".log")] + ".json"
            with open(payload_path, "w", encoding="utf-8") as f:
                json.dump(payload, f)
        request = {"role": role, "env": dict(env), "log": log_path, "program": program, "payload": payload_path}
        try:
            return zygote.fork(request)
        except OSError:
            pass  # the zygote is gone: this process starts fresh, and the next run starts a new zygote
    argv = ["-m", _RUNNER, program] if role == "worker" else ["-c", "import mxnet"]
    with open(log_path, "w") as log:
        return _start(argv, env, payload if role == "worker" else None, log)


def _last_line(path: str) -> str:
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = [line.strip() for line in f.read().splitlines() if line.strip() and MARKER not in line]
    return lines[-1][:300] if lines else "no output"


def launch(
    program: str,
    *,
    kind: str = "dist_sync",
    workers: int = 2,
    servers: int = 1,
    payloads: Sequence[Mapping[str, Any]] | None = None,
    timeout: float = 120.0,
    env: Mapping[str, str] | None = None,
) -> ClusterRun:
    """Call the function ``program`` (``"package.module:function"``) in ``workers`` processes beside a
    scheduler and ``servers`` servers.

    Each worker's program gets its payload as its one argument: ``{"rank":
    i, "workers": n, "kind": kind}`` plus ``payloads[i]`` if given; what it
    returns (anything JSON can hold) is that worker's result. ``env`` adds
    to every process's environment; ``timeout`` (seconds) bounds the whole
    run. Raises :class:`ClusterError` with one sentence when a process fails
    (a program that raises ends its worker at once) or the time runs out,
    and :data:`NO_DIST_KVSTORE` without starting anything where MXNet has no
    distributed store; nothing started here runs after this returns or raises.
    """
    _check_program(program)
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}.")
    for name, value in (("workers", workers), ("servers", servers)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{name} must be a positive whole number, got {value!r}.")
    if payloads is not None and len(payloads) != workers:
        raise ValueError(f"payloads must give one mapping per worker ({workers}), got {len(payloads)}.")
    if not timeout > 0:
        raise ValueError(f"timeout must be positive seconds, got {timeout!r}.")
    if not dist_kvstore_available():
        raise ClusterError(NO_DIST_KVSTORE)
    port = free_port()
    base = dict(os.environ)
    base.update(env or {})
    base.update(
        {
            OWNER_VARIABLE: str(os.getpid()),
            "DMLC_PS_ROOT_URI": "127.0.0.1",
            "DMLC_PS_ROOT_PORT": str(port),
            "DMLC_NUM_SERVER": str(servers),
            "DMLC_NUM_WORKER": str(workers),
        }
    )
    remove_stale(_LOG_PREFIX)
    folder = owned_folder(_LOG_PREFIX)
    procs: list[tuple[str, subprocess.Popen, str]] = []
    start = time.perf_counter()
    zygote = _zygote(base)
    try:
        for role, count in (("scheduler", 1), ("server", servers)):
            for i in range(count):
                path = os.path.join(folder, f"{role}{i}.log")
                name = f"the {role}" + (f" {i}" if count > 1 else "")
                procs.append((name, _begin(zygote, role, dict(base, DMLC_ROLE=role), path), path))
        ranks = []
        for rank in range(workers):
            path = os.path.join(folder, f"worker{rank}.log")
            payload = {"rank": rank, "workers": workers, "kind": kind, **(payloads[rank] if payloads else {})}
            proc = _begin(zygote, "worker", dict(base, DMLC_ROLE="worker"), path, program, payload)
            procs.append((f"worker {rank}", proc, path))
            ranks.append((rank, proc, path))
        ended: dict[int, float] = {}
        while len(ended) < workers:
            now = time.perf_counter() - start
            for name, proc, path in procs:
                code = proc.poll()
                if code is None:
                    continue
                if code != 0:
                    how = f"exited with status {code}" if code >= 0 else f"was killed by signal {-code}"
                    raise ClusterError(f"{name} {how} after {now:.1f} s: {_last_line(path)}")
                if name.startswith("worker"):
                    ended.setdefault(proc.pid, now)
            if now > timeout:
                raise ClusterError(
                    f"the {kind} run did not finish within {timeout:g} s ({len(ended)} of {workers} workers done)"
                )
            time.sleep(_POLL_S)
        results = []
        for rank, proc, path in ranks:
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            if MARKER not in text:
                raise ClusterError(f"worker {rank} ended without a result: {_last_line(path)}")
            out, _, tail = text.rpartition(MARKER)
            results.append(WorkerResult(rank, json.loads(tail.splitlines()[0]), out.rstrip("\n"), ended[proc.pid]))
        return ClusterRun(kind, port, tuple(results), time.perf_counter() - start)
    finally:
        for _, proc, _ in procs:
            _kill(proc)
        import shutil

        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(serve_worker(sys.argv[1:]))
