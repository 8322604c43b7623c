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

Every process runs under the compute budget (:mod:`asynclab.foundation.budget`): a worker
applies it first thing, keeping the variables as :func:`launch` passed them; the scheduler
and the servers inherit those variables and the launcher's CPUs.

Foundation layer: imports only :mod:`asynclab.foundation.backends.fresh` and
:mod:`asynclab.foundation.budget` (and MXNet's ``mxnet.runtime``, when first asked
for its features).
"""

from __future__ import annotations

import atexit
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
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
    "OWNER_VARIABLE",
    "NO_DIST_KVSTORE",
    "dist_kvstore_available",
]

OWNER_VARIABLE = "ASYNCLAB_CLUSTER_OF"  # set in every process launch starts: the launcher's process id

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


_LOG_PREFIX = "asynclab-cluster-"
_RUNNER = "asynclab.foundation.backends.cluster"  # this module, run as a worker's program: _serve_worker


def _check_program(program: Any) -> None:
    """Raise ValueError (one sentence) unless ``program`` names a function as ``"package.module:function"``."""
    module, _, function = program.partition(":") if isinstance(program, str) else ("", "", "")
    if not module or not all(part.isidentifier() for part in module.split(".")) or not function.isidentifier():
        raise ValueError(f"a worker program is named 'package.module:function', not {program!r}.")


def _serve_worker(argv: Sequence[str]) -> int:
    """In a worker process: call the program ``argv[0]`` with the payload on stdin; send back what it returns.

    An exception (or ``sys.exit`` with a message) ends the process at once
    with status 1 and its traceback (or the message). Left to the
    interpreter's normal exit, MXNet's distributed store would first wait at
    its closing barrier for the other workers, which may be waiting for this one.
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
    try:
        for role, count in (("scheduler", 1), ("server", servers)):
            for i in range(count):
                path = os.path.join(folder, f"{role}{i}.log")
                with open(path, "w") as log:
                    procs.append(
                        (
                            f"the {role}" + (f" {i}" if count > 1 else ""),
                            _start(["-c", "import mxnet"], dict(base, DMLC_ROLE=role), None, log),
                            path,
                        )
                    )
        ranks = []
        for rank in range(workers):
            path = os.path.join(folder, f"worker{rank}.log")
            payload = {"rank": rank, "workers": workers, "kind": kind, **(payloads[rank] if payloads else {})}
            with open(path, "w") as log:
                proc = _start(["-m", _RUNNER, program], dict(base, DMLC_ROLE="worker"), payload, log)
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
    sys.exit(_serve_worker(sys.argv[1:]))
