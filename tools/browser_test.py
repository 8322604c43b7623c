"""``make test-browser``: JupyterLab in headless Chromium, as a student sees it.

Starts JupyterLab as ``make lab`` does (127.0.0.1, a free port, a token) on
a temporary copy of the course's notebooks (the repository is never
written), drives the system's Chromium with Playwright (which cannot
download its own browser here), and checks what a student sees:

1. the start page opens;
2. lab 01 as handed out, run cell by cell: every check cell shows one
   ``FAIL [...]`` line and no traceback;
3. lab 01's solution, run cell by cell: every check cell shows a ``PASS``
   line;
4. lesson 01 as stored: its plots are drawn (images in the page).

Screenshots go to ``browser-screenshots/`` (git-ignored). Exit status 0 when
all holds, 1 when something does not, 2 when Chromium or Playwright is
missing (with the command that installs it).
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "browser-screenshots"
CELL_TIMEOUT_MS = 180_000
LAB = "01_async_dispatch_lab.ipynb"
LESSON = "01_async_dispatch.ipynb"


def find_chromium() -> str | None:
    """The system's Chromium: $CHROMIUM, else the first of the usual names on PATH."""
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_lab(workdir: Path, port: int, token: str) -> subprocess.Popen:
    jupyter = Path(sys.executable).with_name("jupyter")
    args = [
        str(jupyter),
        "lab",
        "--no-browser",
        f"--ServerApp.root_dir={workdir}",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--IdentityProvider.token={token}",
        "--ServerApp.port_retries=0",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--allow-root")
    # settings and workspaces of this run only: every cell rendered (no windowing), nothing restored
    settings = workdir / ".lab-settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}', encoding="utf-8")
    env = dict(
        os.environ,
        JUPYTERLAB_SETTINGS_DIR=str(workdir / ".lab-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(workdir / ".lab-workspaces"),
    )
    log = open(workdir / "jupyterlab.log", "w")
    proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, env=env)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"JupyterLab exited at start; see {workdir / 'jupyterlab.log'}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=2)
            return proc
        except OSError:
            time.sleep(0.5)
    raise RuntimeError("JupyterLab did not answer within 90 s")


def _stop(proc: subprocess.Popen) -> None:
    import signal

    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"  # the notebook in front; others stay open, hidden
NOTEBOOK = f"{PANEL} .jp-Notebook"
IDLE = f"{PANEL} .jp-Notebook-ExecutionIndicator[data-status='idle']"


CURRENT_TAB = ".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current"
_IN_FRONT = """path => {
    const tab = document.querySelector('CURRENT_TAB');
    const panels = document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden)');
    return tab !== null && (tab.title || '').includes('Path: ' + path) && panels.length === 1;
}""".replace("CURRENT_TAB", CURRENT_TAB)


def _open(page, base: str, path: str) -> None:
    """Open ``path`` alone (``?reset``: the last notebook's tab is not restored) and wait until it is in front.

    Lab 01 and its solution share a file name, so the tab in front is matched on its path.
    """
    page.goto(f"{base}/lab/tree/{path}?reset")
    page.wait_for_function(_IN_FRONT, arg=path, timeout=60_000)
    page.locator(f"{NOTEBOOK} .jp-Cell").first.wait_for(state="visible", timeout=60_000)
    page.wait_for_selector(IDLE, timeout=60_000)


def _run_cell_by_cell(page) -> None:
    """Run every cell in order, as a student does with Shift+Enter, each after the one before is done."""
    cells = page.locator(f"{NOTEBOOK} .jp-Cell")
    cells.first.click()
    page.keyboard.press("Escape")
    for _ in range(cells.count()):
        page.keyboard.press("Shift+Enter")
        page.wait_for_timeout(150)
        page.wait_for_selector(IDLE, timeout=CELL_TIMEOUT_MS)


def _check_outputs(page, shot: Path) -> list[tuple[str, str]]:
    """(source's first line, output text) of every locked check cell; ``shot`` shows the first two."""
    found, cells = [], []
    for cell in page.locator(f"{NOTEBOOK} .jp-CodeCell").all():
        source = cell.locator(".jp-InputArea-editor").inner_text()
        if source.lstrip().startswith("# Check (locked)"):
            found.append((source.strip().splitlines()[0], cell.locator(".jp-OutputArea").inner_text()))
            cells.append(cell)
    if cells:
        cells[0].scroll_into_view_if_needed()
        page.screenshot(path=str(shot))
    return found


def main() -> int:
    chromium = find_chromium()
    if chromium is None:
        print(
            "make test-browser needs Chromium and found none: install it with `sudo apt-get install chromium` "
            "(Debian, Ubuntu) or set CHROMIUM=/path/to/chrome.",
            file=sys.stderr,
        )
        return 2
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print(
            "make test-browser needs Playwright: `make test-browser` installs it (the `browser` extra).",
            file=sys.stderr,
        )
        return 2
    SHOTS.mkdir(exist_ok=True)
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="asynclab-browser-") as tmp:
        work = Path(tmp)
        for folder in ("notebooks", "labs", "solutions"):
            shutil.copytree(ROOT / folder, work / folder)
        port, token = _free_port(), secrets.token_hex(16)
        lab = _start_lab(work, port, token)
        base = f"http://127.0.0.1:{port}"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.goto(f"{base}/lab/tree/notebooks/00_start_here.ipynb?token={token}")
                page.wait_for_selector(".jp-LabShell", timeout=60_000)
                page.wait_for_timeout(3000)  # JupyterLab asks about its news a moment after it starts
                page.screenshot(path=str(SHOTS / "start.png"))
                if page.get_by_text("official Jupyter news").count():
                    problems.append(
                        "JupyterLab asks whether to be notified about Jupyter's news "
                        "(the course's settings, tools/jupyterlab-overrides.json, were not applied)"
                    )

                _open(page, base, f"labs/{LAB}")
                _run_cell_by_cell(page)
                blank = _check_outputs(page, SHOTS / "lab01-blank.png")
                if not blank:
                    problems.append("lab 01 as handed out: no check cell found on the page")
                for first, text in blank:
                    lines = [line for line in text.splitlines() if line.strip()]
                    if not any(line.startswith("FAIL [") for line in lines):
                        problems.append(f"lab 01 as handed out, {first}: no FAIL line, shows {lines[:3]}")
                    if "Traceback" in text or len(lines) > 3:
                        problems.append(f"lab 01 as handed out, {first}: more than a one-line verdict: {lines[:6]}")

                _open(page, base, f"solutions/{LAB}")
                _run_cell_by_cell(page)
                solved = _check_outputs(page, SHOTS / "lab01-solution.png")
                for first, text in solved:
                    if "PASS [" not in text:
                        problems.append(f"lab 01 solution, {first}: no PASS line, shows {text.splitlines()[:3]}")

                _open(page, base, f"notebooks/{LESSON}")
                plots = page.locator(f"{NOTEBOOK} .jp-OutputArea-output img")
                images = plots.count()
                if images:
                    plots.first.scroll_into_view_if_needed()
                page.screenshot(path=str(SHOTS / "lesson01.png"))
                if images == 0:
                    problems.append("lesson 01: no plot was drawn")
                browser.close()
        finally:
            _stop(lab)
    for problem in problems:
        print(f"FAIL {problem}")
    print(
        f"{'FAILED' if problems else 'passed'}: lab 01 blank ({len(blank)} check cells), solution "
        f"({len(solved)}), lesson 01 ({images} plots); screenshots in {SHOTS}"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
