"""Command line: ``python -m asynclab {labs,new-lesson,normalize,execute,kernelspec,check,grade,gradescope,gpu-check} ...``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def _cmd_labs(args: argparse.Namespace) -> int:
    """Points and lesson tables from the registry, then labs/ from solutions/ (or, with --check, the drift)."""
    from asynclab.tooling import coursefiles, nbtools

    written = coursefiles.write_points(check_only=args.check) + coursefiles.write_tables(check_only=args.check)
    changed = nbtools.generate_labs(Path(args.solutions), Path(args.labs), check_only=args.check)
    if args.check:
        if written:
            print(
                f"{', '.join(p.name for p in written)} disagree with the lessons' declarations "
                "(lesson.toml, checks.py). Run `make labs`.",
                file=sys.stderr,
            )
        if changed:
            names = ", ".join(p.name for p in changed)
            print(f"labs/ has drifted from solutions/: {names}. Run `make labs`.", file=sys.stderr)
        if written or changed:
            return 1
        print("labs/ matches solutions/; points and lesson tables match the lessons' declarations.")
        return 0
    if written:
        print(f"wrote {', '.join(p.name for p in written)} from the lessons' declarations")
    print(f"wrote {len(changed)} lab(s)" + (": " + ", ".join(p.name for p in changed) if changed else ""))
    return 0


def _cmd_normalize(args: argparse.Namespace) -> int:
    from asynclab.tooling import nbtools

    for name in args.paths:
        nb = nbtools.read(name)
        nbtools.write(nbtools.normalize(nb), name)
    return 0


def _cmd_execute(args: argparse.Namespace) -> int:
    from asynclab.tooling import nbtools, prose

    for name in args.paths:
        print(f"executing {name} ...", flush=True)
        nb = nbtools.execute(name, timeout=args.timeout)
        print(prose.report(nb, name), flush=True)  # what the prose quotes that the new outputs no longer show
    return 0


def _cmd_prose(args: argparse.Namespace) -> int:
    from asynclab.tooling import nbtools, prose

    for name in args.paths:
        print(prose.report(nbtools.read(name), name))  # a notebook that cannot be read: one sentence (main)
    return 0


def _cmd_grade(args: argparse.Namespace) -> int:
    from asynclab.grading.cli import run as grade_run

    return grade_run(args)


def _cmd_check(args: argparse.Namespace) -> int:
    from asynclab.grading.selfcheck import run as check_run

    return check_run(args)


def _cmd_new_lesson(args: argparse.Namespace) -> int:
    from asynclab.tooling import scaffold

    try:
        written = scaffold.new_lesson(args.number, args.slug, args.title)
    except scaffold.ScaffoldError as error:
        print(f"new-lesson: {error}", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path}")
    print(f"lesson {args.number} is ready; docs/authoring.md says what to do next.")
    return 0


def _cmd_kernelspec(args: argparse.Namespace) -> int:
    from asynclab.tooling import kernel

    prefix = args.prefix if args.prefix is not None else (None if args.user else sys.prefix)
    where = kernel.install(user=args.user, prefix=prefix)
    print(f"installed the kernel {kernel.KERNEL_NAME!r} ({kernel.DISPLAY_NAME}) in {where}")
    return 0


def _cmd_gpu_check(args: argparse.Namespace) -> int:
    from asynclab.tooling import gpucheck

    return gpucheck.main(device=args.device, names=tuple(args.check or ()), save=args.save, reference=args.reference)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m asynclab", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("labs", help="write labs/ from solutions/ (or --check for drift)")
    p.add_argument("--solutions", default="solutions")
    p.add_argument("--labs", default="labs")
    p.add_argument("--check", action="store_true", help="write nothing; exit 1 if labs/ would change")
    p.set_defaults(func=_cmd_labs)

    p = sub.add_parser("new-lesson", help="make a new lesson: its home, notebooks, lab, check and answers")
    p.add_argument("number", help="two digits, e.g. 11")
    p.add_argument("slug", help="lower-case name, e.g. mixed_precision")
    p.add_argument("--title", required=True, help="the lesson's title")
    p.set_defaults(func=_cmd_new_lesson)

    p = sub.add_parser("normalize", help="rewrite notebooks with normalised JSON")
    p.add_argument("paths", nargs="+")
    p.set_defaults(func=_cmd_normalize)

    p = sub.add_parser("execute", help="run notebooks in a fresh kernel and store their outputs")
    p.add_argument("paths", nargs="+")
    p.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    p.set_defaults(func=_cmd_execute)

    p = sub.add_parser("prose", help="list the figures a notebook's prose quotes that none of its stored outputs shows")
    p.add_argument("paths", nargs="+")
    p.set_defaults(func=_cmd_prose)

    p = sub.add_parser(
        "kernelspec", help="install the course's Jupyter kernel (asynclab), which runs under the compute budget"
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--sys-prefix", action="store_true", help="in this Python's environment (sys.prefix; the default)"
    )
    where.add_argument("--prefix", metavar="P", help="under P/share/jupyter/kernels")
    where.add_argument("--user", action="store_true", help="in the user's Jupyter folder")
    p.set_defaults(func=_cmd_kernelspec)

    p = sub.add_parser("gpu-check", help="run the course's GPU checks with PyTorch on a CUDA device")
    p.add_argument(
        "--device",
        default="cuda",
        help="cuda (default), cuda:N, or cpu: the same probes on the CPU, where PyTorch "
        "runs each operator before returning, so the queue check fails there",
    )
    p.add_argument("--check", action="append", metavar="NAME", help="run only this check (repeatable)")
    p.add_argument("--save", metavar="FILE", help="also write the verdicts, figures and the machine to FILE (JSON)")
    p.add_argument(
        "--reference",
        metavar="FILE",
        help="also measure the lessons' GPU functions and write every reference figure the lessons show, "
        "with where each comes from, to FILE (CUDA only; asynclab/data/gpu_reference.json is such a file)",
    )
    p.set_defaults(func=_cmd_gpu_check)

    try:
        from asynclab.grading.cli import add_arguments
    except ImportError:
        add_arguments = None
    if add_arguments is not None:
        p = sub.add_parser("grade", help="grade a folder of lab submissions")
        add_arguments(p)
        p.set_defaults(func=_cmd_grade)
        from asynclab.grading import selfcheck

        p = sub.add_parser("check", help="grade your own lab notebook exactly as the instructor's grader will")
        selfcheck.add_arguments(p)
        p.set_defaults(func=_cmd_check)
        from asynclab.grading import gradescope

        p = sub.add_parser("gradescope", help="write a lab's Gradescope autograder (a zip)")
        gradescope.add_build_arguments(p)
        p.set_defaults(func=gradescope.run_build)
        p = sub.add_parser("gradescope-run", help="(inside Gradescope) grade one submission into results.json")
        gradescope.add_run_arguments(p)
        p.set_defaults(func=gradescope.run_grade)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except Exception as error:  # one clear sentence, not a traceback wall
        from asynclab.tooling.nbtools import NotebookError

        if isinstance(error, NotebookError):
            print(f"error: {error}", file=sys.stderr)
            return 2
        raise


if __name__ == "__main__":
    sys.exit(main())
