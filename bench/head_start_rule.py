"""Does MXNet's head start follow lab 06's rule at every number of workspaces the check draws?

Lab 06's predict-head-start measures, in a fresh process started with ``MXNET_CPU_TEMP_COPY=copies``, how
many of ``cpu(0)``'s ``reps`` products are done before ``cpu(1)``'s first begins, all of ``cpu(0)``'s
issued first. The step's answer is ``max(0, reps - copies + 1)``: the products take the shared workspaces
in turn. This script runs the check's own child program at each setting, for every count from 4 to the
workspaces plus 8, each count the least of three runs as the check takes it, and lists every count where
the measurement and the rule differ. Run it quietly and with a core busy (``--busy``) after a change of
MXNet, of the settings drawn (``HEAD_FEW``, ``HEAD_MANY``) or of the product's size.

Prints one line per setting and trial; exit status 0 when every count followed the rule, 1 otherwise.

    python bench/head_start_rule.py
    python bench/head_start_rule.py --copies 9 --copies 16 --trials 2 --busy
"""

from __future__ import annotations

import argparse
import sys

from asynclab.tooling.busy import busy_cores


def rule(reps: int, copies: int) -> int:
    """Lab 06's answer: cpu(0)'s products done before cpu(1)'s first begins."""
    return max(0, reps - copies + 1)


def busy_core(enabled: bool):
    """Keep one core busy with a CPU-bound process while the block runs (:func:`asynclab.tooling.busy.busy_cores`)."""
    return busy_cores(1 if enabled else 0)


def mismatches(copies: int, counts: list[int]) -> dict[int, tuple[int, int]]:
    """``{reps: (measured, rule)}`` for every count of ``counts`` where the two differ, at ``copies``."""
    from asynclab.foundation.backends.fresh import run_program
    from asynclab.lessons.l06_automatic_parallelism import checks

    run = run_program(
        f"{checks.__name__}:_head_start_child",
        payload=[counts, 3],
        env={"MXNET_CPU_TEMP_COPY": str(copies)},
        isolated=True,
        timeout=checks.HEAD_TIMEOUT_S * 3,
        what=f"the products under MXNET_CPU_TEMP_COPY={copies}",
    )
    found = {int(k): int(v) for k, v in run.result.items()}
    return {reps: (got, rule(reps, copies)) for reps, got in found.items() if got != rule(reps, copies)}


def main(argv: list[str] | None = None) -> int:
    from asynclab.lessons.l06_automatic_parallelism import checks

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, action="append", help="workspaces (repeatable; default: all drawn)")
    parser.add_argument("--trials", type=int, default=1, help="measurements per setting (default 1)")
    parser.add_argument("--busy", action="store_true", help="keep one core busy while measuring")
    args = parser.parse_args(argv)
    settings = args.copies or [*checks.HEAD_FEW, *checks.HEAD_MANY]
    if args.trials < 1 or any(c < 1 for c in settings):
        parser.error("--trials and --copies must be at least 1")
    bad = 0
    with busy_core(args.busy):
        for copies in settings:
            counts = list(range(min(checks.HEAD_REPS[0]), copies + 9))
            for trial in range(args.trials):
                missed = mismatches(copies, counts)
                bad += len(missed)
                print(
                    f"{copies:2d} workspaces, trial {trial + 1}: counts {counts[0]}-{counts[-1]}, "
                    f"{len(missed)} off the rule {missed or ''}",
                    flush=True,
                )
    print(f"{bad} counts off the rule")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
