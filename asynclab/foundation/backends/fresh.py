"""Run Python code in a fresh process and get one JSON result back.

Some measurements need a process of their own: MXNet reads
``MXNET_ENGINE_TYPE`` only at a process's first operation, and memory that one experiment
freed can be reused by the next one in the same process. :func:`run_program`
is the one way this package starts such a process for its own code: the
program is a real function, named ``"package.module:function"``, that
takes the payload and returns the result; the child is
``python -m asynclab.foundation.backends.child package.module:function``
(as pyperf re-enters its own program as a worker). :func:`run_fresh` runs
a string of source instead, for code the course does not own (a student's
snippet).

- the parent sends ``payload`` as JSON on the child's stdin;
- the child reads it with :func:`payload` and hands its result, anything
  JSON can hold, to :func:`emit`, which writes it after one marker on stdout
  (:func:`run_program`'s child does both around the function);
- the parent returns a :class:`FreshRun` with that result and whatever else
  the child printed, or raises :class:`FreshProcessError` (one sentence that
  names the child's last line on stderr) when the child exits with an error,
  runs past ``timeout`` seconds, or ends without a result.

The child's environment is this process's plus ``env``, which wins: a variable
an experiment sets on purpose (``MXNET_CPU_WORKER_NTHREADS``, ``MXNET_ENGINE_TYPE``)
reaches the child as given. :func:`run_program`'s child applies the compute budget
first (:mod:`asynclab.foundation.budget`), keeping those variables; :func:`run_fresh`'s
``python -c`` child inherits them and this process's CPUs.

Foundation layer: imports nothing of asynclab outside the foundation.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median
from typing import Any

__all__ = [
    "FreshRun",
    "FreshProcessError",
    "run_fresh",
    "run_program",
    "in_child",
    "payload",
    "emit",
    "MARKER",
    "pid_runs",
    "owned_folder",
    "owned_folders",
    "remove_stale",
    "SnippetRun",
    "SnippetError",
    "run_snippet",
    "run_benchmarked",
]

MARKER = "__ASYNCLAB_FRESH_RESULT__"
_NO_PAYLOAD = object()
_payload: Any = _NO_PAYLOAD


class FreshProcessError(RuntimeError):
    """The code failed, timed out or gave no result in its fresh process.

    ``timed_out`` is True when the process was stopped at its time limit (it may be hung), False when it
    ended on its own without a result.
    """

    timed_out: bool = False


@dataclass(frozen=True)
class FreshRun:
    """What a fresh process gave back.

    ``result``: the value the child passed to :func:`emit` (decoded JSON);
    ``stdout``: what it printed besides that result; ``stderr``: all it
    wrote there; ``seconds``: wall time of the whole process, start included.
    """

    result: Any
    stdout: str
    stderr: str
    seconds: float


#: MXNet's own log lines ("[04:14:37] ../src/engine/engine.cc:54: MXNet start using engine: ..."), which it
#: writes to stderr as the process ends and which would hide the error before them
_FRAMEWORK_LOG = re.compile(r"^\[\d\d:\d\d:\d\d\] \S*src/")


def _last_line(text: str, returncode: int | None) -> str:
    """The last line of ``text`` that says what went wrong (not a framework's log line)."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    lines = [line for line in lines if not _FRAMEWORK_LOG.match(line)] or lines
    if lines:
        return lines[-1]
    return "no output" if returncode in (0, None) else f"exit status {returncode}"


def run_fresh(
    code: str,
    *,
    payload: Any = None,
    env: Mapping[str, str] | None = None,
    timeout: float,
    what: str = "the code",
    error: type[FreshProcessError] = FreshProcessError,
) -> FreshRun:
    """Run ``code`` with ``python -c`` in a new process and return its :class:`FreshRun`.

    ``payload`` (JSON-serialisable) arrives on the child's stdin; ``env``
    adds to (or overrides) this process's environment; ``timeout`` is in
    seconds. ``what`` starts the error sentence (``"the epoch"``), and
    ``error`` is the :class:`FreshProcessError` subclass raised.
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be a string of Python source, not {type(code).__name__}.")
    return _run([sys.executable, "-c", code], payload=payload, env=env, timeout=timeout, what=what, error=error)


def run_program(
    target: str,
    *,
    payload: Any = None,
    env: Mapping[str, str] | None = None,
    timeout: float,
    what: str = "the code",
    error: type[FreshProcessError] = FreshProcessError,
    isolated: bool = False,
) -> FreshRun:
    """Call the function ``target`` (``"package.module:function"``) in a new process; its :class:`FreshRun`.

    The function gets ``payload`` (decoded JSON) as its one argument and
    returns the result (anything JSON can hold). ``env``, ``timeout``
    (seconds), ``what`` and ``error`` as for :func:`run_fresh`.

    ``isolated`` keeps what was changed in this process's environment since
    it started from reaching the child (a check's measurement must not run
    under an engine, or a ``sitecustomize``, an answer chose): the child gets
    none of this process's ``MXNET_*`` variables but the compute budget's
    (:func:`asynclab.foundation.budget.environment`) and ``env``'s, and its
    Python starts isolated (``-I``: no ``PYTHONPATH``, ``PYTHONSTARTUP`` or
    user site) and without ``site`` (``-S``: no ``.pth`` file's code runs),
    with the folder this course was loaded from first on its path and this
    environment's package folders last.
    """
    module, _, function = str(target).partition(":")
    if not module or not function.isidentifier():
        raise ValueError(f"a program is named 'package.module:function', not {target!r}.")
    argv = [sys.executable, "-m", CHILD, target]
    if isolated:
        from asynclab.foundation import budget

        env = {**budget.environment(), **(env or {})}
        root = str(Path(__file__).resolve().parents[3])  # the folder that holds the asynclab package
        # no site either (-S): a .pth file in site-packages runs its code in every Python that processes it; the
        # folders of this environment's packages are put on the path by hand instead
        packages = _package_folders()
        boot = (
            f"import sys; sys.path[:0] = [{root!r}]; sys.path += {packages!r}; import runpy; "
            f"runpy.run_module({CHILD!r}, run_name='__main__', alter_sys=True)"
        )
        argv = [sys.executable, "-I", "-S", "-c", boot, target]
    return _run(
        argv,
        payload=payload,
        env=env,
        timeout=timeout,
        what=what,
        error=error,
        drop=("MXNET_",) if isolated else (),
    )


CHILD = "asynclab.foundation.backends.child"


def _package_folders() -> list[str]:
    """The folders this environment's packages are installed in, as ``site`` finds them (a virtual
    environment's own, the system's where it includes them, a distribution's ``dist-packages``), then
    ``sysconfig``'s, each once: what an isolated child started without ``site`` puts on its path."""
    import site

    found = [*getattr(site, "getsitepackages", list)(), *(sysconfig.get_paths()[k] for k in ("purelib", "platlib"))]
    return [folder for folder in dict.fromkeys(found) if os.path.isdir(folder)]


def in_child() -> bool:
    """Whether this process is a child of :func:`run_program`: its main module is :data:`CHILD`."""
    spec = getattr(sys.modules.get("__main__"), "__spec__", None)
    return getattr(spec, "name", None) == CHILD


def _run(
    argv: list[str],
    *,
    payload: Any,
    env: Mapping[str, str] | None,
    timeout: float,
    what: str,
    error: type[FreshProcessError],
    drop: tuple[str, ...] = (),
) -> FreshRun:
    if not isinstance(error, type) or not issubclass(error, FreshProcessError):
        raise TypeError("error must be FreshProcessError or a subclass of it.")
    full_env = {k: v for k, v in os.environ.items() if not (drop and k.startswith(drop))}
    full_env.update(env or {})
    start = time.perf_counter()
    try:
        proc = subprocess.run(
            argv, input=json.dumps(payload), text=True, capture_output=True, env=full_env, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        stopped = error(f"{what} did not finish within {timeout:g} s in a fresh process.")
        stopped.timed_out = True
        raise stopped from None
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        raise error(f"{what} failed in a fresh process: {_last_line(proc.stderr, proc.returncode)}")
    if MARKER not in proc.stdout:
        raise error(
            f"{what} ended without a result in a fresh process "
            f"(last line on stderr: {_last_line(proc.stderr, proc.returncode)})"
        )
    out, _, tail = proc.stdout.rpartition(MARKER)
    try:
        result = json.loads(tail)
    except json.JSONDecodeError:
        raise error(f"{what} gave a result that is not JSON in a fresh process.") from None
    return FreshRun(result=result, stdout=out.rstrip("\n"), stderr=proc.stderr, seconds=seconds)


def pid_runs(pid: int) -> bool:
    """Whether process ``pid`` exists (a process of another user counts)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def owned_folder(prefix: str) -> str:
    """A new folder in the temporary folder whose name carries ``prefix`` and this process's id."""
    import tempfile

    return tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}-")


def owned_folders(prefix: str, pid: int | None = None) -> list:
    """The folders :func:`owned_folder` made with ``prefix`` still in the temporary folder (of ``pid`` only,
    if given), as paths."""
    import tempfile
    from pathlib import Path

    found = sorted(Path(tempfile.gettempdir()).glob(prefix + "*"))
    if pid is None:
        return found
    return [f for f in found if f.name[len(prefix) :].split("-", 1)[0] == str(pid)]


def remove_stale(prefix: str) -> list:
    """Delete the folders with ``prefix`` whose process no longer runs (one killed outright cannot clean up)."""
    import shutil

    stale = []
    for folder in owned_folders(prefix):
        head = folder.name[len(prefix) :].split("-", 1)[0]
        if head.isdigit() and not pid_runs(int(head)):
            shutil.rmtree(folder, ignore_errors=True)
            stale.append(folder)
    return stale


def payload() -> Any:
    """In the child: the payload the parent sent (read from stdin once)."""
    global _payload
    if _payload is _NO_PAYLOAD:
        text = sys.stdin.read()
        _payload = json.loads(text) if text.strip() else None
    return _payload


def emit(result: Any) -> None:
    """In the child: hand ``result`` (anything JSON can hold) back to the parent."""
    text = json.dumps(result)
    sys.stdout.flush()
    sys.stdout.write(f"\n{MARKER}{text}\n")
    sys.stdout.flush()


@dataclass(frozen=True)
class SnippetRun:
    """Figures measured by a snippet in its fresh process.

    ``env`` holds the variables the run set (the switch under test, e.g.
    ``{"MXNET_ENGINE_TYPE": "NaiveEngine"}``); ``records`` are ``(label,
    seconds)`` pairs, one per finished :class:`asynclab.foundation.timing.Benchmark`, in
    the order they finished; ``stdout`` is what the snippet printed.
    """

    records: tuple[tuple[str, float], ...]
    stdout: str
    env: Mapping[str, str] = field(default_factory=dict)

    @property
    def labels(self) -> list[str]:
        seen: list[str] = []
        for label, _ in self.records:
            if label not in seen:
                seen.append(label)
        return seen

    def samples(self, label: str) -> list[float]:
        """Every figure recorded under ``label`` (seconds)."""
        values = [s for lab, s in self.records if lab == label]
        if not values:
            raise KeyError(
                f"the snippet measured no Benchmark labelled {label!r}; it measured {self.labels or 'nothing'}."
            )
        return values

    def __getitem__(self, label: str) -> float:
        """Median seconds recorded under ``label``."""
        return median(self.samples(label))


class SnippetError(FreshProcessError):
    """The snippet failed, timed out or measured nothing in its fresh process."""


def snippet_child(job: Mapping[str, str]) -> list:
    """In the child of :func:`run_snippet`: run prologue, snippet and epilogue; every Benchmark's record."""
    from asynclab.foundation import timing

    records: list = []
    timing.add_listener(lambda label, seconds: records.append([label, seconds]))
    for key, name in (("prologue", "<prologue>"), ("code", "<snippet>"), ("epilogue", "<epilogue>")):
        names = dict(job.get("names") or {}) if key == "code" else {}
        exec(compile(job[key], name, "exec"), {**names, "__name__": "__main__"})
    return records


def benchmarked_child(job: Mapping[str, Any]) -> list:
    """In the child of :func:`run_benchmarked`: call the program, then the epilogue; every Benchmark's record."""
    import importlib

    from asynclab.foundation import timing

    records: list = []
    timing.add_listener(lambda label, seconds: records.append([label, seconds]))
    module, _, function = job["target"].partition(":")
    getattr(importlib.import_module(module), function)(job["payload"])
    exec(compile(job["epilogue"], "<epilogue>", "exec"), {"__name__": "__main__"})
    return records


def run_benchmarked(
    target: str, *, payload: Any = None, env: Mapping[str, str], timeout: float, what: str, epilogue: str = ""
) -> SnippetRun:
    """Call the program ``target`` ("package.module:function") with ``payload`` in a fresh process; its Benchmarks.

    Like :func:`run_snippet` for a program of the course: every
    :class:`asynclab.foundation.timing.Benchmark` that finishes in the child
    comes back, in order. ``epilogue`` runs after it (the framework's wait for
    all its work); ``env`` is set for the child; ``timeout`` is in seconds.
    """
    job = {"target": target, "payload": payload, "epilogue": epilogue}
    run = run_program(
        f"{__name__}:benchmarked_child", payload=job, env=env, timeout=timeout, what=what, error=SnippetError
    )
    records = tuple((str(label), float(s)) for label, s in run.result)
    return SnippetRun(records=records, stdout=run.stdout, env=dict(env))


def run_snippet(
    code: str,
    *,
    env: Mapping[str, str],
    timeout: float,
    what: str,
    prologue: str = "",
    epilogue: str = "",
    isolated: bool = False,
    names: Mapping[str, int | float | str] | None = None,
) -> SnippetRun:
    """Run ``code`` in a fresh process with ``env`` set; collect its Benchmarks.

    ``prologue`` runs before the snippet (a framework's switch that is a call,
    not a variable) and ``epilogue`` after it (the framework's wait for all
    its work, so that nothing is left running). ``names`` are global names
    the snippet starts with (``{"N": 1600}``: its source stays its own, so a
    ``from __future__`` import may open it). ``timeout`` is in seconds;
    a failure raises :class:`SnippetError` naming ``what``. ``isolated`` as
    for :func:`run_program`.
    """
    if not isinstance(code, str):
        raise TypeError(f"code must be a string of Python source, not {type(code).__name__}.")
    job = {"prologue": prologue, "code": code, "epilogue": epilogue, "names": dict(names or {})}
    run = run_program(
        f"{__name__}:snippet_child",
        payload=job,
        env=env,
        timeout=timeout,
        what=what,
        error=SnippetError,
        isolated=isolated,
    )
    records = tuple((str(label), float(s)) for label, s in run.result)
    return SnippetRun(records=records, stdout=run.stdout, env=dict(env))
