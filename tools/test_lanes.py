"""Run the whole test suite (unit tests and nbval) in two lanes at once: what `make test` runs.

The suite's timing tests must not run two at a time, but half of the suite
measures no time: the grader's tests on the fixture lab (kernels and their
limits, the crafted class and the command line), lab 04's checks, which
compare memory (its catalogue of answers, marked ``memory``, and the
solution notebooks of lessons whose ``lesson.toml`` declares the trait
``memory``), and labs 05's and 10's, which time sleeping operations (an
engine's, or parameter-server workers with delays) or judge correctness,
never the CPU's speed, and keep their margins with one core busy (trait
``sleeps``, marker ``sleeps``; their CPU use is small, so the timing lane
barely feels them), and the parameter-server cluster's tests (marker
``sleeps``), which start and kill processes and judge what is left, and the catalogue answers
of the other labs whose checks judge counts, values, the order of events or memory, never a
duration of computation (each check declared ``times_cpu=False``; marker ``untimed``). Those go in the *side* lane, which runs beside the *timing* lane, one test at a time, so that the timing lane's measurements see
at most the one busy core that every check is built and benched to tolerate
(``bench/reports/checks_robustness.md``, "loaded" rows), and lab 04's checks
see the same (the report's lab 04 rows, both conditions). Lesson 04 asserts a
time too, so it stays in the timing lane; lesson 10's notebook asserts only the
pace of its workers' sleeps and SGD's results (trait ``lesson-sleeps``), so it
runs in the side lane. The logic-only tests (neither
``measured`` nor ``kernel``) measure nothing either: they run in the side
lane, which has the shorter road. A test that times nothing but would make the side lane the
longer one can be marked ``serial`` and run in the timing lane, alone, where it disturbs no measurement.
The same code's lanes vary by 20-40 s from run to run, so a balance is judged over several runs, not one.

Each lane collects the unit tests once: one pytest run selects its tests by
marker (the two expressions are each other's complement), a second runs nbval
over its notebooks; collecting the suite costs about ten seconds, for its
imports of MXNet and PyTorch.

Each lane runs its pytest commands one after another. The timing lane prints
as it goes; the side lane writes a log, printed when both lanes are done. The
exit status is non-zero when any command failed. With fewer than two
cores, or with ``--serial``, the same commands run one after another.

    python tools/test_lanes.py            # both lanes at once
    python tools/test_lanes.py --serial   # one command after another
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIDE_NICE = 0  # measured: at nice 5 the lanes took 543 s and 635 s, at nice 0 532 s and 635 s
NOTEBOOK_DIRS = ("notebooks", "solutions")
# nbval's kernels check every figure they display (asynclab.tooling.kernel, which as a pytest plugin
# leaves out the notebooks in its FIGURES_UNCHECKED)
NBVAL = (
    "-p",
    "asynclab.tooling.kernel",
    "--nbval",
    "--nbval-sanitize-with",
    "tests/sanitize.cfg",
    "--nbval-cell-timeout=600",
)
NBVAL_ENV = {"ASYNCLAB_CHECK_FIGURES": "1"}
DURATIONS = ("--durations=10",)  # each run names its ten slowest tests
# the unit tests' runs leave nbval's plugin out: importing it (Jupyter's client) costs each run about 3 s
UNIT = ("-p", "no:nbval")
# what the course's code writes to the temporary folder (traces, profiler folders, lab 07's trace, data sets)
COURSE_TEMP_NAMES = ("asynclab-", "lab07-profile", "lesson07-")
# memory-only checks, checks that time sleeps (labs 05, 10), catalogue answers whose checks time no computation,
# kernel tests that time nothing, logic tests;
# a test marked serial times nothing either but goes to the timing lane, to balance the lanes' lengths
SIDE_MARKERS = "(memory or sleeps or untimed or not measured) and not serial"
SIDE_TRAITS = ("memory", "sleeps")  # lessons whose solution notebooks nbval validates in the side lane
TIMING_MARKERS = f"not ({SIDE_MARKERS})"


@dataclass
class Lane:
    """A name and the pytest argument lists it runs one after another."""

    name: str
    commands: list[list[str]]
    nice: int = 0
    log: Path | None = None
    code: int | None = None  # exit status, once the lane has ended
    seconds: float = 0.0  # from the start of both lanes to this lane's end


def memory_notebooks() -> set[str]:
    """The notebooks that time no CPU work: the solutions of lessons with the trait ``memory`` or ``sleeps``,
    and the lesson notebooks of lessons with the trait ``lesson-sleeps``."""
    from asynclab import course

    found = course.lessons(ROOT)
    solutions = {str(x.solution.relative_to(ROOT)) for x in found if any(map(x.has, SIDE_TRAITS))}
    return solutions | {str(x.notebook.relative_to(ROOT)) for x in found if x.has("lesson-sleeps")}


def notebooks() -> tuple[list[str], list[str]]:
    """The notebooks nbval validates: (timing lane's, side lane's), as paths relative to the root."""
    found = sorted(str(p.relative_to(ROOT)) for d in NOTEBOOK_DIRS for p in (ROOT / d).glob("*.ipynb"))
    memory = memory_notebooks()
    side = [p for p in found if p in memory]
    return [p for p in found if p not in side], side


def lanes() -> list[Lane]:
    timing_nbs, side_nbs = notebooks()
    # no paths: pytest collects its testpaths (tests/, with tests/lessons/lNN_<slug>/ for each lesson)
    timing = Lane("timing", [[*UNIT, "-m", TIMING_MARKERS, *DURATIONS], [*NBVAL, *timing_nbs, *DURATIONS]])
    side = Lane("side", [[*UNIT, "-m", SIDE_MARKERS, *DURATIONS], [*NBVAL, *side_nbs, *DURATIONS]], nice=SIDE_NICE)
    return [timing, side]


def run_lane(lane: Lane) -> int:
    """Run the lane's pytest commands in turn, at its priority; the worst exit status.

    nbval's notebooks run with a temporary folder of their own (``TMPDIR``), which must hold no file of
    the course's afterwards (:func:`course_files_left`): Run All leaves nothing behind.
    """
    if lane.nice:
        os.nice(lane.nice)
    from asynclab.tooling.installer import writing_bytecode

    worst = 0
    for args in lane.commands:
        print(f"$ pytest {' '.join(args)}", flush=True)
        # make test's set-up compiles only what the course imports first (asynclab.tooling.installer --warm):
        # the suite's first imports of the rest write their .pyc files for every later process and kernel,
        # even where the caller's environment says not to (PYTHONDONTWRITEBYTECODE, set on the machines the
        # course is tested on)
        env = writing_bytecode()
        private = None
        if "--nbval" in args:
            private = tempfile.mkdtemp(prefix=f"asynclab-nbval-{lane.name}-")
            env = {**env, **NBVAL_ENV, "TMPDIR": private}
        code = subprocess.call([sys.executable, "-m", "pytest", *args], cwd=ROOT, env=env)
        print(f"[exit status {code}]", flush=True)
        if private is not None:
            left = course_files_left(private)
            if left:
                print(
                    f"FAILED: the notebooks left {len(left)} file(s) of the course in their temporary folder: "
                    f"{', '.join(left)}",
                    flush=True,
                )
                code = code or 1
            shutil.rmtree(private, ignore_errors=True)
        worst = worst or code
    return worst


def course_files_left(folder: str) -> list[str]:
    """The names in ``folder`` that the course's own code makes (:data:`COURSE_TEMP_NAMES`), sorted."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return sorted(name for name in names if name.startswith(COURSE_TEMP_NAMES))


def run_parallel(all_lanes: list[Lane], logs: Path, poll_s: float = 0.2) -> int:
    """Start every lane at once, wait for all, print the logs and one verdict line per lane."""
    started = time.perf_counter()
    running = []
    for i, lane in enumerate(all_lanes):
        # the first lane prints as it goes (CI sees progress); the others write a log shown at the end
        lane.log = None if i == 0 else logs / f"{lane.name}.log"
        handle = lane.log.open("w", encoding="utf-8") if lane.log else None
        where = "log shown at the end" if lane.log else "output below"
        print(f"lane {lane.name} (nice {lane.nice}): {len(lane.commands)} pytest runs, {where}", flush=True)
        # a session of its own, so that an interrupt can stop the lane's pytest and its kernels too
        spec = json.dumps({"name": lane.name, "commands": lane.commands, "nice": lane.nice})
        proc = subprocess.Popen(
            [sys.executable, __file__, "--run-lane", spec],
            cwd=ROOT,
            stdout=handle,
            stderr=subprocess.STDOUT if handle else None,
            start_new_session=True,
        )
        running.append((lane, handle, proc))
    try:
        while any(lane.code is None for lane, _, _ in running):
            for lane, handle, proc in running:
                if lane.code is None and proc.poll() is not None:
                    lane.code, lane.seconds = proc.returncode, time.perf_counter() - started
                    if handle:
                        handle.close()
            time.sleep(poll_s)
    except KeyboardInterrupt:
        _stop([proc for _, _, proc in running])
        raise
    for lane in all_lanes:
        if lane.log:
            print(f"\n{'=' * 30} lane {lane.name} (nice {lane.nice}) {'=' * 30}", flush=True)
            sys.stdout.write(lane.log.read_text(encoding="utf-8", errors="replace"))
    print()
    for lane in all_lanes:
        verdict = "passed" if lane.code == 0 else f"FAILED (exit status {lane.code})"
        print(f"lane {lane.name}: {verdict} in {lane.seconds:.0f} s")
    print(f"both lanes: {time.perf_counter() - started:.0f} s")
    return next((lane.code for lane in all_lanes if lane.code), 0)


def _interrupted(signum, frame) -> None:
    raise KeyboardInterrupt


def _stop(procs: list[subprocess.Popen], grace_s: float = 15.0) -> None:
    """Interrupt each lane's process group (pytest shuts its kernels down), then kill what is left."""
    for proc in procs:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGINT)
    deadline = time.monotonic() + grace_s
    for proc in procs:
        try:
            proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)


def run_serial(all_lanes: list[Lane]) -> int:
    worst = 0
    for lane in all_lanes:
        worst = worst or run_lane(Lane(lane.name, lane.commands))  # without the side lane's nice
    return worst


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serial", action="store_true", help="run every pytest command one after another")
    parser.add_argument("--list", action="store_true", help="print each lane's commands and stop")
    parser.add_argument("--run-lane", help=argparse.SUPPRESS)  # how run_parallel starts one lane (JSON)
    args = parser.parse_args(argv)
    if args.run_lane:
        return run_lane(Lane(**json.loads(args.run_lane)))
    all_lanes = lanes()
    if args.list:
        for lane in all_lanes:
            for command in lane.commands:
                print(f"{lane.name}: pytest {' '.join(command)}")
        return 0
    if args.serial or (os.cpu_count() or 1) < 2:
        code = run_serial(all_lanes)
        return left_behind() or code
    signal.signal(signal.SIGTERM, _interrupted)  # a CI job cancelled: stop both lanes as for Ctrl-C
    with tempfile.TemporaryDirectory(prefix="asynclab-lanes-") as logs:
        try:
            code = run_parallel(all_lanes, Path(logs))
            return left_behind() or code
        except KeyboardInterrupt:
            print("interrupted: both lanes were stopped", file=sys.stderr)
            return 130


def left_behind() -> int:
    """1 (with one sentence) when a parameter-server process outlived the test that started it, else 0.

    Such a process would hold its port and its share of the machine after
    the run; it is killed here so that the machine is left clean either way.
    """
    from asynclab.foundation.backends import cluster

    found = cluster.orphans()
    for pid in found:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    if found:
        print(
            f"FAILED: {len(found)} parameter-server process(es) outlived the test that started them "
            f"(process ids {', '.join(map(str, found))}); they were killed now",
            flush=True,
        )
        return 1
    print("no parameter-server process was left behind", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
