"""Check declarations and the one runner that turns them into verdicts.

A lab's check is one object, declared once with :func:`check` on the
function that measures it::

    @check("overlaps-the-read", points=2, functions=("product_and_batch",),
           relations=(AtMost("share", num="student", den="sequential", threshold=0.75),),
           sentence="product_and_batch took {share:.2f}x as long as the product, then the read (needs <= 0.75x)",
           threshold="<= 0.75x")
    def check_overlaps_the_read(self, product_and_batch):
        ...                                   # make work, write the probes
        return self.run({"sequential": sequential, "student": student})

The result, ``check_overlaps_the_read``, is a :class:`Check`: its name (the
check cell's ``grade_id`` without ``check-``), its points, the relationships
it measures (:mod:`asynclab.checks.relations`), its protocol and the sentence
its verdict line reads, and the code. The check cell calls it with the
student's functions, ``lab01.check_overlaps_the_read(product_and_batch)``: every
argument named in ``functions`` must be a function (one FAIL sentence
otherwise), a :class:`Rejected` raised by the code becomes the FAIL
sentence, and the code receives the check itself as ``self``. The code
writes *probes*: functions that call the student's code on work the check
makes and return what they measured. :meth:`Check.run` then

1. calls every probe ``warmup`` times uncounted, then in interleaved rounds
   (A B, B A, ...) so that drifts of a noisy machine hit every probe alike;
2. after ``min_rounds`` stops as soon as every relationship is a sure pass
   or one is a sure fail (judged on quartiles), or the budget is spent;
3. decides on medians, and shows one line such as
   ``PASS [overlaps-the-read] product_and_batch took 0.55x as long as the product, then the read (needs <= 0.75x)``.

A probe returns one number or a mapping of numbers; a mapping ``{"issue": a,
"call": b}`` returned by probe ``student`` becomes the series
``student.issue`` and ``student.call``. A probe that finds the student's
code misused what it was handed raises :class:`Rejected` with the sentence
to show; any other exception becomes "calling <blame> failed: ...".

Every result is published as a machine-readable copy (MIME type
:data:`MIME_TYPE`) that the grader reads. A failing check raises
:class:`CheckFailed`, which IPython shows as its one line, without a
traceback.

A check that cannot keep its verdicts on fewer CPUs than it declares
(``cpus=2``: the front end and the back end must run at once; measured in
``bench/reports/one_core.md``) is not run where the process may use fewer
(:func:`available_cpus`): it publishes an *inconclusive* result, one line
such as ``INCONCLUSIVE [async-beats-sync] needs 2 CPUs and this process may
use 1, so it was not run ...``, and raises nothing. Its points are withheld,
neither given nor lost; the grader shows the outcome as such. Setting
:data:`MEASURE_ANYWAY_VARIABLE` to ``1`` runs it anyway (the robustness
bench's ``--cpus 1`` does, to measure what one CPU does to it); the grader
still withholds the verdict of such a run.
"""

from __future__ import annotations

import inspect
import math
import os
import re
import sys
import sysconfig
import types
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from asynclab.checks.relations import Band, Relation, decide
from asynclab.foundation.timing import quartiles, run_interleaved

MIME_TYPE = "application/vnd.asynclab.check+json"
_DOTTED_COURSE_NAME = re.compile(r"^asynclab(?:\.[A-Za-z_][A-Za-z0-9_]*)+$")

# Set by the grader right before a check cell runs; copied into every
# published result so that results printed by anything else do not count.
_GRADER_TOKEN: str | None = None

Probe = Callable[[], Any]
Samples = Mapping[str, Sequence[float]]

#: Set to "1" to run a check on fewer CPUs than it needs (to measure what that does); see the module's text.
MEASURE_ANYWAY_VARIABLE = "ASYNCLAB_MEASURE_ON_FEWER_CPUS"

# The checks being run, innermost last: a result published while one runs carries its CPU count.
_RUNNING: list[Check] = []

# What each check last said in this process, by check name: (the student's functions it judged, "pass",
# "fail" or "inconclusive", the CPUs it needs). A check that ``requires`` another reads it (:meth:`Check.__call__`).
_VERDICTS: dict[str, tuple[tuple[Any, ...], str, int]] = {}


def available_cpus() -> int:
    """How many CPUs this process may run on: its affinity where the OS has one, else the machine's count."""
    if hasattr(os, "sched_getaffinity"):
        try:
            return max(1, len(os.sched_getaffinity(0)))
        except OSError:  # pragma: no cover - affinity unreadable
            pass
    return max(1, os.cpu_count() or 1)


def _same(a: Any, b: Any) -> bool:
    """Whether two of the student's functions are one (a bound method is made anew at each access)."""
    if a is b:
        return True
    try:
        return inspect.ismethod(a) and inspect.ismethod(b) and a.__func__ is b.__func__ and a.__self__ is b.__self__
    except Exception:  # pragma: no cover - an object whose attributes raise is not the same function
        return False


def _verdict_on(name: str, judged: tuple[Any, ...]) -> tuple[str, int] | None:
    """What check ``name`` said when it last ran in this process, if it ran on functions that include every
    one of ``judged``: ("pass" or "inconclusive", its CPUs); None after a fail, on other functions, or never."""
    if name not in _VERDICTS:
        return None
    functions, said, cpus = _VERDICTS[name]
    if said == "fail" or not all(any(_same(f, g) for g in functions) for f in judged):
        return None
    return said, cpus


def _course_files() -> set[str]:
    """The source files of the course's modules loaded in this process, and the folders of Python's own
    library and installed packages: the code that may stand between a check and its oracle."""
    files = {
        getattr(module, "__file__", None)
        for name, module in list(sys.modules.items())
        if name == "asynclab" or name.startswith("asynclab.")
    }
    return {f for f in files if f}


def _library_folders() -> tuple[str, ...]:
    import sysconfig

    paths = sysconfig.get_paths()
    return tuple({os.path.join(paths[key], "") for key in ("stdlib", "platstdlib", "purelib", "platlib")})


def _called_by_check(frame: Any, codes: set[Any]) -> bool:
    """Whether ``frame``'s callers reach the code of one of the checks through the course's own code only (or
    the file that declares the check).

    A frame of the answer's code (a function of the notebook's, or one it built) between the two means the
    answer asked, not the check: an oracle handed to the answer's function through the check's objects
    (``inspect.getmodule(fn)._truth(fn)``) refuses as it does outside the check.
    """
    course, library = None, None
    while frame is not None:
        if frame.f_code in codes:
            return True
        if course is None:
            course, library = _course_files() | {code.co_filename for code in codes}, _library_folders()
        name = frame.f_code.co_filename
        if name not in course and not name.startswith(library):
            return False
        frame = frame.f_back
    return False


def checking(*checks: Check) -> bool:
    """Whether one of ``checks`` is running in this thread and called the caller: the code it was declared with
    is on the call stack, with nothing but the course's own code (and Python's library) between the two.

    A check's own measurement of the answer (an oracle) refuses to run unless
    its check called it. The call stack is asked rather than a flag or a counter
    the check would set, which the answer's cell could set as well; and an oracle
    the answer's function reaches while the check runs it is refused too.
    """
    codes = {c.code.__code__ for c in checks if c.code is not None}
    return _called_by_check(sys._getframe(2), codes)


class _GuardedModule(types.ModuleType):
    """A module of the course that refuses to have its names set or deleted from outside while a check runs:
    an answer the check calls cannot swap what the check calls after it (its oracle, its clock, the work it
    hands over) and put it back before the check looks. The module's own code (``global`` names) is not
    affected."""

    def __setattr__(self, name: str, value: Any) -> None:
        if _RUNNING:
            raise AttributeError(f"{self.__name__} is the course's own module: no answer may change it")
        super().__setattr__(name, value)

    def __delattr__(self, name: str) -> None:
        if _RUNNING:
            raise AttributeError(f"{self.__name__} is the course's own module: no answer may change it")
        super().__delattr__(name)


def _guard_course_modules() -> None:
    """Make every module of the course loaded in this process a :class:`_GuardedModule`."""
    for name, module in list(sys.modules.items()):
        if (name == "asynclab" or name.startswith("asynclab.")) and type(module) is types.ModuleType:
            module.__class__ = _GuardedModule


ORACLE_REFUSED = "this is the check's own measurement, not an answer key: predict, then run the check"


def refuse_unless_checking(*checks: Check, message: str = ORACLE_REFUSED) -> None:
    """Raise RuntimeError(``message``) unless one of ``checks`` called the function that calls this
    (:func:`checking`)."""
    codes = {c.code.__code__ for c in checks if c.code is not None}
    if not _called_by_check(sys._getframe(2), codes):
        raise RuntimeError(message)


def refuse_outside_child(message: str = ORACLE_REFUSED) -> None:
    """Raise RuntimeError(``message``) unless this process is a fresh child of
    :func:`asynclab.foundation.backends.fresh.run_program`: the half of a check's measurement that runs
    there, started by a half that refuses unless its check is running (:func:`refuse_unless_checking`)."""
    from asynclab.foundation.backends.fresh import in_child

    if not in_child():
        raise RuntimeError(message)


def measure_anyway() -> bool:
    """Whether checks run even where fewer CPUs are available than they need (:data:`MEASURE_ANYWAY_VARIABLE`)."""
    return os.environ.get(MEASURE_ANYWAY_VARIABLE, "") == "1"


def requirement_undecided_sentence(required: str, cpus: int) -> str:
    """The one sentence of a check held inconclusive because check ``required``, which it requires to have
    passed, could not decide for want of CPUs (it needs ``cpus``)."""
    return (
        f"check {required} could not decide here (it needs {cpus} CPUs), and this check counts only once "
        "that one has passed: its points are withheld, not lost"
    )


def needs_cpus_sentence(needed: int, available: int, where: str = "this process", verdict: str = "") -> str:
    """The one sentence of an inconclusive outcome; ``verdict``: what the check said where it ran anyway."""
    if verdict:
        what = f"so its verdict ({verdict}) does not count: on fewer CPUs it would not mean what it says"
    else:
        what = "so it was not run: on fewer CPUs its verdict would not mean what it says"
    return (
        f"needs {needed} CPUs and {where} may use {available}, {what}; "
        f"its points are withheld, not lost, until it runs on {needed} CPUs"
    )


@dataclass(frozen=True)
class Protocol:
    """How many rounds a check may spend. ``budget_s`` is wall seconds.

    ``attempts``: how many times a measured check may measure when its verdict is a fail; the last
    measurement is judged. A second attempt is for a relationship that a burst of load heavier than
    one busy core can erase for a while (a right answer then reads like a wrong one); a wrong answer
    fails every attempt, at the cost of measuring it again.
    """

    warmup: int = 1
    min_rounds: int = 5
    max_rounds: int = 25
    budget_s: float = 30.0
    attempts: int = 1

    def __post_init__(self) -> None:
        if self.warmup < 0:
            raise ValueError(f"warmup cannot be negative, got {self.warmup}.")
        if self.min_rounds < 1 or self.max_rounds < self.min_rounds:
            raise ValueError("need 1 <= min_rounds <= max_rounds.")
        if self.budget_s <= 0:
            raise ValueError(f"budget_s must be positive, got {self.budget_s}.")
        if self.attempts < 1:
            raise ValueError(f"attempts must be at least 1, got {self.attempts}.")


DEFAULT_PROTOCOL = Protocol()


@dataclass
class CheckResult:
    """The outcome of one check: what the grader scores and the student reads."""

    name: str
    points: float
    passed: bool
    message: str
    figures: dict[str, float] = field(default_factory=dict)
    threshold: str = ""
    # How far the decisive figure sits from its threshold, as a factor:
    # above 1 on the passing side, below 1 on the failing side (None: not a measurement).
    margin: float | None = None
    # CPUs the check needs, and whether it was not run because fewer were available (then never passed)
    cpus: int = 1
    inconclusive: bool = False
    cpus_available: int | None = None

    @property
    def score(self) -> float:
        return self.points if self.passed else 0.0

    @property
    def outcome(self) -> str:
        """``PASS``, ``FAIL`` or ``INCONCLUSIVE``."""
        return "INCONCLUSIVE" if self.inconclusive else ("PASS" if self.passed else "FAIL")

    def verdict(self) -> str:
        return f"{self.outcome} [{self.name}] {self.message}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, as published for the grader."""
        figures = {
            k: (v if isinstance(v, (int, float)) and math.isfinite(v) else None) for k, v in self.figures.items()
        }
        return {
            "name": self.name,
            "points": self.points,
            "passed": self.passed,
            "score": self.score,
            "message": self.message,
            "threshold": self.threshold,
            "margin": self.margin if self.margin is None or math.isfinite(self.margin) else None,
            "figures": figures,
            "cpus": self.cpus,
            "inconclusive": self.inconclusive,
            "cpus_available": self.cpus_available,
            "token": _GRADER_TOKEN,
        }

    def __repr__(self) -> str:
        return self.verdict()

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(self.verdict())


class CheckFailed(AssertionError):
    """A check did not hold. IPython shows only the verdict sentence."""

    def __init__(self, result: CheckResult) -> None:
        super().__init__(result.verdict())
        self.result = result

    def _render_traceback_(self) -> list[str]:
        return [self.result.verdict()]


class Rejected(Exception):
    """Raised by a probe: the student's code ran but did not do what the exercise asks.

    Its text is the whole FAIL sentence.
    """


class Unusable(Rejected):
    """Raised by a probe: what the student's function returned cannot be used (not a number, a dict without
    the keys asked for). The FAIL sentence is ``calling <the function> failed: <its text>``."""


class ProbeError(Exception):
    """A probe failed; ``label`` names the probe, ``error`` is what it raised."""

    def __init__(self, label: str, error: BaseException) -> None:
        super().__init__(label)
        self.label, self.error = label, error


def _publish(result: CheckResult) -> None:
    """Send the machine-readable result to the notebook (no-op outside IPython)."""
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:  # pragma: no cover - IPython ships with the course
        return
    if get_ipython() is None:
        return
    display({MIME_TYPE: result.to_dict()}, raw=True)


def finish(result: CheckResult) -> CheckResult:
    """Publish ``result``; raise :class:`CheckFailed` unless it passed or was inconclusive.

    A result made while a check runs carries that check's CPU count, however it was made.
    """
    running = _RUNNING[-1] if _RUNNING else None
    if running is not None and running.name == result.name:
        result.cpus = max(result.cpus, running.cpus)
    _publish(result)
    if not result.passed and not result.inconclusive:
        raise CheckFailed(result)
    return result


def _number(value: Any) -> float:
    if isinstance(value, bool):
        raise Unusable("it returned a bool, not a number")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise Unusable(f"it returned {type(value).__name__}, not a number") from None
    if not math.isfinite(number):
        raise Unusable(f"it returned {number}")
    return number


#: where code that is not an answer's lives: the course's package, the standard library, the installed libraries
_NOT_ANSWERS = tuple(
    sorted(
        {
            os.path.realpath(path) + os.sep
            for path in (
                os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                *(sysconfig.get_paths()[key] for key in ("stdlib", "platstdlib", "purelib", "platlib")),
            )
        }
    )
)


def _answer_code(filename: str) -> bool:
    """Whether a frame's file is an answer's: a notebook cell, a student's own module (anything outside the
    course's package and the installed Python, its libraries included)."""
    if filename.startswith("<frozen") or filename.startswith("<__array_function__"):
        return False
    if filename.startswith("<"):
        return True  # a cell (ipykernel's or the catalogue's), a string compiled by the answer
    return not os.path.realpath(filename).startswith(_NOT_ANSWERS)


def raised_in_answer(error: BaseException) -> bool:
    """Whether ``error``, or an exception it was raised from or while handling, passed through the answer's
    code on its way up (:func:`_answer_code`); False when only the check's code and libraries ran where it was
    raised: the check met something of the answer's it does not handle, or has a fault of its own."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        tb = error.__traceback__
        while tb is not None:
            if _answer_code(tb.tb_frame.f_code.co_filename):
                return True
            tb = tb.tb_next
        error = error.__cause__ or error.__context__
    return False


#: words a failure carries when the exception was raised where no code of the answer ran (stable: tests read them)
RAISED_IN_CHECK = "raised in the check's own code"


def _failure(lead: str, who: str, error: BaseException) -> str:
    """The FAIL sentence, starting with ``lead``, for ``error`` raised while the check called ``who`` (the
    answer's function)."""
    detail = (
        f": {error}"
        if str(error)
        else (" (the exercise is not done yet)" if isinstance(error, NotImplementedError) else "")
    )
    where = (
        ""  # a timeout: a wait on the answer's work, which never ended
        if raised_in_answer(error) or isinstance(error, TimeoutError)
        else f" ({RAISED_IN_CHECK}, on what {who} returned or changed: check that it returns what the step asks)"
    )
    return f"{lead}{type(error).__name__}{detail}{where}"


def _checked(label: str, probe: Probe) -> Callable[[], dict[str, float]]:
    """``probe`` wrapped: its figures as ``{series: value}``, any failure as :class:`ProbeError`."""

    def call() -> dict[str, float]:
        try:
            value = probe()
            if isinstance(value, Mapping):
                return {f"{label}.{key}": _number(v) for key, v in value.items()}
            return {label: _number(value)}
        except ProbeError:
            raise
        except Exception as error:  # the student's code failed; say so plainly
            raise ProbeError(label, error) from error

    return call


def median(values: Sequence[float]) -> float:
    """The median, as :func:`asynclab.foundation.timing.quartiles` computes it."""
    return quartiles(values)[1]


_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def in_words(count: int) -> str:
    """``count`` as a sentence writes it: a word up to ten ("five"), digits above (a check's, a figure's title)."""
    return _COUNT_WORDS[count] if 0 <= count < len(_COUNT_WORDS) else f"{count:,}"


@dataclass(frozen=True)
class Outcome:
    """What the runner found: the series, each relationship's band, rounds and seconds spent."""

    samples: dict[str, list[float]]
    bands: dict[str, Band]
    rounds: int
    seconds: float

    def median(self, series: str) -> float:
        return median(self.samples[series])

    @property
    def values(self) -> dict[str, float]:
        """Each relationship's value and each series' median, by name (for sentences)."""
        found = {name: self.median(name) for name in self.samples if self.samples[name]}
        found.update({name: band.value for name, band in self.bands.items()})
        return found


Sentence = "str | Callable[[Outcome], str]"


@dataclass(frozen=True)
class Check:
    """One graded check, declared once.

    ``relations`` decide the verdict (all must hold). ``sentence`` is the
    verdict's text: a format string over :attr:`Outcome.values` or a function
    of the :class:`Outcome`; a relation's own ``explain`` replaces it when
    that relation is the first that fails. ``blame`` maps probe labels to
    the name of the student's function shown when a probe fails
    (default: ``calls``). ``figures`` adds figures for the grader and the
    robustness report. ``cpus`` is how many CPUs the check needs to keep
    its verdicts (1 unless measured otherwise, ``bench/reports/one_core.md``):
    where fewer are available it is not run and comes back inconclusive.

    The grader scores 0 an answer that copies the course's own code
    (:mod:`asynclab.grading.copies`), judged on the arguments named in
    ``functions``. ``allows`` names the course's functions, classes or
    modules (dotted, ``"asynclab.foundation.workloads.chunked.read_chunks"``)
    the step's text gives the student as helpers; ``idioms`` names the course's
    functions (dotted) whose code is a common idiom of the step's job that a
    student writes without having seen it (merging overlapping intervals):
    an answer may contain their code, never call them; ``transcribes`` says why the
    step is today a transcription of the lesson (its right answer re-types the
    lesson's code), which skips the re-typed verdict for this check only.
    ``measured_by`` names the modules or classes (the course's or any
    package's, dotted) that run or time what a prediction of this check is
    about (lab 05's engines; lab 08's frameworks and clocks): a prediction
    computed with one of them, or with a class built on one, measured
    instead of predicting and scores 0.
    ``instruments`` names the modules (dotted, any package: ``"mxnet.profiler"``)
    the check measures the answer's work with: an answer whose functions or
    data use one scores 0 (it could stop, pause or read the check's own
    recording).
    ``times_cpu`` is False for a check whose verdict rests on no duration of
    computation on the CPU (counts, values, the order of events, memory, or
    sleeps the check sets): ``make test`` runs its catalogue answers beside
    the timing tests (``tools/test_lanes.py``).

    ``requires`` names checks of the same lab, run before this one, that must
    have passed on the same student functions for this one to count (lab 09:
    a serial loop keeps its memory bounded by construction, so a bounded peak
    says something only of a loop that overlaps). Where one has not passed,
    this check is not run and fails with a sentence that names it; where one
    could not decide for want of CPUs, this one is inconclusive too. Under
    the grader, whose check cells each import a fresh copy of the course,
    the check runs and the grader applies the same rule to its own record
    of the verdicts (:mod:`asynclab.grading.runner`), whatever the kernel
    remembers.
    """

    name: str
    points: float
    relations: tuple[Relation, ...] = ()
    sentence: Any = ""
    threshold: str = ""
    protocol: Protocol = DEFAULT_PROTOCOL
    calls: str = "your code"
    blame: Mapping[str, str] = field(default_factory=dict)
    figures: Callable[[Outcome], Mapping[str, float]] | None = None
    functions: tuple[str, ...] = ()
    cpus: int = 1
    allows: tuple[str, ...] = ()
    idioms: tuple[str, ...] = ()
    measured_by: tuple[str, ...] = ()
    instruments: tuple[str, ...] = ()
    transcribes: str = ""
    times_cpu: bool = True
    requires: tuple[str, ...] = ()
    code: Callable[..., CheckResult] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise TypeError("a check needs a non-empty string name.")
        if isinstance(self.points, bool) or not isinstance(self.points, (int, float)) or self.points < 0:
            raise ValueError(f"points must be a non-negative number, got {self.points!r}.")
        if isinstance(self.cpus, bool) or not isinstance(self.cpus, int) or self.cpus < 1:
            raise ValueError(f"check {self.name}: cpus must be a whole number of at least 1, got {self.cpus!r}.")
        for field_name in ("allows", "idioms"):
            names = getattr(self, field_name)
            if not isinstance(names, tuple) or not all(
                isinstance(a, str) and _DOTTED_COURSE_NAME.match(a) for a in names
            ):
                raise ValueError(
                    f"check {self.name}: {field_name} must be a tuple of dotted course names such as "
                    f"'asynclab.foundation.plots.timeline', got {names!r}."
                )
        for field_name in ("measured_by", "instruments"):
            names = getattr(self, field_name)
            if not isinstance(names, tuple) or not all(
                isinstance(a, str) and re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", a) for a in names
            ):
                raise ValueError(
                    f"check {self.name}: {field_name} must be a tuple of dotted module names such as "
                    f"'mxnet.profiler', got {names!r}."
                )
        if not isinstance(self.times_cpu, bool):
            raise TypeError(f"check {self.name}: times_cpu must be True or False, got {self.times_cpu!r}.")
        if not isinstance(self.transcribes, str):
            raise TypeError(f"check {self.name}: transcribes must be a sentence (str), got {self.transcribes!r}.")
        if (
            not isinstance(self.requires, tuple)
            or not all(isinstance(r, str) and r for r in self.requires)
            or self.name in self.requires
        ):
            raise ValueError(
                f"check {self.name}: requires must be a tuple of other checks' names, got {self.requires!r}."
            )
        names = [r.name for r in self.relations]
        if len(set(names)) != len(names):
            raise ValueError(f"check {self.name}: relation names must be unique, got {names}.")
        if self.code is not None:
            parameters = list(inspect.signature(self.code).parameters)
            unknown = [name for name in self.functions if name not in parameters[1:]]
            if not parameters or unknown:
                raise TypeError(
                    f"check {self.name}: its code takes the check first, then the student's "
                    f"arguments; {unknown or 'no parameter'} is not among them."
                )

    # ------------------------------------------------------------ the check cell's call

    def __call__(self, *args: Any, **kwargs: Any) -> CheckResult:
        """Run the check on the student's arguments (what a check cell calls)."""
        if self.code is None:
            raise TypeError(f"check {self.name} declares no code to run.")
        bound = inspect.signature(self.code).bind(self, *args, **kwargs)
        available = available_cpus()
        if available < self.cpus and not measure_anyway():
            judged = tuple(bound.arguments.get(name) for name in self.functions)
            _VERDICTS[self.name] = (judged, "inconclusive", self.cpus)
            return self.inconclusive(available)
        for name in self.functions:
            value = bound.arguments.get(name)
            if not callable(value):
                return self.fail(f"{name} must be a function, not {type(value).__name__}")
        judged = tuple(bound.arguments[name] for name in self.functions)
        # under the grader each check cell imports a fresh copy of the course, which remembers no verdict: the
        # grader holds the check to what it requires from its own record (scoring.apply_requirements)
        for required in self.requires if _GRADER_TOKEN is None else ():
            said = _verdict_on(required, judged)
            if said is None:
                return self.fail(
                    f"this check counts only once check {required} has passed on the same "
                    f"{', '.join(self.functions) or 'answer'} (its last run in this kernel), and it has not"
                )
            if said[0] == "inconclusive":
                return self.inconclusive(available_cpus(), said[1], requirement_undecided_sentence(required, said[1]))
        said = "fail"
        _guard_course_modules()
        _RUNNING.append(self)
        try:
            try:
                result = self.code(self, *args, **kwargs)
            except Rejected as error:
                return self.fail(str(error))
            if isinstance(result, CheckResult) and (result.passed or result.inconclusive):
                said = "inconclusive" if result.inconclusive else "pass"
            return result
        finally:
            _RUNNING.remove(self)
            _VERDICTS[self.name] = (judged, said, self.cpus)

    def in_fresh_process(
        self,
        program: str,
        *,
        payload: Any = None,
        timeout: float,
        what: str,
        env: Mapping[str, str] | None = None,
        explain: Callable[[Exception], str] = str,
    ) -> Any:
        """Call ``program`` ("package.module:function") in a fresh process; its result.

        A program that fails, runs past ``timeout`` seconds or gives no result
        raises :class:`Rejected` with ``explain(error)``: the check's FAIL sentence.
        """
        from asynclab.foundation.backends.fresh import FreshProcessError, run_program

        try:
            return run_program(program, payload=payload, env=env, timeout=timeout, what=what).result
        except FreshProcessError as error:
            raise Rejected(explain(error)) from None

    # ------------------------------------------------------------ results

    def inconclusive(self, available: int, cpus: int | None = None, sentence: str = "") -> CheckResult:
        """Publish the result of a check not run for want of CPUs: neither a pass nor a fail (raises nothing).

        ``cpus``: the CPUs it needs (its own unless a check it requires needs more); ``sentence``: why, where
        it is not :func:`needs_cpus_sentence`.
        """
        cpus = self.cpus if cpus is None else cpus
        return finish(
            CheckResult(
                self.name,
                self.points,
                False,
                sentence or needs_cpus_sentence(cpus, available),
                {"cpus": cpus, "cpus_available": available},
                self.threshold,
                cpus=cpus,
                inconclusive=True,
                cpus_available=available,
            )
        )

    def fail(self, message: str, figures: Mapping[str, float] | None = None) -> CheckResult:
        """Publish and raise a failing result with ``message``."""
        return finish(
            CheckResult(
                self.name,
                self.points,
                False,
                message,
                dict(figures or {}),
                self.threshold,
                margin=0.0 if self.relations else None,
                cpus=self.cpus,
            )
        )

    def _probe_failed(self, err: ProbeError) -> CheckResult:
        error = err.error
        who = self.blame.get(err.label, self.calls)
        if isinstance(error, Unusable):
            return self.fail(f"calling {who} failed: {error}")
        if isinstance(error, Rejected):
            return self.fail(str(error))
        return self.fail(_failure(f"calling {who} failed: ", who, error))

    def bands(self, samples: Samples) -> dict[str, Band]:
        return {r.name: r.band(samples) for r in self.relations}

    def measure(self, probes: Mapping[str, Probe]) -> Outcome:
        """Run the probes under the protocol; :class:`ProbeError` when one fails."""
        for label, probe in probes.items():
            if not callable(probe):
                raise TypeError(f"the probe for {label!r} must be callable, got {type(probe).__name__}.")
        series: dict[str, list[float]] = {}
        wrapped = {label: _checked(label, probe) for label, probe in probes.items()}
        warm = {label: 0 for label in probes}

        def collecting(label: str) -> Callable[[], None]:
            def call() -> None:
                figures = wrapped[label]()
                if warm[label] < self.protocol.warmup:
                    warm[label] += 1
                    return
                for key, value in figures.items():
                    series.setdefault(key, []).append(value)

            return call

        def settled(_: object) -> bool:
            return decide(*self.bands(series).values())[1]

        p = self.protocol
        run = run_interleaved(
            {label: collecting(label) for label in probes},
            warmup=p.warmup,
            min_rounds=p.min_rounds,
            max_rounds=p.max_rounds,
            budget_s=p.budget_s,
            settled=settled,
        )
        return Outcome(series, self.bands(series), run.rounds, run.seconds)

    def judge(self, outcome: Outcome) -> CheckResult:
        """The verdict on an outcome: publish it, and raise :class:`CheckFailed` unless it passed."""
        bands = outcome.bands
        passed = all(b.ok for b in bands.values())
        failing = next((r for r in self.relations if not bands[r.name].ok), None)
        if failing is not None and failing.explain:
            message = _render(failing.explain, outcome)
        else:
            message = _render(self.sentence, outcome)
        margins = [b.margin for b in bands.values() if b.margin is not None]
        if failing is not None and failing.explain and bands[failing.name].margin is None:
            margin: float | None = 0.0
        else:
            margin = min(margins) if margins else None
        figures: dict[str, float] = {name: b.value for name, b in bands.items()}
        figures.update({f"{name}_median": outcome.median(name) for name in outcome.samples if outcome.samples[name]})
        if self.figures is not None:
            figures.update(self.figures(outcome))
        figures.update({"rounds": outcome.rounds, "seconds": outcome.seconds})
        return finish(
            CheckResult(self.name, self.points, passed, message, figures, self.threshold, margin=margin, cpus=self.cpus)
        )

    def run(self, probes: Mapping[str, Probe]) -> CheckResult:
        """Measure with ``probes`` and judge: the one path every measured check takes.

        A failing verdict is measured again, up to the protocol's ``attempts``; the last is judged.
        """
        for _ in range(self.protocol.attempts):
            try:
                outcome = self.measure(probes)
            except ProbeError as err:
                return self._probe_failed(err)
            if all(b.ok for b in outcome.bands.values()):
                break
        return self.judge(outcome)

    def holds(
        self, condition: Callable[[], tuple[bool, str] | bool], *, repeat: int = 1, description: str = ""
    ) -> CheckResult:
        """A functional check: pass when ``condition()`` holds ``repeat`` times in a row.

        ``condition`` returns a bool or ``(bool, explanation)``; the first
        failure's explanation becomes the message.
        """
        if not callable(condition):
            raise TypeError(f"condition must be callable, got {type(condition).__name__}.")
        if repeat < 1:
            raise ValueError(f"repeat must be at least 1, got {repeat}.")
        held, reason = 0, ""
        for _ in range(repeat):
            try:
                outcome = condition()
            except Rejected as error:
                reason = str(error)
                break
            except Exception as error:
                message = _failure("the code under test raised ", self.calls or "your code", error)
                return finish(CheckResult(self.name, self.points, False, message))
            ok, why = outcome if isinstance(outcome, tuple) else (bool(outcome), "")
            if not ok:
                reason = why or "the condition did not hold"
                break
            held += 1
            reason = reason or why
        passed = held == repeat
        message = (description or reason or "holds") if passed else reason
        return finish(
            CheckResult(
                self.name,
                self.points,
                passed,
                message,
                {"held": held, "repeat": repeat},
                self.threshold or f"{repeat}/{repeat}",
            )
        )


def check(name: str, points: float, **declaration: Any) -> Callable[[Callable[..., CheckResult]], Check]:
    """Declare a check on the function that measures it: the decorated name becomes the :class:`Check`.

    ``declaration`` takes :class:`Check`'s fields (``relations``, ``sentence``,
    ``threshold``, ``protocol``, ``calls``, ``blame``, ``figures``,
    ``functions``, ``cpus``, ``allows``, ``idioms``, ``measured_by``, ``instruments``, ``transcribes``, ``times_cpu``, ``requires``). The function takes the check first, then the arguments
    the check cell passes.
    """

    def declare(code: Callable[..., CheckResult]) -> Check:
        made = Check(name, points, code=code, **declaration)
        object.__setattr__(made, "__doc__", code.__doc__)  # help(lab01.check_...) shows what it checks
        return made

    return declare


def _render(sentence: Any, outcome: Outcome) -> str:
    if callable(sentence):
        return sentence(outcome)
    return str(sentence).format(**outcome.values)


def declared(module) -> dict[str, Check]:
    """Every :class:`Check` a lab module declares, by name."""
    return {c.name: c for c in vars(module).values() if isinstance(c, Check)}
