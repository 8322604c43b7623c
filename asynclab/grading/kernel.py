"""One grading kernel: start it, run cells in it, survive what student code does.

Built on nbclient's :class:`~nbclient.NotebookClient` (its message handling
and output collection), one cell at a time:

- a cell that runs past the per-cell timeout is interrupted (SIGINT); if the
  kernel does not answer a short ping afterwards (the code ignores SIGINT or
  is stuck in C), the kernel is treated as dead;
- a kernel that dies (``os._exit``, a segfault, the memory watchdog) is
  reported as such; :class:`GradingKernel` can then be restarted;
- every start runs the startup guard before anything else.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError

from asynclab.checks.core import MIME_TYPE
from asynclab.grading import guard as guard_code
from asynclab.grading.watchdog import MemoryWatchdog, kill_tree

OK, ERROR, TIMEOUT, DEAD, MEMORY = "ok", "error", "timeout", "dead", "memory"
PING_TIMEOUT = 10
STARTUP_TIMEOUT = 60  # seconds for the startup guard, whatever the per-cell timeout (a busy machine)
ALIVE_POLL_S = 0.1  # how often a running cell's kernel is asked whether it still lives (nbclient: every 1 s)
MAX_OUTPUT_BYTES = 2_000_000


class KernelStartError(RuntimeError):
    """The kernel could not be started or prepared."""


@dataclass
class CellRun:
    """How one cell ended."""

    status: str  # OK, ERROR, TIMEOUT, DEAD or MEMORY
    outputs: list = field(default_factory=list)
    error: str = ""  # "ename: evalue" for ERROR; what happened otherwise
    seconds: float = 0.0


class _Client(NotebookClient):
    """NotebookClient that remembers whether the last cell hit its timeout and
    keeps at most :data:`MAX_OUTPUT_BYTES` of a cell's output (check results
    and errors always pass), so a cell printing in a loop cannot fill the
    grader's memory."""

    timed_out = False
    output_bytes = 0
    output_capped = False

    async def _async_poll_kernel_alive(self) -> None:
        """nbclient's watch on the kernel while a cell runs, every :data:`ALIVE_POLL_S` seconds instead of
        every second: a kernel that died (``os._exit``, a segfault, the memory limit) is seen at once."""
        while True:
            await asyncio.sleep(ALIVE_POLL_S)
            try:
                await self._async_check_alive()
            except DeadKernelError:
                assert self.task_poll_for_reply is not None
                self.task_poll_for_reply.cancel()
                return

    async def _async_handle_timeout(self, timeout, cell=None):  # type: ignore[override]
        self.timed_out = True
        return await super()._async_handle_timeout(timeout, cell)

    def output(self, outs, msg, display_id, cell_index):  # type: ignore[override]
        content = msg.get("content", {})
        data = content.get("data") or {}
        vital = msg.get("msg_type") == "error" or MIME_TYPE in data or guard_code.GUARD_MIME in data
        if not vital:
            self.output_bytes += len(content.get("text", "")) + sum(len(str(v)) for v in data.values())
            if self.output_bytes > MAX_OUTPUT_BYTES:
                if not self.output_capped:
                    self.output_capped = True
                    outs.append(
                        nbformat.v4.new_output(
                            "stream",
                            name="stderr",
                            text=f"[grader: this cell printed more than {MAX_OUTPUT_BYTES // 1000} kB; "
                            "the rest of its output was dropped]\n",
                        )
                    )
                return None
        return super().output(outs, msg, display_id, cell_index)


def _error_line(outputs: list) -> str:
    for output in outputs:
        if output.get("output_type") == "error":
            value = str(output.get("evalue", "")).strip().splitlines()
            return f"{output.get('ename', 'Error')}: {value[0] if value else ''}".rstrip(": ")
    return ""


class GradingKernel:
    """A fresh kernel for one submission, restartable after a death."""

    def __init__(
        self,
        *,
        kernel_name: str,
        cwd: Path,
        timeout: float,
        watchdog: MemoryWatchdog,
        package_root: Path,
        env: dict[str, str] | None = None,
    ) -> None:
        self.kernel_name = kernel_name
        self.cwd = cwd
        self.timeout = timeout
        self.watchdog = watchdog
        self.package_root = package_root
        self.env = env
        self.stash_name = "_asynclab_stash_" + guard_code.new_secret()[:12]
        self.client: _Client | None = None
        self.pid: int | None = None
        self.starts = 0

    # -- life cycle ---------------------------------------------------------
    def start(self) -> float:
        """Start a kernel and run the startup guard; return the seconds it took."""
        began = time.perf_counter()
        env = dict(os.environ if self.env is None else self.env)
        env["ASYNCLAB_GRADING"] = "1"
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        client = _Client(
            nbformat.v4.new_notebook(),
            timeout=self.timeout,
            kernel_name=self.kernel_name,
            allow_errors=True,
            interrupt_on_timeout=True,
            iopub_timeout=4,
            error_on_timeout={"ename": "Timeout", "evalue": "the cell ran too long", "traceback": []},
            startup_timeout=120,
            shutdown_kernel="immediate",
            record_timing=False,
        )
        client.km = client.create_kernel_manager()
        try:
            client.start_new_kernel(cwd=str(self.cwd), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            client.kc = client.start_new_kernel_client()
            client.kc.allow_stdin = False  # input() fails at once instead of waiting for the timeout
        except Exception as error:
            self.client = client
            self.shutdown()
            raise KernelStartError(f"the kernel {self.kernel_name!r} did not start: {error}") from error
        self.client = client
        self.pid = client.km.provisioner.pid if client.km.provisioner is not None else None
        if self.pid is not None:
            self.watchdog.watch(self.pid)
        self.starts += 1
        nonce = guard_code.new_secret()
        run = self.run(
            guard_code.startup_code(self.stash_name, self.package_root, nonce),
            timeout=max(self.timeout, STARTUP_TIMEOUT),
            store_history=False,
        )
        report = guard_code.read_report(run.outputs, nonce, run.error)
        if run.status != OK or not report.ran:
            self.shutdown()
            raise KernelStartError(f"the grader could not prepare the kernel: {report.problem or run.error}")
        return time.perf_counter() - began

    def shutdown(self) -> None:
        """Stop the kernel and everything it started."""
        self.watchdog.unwatch()
        client, self.client = self.client, None
        if self.pid is not None:
            kill_tree(self.pid)
            self.pid = None
        if client is not None and client.km is not None:
            try:
                client._cleanup_kernel()
            except Exception:
                pass

    def restart(self) -> float:
        self.shutdown()
        return self.start()

    @property
    def alive(self) -> bool:
        return self.client is not None

    # -- running ------------------------------------------------------------
    def run(self, source: str, *, timeout: float | None = None, store_history: bool = True) -> CellRun:
        """Run one cell's code; never raises for what the code does."""
        client = self.client
        if client is None:
            return CellRun(DEAD, error="the kernel is not running")
        cell = nbformat.v4.new_code_cell(source)
        client.nb.cells = [cell]
        client.clear_display_id_mapping(0)
        client.timed_out = False
        client.output_bytes, client.output_capped = 0, False
        client.timeout = int(timeout or self.timeout)
        began = time.perf_counter()
        try:
            client.execute_cell(cell, 0, store_history=store_history)
        except (DeadKernelError, CellTimeoutError) as error:
            return self._died(cell, began, str(error))
        except Exception as error:  # a broken channel behaves like a dead kernel
            return self._died(cell, began, f"{type(error).__name__}: {error}")
        finally:
            client.timeout = int(self.timeout)
        seconds = time.perf_counter() - began
        outputs = list(cell.outputs)
        tripped = self.watchdog.take_trip()
        if tripped is not None:
            self._forget_kernel()
            return CellRun(MEMORY, outputs, f"the kernel used {tripped:.0f} MB", seconds)
        if client.timed_out:
            if not self._answers_ping():
                self._forget_kernel()
                return CellRun(DEAD, outputs, "the cell ran too long and the kernel stopped answering", seconds)
            return CellRun(TIMEOUT, outputs, "the cell ran too long", seconds)
        error = _error_line(outputs)
        return CellRun(ERROR if error else OK, outputs, error, seconds)

    def _died(self, cell, began: float, why: str) -> CellRun:
        seconds = time.perf_counter() - began
        time.sleep(self.watchdog.interval * 2)  # let the watchdog record a kill in progress
        tripped = self.watchdog.take_trip()
        self._forget_kernel()
        if tripped is not None:
            return CellRun(MEMORY, list(cell.outputs), f"the kernel used {tripped:.0f} MB", seconds)
        return CellRun(DEAD, list(cell.outputs), why or "the kernel died", seconds)

    def _answers_ping(self) -> bool:
        client = self.client
        assert client is not None
        cell = nbformat.v4.new_code_cell("pass")
        client.nb.cells = [cell]
        client.timed_out = False
        client.timeout = int(min(PING_TIMEOUT, max(self.timeout, 2)))
        # a ping that times out is the answer: no second interrupt and wait for its reply
        client.interrupt_on_timeout = False
        try:
            client.execute_cell(cell, 0, store_history=False)
        except Exception:
            return False
        finally:
            client.interrupt_on_timeout = True
        return not client.timed_out

    def _forget_kernel(self) -> None:
        self.shutdown()
