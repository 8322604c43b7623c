"""A process that has imported MXNet once and forks the processes of a parameter-server run from itself.

Starting a cluster process from nothing costs an interpreter and an
``import mxnet``: about a second of CPU each, and a run of
:func:`asynclab.foundation.backends.cluster.launch` starts four or more of
them (a scheduler, a server, two workers). Forked from a process that has
already imported MXNet, a process is ready in milliseconds: measured here, a
two-worker run of lesson 10's SGD (20 steps) takes about 0.35 s this way
against 2.3 s from fresh interpreters (``python bench/cluster_start.py``).

This module is that process, run as ``python -m asynclab.foundation.backends.zygote``:
it applies the compute budget, imports MXNet, prints one line ``ready``
and then reads one JSON request per line on stdin::

    {"role": "scheduler" | "server" | "worker", "env": {...}, "log": path,
     "program": "package.module:function" (workers), "payload": path of a JSON file (workers)}

For each it forks a child and answers ``{"pid": n}``; when a child ends it
writes ``{"exit": n, "code": c}`` (``c`` as :attr:`subprocess.Popen.returncode`
reads: negative for a signal). A child runs in a session of its own (so that
its whole group can be killed), is told by Linux to die with this process
(``PR_SET_PDEATHSIG``), is named ``cluster-<role>`` in ``ps`` and ``top`` (its
``/proc`` environment and command line are the zygote's), writes its output to ``log``, takes ``env`` as its
whole environment and then does exactly what a freshly started process of that
role would: a scheduler or a server runs MXNet's server loop
(``mxnet.kvstore.kvstore_server``), a worker runs
:func:`asynclab.foundation.backends.cluster.serve_worker` with its payload on
stdin, and ends as that function ends it. MXNet's closing barrier behaves
as in a fresh process.

The environment is the one thing a fork cannot change after the fact: the
variables MXNet reads when it is imported are the zygote's. The launcher
therefore keeps one zygote per set of such variables (:data:`IMPORT_TIME_PREFIXES`).
Linux only (a fork of a process that has loaded MXNet is not safe on macOS).

Foundation layer: imports only :mod:`asynclab.foundation.budget` and
:mod:`asynclab.foundation.backends.cluster` (in the children).
"""

from __future__ import annotations

import json
import os
import select
import signal
import sys

__all__ = ["IMPORT_TIME_PREFIXES", "import_time_environment", "main"]

#: Variables whose values a zygote's children inherit from the zygote, whatever a request's env says.
IMPORT_TIME_PREFIXES = ("MXNET_", "OMP_", "KMP_", "OPENBLAS_", "MKL_", "GOMP_", "ASYNCLAB_BUDGET")


def import_time_environment(env: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """The variables of ``env`` that a process reads when it imports MXNet or its libraries, sorted."""
    return tuple(sorted((k, v) for k, v in env.items() if k.startswith(IMPORT_TIME_PREFIXES)))


def _write(fd: int, message: dict) -> None:
    data = (json.dumps(message) + "\n").encode()
    while data:
        data = data[os.write(fd, data) :]


def _code(status: int) -> int:
    """A wait status as :attr:`subprocess.Popen.returncode` reads it."""
    return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)


def _die_with_parent(name: str) -> None:
    """Linux: die with the zygote (``PR_SET_PDEATHSIG``) and be called ``name`` in ps and top (``PR_SET_NAME``)."""
    import ctypes

    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG = 1
        libc.prctl(15, ctypes.c_char_p(name.encode()[:15]), 0, 0, 0)  # PR_SET_NAME = 15
    except OSError:  # pragma: no cover - not glibc
        pass


def _child(request: dict, keep: set[int]) -> int:
    """In a forked child: become the requested process; returns its exit status (or raises SystemExit)."""
    os.setsid()
    _die_with_parent(f"cluster-{request['role']}")
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    log = os.open(request["log"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    payload = os.open(request.get("payload") or os.devnull, os.O_RDONLY)
    os.dup2(payload, 0)
    os.dup2(log, 1)
    os.dup2(log, 2)
    for fd in {log, payload, *keep}:
        if fd > 2:
            os.close(fd)
    os.environ.clear()
    os.environ.update(request["env"])
    if request["role"] in ("scheduler", "server"):
        from mxnet.kvstore import kvstore_server

        kvstore_server._init_kvstore_server_module()  # runs the server loop, then sys.exit()
        return 0
    from asynclab.foundation.backends import cluster

    return cluster.serve_worker([request["program"]])


def main() -> int:
    """Import MXNet, say ``ready``, then fork one child per request until stdin closes; returns in each child."""
    from asynclab.foundation import budget

    budget.apply()
    import mxnet  # noqa: F401 - what every child would import first: imported once, here

    from asynclab.foundation.backends import cluster  # noqa: F401 - the workers' runner, loaded once

    reader, writer = os.pipe()
    os.set_blocking(reader, False)
    os.set_blocking(writer, False)
    signal.set_wakeup_fd(writer)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # a handler, so that SIGCHLD wakes select
    stdin, stdout = 0, os.dup(1)
    os.dup2(2, 1)  # stray prints of this process go to its stderr, never into the answers
    _write(stdout, {"ready": os.getpid()})
    pending = b""
    while True:
        try:
            ready, _, _ = select.select([stdin, reader], [], [], 1.0)
        except InterruptedError:  # pragma: no cover - select is retried by Python since 3.5
            ready = []
        if reader in ready:
            try:
                os.read(reader, 4096)
            except BlockingIOError:
                pass
        while True:  # reap every child that has ended
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            _write(stdout, {"exit": pid, "code": _code(status)})
        if stdin not in ready:
            continue
        chunk = os.read(stdin, 65536)
        if not chunk:  # the launcher has gone: so do we (our children die with us)
            return 0
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            if not line.strip():
                continue
            request = json.loads(line)
            pid = os.fork()
            if pid == 0:
                return _child(request, {stdin, stdout, reader, writer})
            _write(stdout, {"pid": pid})


if __name__ == "__main__":
    sys.exit(main())
