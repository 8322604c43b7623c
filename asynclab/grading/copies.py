"""Copied course code earns nothing: the verdict on one check's answer, read from its source.

Before a check cell runs, the grader (and so the self-check) and the in-process
catalogue test ask :meth:`Judge.verdict` about it. The judge reads the check
cell's call (``lab03.check_model_predicts(fit_line)``), finds the declared
:class:`~asynclab.checks.core.Check` by the cell's ``grade_id``, and looks at
the student's names the call passes, each with its *closure*: the statements of
the student's cells that bind it and, transitively, the student's functions,
classes and module-level names they use (the cells the lab hands out are not the
student's: a statement found in the lab as handed out is left out). A statement
that reads a name it binds (``E = [E][0]``, ``d[k] = v``) or calls a method of
one (``d.update(engine=...)``) keeps that name's earlier binding in the closure. A
statement that calls a function or class of the student's binds, so, every name it
hands it for a parameter the function's body changes and every module-level name
the body changes (stores into, or calls a changing method of such as ``update``;
through the student's functions it calls in turn: ``fill(PREDICTED)`` with ``def
fill(d): d[k] = v``, ``def fill(): G[k] = v``), with the function in the closure;
a helper that only reads what it is handed changes nothing. A name placed in a
container or stored on another name (``shelf = [d]``, ``box.seen = d``) is held
there: a store through that element (``shelf[0][k] = v``, ``box.seen[k] = v``) is a
store into it, a store into the container itself is not. A course name that
reaches a module outside the course through a course module's import
(``native.gc.get_referents``) is judged by that module's own name too
(``gc.get_referents``). Six verdicts score the check 0, with one sentence that
names what the answer used, never the right answer:

1. **reach-in**: the closure names (through an import, a name the lab binds such
   as ``lab01``, an import inside a function, or a dotted string) a module of the
   checks or the grader: ``asynclab.checks``, ``asynclab.grading``,
   ``asynclab.lessons.*.checks``, ``asynclab.lessons.*.gpu``. Data the check is
   handed (a prediction) is judged on this verdict, on the functions and
   classes of those modules it uses (their measurement is the answer): a
   constant a step names there (``lab05.SCHEDULE``) is allowed;
2. **course function**: the closure calls, aliases or subclasses a function or
   class of the course (any name under ``asynclab``, resolved through the
   notebook's imports and the course's own re-exports to where it is defined)
   that the check does not allow. Allowed are
   - the foundation's (``asynclab.foundation``) functions and classes that the lab
     as handed out imports *by their own name* (``from asynclab.foundation.timing
     import Benchmark``: the tools a setup cell gives the student); a module the
     lab imports (``from asynclab.foundation.workloads import psgd``) gives its
     functions to the lab's own cells, not to answers: ``psgd.worker_loop`` is
     lab 10's step, ``timing.fit_line`` lab 03's;
   - the dotted names the check's declaration lists in ``allows`` (a module's name
     allows everything in it), the helpers its step's text names;
   a function or class of a lesson (``asynclab.lessons.*``) is allowed only there.
   A prediction computed with a lesson's function or class (which runs what it
   predicts) scores 0 on this verdict too;
   The names a ``from <course module> import *`` brings count as that module's; a
   lesson's module that the closure loads by a string (``importlib.import_module``,
   ``__import__``) or searches with ``getattr`` and a computed name is a course
   function too, unless allowed;
3. **introspects**: the closure reads the inside of a function or a frame
   (:data:`INSIDES`: ``fn.__closure__``, ``fn.__defaults__``, a frame's
   ``f_locals``, ..., directly, by ``getattr`` with that name or by a ``match`` class pattern's keyword,
   ``case object(__closure__=cells)``) or uses the
   standard library's ways to them (:data:`INSIDE_TOOLS`, profile and trace hooks
   included): what a check hands an
   answer (lab 07's ``fn``) carries the check's own workload, which the answer
   must measure, not read. Data is judged on this verdict too;
4. **hides its names**: the closure looks names up while it runs, where the judge
   cannot read them (:data:`HIDING`: ``eval``, ``exec``, ``compile``, ``globals()``,
   ``locals()``, ``vars()``; an object's ``__dict__`` or ``__setattr__``; a module's ``__loader__``
   or ``__spec__``; ``sys.modules``;
   ``importlib.import_module`` or ``__import__`` of a name that is not a constant
   string; ``getattr``, ``setattr``, ``delattr`` or ``hasattr`` passed on as a value,
   :data:`LOOKUPS`; IPython's history, :data:`HISTORY`: ``Out[12]``, ``_12``, ``In``;
   a magic that runs code, ``%time t = f()``, as IPython writes it, ``get_ipython()...``,
   all but :data:`QUIET_MAGICS`; an import of a module installed nowhere, one the answer wrote itself,
   whose code the judge does not read):
   ``globals()["lab01"]`` or an import of ``"asynclab.lessons.l01_async_dispatch"
   + ".checks"`` would otherwise hide a reach-in, and ``Out[12]`` what an earlier
   cell computed. Data is judged on this verdict too;
5. **tampers**: the closure sets or deletes an attribute of something it
   imported, or of a name it assigned one of them (``time.perf_counter = ...``,
   ``clock = chunked.time; clock.sleep = ...``, ``setattr(psgd, ...)``): what a
   check measures runs on those modules (lab 09's device sleeps, lab 10's
   workers read a clock), so rewriting one changes the measurement, not the
   work; so is any use of a module a check measures with (:data:`MEASURING_TOOLS`:
   ``tracemalloc``), and a statement at the top level of any answer cell that
   (or in the blocks of one: if, try, with, for, while) sets or deletes an attribute
   of a module or class it imported (``nd.NDArray.asscalar = f``, ``builtins.sum = f``,
   ``sys.stdout = w``, ``type.__setattr__(C, "x", f)``), but for how the notebook
   shows things (:data:`DISPLAY_SETTINGS`), whatever the check is handed,
   functions or data (a prediction's check reads its truth with what the cell
   rewrote).
   Data is judged on this verdict too;
6. **starts processes**: the closure starts another process (:data:`PROCESS_TOOLS`:
   ``subprocess``, ``multiprocessing`` but for its thread pools and ``cpu_count``, ``os.system``, ...): what
   runs there escapes the check's instruments, so a table measured there when the answer cell runs
   passes for a prediction; and so does one that uses the interpreter's private thread module
   to start threads (:data:`THREAD_TOOLS`: ``_thread.start_new_thread``), which no ``threading`` object knows,
   so that a check counting the answer's threads beside its reference (lab 09's) misses them, or the signal
   module (:data:`SIGNAL_TOOLS`), whose handlers run on the check's own thread. Data is judged on this
   verdict too;
7. **measures**: data (a prediction) is computed with a module or class the
   check names in ``measured_by`` (lab 05's engines), by its own name or where the
   course defines it, or with a class of the answer built on one: it ran what it
   predicts. Data only;
8. **re-typed**: the answer's code contains the code of a course function,
   class or method (every module of ``asynclab/lessons/*/`` but ``answers/``,
   ``asynclab/foundation/``, ``asynclab/checks/``) or of a code cell of a lesson
   notebook (``notebooks/NN_*.ipynb``), by a similarity over normalized syntax
   trees, at or above :data:`THRESHOLD`; the helpers the check allows (as in 2.) may be
   pasted as well as used by name, and the code of the functions it declares ``idioms``
   (a common idiom of the step's job, such as merging overlapping intervals, which a
   student writes without having seen the course's) may be contained, not called. A check whose step is today a
   transcription of the lesson declares ``transcribes="why"`` and skips this
   verdict only.

The similarity: both sides are parsed and normalized (docstrings, comments,
annotations and imports gone; every local name, argument, function and class
name becomes one placeholder; a call's keyword arguments are sorted; a name imported from a module becomes that
module's dotted name, resolved through the course's re-exports, so ``nd.dot``
and ``mx.nd.dot`` agree; string constants become one placeholder). Every
statement and expression of at least :data:`MIN_NODES` nodes is a fingerprint.
A course unit's score is the share of its fingerprints found among the
answer's, once the fingerprints of the solution's own answer to the step are
left out of it (what every right answer contains says nothing of a copy);
units with fewer than :data:`MIN_FINGERPRINTS` left are too small to tell a
copy from the obvious code and are not compared. Renaming, reordering
statements and wrapping the copy in a function of one's own keep almost every
fingerprint.

The threshold was set from measurements (``docs/instructors.md``, "Copied course
code"): the best score of every solution's and catalogue answer's functions
against the corpus, and of hand-made copies (pasted, renamed and reordered,
wrapped).
"""

from __future__ import annotations

import ast
import builtins
import functools
import importlib
import inspect
import re
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from asynclab.grading.answers import code_of, names_used
from asynclab.tooling import nbtools

#: At or above this share of a course unit's fingerprints found in an answer, the answer re-types it.
THRESHOLD = 0.6
#: The smallest statement or expression that counts as a fingerprint (nodes of its normalized tree).
MIN_NODES = 6
#: Course units with fewer fingerprints are not compared (too small to tell a copy from the obvious code).
MIN_FINGERPRINTS = 8

PACKAGE = "asynclab"
LESSONS = "asynclab.lessons."
REACH_IN = re.compile(r"^asynclab\.(?:checks|grading|lessons\.[A-Za-z0-9_]+\.(?:checks|gpu))(?:\.|$)")
#: A constant naming something of the course: ``"asynclab.x.y"``, or ``"asynclab.x:y"`` as pkgutil and
#: entry points write it (read as ``asynclab.x.y``).
_DOTTED_STRING = re.compile(
    r"^asynclab(?:\.[A-Za-z_][A-Za-z0-9_]*)+(?::[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)?$"
)
_BUILTINS = frozenset(dir(builtins))
_LOCAL, _DEF, _STRING = "_v", "_f", "S"

REACHES_IN, COURSE_FUNCTION, RETYPED = "reach-in", "course function", "re-typed"
INTROSPECTS = "introspects"
HIDES = "hides its names"
TAMPERS = "tampers"
STARTS_PROCESSES = "starts processes"
MEASURES = "measures"
INSTRUMENTS = "uses the check's instrument"
#: Built-ins that set or delete an attribute of the object they are given.
SETTERS = frozenset({"setattr", "delattr"})
#: Modules a check measures with, which an answer has no use for: lab 07 reads the host memory of the
#: answer's steps with tracemalloc, whose peak an answer could reset or whose tracing it could stop.
MEASURING_TOOLS = ("tracemalloc", "unittest.mock", "mock")  # mock.patch.object(nd, "dot", f) rewrites nd.dot
#: Built-ins that look names up, or run code, while the answer runs: what they reach the judge cannot read.
HIDING = frozenset({"eval", "exec", "compile", "globals", "locals", "vars"})
#: IPython's history of inputs and outputs (``Out[12]``, ``_12``, ``_``, ``In``) and its shell: read, unbound by
#: the answer, they hand it what an earlier cell computed or wrote, which the judge cannot read.
HISTORY = re.compile(r"(Out|In|_oh|_ih|_dh|_{1,3}|_i{1,3}|_i?\d+|get_ipython)\Z")
#: Built-ins that look up or set an attribute by a name: read where they are called, hiding where passed on.
LOOKUPS = frozenset({"getattr", "setattr", "delattr", "hasattr"})
#: Attributes that reach an object's names by a string (``obj.__dict__["x"]``, ``object.__setattr__(obj, "x", v)``),
#: and a module's loader, which loads any file by its path under a name of the answer's choosing
#: (``type(plots.__loader__)("m", path).load_module()``: a course module, named by no import).
HIDING_ATTRIBUTES = frozenset({"__dict__", "__setattr__", "__getattribute__", "__builtins__", "__loader__", "__spec__"})
#: Modules or tables of the standard library that reach names by a string.
HIDING_TOOLS = (
    "sys.modules",
    "builtins",
    # what imports a module, or finds an object, by a string (``pkgutil.resolve_name("asynclab.x:y")``)
    "pkgutil",
    "pydoc",
    "runpy",
    "importlib.util",
    "importlib.machinery",
    "importlib.resources",
    "importlib._bootstrap",
    "importlib._bootstrap_external",
    "zipimport",
    # a pickle names what it rebuilds by module and name: loads(b"casynclab.x\nf\n.") imports asynclab.x
    "pickle",  # but for writing one (PICKLE_WRITES)
    "_pickle",
    "copyreg",
    "marshal",
    "shelve",
    # the interpreter's own ways to run or look up code by a name
    "code",
    "codeop",
    "pdb",
    "bdb",
    "types.FunctionType",
    "types.CodeType",
    # what evaluates an annotation's text as code (``def f(x: "__import__('asynclab...').f")``) or loads an
    # object by a "module:attribute" string (``importlib.metadata.EntryPoint(...).load()``)
    "typing.get_type_hints",
    "typing.ForwardRef",
    "typing._eval_type",
    "inspect.get_annotations",
    "annotationlib",
    "importlib.metadata",
    # the deprecated forerunner of importlib, still in Python 3.11: ``imp.load_source(name, path)`` runs a
    # course file found from a module's ``__file__``, named by no import the judge reads
    "imp",
    # a C library's functions are looked up by their names: MXNet's (``mx.base._LIB.MXSetProcessProfilerState``)
    # switches its profiler or waits around every Python function a check hooks or names
    "ctypes",
    "_ctypes",
    "mxnet.base",
)
#: Names in the modules of :data:`HIDING_TOOLS` that look nothing up: MXNet's exception, which a student imports
#: from ``mxnet.base`` to catch the error an operator raises at the next wait (lab 02).
#: What of :mod:`pickle` writes a pickle and looks nothing up: ``pickle.dumps(step())`` waits for the arrays it
#: writes, a right way to wait for results.
PICKLE_WRITES = tuple(
    f"pickle.{name}"
    for name in ("dumps", "dump", "Pickler", "HIGHEST_PROTOCOL", "DEFAULT_PROTOCOL", "PickleError", "PicklingError")
)
HIDING_EXEMPT = frozenset({"mxnet.base.MXNetError", *PICKLE_WRITES})
#: The name under which MXNet's modules keep its C library (``mxnet.ndarray.ndarray._LIB`` as well as
#: ``mxnet.base._LIB``).
C_LIBRARY = "_LIB"
#: Modules an answer may use only by their own names (``gc.get_referents(x)``, never ``g = gc`` or
#: ``f(x, lib=sys)``): handed around as a value, what is used of them hides from the judge. The course's
#: own modules are judged so too (``m = mxb; m.sync(y)`` is a use of ``mxb.sync``).
NAMED_ONLY = frozenset(
    {
        "sys",
        "gc",
        "inspect",
        "traceback",
        "importlib",
        "builtins",
        "operator",
        "ctypes",
        "threading",
        "os",
        "subprocess",
        "multiprocessing",
        "pty",
        "asyncio",
        "pkgutil",
        "pydoc",
        "runpy",
        "zipimport",
        "tracemalloc",
        "cProfile",
        "profile",
        "faulthandler",
        "pickle",
        "mxnet.base",
        "mxnet.profiler",
    }
)
#: Imports by a string: hiding when the string is computed (a constant one is read, see :data:`_DOTTED_STRING`).
_IMPORTERS = ("importlib.import_module", "importlib.__import__", "__import__")
#: Ways to start another process: what runs there escapes every check's instruments (its profile, its clock on
#: the answer's call, its guard on the oracles), so a table measured there at the answer cell's run passes for
#: a prediction (lab 06's head start). No step of the course asks an answer to start one.
PROCESS_TOOLS = (
    "subprocess",
    "multiprocessing",
    "concurrent.futures.ProcessPoolExecutor",
    "concurrent.futures.process",
    "pty",
    "asyncio.create_subprocess_exec",
    "asyncio.create_subprocess_shell",
    "os.system",
    "os.popen",
    # IPython's own ways (``getoutput``, ``system``, what ``!cmd`` runs), with the modules behind them
    "IPython.utils.process",
    "IPython.utils._process_posix",
    "IPython.utils._process_common",
    "IPython.utils._process_win32",
    "os.fork",
    "os.forkpty",
    "os.posix_spawn",
    "os.posix_spawnp",
    *(f"os.exec{tail}" for tail in ("l", "le", "lp", "lpe", "v", "ve", "vp", "vpe")),
    *(f"os.spawn{tail}" for tail in ("l", "le", "lp", "lpe", "v", "ve", "vp", "vpe")),
    # what other libraries start processes with: the C module behind subprocess, a build tool's spawn (which
    # hands its keywords to subprocess), a browser, pip
    "_posixsubprocess",
    "distutils.spawn",
    "distutils.ccompiler",
    "setuptools._distutils.spawn",
    "setuptools._distutils.ccompiler",
    "webbrowser",
    "pip",
)
#: The interpreter's private thread module: a thread it starts has no ``threading`` object, so a check that
#: counts the CPU time of the answer's threads beside its own reference (lab 09's) takes one still running at the
#: reference's end for a framework's. ``threading`` and ``concurrent.futures`` do all a step asks of threads.
THREAD_TOOLS = (
    "_thread.start_new_thread",
    "_thread.start_new",
    "_thread.start_joinable_thread",
    "threading._start_new_thread",
    "threading._start_joinable_thread",
)
#: Signal handlers and timers: a handler runs the answer's code on the check's own thread, in the middle of what
#: the check times (a timer left armed when the function returns sleeps inside the check's reference loop), where
#: no count of the answer's threads or processes sees it. No step needs a signal.
SIGNAL_TOOLS = ("signal", "_signal")
#: What :data:`PROCESS_TOOLS` hold that starts no process: thread pools, and the count of the CPUs.
STARTS_NO_PROCESS = ("multiprocessing.pool.ThreadPool", "multiprocessing.dummy", "multiprocessing.cpu_count")
#: What a function or frame keeps inside: reading these of what a check hands an answer reads the check's
#: own workload (its closure's arrays, its defaults, its frame's locals) instead of measuring it.
INSIDES = frozenset(
    {
        "__closure__",
        "__defaults__",
        "__kwdefaults__",
        "__code__",
        "__globals__",
        "__wrapped__",
        "cell_contents",
        "f_locals",
        "f_globals",
        "f_back",
        "f_code",
        "f_lineno",
        "tb_frame",
        "tb_next",
        "__traceback__",
        "gi_frame",
        "cr_frame",
        "ag_frame",
        "__self__",
        # what pickling is told about an object: a bound method's own object (the check's workload) by another way
        "__reduce__",
        "__reduce_ex__",
        "__subclasses__",  # every class loaded, the check's and the frameworks' among them, found by a walk
        "findCaller",  # logging's look at the calling frame: the check's file and function
    }
)
#: The standard library's ways to the same: a function's closure variables, the caller's frame, the objects
#: another one refers to, a hook on every call and frame.
INSIDE_TOOLS = (
    "inspect.getclosurevars",
    # a function's parameters with their defaults: what __defaults__ holds (a check's counter among them)
    "inspect.signature",
    "inspect.Signature",
    "inspect.getfullargspec",
    "inspect.getcallargs",
    # the module (or file, or text) of an object the check hands over: its oracle and helpers, by another way
    "inspect.getmodule",
    "inspect.getfile",
    "inspect.getsourcefile",
    "inspect.getsource",
    "inspect.getsourcelines",
    "inspect.currentframe",
    "inspect.stack",
    "inspect.getouterframes",
    "inspect.trace",
    "sys._getframe",
    "gc.get_referents",
    "gc.get_referrers",
    "gc.get_objects",
    "inspect.getmembers",
    "inspect.getattr_static",
    "string.Formatter",  # get_field("0.__closure__", (fn,), {}): a format string's fields read attributes
    "inspect.getargvalues",
    "traceback.walk_stack",
    "traceback.walk_tb",
    "traceback.StackSummary",
    "traceback.extract_stack",  # the calling functions' names and lines, as the frames they come from
    "traceback.format_stack",
    "traceback.print_stack",
    "sys._current_frames",  # every thread's frame: a sampler on another thread reads the line the check runs
    "cProfile",  # profile hooks, as sys.setprofile: every call the work makes, by name
    "profile",
    "faulthandler",  # dumps every thread's stack
    # hooks that see every call a function handed to the answer makes, and its frames (lab 07's fn)
    "sys.setprofile",
    "sys.settrace",
    "threading.setprofile",
    "threading.settrace",
    "threading.setprofile_all_threads",
    "threading.settrace_all_threads",
    # and the questions whether such a hook, or MXNet's record, is on: they tell a check's call from any other
    "sys.getprofile",
    "sys.gettrace",
    "threading.getprofile",
    "threading.gettrace",
    "logging.currentframe",
    "mxnet.autograd.is_recording",
    "mxnet.autograd.is_training",
)
#: Getters by a name: read when the name is a constant (``attrgetter("start")``), a way around the judge when
#: it is made at run time or the getter itself is handed on.
NAMED_GETTERS = ("operator.attrgetter", "operator.methodcaller")
STAR = "*"  # a binding table's key for ``from M import *`` is STAR + M
#: A binding table's key for the answer's statements that may bind any name by a string (``exec("f = g")``,
#: ``globals()[name] = g``): every judged name's closure holds them. One that names what it binds by constant
#: strings only (``globals()["f"] = g``) is kept under ANY_NAME + ":f" and judged with f's closure.
ANY_NAME = "*any"
#: What binds a module's names by a string.
_NAME_WRITERS = frozenset({"globals", "vars", "locals", "exec", "eval", "compile", "__builtins__"})
#: IPython's magics that run no code of the cell's and bind no name (``%matplotlib inline``, ``%pip install x``):
#: every other magic an answer's cell runs (``%time t = f()``, ``%run -i m.py``, ``%store -r t``, ``%%capture``)
#: may bind any name by a string, as ``exec`` does. Shell lines (``!cmd``) bind none.
QUIET_MAGICS = frozenset(
    {
        "matplotlib",
        "config",
        "load_ext",
        "reload_ext",
        "unload_ext",
        "autoreload",
        "aimport",
        "pip",
        "conda",
        "precision",
        "xmode",
        "pprint",
        "colors",
        "lsmagic",
        "magic",
        "pwd",
        "who",
        "whos",
        "env",
    }
)
_SHELL = frozenset({"system", "getoutput"})  # get_ipython()'s methods that run a shell line (``!cmd``)


@dataclass(frozen=True)
class Verdict:
    """Why an answer earns nothing: ``kind``, the student's name (``""`` for a change made at a cell's top level),
    the course code it used, and (re-typed) the score."""

    kind: str
    name: str
    course: str
    score: float | None = None

    @property
    def sentence(self) -> str:
        """The one sentence the student reads: what was used, never the right answer."""
        if self.kind == REACHES_IN:
            return (
                f"scored 0: `{self.name}` reaches into {self.course}, the course's checks and grader, "
                "which no answer may use"
            )
        if self.kind == COURSE_FUNCTION:
            return (
                f"scored 0: `{self.name}` uses the course's own {self.course} instead of doing the step's work itself"
            )
        if self.kind == HIDES:
            return (
                f"scored 0: `{self.name}` uses {self.course}, which looks names up while it runs and hides from "
                "the grader what the answer uses: call what you use by its own name"
            )
        if self.kind == INTROSPECTS:
            return (
                f"scored 0: `{self.name}` reads {self.course}, the inside of what the check runs, "
                "which no answer may use: measure what the check asks for instead"
            )
        if self.kind == STARTS_PROCESSES and _thread_tool(self.course):
            return (
                f"scored 0: `{self.name}` starts threads with {self.course}, from the interpreter's private thread "
                "module, which no threading object knows and the check cannot count: use threading or "
                "concurrent.futures"
            )
        if self.kind == STARTS_PROCESSES and _signal_tool(self.course):
            return (
                f"scored 0: `{self.name}` uses {self.course}: a signal's handler runs code of the answer's on the "
                "check's own thread, in the middle of what it measures, where the check cannot count it"
            )
        if self.kind == STARTS_PROCESSES:
            return (
                f"scored 0: `{self.name}` starts another process ({self.course}), where the check cannot see "
                "what runs: do the step's work in this notebook"
            )
        if self.kind == MEASURES:
            return (
                f"scored 0: `{self.name}` is computed by running {self.course}, which runs what it predicts: "
                "work the prediction out from the step's table before you run anything"
            )
        if self.kind == INSTRUMENTS:
            return (
                f"scored 0: `{self.name}` uses {self.course}, with which the check measures it: leave "
                "the measuring to the check"
            )
        if self.kind == TAMPERS and not self.name:
            return (
                f"scored 0: a cell of this notebook changes {self.course} at its top level, which changes what "
                "every check after it runs: an answer may use the modules and classes it imports, not rewrite them"
            )
        if self.kind == TAMPERS and _measuring_tool(self.course):
            return (
                f"scored 0: `{self.name}` uses {self.course}; the course's checks measure with "
                f"{_measuring_tool(self.course)}, which an answer could reset or stop: measure with something else"
            )
        if self.kind == TAMPERS:
            return (
                f"scored 0: `{self.name}` changes {self.course}, which it imported: an answer may use the "
                "modules and classes it imports, not rewrite them"
            )
        return (
            f"scored 0: `{self.name}` re-types the course's own code ({self.course}) instead of doing the step's work"
        )

    @property
    def detail(self) -> str:
        """The instructor's line: the verdict, what it found and, for a re-typed answer, the similarity."""
        score = f", similarity {self.score:.2f} (threshold {THRESHOLD:g})" if self.score is not None else ""
        who = f"`{self.name}`" if self.name else "a cell's top level"
        return f"{self.kind}: {who} and {self.course}{score}"


# ---------------------------------------------------------------- the course's own modules


@dataclass(frozen=True)
class Target:
    """What a dotted name of the course denotes: where it is defined and its kind (function, class, module, value)."""

    defined: str
    kind: str


@dataclass
class _Module:
    name: str
    path: Path
    tree: ast.Module
    kinds: dict[str, str] = field(default_factory=dict)  # top-level name -> function | class | value
    imports: dict[str, str] = field(default_factory=dict)  # top-level name -> dotted name it imports


def _imported(node: ast.Import | ast.ImportFrom, package: str = "") -> dict[str, str]:
    """The names an import statement binds, each with the dotted name it binds to."""
    bound: dict[str, str] = {}
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname:
                bound[alias.asname] = alias.name
            else:
                root = alias.name.split(".")[0]
                bound[root] = root
        return bound
    base = node.module or ""
    if node.level:
        parts = package.split(".")
        parts = parts[: len(parts) - node.level + 1] if node.level > 1 else parts
        base = ".".join(p for p in [*parts, base] if p)
    for alias in node.names:
        if alias.name != "*":
            bound[alias.asname or alias.name] = f"{base}.{alias.name}" if base else alias.name
    return bound


def _top_imports(body: Iterable[ast.stmt], package: str = "") -> dict[str, str]:
    """Imports at a module's top level, including those inside its top-level if/try blocks."""
    found: dict[str, str] = {}
    for node in body:
        for inner in _module_level(node):
            if isinstance(inner, (ast.Import, ast.ImportFrom)):
                found.update(_imported(inner, package))
    return found


#: Statements whose blocks run at module level (a definition or import in them binds a module's name).
_BLOCKS = (ast.If, ast.Try, ast.TryStar, ast.With, ast.AsyncWith, ast.For, ast.AsyncFor, ast.While, ast.Match)


def _module_level(node: ast.stmt) -> Iterable[ast.stmt]:
    """``node`` and the statements of its blocks (if, try, with, for, while, match) that still run at module
    level."""
    yield node
    if isinstance(node, _BLOCKS):
        for block in ("body", "orelse", "finalbody"):
            for inner in getattr(node, block, []):
                yield from _module_level(inner)
        for handler in getattr(node, "handlers", []):
            for inner in handler.body:
                yield from _module_level(inner)
        for case in getattr(node, "cases", []):
            for inner in case.body:
                yield from _module_level(inner)


class CourseIndex:
    """The course's modules read as text (nothing imported): what each dotted name is and where it is defined."""

    def __init__(self, package_dir: Path) -> None:
        self.package_dir = Path(package_dir)
        self.modules: dict[str, _Module] = {}
        for path in sorted(self.package_dir.rglob("*.py")):
            parts = path.relative_to(self.package_dir.parent).with_suffix("").parts
            if "__pycache__" in parts or "answers" in parts:
                continue
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            except (SyntaxError, UnicodeDecodeError):  # pragma: no cover - the course's own files parse
                continue
            package = name if parts[-1] == "__init__" else name.rpartition(".")[0]
            module = _Module(name, path, tree, imports=_top_imports(tree.body, package))
            for node in tree.body:
                for inner in _module_level(node):
                    if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        module.kinds[inner.name] = "function"
                    elif isinstance(inner, ast.ClassDef):
                        module.kinds[inner.name] = "class"
                    elif isinstance(inner, (ast.Assign, ast.AnnAssign)):
                        targets = inner.targets if isinstance(inner, ast.Assign) else [inner.target]
                        for target in targets:
                            for sub in ast.walk(target):
                                if isinstance(sub, ast.Name):
                                    module.kinds.setdefault(sub.id, "value")
            self.modules[name] = module

    def resolve(self, dotted: str, _depth: int = 0) -> Target | None:
        """What ``dotted`` (``asynclab.lessons.l03_async_speed.models.fit_line``) denotes; None outside the course."""
        if _depth > 8 or not (dotted == PACKAGE or dotted.startswith(PACKAGE + ".")):
            return None
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):
            name = ".".join(parts[:cut])
            if name not in self.modules:
                continue
            if cut == len(parts):
                return Target(name, "module")
            module, attr = self.modules[name], parts[cut]
            if attr in module.imports:
                found = self.resolve(".".join([module.imports[attr], *parts[cut + 1 :]]), _depth + 1)
                return found or Target(module.imports[attr], "value")
            if attr in module.kinds:
                return Target(f"{name}.{attr}", module.kinds[attr])
            return Target(f"{name}.{attr}", "value")
        return None

    def outside(self, dotted: str, _depth: int = 0) -> str:
        """The name outside the course that the course name ``dotted`` reaches through the imports of the
        course's modules (``asynclab.foundation.workloads.native.gc.get_referents``: ``gc.get_referents``, as
        ``native`` imports gc); "" when it stays in the course, or is no course name."""
        if _depth > 8 or not dotted.startswith(PACKAGE + "."):
            return ""
        parts = dotted.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            name = ".".join(parts[:cut])
            if name not in self.modules:
                continue
            imported = self.modules[name].imports.get(parts[cut])
            if imported is None:
                return ""
            reached = ".".join([imported, *parts[cut + 1 :]])
            return self.outside(reached, _depth + 1) if reached.startswith(PACKAGE + ".") else reached
        return ""

    def canonical(self, dotted: str) -> str:
        """``dotted`` as where it is defined, when it is a course name (for comparing code); else as it is."""
        found = self.resolve(dotted)
        if found is None or found.kind == "value":
            return dotted
        return found.defined


# ---------------------------------------------------------------- normalized trees and fingerprints


def _strip_docstring(body: list[ast.stmt]) -> list[ast.stmt]:
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant):
        if isinstance(body[0].value.value, str):
            return body[1:] or [ast.Pass()]
    return body


def _chain(node: ast.expr) -> list[str] | None:
    """``a.b.c`` as ``["a", "b", "c"]``; ``getattr(a, "b")`` as ``["a", "b"]``; None for anything else."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        inner = _chain(node.value)
        return None if inner is None else [*inner, node.attr]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) >= 2
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
    ):
        inner = _chain(node.args[0])
        return None if inner is None else [*inner, node.args[1].value]
    return None


def _stored(node: ast.AST) -> set[str]:
    """Every name a unit binds locally: arguments, assignment and loop targets, nested defs and classes."""
    names: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, (ast.Store, ast.Del)):
            names.add(sub.id)
        elif isinstance(sub, ast.arg):
            names.add(sub.arg)
        elif isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(sub.name)
        elif isinstance(sub, ast.ExceptHandler) and sub.name:
            names.add(sub.name)
    return names


def _local_imports(node: ast.AST, package: str = "") -> dict[str, str]:
    found: dict[str, str] = {}
    for sub in ast.walk(node):
        if isinstance(sub, (ast.Import, ast.ImportFrom)):
            found.update(_imported(sub, package))
    return found


_SKIPPED_FIELDS = frozenset({"ctx", "type_comment", "kind", "type_ignores", "annotation", "returns", "name"})


class _Printer:
    """Writes a unit's normalized text (see the module's text) and collects its fingerprints on the way."""

    def __init__(
        self, aliases: Mapping[str, str], local: set[str], canonical: Callable[[str], str], found: set[int]
    ) -> None:
        self.aliases, self.local, self.canonical, self.found = aliases, local, canonical, found

    def _dotted(self, node: ast.expr) -> str | None:
        chain = _chain(node) if not isinstance(node, ast.Call) else None
        if not chain or chain[0] in self.local or chain[0] not in self.aliases:
            return None
        return self.canonical(".".join([self.aliases[chain[0]], *chain[1:]]))

    def text(self, node: ast.AST, root: bool = False) -> tuple[str, int] | None:
        """The normalized text of ``node`` and its size in nodes; None for what normalizing removes."""
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            return None
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return None  # a docstring or a string used as a comment
        if isinstance(node, ast.AnnAssign):
            if node.value is None:
                return None
            node = ast.Assign([node.target], node.value)
        if isinstance(node, ast.Name):
            if node.id in self.local:
                return f"N({_LOCAL})", 1
            dotted = self._dotted(node)
            return f"N({dotted or (node.id if node.id in _BUILTINS else _LOCAL)})", 1
        if isinstance(node, ast.Attribute):
            dotted = self._dotted(node)
            if dotted is not None:
                return f"N({dotted})", 1
        if isinstance(node, ast.Constant):
            return ("C(S)" if isinstance(node.value, (str, bytes)) else f"C({node.value!r})"), 1
        parts: list[str] = []
        size = 1
        for name, value in ast.iter_fields(node):
            if name in _SKIPPED_FIELDS and not (name == "name" and isinstance(node, ast.alias)):
                continue
            if isinstance(value, list):
                texts = []
                for item in value:
                    if isinstance(item, ast.AST):
                        made = self.text(item)
                        if made is not None:
                            texts.append(made[0])
                            size += made[1]
                    else:
                        texts.append(repr(item))
                if name == "keywords":  # f(a=1, b=2) is f(b=2, a=1)
                    texts.sort()
                parts.append(f"{name}=[{','.join(texts)}]")
            elif isinstance(value, ast.AST):
                made = self.text(value)
                if made is not None:
                    parts.append(f"{name}={made[0]}")
                    size += made[1]
            elif name == "arg" and isinstance(node, ast.arg):
                parts.append(f"arg={_LOCAL}")
            elif name == "attr" or name == "op":
                parts.append(f"{name}={value!r}")
            elif value is not None and name not in ("id", "value"):
                parts.append(f"{name}={value!r}")
        text = f"{type(node).__name__}({';'.join(parts)})"
        if not root and isinstance(node, (ast.stmt, ast.expr)) and size >= MIN_NODES:
            self.found.add(hash(text))
        return text, size


def fingerprints(nodes: Sequence[ast.AST], aliases: Mapping[str, str], canonical: Callable[[str], str]) -> frozenset:
    """The fingerprints of some statements: hashes of their normalized statements and expressions of
    at least :data:`MIN_NODES` nodes (a function's or class's own definition, the unit's root, excluded)."""
    found: set[int] = set()
    for node in nodes:
        printer = _Printer({**aliases, **_local_imports(node)}, _stored(node), canonical, found)
        for root in node.body if isinstance(node, ast.Module) else [node]:
            printer.text(root, root=isinstance(root, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)))
    return frozenset(found)


@dataclass(frozen=True)
class Unit:
    """One piece of course code an answer is compared with: where it is, and its fingerprints."""

    where: str
    fingerprints: frozenset


def containment(unit: Unit, answer: frozenset) -> float:
    """The share of ``unit``'s fingerprints found in ``answer``'s."""
    if not unit.fingerprints:
        return 0.0
    return len(unit.fingerprints & answer) / len(unit.fingerprints)


def _corpus_module(name: str) -> bool:
    return (
        name.startswith("asynclab.foundation")
        or name.startswith("asynclab.checks")
        or re.match(r"^asynclab\.lessons\.l\d\d_[a-z0-9_]+\.[A-Za-z0-9_]+$", name) is not None
    )


def _module_units(index: CourseIndex) -> list[Unit]:
    units: list[Unit] = []
    for name, module in index.modules.items():
        if not _corpus_module(name):
            continue
        for node in module.tree.body:
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            units.append(Unit(f"{name}.{node.name}", fingerprints([node], module.imports, index.canonical)))
            if isinstance(node, ast.ClassDef):
                for method in node.body:
                    if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        where = f"{name}.{node.name}.{method.name}"
                        units.append(Unit(where, fingerprints([method], module.imports, index.canonical)))
    return units


def _notebook_units(notebooks: Path, index: CourseIndex) -> list[Unit]:
    units: list[Unit] = []
    for path in sorted(Path(notebooks).glob("[0-9][0-9]_*.ipynb")):
        try:
            nb = nbformat.read(path, as_version=4)
        except Exception:  # pragma: no cover - the course's notebooks read
            continue
        parsed: list[tuple[int, ast.Module]] = []
        for number, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            try:
                parsed.append((number, ast.parse(code_of(cell.source))))
            except SyntaxError:
                continue
        aliases: dict[str, str] = {}
        for _, tree in parsed:
            aliases.update(_top_imports(tree.body))
        lesson = path.name[:2]
        for number, tree in parsed:
            where = f"lesson {lesson}'s notebook, cell {number}"
            units.append(Unit(where, fingerprints([tree], aliases, index.canonical)))
            for node in tree.body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    units.append(Unit(f"{where}, {node.name}", fingerprints([node], aliases, index.canonical)))
    return units


@dataclass(frozen=True)
class Corpus:
    """The course as the judge knows it: its index and the units an answer is compared with."""

    index: CourseIndex
    units: tuple[Unit, ...]

    def best(
        self, answer: frozenset, allowed: Iterable[str] = (), common: frozenset = frozenset()
    ) -> tuple[float, str]:
        """The highest score of any comparable unit in ``answer``, and where that unit is.

        Units of the course's modules named in ``allowed`` (dotted; a name allows what it holds) are
        left out: a helper the step gives the student may be used by its name or pasted in. The
        fingerprints in ``common`` (those of the lab's own solution) are left out of every unit: what a
        right answer must contain says nothing of a copy.
        """
        allowed = tuple(allowed)
        best, size, where = 0.0, 0, ""
        for whole in self.units:
            unit = Unit(whole.where, whole.fingerprints - common) if common else whole
            if len(unit.fingerprints) < MIN_FINGERPRINTS:
                continue
            if any(unit.where == a or unit.where.startswith(a + ".") for a in allowed):
                continue
            score = containment(unit, answer)
            if (score, len(unit.fingerprints)) > (best, size) and score > 0:  # a tie names the larger unit
                best, size, where = score, len(unit.fingerprints), unit.where
        return best, where


@functools.cache
def course_corpus(package_dir: Path | None = None, notebooks: Path | None = None) -> Corpus:
    """The corpus of the course this package was loaded from (read once per process)."""
    package_dir = Path(package_dir) if package_dir is not None else Path(__file__).resolve().parents[1]
    notebooks = Path(notebooks) if notebooks is not None else package_dir.parent / "notebooks"
    index = CourseIndex(package_dir)
    units = _module_units(index) + (_notebook_units(notebooks, index) if notebooks.is_dir() else [])
    return Corpus(index, tuple(units))


# ---------------------------------------------------------------- a submission's names


@dataclass(frozen=True)
class _Binding:
    """The last thing that bound a name before the check: an import (``dotted``) or a statement."""

    dotted: str = ""  # an import, or an assignment that aliases an importable dotted name
    statement: ast.stmt | None = None
    given: bool = False  # the statement is the lab's own, as handed out
    #: the bindings this one builds on: a statement that reads a name it binds (``E = [E][0]``, ``x += y``,
    #: ``d[k] = v``) or calls a method of a name (``d.update(...)``) keeps what that name held before
    before: tuple[_Binding, ...] = ()


def _parse(source: str) -> list[ast.stmt]:
    try:
        return ast.parse(code_of(source)).body
    except SyntaxError:
        return []


def _bound_names(node: ast.stmt) -> set[str]:
    names: set[str] = set()
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        # ``def install(): global f; def f(...)``: the definition may bind f too, when it is called
        return {node.name} | {name for sub in ast.walk(node) if isinstance(sub, ast.Global) for name in sub.names}
    targets: list[ast.AST] = []
    if isinstance(node, ast.Assign):
        targets = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        targets = [node.target]
    elif isinstance(node, (ast.For, ast.AsyncFor)):
        targets = [node.target]
    elif isinstance(node, (ast.With, ast.AsyncWith)):
        targets = [item.optional_vars for item in node.items if item.optional_vars is not None]
    for target in _flat_targets(targets):
        # a name, or the object a subscript or attribute stores into (``d[k] = v`` changes d): not the names
        # read to find the place (k), nor a call's (``globals()[name] = v``)
        while isinstance(target, (ast.Subscript, ast.Attribute, ast.Starred)):
            target = target.value
        if isinstance(target, ast.Name):
            names.add(target.id)
    if isinstance(node, _BLOCKS):
        for inner in _module_level(node):
            if inner is not node:
                names |= _bound_names(inner)
    for sub in ast.walk(node):
        # ``(f := g)`` anywhere, and ``global f`` in a function it defines (``def install(): global f; ...``):
        # this statement may bind those names, and the last statement that may is the one judged
        if isinstance(sub, ast.NamedExpr) and isinstance(sub.target, ast.Name):
            names.add(sub.target.id)
        elif isinstance(sub, ast.Global):
            names |= set(sub.names)
    return names


def _bindings(sources: Sequence[str], given: set[str]) -> dict[str, _Binding]:
    """Each name's last binding in ``sources`` (code cells, in order); ``given``: the lab's own statements."""
    table: dict[str, _Binding] = {}
    # names bound to one object (``PREDICTED = seen = {}``, ``seen = PREDICTED``): what a statement stores into
    # one of them (``seen[k] = v``, ``seen.update(...)``) is stored into all
    shared: dict[str, set[str]] = {}
    # what a name's elements hold (``shelf = [PREDICTED]``, ``box.seen = PREDICTED``): what a statement stores
    # through an element (``shelf[0][k] = v``) is stored into what it holds
    holds: dict[str, list] = {}
    for source in sources:
        for node in _parse(source):
            handed_out = ast.dump(node) in given
            for inner in _module_level(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    for name, dotted in _imported(inner).items():
                        table[name] = _Binding(dotted=dotted, statement=inner, given=handed_out)
                    if isinstance(inner, ast.ImportFrom) and inner.module and any(a.name == "*" for a in inner.names):
                        # ``from M import *`` binds M's names: kept under a key no name can have
                        table[STAR + inner.module] = _Binding(dotted=inner.module, statement=inner, given=handed_out)
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            aliases: dict[str, str] = {}  # ``clock = time``, ``n, _ = nd, None``: a name for an importable one
            if isinstance(node, ast.Assign):
                for target, value in _assigned_pairs(node):
                    chain = _chain(value)
                    if chain and chain[0] in table and table[chain[0]].dotted:
                        aliases[target.id] = ".".join([table[chain[0]].dotted, *chain[1:]])
            # what a call of the answer's own function changes (``fill(PREDICTED)``): bound here, kept as it was
            changed = _changed_by_calls(node, table) if not handed_out else set()
            bound = (
                _bound_names(node)
                | changed
                | {
                    name
                    for name in _mutated_names(node)
                    if name in table and not table[name].dotted and table[name].statement is not None
                }
            )
            if not handed_out:
                # what runs here and may bind any name by a string: this statement's own code at module level,
                # or a function of the answer's that it calls and that may
                writers = [node] if _writes_names(_run_now(node), table) else []
                for sub in _run_now(node):
                    if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id in table:
                        called = table[sub.func.id].statement
                        if called is not None and _writes_names(ast.walk(called), table):
                            writers.append(called)
                for writer in writers:
                    for key in _writes_which(writer):
                        before = (table[key],) if key in table else ()
                        table[key] = _Binding(statement=writer, before=before)
            used = _statement_names(node) if bound else frozenset()
            rebound = _plain_targets(node)
            for name in bound:
                before = (table[name],) if (name in used or name in changed) and name in table else ()
                dotted = aliases.get(name, "")
                if not dotted and name not in rebound and name in table:
                    # ``nd.NDArray.asscalar = f`` changes what nd names, not which module it is: nd stays
                    # mxnet.nd, so that what is set on it is judged as set on an import
                    dotted = table[name].dotted
                table[name] = _Binding(dotted=dotted, statement=node, given=handed_out, before=before)
            for name in bound - rebound:
                for other in shared.get(name, set()) - bound:
                    before = (table[other],) if other in table else ()
                    table[other] = _Binding(statement=node, given=handed_out, before=before)
            through: set[str] = set()
            for root, key in _through_elements(node):
                for container in shared.get(root, set()) | {root}:
                    for held_key, item in holds.get(container, ()):
                        if _ANY_KEY in (key, held_key) or key == held_key:
                            through |= shared.get(item, set()) | {item}
            for other in through - bound:
                before = (table[other],) if other in table else ()
                table[other] = _Binding(statement=node, given=handed_out, before=before)
            _share(node, rebound, table, shared)
            _hold(node, rebound, table, holds)
    return table


def _share(node: ast.stmt, rebound: set[str], table: Mapping[str, _Binding], shared: dict[str, set[str]]) -> None:
    """Update ``shared`` (each name's group of names bound to one object) for ``node``: a name it binds anew
    leaves its group; the names an assignment binds to one plain object (``a = b = {}``, ``a = b``) form one."""
    for name in rebound:
        group = shared.pop(name, set())
        group.discard(name)
        for other in group:
            shared[other] = group
    for inner in _module_level(node):
        if not isinstance(inner, ast.Assign):
            continue
        names = {t.id for t in inner.targets if isinstance(t, ast.Name)}
        value = inner.value
        if isinstance(value, ast.Name) and value.id in table and not table[value.id].dotted:
            names |= shared.get(value.id, set()) | {value.id}
        if len(names) > 1:
            group = set().union(*(shared.get(n, {n}) for n in names)) | names
            for name in group:
                shared[name] = group


#: The key of an element whose place is not known from the code (``shelf.append(a)``, ``shelf[i] = a``).
_ANY_KEY = ("any",)


def _key(place: ast.Attribute | ast.Subscript) -> tuple:
    """Where ``place`` is on the object it is taken from: an attribute's name, an item's written-out key, or
    :data:`_ANY_KEY`."""
    if isinstance(place, ast.Attribute):
        return ("attr", place.attr)
    if isinstance(place.slice, ast.Constant):
        return ("item", place.slice.value)
    return _ANY_KEY


def _first_place(target: ast.expr) -> tuple[str, tuple] | None:
    """``(name, key)`` of the element of a name that ``target`` goes through (``shelf[0]["k"]``: shelf, item
    0), when ``target`` is a place inside an element of a name; else None."""
    if not isinstance(target, (ast.Attribute, ast.Subscript)) or not isinstance(
        target.value, (ast.Attribute, ast.Subscript)
    ):
        return None
    place = target.value
    while isinstance(place.value, (ast.Attribute, ast.Subscript)):
        place = place.value
    return (place.value.id, _key(place)) if isinstance(place.value, ast.Name) else None


def _hold(node: ast.stmt, rebound: set[str], table: Mapping[str, _Binding], holds: dict[str, list]) -> None:
    """Update ``holds`` (each name's elements, as ``(key, name of what is held)``) for ``node``: a name it
    binds anew holds nothing it held; a container written out holds the names in it (``shelf = [a]``,
    ``box = {"k": a}``), an attribute or item stored on a name holds what is stored (``box.seen = a``,
    ``shelf[0] = a``), and so does a container whose changing method is handed names (``shelf.append(a)``)."""
    for name in rebound:
        holds.pop(name, None)

    def plain(name: str) -> bool:
        return name in table and not table[name].dotted

    for inner in _module_level(node):
        if isinstance(inner, (ast.Assign, ast.AnnAssign)) and inner.value is not None:
            targets = inner.targets if isinstance(inner, ast.Assign) else [inner.target]
            for target in _flat_targets(targets):
                if isinstance(target, ast.Name):
                    held = _held_items(inner.value)
                    holds.setdefault(target.id, []).extend((k, n) for k, n in held if plain(n))
                elif isinstance(target, (ast.Attribute, ast.Subscript)) and (root := _store_root(target)):
                    key = _key(target) if isinstance(target.value, ast.Name) else _ANY_KEY
                    holds.setdefault(root, []).extend((key, n) for n in _held_names(inner.value) if plain(n))
        if isinstance(inner, _BLOCKS):
            continue  # the statements of its blocks are read one by one
        for sub in _run_now(inner):
            if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr in MUTATING_METHODS:
                root = _store_root(sub.func.value)
                handed = {n for a in (*sub.args, *(k.value for k in sub.keywords)) for n in _held_names(a)}
                if root and handed:
                    holds.setdefault(root, []).extend((_ANY_KEY, n) for n in handed if plain(n))


def _through_elements(node: ast.stmt) -> list[tuple[str, tuple]]:
    """``(name, key)`` of each element of a name that ``node`` stores into or changes through
    (``shelf[0]["k"] = v``, ``box.seen.update(...)``): a store into what that element holds."""
    found = []
    for inner in _module_level(node):
        targets: list[ast.expr] = []
        if isinstance(inner, (ast.Assign, ast.Delete)):
            targets = _flat_targets(inner.targets)
        elif isinstance(inner, (ast.AugAssign, ast.AnnAssign)):
            targets = [inner.target]
        found += [place for t in targets if (place := _first_place(t))]
        if isinstance(inner, _BLOCKS):
            continue
        for sub in _run_now(inner):
            if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr in MUTATING_METHODS:
                place = _first_place(ast.Attribute(value=sub.func.value, attr="?", ctx=ast.Load()))
                found += [place] if place else []
    return found


def _held_items(value: ast.expr) -> list[tuple[tuple, str]]:
    """``(key, name)`` of the names a container written out holds (``[a, b]``: items 0 and 1; ``{"k": a}``:
    item "k"; nested: the outer key)."""
    if isinstance(value, (ast.List, ast.Tuple)):
        return [(("item", i), n) for i, e in enumerate(value.elts) for n in _held_names(e)]
    if isinstance(value, ast.Set):
        return [(_ANY_KEY, n) for n in _held_names(value)]
    if isinstance(value, ast.Dict):
        return [
            (("item", k.value) if isinstance(k, ast.Constant) else _ANY_KEY, n)
            for k, v in zip(value.keys, value.values)
            if k is not None
            for n in _held_names(v)
        ]
    return []


def _held_names(value: ast.expr) -> set[str]:
    """The names ``value`` is, or holds in a list, tuple, set or dict written out (``[a, (b, c)]``,
    ``{"k": a}``, ``[*a]`` not: unpacked, a's items are held, not a)."""
    if isinstance(value, ast.Name):
        return {value.id}
    if isinstance(value, (ast.List, ast.Tuple, ast.Set)):
        return set().union(set(), *(_held_names(e) for e in value.elts if not isinstance(e, ast.Starred)))
    if isinstance(value, ast.Dict):
        return set().union(set(), *(_held_names(v) for k, v in zip(value.keys, value.values) if k is not None))
    return set()


def _store_root(target: ast.expr) -> str | None:
    """The name an attribute or item is stored on, however deep (``shelf[0]["k"]``, ``box.seen.x``: shelf,
    box); None when the place does not start from a name."""
    while isinstance(target, (ast.Attribute, ast.Subscript)):
        target = target.value
    return target.id if isinstance(target, ast.Name) else None


def _plain_targets(node: ast.stmt) -> set[str]:
    """The names ``node`` assigns to themselves (``x = ...``, ``for x in``, ``with ... as x``, a def's name),
    not those it only stores into (``x.attr = ...``, ``x[k] = ...``)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return _bound_names(node)
    if isinstance(node, ast.Assign):
        targets = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)):
        targets = [node.target]
    elif isinstance(node, (ast.With, ast.AsyncWith)):
        targets = [item.optional_vars for item in node.items if item.optional_vars is not None]
    else:
        return set()
    return {t.id for t in _flat_targets(targets) if isinstance(t, ast.Name)}


#: What a statement at a cell's top level may set on a module it imported: how the notebook shows things. Any
#: other module's or class's attribute may be what a check runs or measures with (MXNet, NumPy, the clock, the
#: threads, pandas' tables that lab 07's checks sort, Python's builtins), so setting it changes what every check
#: after the cell measures.
DISPLAY_SETTINGS = ("pandas.options", "matplotlib", "IPython", "tqdm")


def _display_setting(dotted: str) -> bool:
    return any(dotted == root or dotted.startswith(root + ".") for root in DISPLAY_SETTINGS)


def _changed_at_top_level(sources: Sequence[str], table: Mapping[str, _Binding], given: set[str]) -> str:
    """The dotted name of an attribute of an imported module or class, but for :data:`DISPLAY_SETTINGS`, that a
    statement at the top level of an answer's cell, or in the blocks of one (if, try, with, for, while, match),
    sets or deletes (``nd.NDArray.asscalar = f``, ``sys.stdout = w``, ``setattr(time, "perf_counter", f)``,
    ``type.__setattr__(nd.NDArray, "T", p)``), or ``""``: it changes what every check after it runs, whichever
    function of the answer's the check calls."""
    for source in sources:
        for node in _parse(source):
            if ast.dump(node) in given:
                continue
            for inner in _module_level(node):
                for target in _set_attributes(inner, table):
                    chain = _chain(target.value)
                    head = table.get(chain[0]) if chain else None
                    if head is None or not head.dotted:
                        continue
                    dotted = ".".join([head.dotted, *chain[1:], target.attr])
                    if not _display_setting(dotted):
                        return dotted
    return ""


#: Calls that set or delete an attribute of the object they are given first: the built-ins (:data:`SETTERS`)
#: and the methods of ``type`` and ``object`` that they call (``type.__setattr__(C, "name", value)``).
_SETTER_CALLS = (
    *([name] for name in sorted(SETTERS)),
    *([owner, method] for owner in ("type", "object") for method in ("__setattr__", "__delattr__")),
)


def _set_attributes(node: ast.stmt, table: Mapping[str, _Binding]) -> list[ast.Attribute]:
    """The attributes a statement sets or deletes when it runs, as written: its assignment's and ``del``'s
    targets, and the objects it hands a call of :data:`_SETTER_CALLS` (as an attribute named ``?``)."""
    targets: list[ast.expr] = []
    if isinstance(node, (ast.Assign, ast.Delete)):
        targets = _flat_targets(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        targets = [node.target]
    for sub in _run_now(node) if not isinstance(node, _BLOCKS) else []:  # a block's statements: one by one
        called = _chain(sub.func) if isinstance(sub, ast.Call) and sub.args else None
        if called in _SETTER_CALLS and called[0] not in table:
            targets.append(ast.Attribute(value=sub.args[0], attr="?", ctx=ast.Store()))
    return [target for target in targets if isinstance(target, ast.Attribute)]


def _run_now(node: ast.stmt) -> list[ast.AST]:
    """The nodes of ``node`` that run when it runs: all but the bodies of the functions and lambdas it
    defines (a class body runs)."""
    found: list[ast.AST] = []
    todo: list[ast.AST] = [node]
    while todo:
        sub = todo.pop()
        found.append(sub)
        if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
            todo.extend([*sub.decorator_list, *sub.args.defaults, *(d for d in sub.args.kw_defaults if d)])
        elif isinstance(sub, ast.Lambda):
            todo.extend([*sub.args.defaults, *(d for d in sub.args.kw_defaults if d)])
        else:
            todo.extend(ast.iter_child_nodes(sub))
    return found


def _writes_which(writer: ast.stmt) -> list[str]:
    """The binding-table keys of what ``writer`` may bind by a string: ANY_NAME + ":f" for each constant name
    it writes through a subscript of ``globals()``, ``vars()`` or ``locals()``; ANY_NAME when it runs code or
    writes a name made at run time."""
    tables = ("globals", "vars", "locals")
    subscripted = {
        id(sub.value) for sub in ast.walk(writer) if isinstance(sub, ast.Subscript) and isinstance(sub.value, ast.Call)
    }
    names: set[str] = set()
    for sub in ast.walk(writer):
        if isinstance(sub, ast.Name) and sub.id in ("exec", "eval", "compile", "__builtins__", "get_ipython"):
            return [ANY_NAME]
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id in tables:
            if id(sub) not in subscripted:
                return [ANY_NAME]  # globals().update(...), vars() handed on: any name
        if (
            isinstance(sub, ast.Subscript)
            and isinstance(sub.value, ast.Call)
            and isinstance(sub.value.func, ast.Name)
            and sub.value.func.id in tables
        ):
            if not (isinstance(sub.slice, ast.Constant) and isinstance(sub.slice.value, str)):
                return [ANY_NAME]
            names.add(sub.slice.value)
    return [f"{ANY_NAME}:{name}" for name in sorted(names)] or [ANY_NAME]


def _magic_call(node: ast.AST) -> tuple[str, str] | None:
    """``(method, magic)`` of ``get_ipython().method("magic", ...)``, else None (``magic`` empty when the
    first argument is not a constant string)."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return None
    shell = node.func.value
    if not (isinstance(shell, ast.Call) and isinstance(shell.func, ast.Name) and shell.func.id == "get_ipython"):
        return None
    first = node.args[0] if node.args else None
    magic = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else ""
    return node.func.attr, magic


def _writes_names(nodes: Iterable[ast.AST], table: Mapping[str, _Binding]) -> bool:
    """Whether ``nodes`` use what binds a module's names by a string (:data:`_NAME_WRITERS`), IPython's magics
    among them (all but :data:`QUIET_MAGICS` and shell lines)."""
    nodes = list(nodes)
    if any(isinstance(sub, ast.Name) and sub.id in _NAME_WRITERS and sub.id not in table for sub in nodes):
        return True
    if "get_ipython" in table:
        return False
    quiet = set()
    for sub in nodes:
        call = _magic_call(sub)
        if call is not None and (
            call[0] in _SHELL or (call[0] in ("run_line_magic", "run_cell_magic") and call[1] in QUIET_MAGICS)
        ):
            quiet.add(id(sub.func.value))
    return any(
        isinstance(sub, ast.Call)
        and isinstance(sub.func, ast.Name)
        and sub.func.id == "get_ipython"
        and id(sub) not in quiet
        for sub in nodes
    )


def _mutated_names(node: ast.stmt) -> set[str]:
    """The names whose objects a statement changes by calling a method of theirs (``d.update(...)``,
    ``table.append(x)``, ``table.attr.extend(x)``): the object then holds what the call handed it. A
    definition changes nothing until it is called: none."""
    names: set[str] = set()
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return names
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute):
            chain = _chain(sub.func.value)
            if chain:
                names.add(chain[0])
    return names


#: Methods that change the container they are called on: a call of one on a name stores into what it names.
MUTATING_METHODS = frozenset(
    {
        "update", "append", "extend", "insert", "setdefault", "pop", "popitem", "clear", "remove", "add",
        "discard", "sort", "reverse", "__setitem__", "__delitem__", "__setattr__", "__delattr__", "__iadd__",
    }
)  # fmt: skip


def _changed_by_calls(node: ast.stmt, table: Mapping[str, _Binding]) -> set[str]:
    """The module-level names whose objects a statement may change by calling a function or class of the
    answer's own (:func:`_own_definition`) when it runs: every name it hands one for a parameter that the
    function's body changes (``fill(PREDICTED)`` with ``def fill(d): d[k] = v``), and every module-level name
    the body changes (``def fill(): G[k] = v``, ``global G``), through the answer's functions it calls in
    turn. A body changes a name when it stores into it (``d[k] = v``, ``d.x = v``), calls a method of
    :data:`MUTATING_METHODS` on it (``d.update(...)``) or hands it on for a parameter that changes. Names of
    imports, functions and classes are left out: what is set on an import is judged as tampering."""
    names: set[str] = set()
    for sub in _run_now(node):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name):
            called = _own_definition(table.get(sub.func.id))
            if called is not None:
                changed_params, changed_globals = _changes(called, table, set())
                names |= _handed_for(sub, called, changed_params) | changed_globals
    return {
        name
        for name in names
        if name in table
        and not table[name].dotted
        and table[name].statement is not None
        and not isinstance(table[name].statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    }


def _parameters(fn: ast.stmt) -> list[str]:
    """The parameters of a function in order (a class: its ``__init__``'s after ``self``), for positional
    arguments first, then keyword-only ones."""
    if isinstance(fn, ast.ClassDef):
        init = next((f for f in fn.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"), None)
        return _parameters(init)[1:] if init is not None else []
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return []
    a = fn.args
    return [p.arg for p in (*a.posonlyargs, *a.args, *([a.vararg] if a.vararg else []), *a.kwonlyargs)]


def _handed_for(call: ast.Call, fn: ast.stmt, params: set[str]) -> set[str]:
    """The names ``call`` hands ``fn`` for a parameter in ``params`` (or inside a list, tuple, set or dict
    written out there); every name it hands when it unpacks arguments (``*a``, ``**k``) or ``fn`` takes them so."""
    order = _parameters(fn)
    spread = isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and bool(fn.args.vararg or fn.args.kwarg)
    handed: set[str] = set()
    for i, argument in enumerate(call.args):
        loose = isinstance(argument, ast.Starred) or i >= len(order) or spread
        if loose or order[i] in params:
            handed |= _held_names(argument.value if isinstance(argument, ast.Starred) else argument)
    for keyword in call.keywords:
        if keyword.arg is None or keyword.arg in params or keyword.arg not in order:
            handed |= _held_names(keyword.value)
    return handed


def _changes(fn: ast.stmt, table: Mapping[str, _Binding], seen: set[int]) -> tuple[set[str], set[str]]:
    """``(parameters, module-level names)`` that the body of the answer's function or class ``fn`` changes
    (:func:`_changed_by_calls`), following the answer's functions it calls; ``seen``: those already followed."""
    if id(fn) in seen:
        return set(), set()
    seen.add(id(fn))
    declared = {name for sub in ast.walk(fn) if isinstance(sub, ast.Global) for name in sub.names}
    params = set(_parameters(fn))  # a class's: its __init__'s after self; its methods' bodies are walked too
    local = (_stored(fn) - declared) | {"self"}
    changed = set(declared)
    for sub in ast.walk(fn):
        if isinstance(sub, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = sub.targets if isinstance(sub, (ast.Assign, ast.Delete)) else [sub.target]
            changed |= {
                root
                for target in _flat_targets(targets)
                if isinstance(target, (ast.Attribute, ast.Subscript))
                for root in [_store_root(target)]
                if root
            }
        elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr in MUTATING_METHODS:
            root = _store_root(sub.func.value)
            changed |= {root} if root else set()
        elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id not in local:
            inner = _own_definition(table.get(sub.func.id))
            if inner is not None:
                inner_params, inner_globals = _changes(inner, table, seen)
                changed |= _handed_for(sub, inner, inner_params) | inner_globals
    return changed & params, changed - local - params


def _own_definition(binding: _Binding | None) -> ast.stmt | None:
    """The definition a name is bound to when it is a function or class of the answer's own; else None."""
    if binding is None or binding.given or binding.dotted:
        return None
    node = binding.statement
    return node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else None


def _statement_names(node: ast.stmt) -> frozenset[str]:
    try:
        return names_used(ast.unparse(node))
    except SyntaxError:  # pragma: no cover - a statement that parsed unparses
        return frozenset()


def _nowhere(dotted: str) -> str:
    """No name outside the course for ``dotted`` (a judge without the course's index)."""
    return ""


@dataclass
class _Closure:
    statements: list[ast.stmt] = field(default_factory=list)
    dotted: list[str] = field(default_factory=list)  # every dotted name it reaches (imports, chains, strings)
    # modules it reaches around the import system's names: named by a string (importlib.import_module,
    # __import__) or searched with getattr and a computed name
    indirect: list[str] = field(default_factory=list)
    # modules and names it uses as values (a whole chain that goes no further: ``g = gc``, ``f(x, lib=sys)``,
    # ``importlib.import_module("gc")``), and getters by a name it hands on or feeds a computed name
    values: list[str] = field(default_factory=list)
    loose_getters: list[str] = field(default_factory=list)


def _introspects(student: str, closure: _Closure) -> Verdict | None:
    """The verdict on an answer whose closure reads the inside of a function or a frame (:data:`INSIDES`,
    directly or by ``getattr`` with a constant name, or with :data:`INSIDE_TOOLS`), else None."""
    for dotted in closure.dotted:
        tool = next((t for t in INSIDE_TOOLS if dotted == t or dotted.startswith(t + ".")), None)
        if tool:
            return Verdict(INTROSPECTS, student, tool)
    if closure.loose_getters:
        return Verdict(INTROSPECTS, student, f"{closure.loose_getters[0]} with a name made at run time")
    literals = _string_literal_names(closure.statements)
    plain_formats = _plain_format_names(closure.statements)
    for statement in closure.statements:
        for node in ast.walk(statement):
            if isinstance(node, ast.Attribute) and node.attr in INSIDES:
                return Verdict(INTROSPECTS, student, node.attr)
            if isinstance(node, ast.MatchClass):
                # case object(__closure__=cells): a class pattern's keywords read the subject's attributes
                inside = next((attr for attr in node.kwd_attrs if attr in INSIDES), None)
                if inside:
                    return Verdict(INTROSPECTS, student, inside)
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                # getattr(fn, "__closure__"), attrgetter("__code__.co_freevars"), "__clo" + "sure__",
                # "__CLOSURE__".lower(): the name in a string, in any case, whole or in parts (a part of at
                # least four characters of one)
                text = node.value.lower()
                inside = next((i for i in INSIDES if i in text or _part_of(text, i)), None)
                if inside:
                    return Verdict(INTROSPECTS, student, inside)
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("format", "format_map")
                and (
                    isinstance(node.func.value, (ast.BinOp, ast.Call, ast.JoinedStr, ast.IfExp))
                    or (isinstance(node.func.value, ast.Name) and node.func.value.id not in literals)
                )
                and not _plain_format(node.func.value, plain_formats)
            ):
                # ("{0.__clo" + "sure__}").format(fn), or a name bound to such a string: the fields of a format
                # string made at run time read attributes the judge cannot see
                return Verdict(INTROSPECTS, student, "format() of a string made at run time")
            computed = _getattr_computed(node)
            if computed is not None:
                # getattr(work, name) with a name made at run time: what it reads the judge cannot see
                return Verdict(INTROSPECTS, student, "getattr() of a computed name")
    return None


def _string_literal_names(statements: Sequence[ast.stmt]) -> frozenset[str]:
    """The names that ``statements`` bind, every time, to a string written out whole (``fmt = "{:.2f} s"``)."""
    return _names_always_bound_to(
        statements, lambda value: isinstance(value, ast.Constant) and isinstance(value.value, str)
    )


def _names_always_bound_to(statements: Sequence[ast.stmt], kind: Callable[[ast.expr], bool]) -> frozenset[str]:
    """The names that ``statements`` bind, every time they bind them, to a value of ``kind``, each alone (not
    unpacked from a tuple, not by a loop or an augmented assignment)."""
    bound: dict[str, bool] = {}
    for statement in statements:
        for node in ast.walk(statement):
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.For, ast.NamedExpr))
                else []
            )
            value = getattr(node, "value", None) if not isinstance(node, (ast.AugAssign, ast.For)) else None
            right = value is not None and kind(value)
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        bound[name.id] = bound.get(name.id, True) and right and target is name
    return frozenset(name for name, right in bound.items() if right)


def _plain_format(node: ast.expr, names: frozenset[str] = frozenset()) -> bool:
    """Whether ``node`` is a format string written out in whole fields: strings written out, or ``names``, joined
    with ``+`` or chosen by ``a if c else b`` (``("added " + ("{:.1f} MB" if big else "{:.3f} MB"))``), each
    part a format string of its own whose fields read no attribute or item of what is formatted. What such a
    string's fields read is in the parts as written; a field cut across two parts (``"{0" + ".__code__}"``)
    is not plain."""
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.IfExp):
        return _plain_format(node.body, names) and _plain_format(node.orelse, names)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _plain_format(node.left, names) and _plain_format(node.right, names)
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and _fields_read_nothing(node.value)


def _fields_read_nothing(text: str) -> bool:
    """Whether every field of the format string ``text``, and of its fields' specs (``{:{width}}``), names an
    argument and reads no attribute or item of it; False when a brace is left open or closed alone."""
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:  # a brace left open or closed alone: a field cut across parts
        return False
    return all(
        not set(field) & set(".[") and (not spec or _fields_read_nothing(spec))
        for _, field, spec, _ in parsed
        if field is not None
    )


def _plain_format_names(statements: Sequence[ast.stmt]) -> frozenset[str]:
    """The names that ``statements`` bind, every time, to a plain format string (:func:`_plain_format`) written
    out without names (``unit = "{:.1f} MB" if big else "{:.3f} MB"``)."""
    return _names_always_bound_to(statements, _plain_format)


def _part_of(text: str, name: str) -> bool:
    """Whether ``text`` looks like a piece of the dunder ``name`` cut to hide it (``"__clo"``, ``"sure__"``)."""
    return (
        name.startswith("__")
        and len(text) >= 4
        and text.startswith("__") is not text.endswith("__")
        and (name.startswith(text) or name.endswith(text))
    )


_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*\Z")


def _annotations(node: ast.AST) -> list[ast.expr]:
    """The annotations ``node`` itself carries: a function's arguments and return, an annotated assignment's."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):  # a lambda's arguments carry none
        arguments = node.args
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]
        found = [a.annotation for a in every if a is not None and a.annotation is not None]
        return [*found, node.returns] if node.returns is not None else found
    if isinstance(node, ast.AnnAssign):
        return [node.annotation]
    return []


def _coded(annotation: ast.expr) -> bool:
    """Whether ``annotation`` holds a string that is more than a type written out (a dotted name, or names
    combined with ``[]``, ``|`` and lists, ``"Callable[[nd.NDArray], nd.NDArray]"``): code, once evaluated."""
    for n in ast.walk(annotation):
        if not (isinstance(n, ast.Constant) and isinstance(n.value, str)) or _PLAIN_NAME.match(n.value.strip()):
            continue
        try:
            written = ast.parse(n.value.strip(), mode="eval").body
        except SyntaxError:
            return True
        if not _type_written_out(written):
            return True
    return False


#: Names a type written in an annotation's string may not start with: evaluated, a subscript of one of them
#: looks a name up (``"sys.modules['asynclab...']"``).
_NOT_TYPES = frozenset({name.partition(".")[0] for name in NAMED_ONLY} | set(HIDING) | {"globals", "locals", "vars"})


def _type_written_out(node: ast.expr) -> bool:
    """Whether ``node`` (an annotation's string, parsed) only names types: names and attributes that are no
    dunders nor :data:`_NOT_TYPES`, subscripts, ``|``, lists and tuples of them, and constants that are not
    strings. Nothing in it calls, nor looks a name up by a string."""
    if isinstance(node, ast.Name):
        return not node.id.startswith("__") and node.id not in _NOT_TYPES
    if isinstance(node, ast.Attribute):
        return not node.attr.startswith("__") and _type_written_out(node.value)
    if isinstance(node, ast.Subscript):
        return _type_written_out(node.value) and _type_written_out(node.slice)
    if isinstance(node, ast.BinOp):
        return isinstance(node.op, ast.BitOr) and _type_written_out(node.left) and _type_written_out(node.right)
    if isinstance(node, (ast.Tuple, ast.List)):
        return all(_type_written_out(e) for e in node.elts)
    return isinstance(node, ast.Constant) and not isinstance(node.value, (str, bytes))


def _hides(
    student: str, closure: _Closure, table: Mapping[str, _Binding], outside: Callable[[str], str] = _nowhere
) -> Verdict | None:
    """The verdict on an answer whose closure looks names up while it runs (:data:`HIDING`,
    :data:`HIDING_ATTRIBUTES`, :data:`HIDING_TOOLS`, an import of a computed string, by the importer's own
    name or through a course module's, ``outside``) or reads IPython's history (:data:`HISTORY`), else None."""
    imported = {b.dotted for b in table.values() if b.dotted and isinstance(b.statement, (ast.Import, ast.ImportFrom))}
    used = set(closure.dotted)
    for dotted in closure.dotted:
        if dotted in HIDING_EXEMPT:
            continue
        if dotted == "pickle" and dotted not in closure.values and any(u.startswith("pickle.") for u in used):
            continue  # only the way to a longer name (pickle.dumps), judged by that name
        tool = next((t for t in HIDING_TOOLS if dotted == t or dotted.startswith(t + ".")), None)
        if tool:
            return Verdict(HIDES, student, tool)
        if any(dotted == m or dotted.startswith(m + ".") for m in imported) and _written_by_hand(dotted):
            return Verdict(HIDES, student, f"{dotted.split('.')[0]}, a module installed nowhere")
        if C_LIBRARY in dotted.split("."):
            return Verdict(HIDES, student, f"MXNet's C library ({dotted})")
    for statement in closure.statements:
        called = {id(node.func) for node in ast.walk(statement) if isinstance(node, ast.Call)}
        for node in ast.walk(statement):
            modules = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module]
                if isinstance(node, ast.ImportFrom) and node.module and not node.level
                else []
            )
            foreign = next((m for m in modules if _written_by_hand(m)), None)
            if foreign:
                return Verdict(HIDES, student, f"{foreign}, a module installed nowhere")
            if any(_coded(a) for a in _annotations(node)):
                # typing.get_type_hints, functools.singledispatch and others evaluate the text as code
                return Verdict(HIDES, student, "an annotation written as a string of code")
            if isinstance(node, ast.Name) and node.id in HIDING and node.id not in table:
                return Verdict(HIDES, student, f"{node.id}()")
            if isinstance(node, ast.Name) and node.id == "__builtins__" and node.id not in table:
                return Verdict(HIDES, student, "__builtins__")
            if (
                isinstance(node, ast.Name)
                and isinstance(node.ctx, ast.Load)
                and HISTORY.match(node.id)
                and node.id not in table
                and node.id in _statement_names(statement)
            ):
                what = "IPython's shell" if node.id == "get_ipython" else "IPython's history"
                return Verdict(HIDES, student, f"{node.id} ({what})")
            if isinstance(node, ast.Name) and node.id in LOOKUPS and node.id not in table and id(node) not in called:
                # handed to map, reduce or a name of its own, it looks up (or sets) what the judge cannot read
                return Verdict(HIDES, student, f"{node.id} passed as a value")
            if isinstance(node, ast.Attribute) and node.attr in HIDING_ATTRIBUTES:
                return Verdict(HIDES, student, node.attr)
            hiding = isinstance(node, ast.MatchClass) and next(
                (a for a in node.kwd_attrs if a in HIDING_ATTRIBUTES or a == C_LIBRARY), None
            )
            if hiding:  # case object(__dict__=names): a class pattern's keyword reads the attribute
                return Verdict(HIDES, student, hiding)
            if isinstance(node, ast.Attribute) and node.attr == C_LIBRARY:
                return Verdict(HIDES, student, f"MXNet's C library ({C_LIBRARY})")
            if isinstance(node, ast.Call) and not (
                node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
            ):
                chain = _chain(node.func)
                if not chain:
                    continue
                head = table.get(chain[0])
                dotted = ".".join([head.dotted, *chain[1:]]) if head is not None and head.dotted else ".".join(chain)
                dotted = outside(dotted) or dotted
                if dotted in _IMPORTERS and (chain[0] not in table or head.dotted):
                    return Verdict(HIDES, student, f"{dotted}() of a computed name")
    return None


def _installed_roots() -> tuple[Path, ...]:
    """Where the modules an answer may import live: the interpreter's installation, its environment's
    packages, and the course's package."""
    import site
    import sys

    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, *site.getsitepackages(), site.getusersitepackages()}
    return (*(Path(r).resolve() for r in roots), Path(__file__).resolve().parents[1])


@functools.cache
def _written_by_hand(module: str) -> bool:
    """Whether the module ``module`` is neither built in nor installed (in the interpreter's or the environment's
    folders, or the course): one the answer wrote itself (or none at all), whose code the judge cannot read."""
    import importlib.util

    top = module.split(".")[0]
    if not top:
        return False  # a relative import: the judge reads a package's own imports elsewhere
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return True
    if spec is None:
        return True
    places = [spec.origin] if spec.origin not in (None, "built-in", "frozen") else []
    places += list(spec.submodule_search_locations or [])
    return any(not any(Path(p).resolve().is_relative_to(r) for r in _installed_roots()) for p in places)


def _measures(
    student: str, closure: _Closure, measured_by: Sequence[str], canonical: Callable[[str], str] = str
) -> Verdict | None:
    """The verdict on data (a prediction) computed with a module or class the check names in ``measured_by``
    (or a class of the answer's built on one: the closure holds its bases), by its own name or where the course
    defines it (``canonical``: ``engine_demos.EngineBase`` is ``asynclab.foundation.engine.EngineBase``), else
    None."""
    for dotted in closure.dotted + closure.indirect:
        for name in dict.fromkeys((dotted, canonical(dotted))):
            if any(name == m or name.startswith(m + ".") for m in measured_by):
                return Verdict(MEASURES, student, name)
    return None


def _instruments(student: str, closure: _Closure, instruments: Sequence[str]) -> Verdict | None:
    """The verdict on an answer whose closure uses a module the check measures it with (the check's
    ``instruments``: lab 06's profile, which an answer could stop while it does serial work), else None."""
    for dotted in closure.dotted + closure.indirect:
        used = next((m for m in instruments if dotted == m or dotted.startswith(m + ".")), None)
        if used:
            return Verdict(INSTRUMENTS, student, dotted)
    # reached through a module handed to a function of the answer (``lib.profiler.set_state``): by its name
    last = {m.rpartition(".")[2]: m for m in instruments}
    for statement in closure.statements:
        for node in ast.walk(statement):
            if isinstance(node, ast.Attribute) and node.attr in last:
                return Verdict(INSTRUMENTS, student, last[node.attr])
    return None


def _thread_tool(dotted: str) -> bool:
    """Whether ``dotted`` is one of :data:`THREAD_TOOLS` (``_thread.start_new_thread``), or the private thread
    module itself (a verdict on it passed on as a value)."""
    return dotted == "_thread" or any(dotted == t or dotted.startswith(t + ".") for t in THREAD_TOOLS)


def _signal_tool(dotted: str) -> bool:
    """Whether ``dotted`` is the signal module or lies in it (:data:`SIGNAL_TOOLS`)."""
    return any(dotted == t or dotted.startswith(t + ".") for t in SIGNAL_TOOLS)


def _starts_processes(student: str, closure: _Closure) -> Verdict | None:
    """The verdict on an answer whose closure starts another process (:data:`PROCESS_TOOLS`) or uses the
    interpreter's private thread module (:data:`THREAD_TOOLS`), else None. A
    package or module on the way to a longer name the closure uses (``multiprocessing.pool`` of
    ``multiprocessing.pool.ThreadPool``) is judged by that name; used alone or as a value, by its own."""
    used = set(closure.dotted)
    for dotted in closure.dotted:
        if any(dotted == t or dotted.startswith(t + ".") for t in STARTS_NO_PROCESS):
            continue
        if dotted not in closure.values and any(other.startswith(dotted + ".") for other in used):
            continue  # only the way to the longer name; handed around as a value (f(multiprocessing)), judged
        tool = next((t for t in PROCESS_TOOLS if dotted == t or dotted.startswith(t + ".")), None)
        # the private thread module handed on as a value (f(_thread)) starts threads where the judge cannot read
        if tool or _thread_tool(dotted) or _signal_tool(dotted) or (dotted == "_thread" and dotted in closure.values):
            return Verdict(STARTS_PROCESSES, student, dotted)
    return None


def _measuring_tool(dotted: str) -> str | None:
    """The one of :data:`MEASURING_TOOLS` that ``dotted`` names or lies in (``tracemalloc.start``), else None."""
    return next((t for t in MEASURING_TOOLS if dotted == t or dotted.startswith(t + ".")), None)


def _tampers(student: str, closure: _Closure, table: Mapping[str, _Binding]) -> Verdict | None:
    """The verdict on an answer whose closure sets or deletes an attribute of something it imported (a module
    of the course or of the standard library, a class, or a name assigned one of them), by assignment or with
    :data:`SETTERS`: ``time.perf_counter = ...``, ``clock = chunked.time; clock.sleep = ...``,
    ``setattr(psgd, ...)``. What the checks measure runs on those modules (a device's sleep, a worker's
    clock), so rewriting one changes the measurement, not the work. Using one of :data:`MEASURING_TOOLS`
    at all is tampering too; else None."""
    for dotted in closure.dotted:
        if _measuring_tool(dotted):
            return Verdict(TAMPERS, student, dotted)
    imported = {name: binding.dotted for name, binding in table.items() if binding.dotted}
    handed = _handed_parameters(closure.statements, imported)
    for statement in closure.statements:
        local = _local_imports(statement)
        origin = imported | local | handed.get(id(statement), {})
        nodes = list(ast.walk(statement))
        grew = True
        while grew:  # names assigned from what was imported, or from such a name (``n, _ = nd, None`` too)
            grew = False
            for node in nodes:
                if isinstance(node, (ast.Assign, ast.NamedExpr)):
                    pairs = _assigned_pairs(node)
                elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) and isinstance(
                    node.iter, (ast.Tuple, ast.List, ast.Set)
                ):  # for lib in [nd]: lib.dot = ...
                    pairs = [(t, e) for e in node.iter.elts for t in ast.walk(node.target) if isinstance(t, ast.Name)]
                else:
                    continue
                for target, value in pairs:
                    chain = _chain(value) if isinstance(value, (ast.Name, ast.Attribute)) else None
                    if chain and chain[0] in origin and target.id not in origin:
                        origin[target.id] = ".".join([origin[chain[0]], *chain[1:]])
                        grew = True
        for node in nodes:
            if isinstance(node, (ast.Assign, ast.Delete)):
                targets = list(node.targets)
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in SETTERS
                and node.func.id not in table
                and node.args
            ):
                targets = [node.args[0]]
            else:
                continue
            for target in _flat_targets(targets):
                chain = _chain(target) if isinstance(target, (ast.Attribute, ast.Name)) else None
                if (
                    not chain
                    or chain[0] not in origin
                    or (isinstance(target, ast.Name) and not isinstance(node, ast.Call))
                ):
                    continue
                return Verdict(TAMPERS, student, ".".join([origin[chain[0]], *chain[1:]]))
    return None


def _handed_parameters(statements: Sequence[ast.stmt], imported: Mapping[str, str]) -> dict[int, dict[str, str]]:
    """Per function definition among ``statements`` (by ``id``), its parameters that are handed something
    imported: by a default (``def f(x, lib=nd)``) or by a call among ``statements`` (``install(nd)``)."""
    defs = {
        node.name: node
        for statement in statements
        for node in ast.walk(statement)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    }
    handed: dict[int, dict[str, str]] = {}

    def hand(fn: ast.FunctionDef | ast.AsyncFunctionDef, parameter: str, value: ast.expr) -> None:
        chain = _chain(value) if isinstance(value, (ast.Name, ast.Attribute)) else None
        if chain and chain[0] in imported:
            top = next((s for s in statements if any(n is fn for n in ast.walk(s))), None)
            if top is not None:
                handed.setdefault(id(top), {})[parameter] = ".".join([imported[chain[0]], *chain[1:]])

    for fn in defs.values():
        positional = [*fn.args.posonlyargs, *fn.args.args]
        for arg, default in zip(positional[len(positional) - len(fn.args.defaults) :], fn.args.defaults):
            hand(fn, arg.arg, default)
        for arg, default in zip(fn.args.kwonlyargs, fn.args.kw_defaults):
            if default is not None:
                hand(fn, arg.arg, default)
    for statement in statements:
        for call in ast.walk(statement):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in defs):
                continue
            fn = defs[call.func.id]
            positional = [*fn.args.posonlyargs, *fn.args.args]
            for arg, value in zip(positional, call.args):
                hand(fn, arg.arg, value)
            for keyword in call.keywords:
                if keyword.arg:
                    hand(fn, keyword.arg, keyword.value)
    return handed


def _flat_targets(targets: Iterable[ast.expr]) -> list[ast.expr]:
    """Assignment targets with tuples and lists unpacked (``pause, clock.sleep = ...``: both)."""
    flat: list[ast.expr] = []
    for target in targets:
        if isinstance(target, (ast.Tuple, ast.List)):
            flat.extend(_flat_targets(target.elts))
        elif isinstance(target, ast.Starred):
            flat.extend(_flat_targets([target.value]))
        else:
            flat.append(target)
    return flat


def _assigned_pairs(node: ast.Assign | ast.NamedExpr) -> list[tuple[ast.Name, ast.expr]]:
    """The names an assignment binds, each with the expression it receives: ``a, b = x, y`` pairs them."""
    pairs: list[tuple[ast.Name, ast.expr]] = []
    targets = [node.target] if isinstance(node, ast.NamedExpr) else node.targets
    for target in targets:
        todo = [(target, node.value)]
        while todo:
            left, right = todo.pop()
            if isinstance(left, ast.Name):
                pairs.append((left, right))
            elif (
                isinstance(left, (ast.Tuple, ast.List))
                and isinstance(right, (ast.Tuple, ast.List))
                and len(left.elts) == len(right.elts)
                and not any(isinstance(e, ast.Starred) for e in (*left.elts, *right.elts))
            ):
                todo.extend(zip(left.elts, right.elts))
    return pairs


def _getattr_computed(node: ast.AST) -> ast.expr | None:
    """The object of ``getattr(obj, name)`` when ``name`` is not a constant string; else None."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "getattr"
        and len(node.args) >= 2
        and not (isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str))
    ):
        return node.args[0]
    return None


def _closure(root: str, table: Mapping[str, _Binding], outside: Callable[[str], str] = _nowhere) -> _Closure:
    """The closure of the student's name ``root`` (see the module's text): its statements, and the dotted names
    they reach, each also as the standard module's own name where it is one reached through another module's
    attribute (``os.sys.modules``, or a course module's import, ``outside``: ``native.gc.get_referents``)."""
    found = _Closure()
    seen: set[str] = set()
    followed: set[int] = set()  # the bindings already followed (a name's earlier ones among them)
    todo: list[str | _Binding] = [root, *(table[k] for k in (ANY_NAME, f"{ANY_NAME}:{root}") if k in table)]
    stars = [
        binding.dotted
        for key, binding in table.items()
        if key.startswith(STAR) and key != ANY_NAME and not binding.given
    ]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            name = item
            if name in seen:
                continue
            seen.add(name)
            if name not in table:  # unbound here: perhaps one of a star import's names
                found.dotted.extend(f"{module}.{name}" for module in stars)
                continue
            binding = table[name]
        else:
            binding = item
        if id(binding) in followed:
            continue
        followed.add(id(binding))
        todo.extend(binding.before)
        if binding.statement is None or isinstance(binding.statement, (ast.Import, ast.ImportFrom)):
            if binding.dotted:
                found.dotted.append(binding.dotted)
            continue
        if binding.given:
            # the lab's own statement, not judged; a class of the answer's it uses is (``with StudentEngine(...)
            # as engine`` hands ``type(engine)``, and what the class is built on, to whatever reads ``engine``)
            todo.extend(
                name
                for name in sorted(_statement_names(binding.statement))
                if name in table and not table[name].given and isinstance(table[name].statement, ast.ClassDef)
            )
            continue
        node = binding.statement
        if node not in found.statements:
            found.statements.append(node)
        if binding.dotted:
            found.dotted.append(binding.dotted)
        used = _statement_names(node)
        local_imports = _local_imports(node)
        found.dotted.extend(local_imports.values())
        asks = _asks_what_is_loaded(node)
        for sub in ast.walk(node):
            if id(sub) in asks:
                continue
            if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and _DOTTED_STRING.match(sub.value):
                found.dotted.append(sub.value.replace(":", "."))
                found.indirect.append(sub.value.replace(":", "."))
            searched = _getattr_computed(sub)
            if searched is not None:
                chain = _chain(searched)
                if chain and chain[0] in local_imports and chain[0] not in used:
                    found.indirect.append(".".join([local_imports[chain[0]], *chain[1:]]))
                elif chain and chain[0] in table and table[chain[0]].dotted:
                    found.indirect.append(".".join([table[chain[0]].dotted, *chain[1:]]))
            if not isinstance(sub, (ast.Name, ast.Attribute, ast.Call)):
                continue
            chain = _chain(sub)
            if not chain:
                continue
            dotted = _resolved(chain, local_imports, used, table)
            if dotted:
                found.dotted.append(dotted)
        _values(node, found, local_imports, used, table)
        todo.extend(sorted(used))
    for names in (found.dotted, found.indirect, found.values):
        reached = dict.fromkeys(_through_modules(outside(d) or d) for d in names)
        reached.update(dict.fromkeys(_through_modules(d) for d in names))
        known = set(names)
        names.extend(t for t in reached if t not in known)
    return found


def _asks_what_is_loaded(node: ast.AST) -> set[int]:
    """The ``id`` of every node of ``sys.modules.get("torch")`` and ``"torch" in sys.modules`` in ``node``: a
    question whether a framework is loaded, by a constant name outside the course, looks nothing up."""
    asked: set[int] = set()

    def table_of_modules(expr: ast.AST) -> bool:
        return _chain(expr) == ["sys", "modules"]

    def outside(expr: ast.AST) -> bool:
        return isinstance(expr, ast.Constant) and isinstance(expr.value, str) and expr.value.split(".")[0] != PACKAGE

    for sub in ast.walk(node):
        if (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr == "get"
            and table_of_modules(sub.func.value)
            and sub.args
            and outside(sub.args[0])
        ):
            asked |= {id(n) for n in ast.walk(sub.func)}
        elif (
            isinstance(sub, ast.Compare)
            and len(sub.ops) == 1
            and isinstance(sub.ops[0], (ast.In, ast.NotIn))
            and outside(sub.left)
            and table_of_modules(sub.comparators[0])
        ):
            asked |= {id(n) for n in ast.walk(sub.comparators[0])}
    return asked


def _resolved(
    chain: list[str], local_imports: Mapping[str, str], used: frozenset, table: Mapping[str, _Binding]
) -> str:
    """The dotted name a chain of a judged statement denotes: through an import inside the statement, a
    module-level name bound to an importable one, or a class of the answer's that imports it in its body;
    "" when it denotes nothing importable."""
    head = chain[0]
    if head in local_imports and head not in used:
        return ".".join([local_imports[head], *chain[1:]])
    if head in used and head in table and table[head].dotted:
        return ".".join([table[head].dotted, *chain[1:]])
    if head in used and head in table and len(chain) > 1 and _class_import(table[head], chain[1]):
        return ".".join([_class_import(table[head], chain[1]), *chain[2:]])
    return ""


def _class_import(binding: _Binding, name: str) -> str:
    """What ``name`` imports in the body of the class ``binding`` defines, or that a binding it builds on
    defines (``class K: import gc``, then ``K.x = 1``: ``K.gc`` is ``gc``); "" when it imports nothing by that
    name."""
    todo, seen = [binding], set()
    while todo:
        found = todo.pop()
        if id(found) in seen:
            continue
        seen.add(id(found))
        todo.extend(found.before)
        if not isinstance(found.statement, ast.ClassDef):
            continue
        for node in found.statement.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                dotted = _imported(node).get(name)
                if dotted:
                    return dotted
    return ""


def _through_modules(dotted: str) -> str:
    """``dotted`` with a standard module reached through another module's attribute written by its own name
    (``os.sys.modules`` as ``sys.modules``, ``asyncio.subprocess.create_subprocess_exec`` as
    ``subprocess.create_subprocess_exec``); else as it is."""
    parts = dotted.split(".")
    for cut in range(1, len(parts)):
        if parts[cut] in NAMED_ONLY and not parts[0] == PACKAGE:
            return ".".join(parts[cut:])
    return dotted


#: Built-ins that look at what they are handed and keep nothing of it.
_LOOKS_AT = frozenset({"hasattr", "isinstance", "issubclass", "print", "repr", "str", "id", "type", "callable", "bool"})


def _is_chain(node: ast.AST) -> bool:
    return isinstance(node, (ast.Name, ast.Attribute)) or (isinstance(node, ast.Call) and _chain(node) is not None)


def _values(
    node: ast.stmt, found: _Closure, local_imports: Mapping[str, str], used: frozenset, table: Mapping[str, _Binding]
) -> None:
    """Record in ``found`` what ``node`` uses as a value: every whole chain (one that no attribute or constant
    ``getattr`` continues) read to the end, an import by a constant string, and getters by a name that are
    handed on or fed a name made at run time."""
    parents = {id(child): parent for parent in ast.walk(node) for child in ast.iter_child_nodes(parent)}

    for sub in ast.walk(node):
        if not _is_chain(sub) or (isinstance(sub, (ast.Name, ast.Attribute)) and not isinstance(sub.ctx, ast.Load)):
            continue
        parent = parents.get(id(sub))
        if isinstance(parent, ast.Attribute) and parent.value is sub:
            continue  # a longer chain goes on from here
        if isinstance(parent, ast.Call) and _chain(parent) is not None and parent.args and parent.args[0] is sub:
            continue  # getattr(sub, "name"): the longer chain
        chain = _chain(sub)
        if not chain:
            continue
        dotted = _resolved(chain, local_imports, used, table)
        if not dotted and chain == ["__import__"] and "__import__" not in table:
            dotted = "__import__"
        if not dotted:
            continue
        called = isinstance(parent, ast.Call) and parent.func is sub
        if (
            isinstance(parent, ast.Call)
            and not called
            and isinstance(parent.func, ast.Name)
            and parent.func.id in _LOOKS_AT
            and parent.func.id not in table
        ):
            continue  # hasattr(os, "sched_getaffinity"), isinstance(m, types.ModuleType): looked at, not used
        if dotted in NAMED_GETTERS and not (
            called
            and parent.args
            and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in parent.args)
            and not parent.keywords
        ):
            found.loose_getters.append(dotted)
        if called and dotted in _IMPORTERS and parent.args:
            first = parent.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.values.append(first.value)  # importlib.import_module("gc"): the module, as a value
                # and a use of that module, as an import of it is: what the answer does with the module it
                # binds is hidden from the judge, so loading a module it may not use is using it
                found.dotted.append(first.value)
                found.indirect.append(first.value)
            continue
        if not called:
            found.values.append(dotted)


# ---------------------------------------------------------------- the judge


@dataclass(frozen=True)
class _Call:
    check: object  # the declared Check
    arguments: dict[str, str]  # the check code's parameter -> the student's name passed to it


def _check_call(source: str, name: str, table: Mapping[str, _Binding]) -> _Call | None:
    """The declared check a check cell calls, and the student's names it passes (None: not a course check)."""
    nodes = _parse(source)
    local = dict(_top_imports(nodes))
    for node in nodes:
        for call in ast.walk(node):
            if not isinstance(call, ast.Call):
                continue
            chain = _chain(call.func)
            if not chain or len(chain) < 2:
                continue
            head = local.get(chain[0]) or (table[chain[0]].dotted if chain[0] in table else "")
            if not head:
                continue
            module_name = ".".join([head, *chain[1:-1]])
            try:
                module = importlib.import_module(module_name)
            except Exception:
                continue
            check = getattr(module, chain[-1], None)
            if getattr(check, "name", None) != name or getattr(check, "code", None) is None:
                continue
            try:
                bound = inspect.signature(check.code).bind(None, *call.args, **{k.arg: k.value for k in call.keywords})
            except TypeError:
                return None
            arguments = {
                parameter: value.id for parameter, value in bound.arguments.items() if isinstance(value, ast.Name)
            }
            return _Call(check, arguments)
    return None


def declared_check(check_source: str, name: str):
    """The course's declared :class:`~asynclab.checks.core.Check` named ``name`` that a check cell calls
    (None: the cell calls no such check of a course module, as the fixture lab's inline checks)."""
    call = _check_call(check_source, name, {})
    return None if call is None else call.check


def _is_code(binding: _Binding | None) -> bool:
    """Whether a name is bound to code (a def, a class, a lambda, an import or an alias of a dotted name), not data."""
    if binding is None:
        return False
    node = binding.statement
    if binding.dotted or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return True
    return isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda)


def _judged(check: object, arguments: Mapping[str, str], table: Mapping[str, _Binding]) -> list[str]:
    """The check's parameters whose answers are judged as code: those its declaration names in ``functions``,
    and any other to which the student passes code (an engine class); data (predictions, snippets) is judged
    for reach-in only (:meth:`Judge._calls_checks`)."""
    declared = set(getattr(check, "functions", ()) or ())
    return [p for p, student in arguments.items() if p in declared or _is_code(table.get(student))]


def lab_allowances(solution: nbformat.NotebookNode, index: CourseIndex) -> frozenset[str]:
    """The foundation's functions and classes the lab as handed out imports by their own name (where defined)."""
    allowed: set[str] = set()
    for cell in nbtools.make_lab(solution).cells:
        if cell.cell_type != "code":
            continue
        for dotted in _top_imports(_parse(cell.source)).values():
            found = index.resolve(dotted)
            if found and found.kind in ("function", "class") and found.defined.startswith("asynclab.foundation."):
                allowed.add(found.defined)
    return frozenset(allowed)


def _given_statements(solution: nbformat.NotebookNode) -> set[str]:
    return {
        ast.dump(node)
        for cell in nbtools.make_lab(solution).cells
        if cell.cell_type == "code"
        for node in _parse(cell.source)
    }


def _solution_fingerprints(solution: nbformat.NotebookNode, index: CourseIndex, name: str) -> frozenset:
    """The fingerprints of the solution's answer cells that define ``name``: what a right answer to that step
    contains, which says nothing of a copy."""
    cells = [c for c in solution.cells if c.cell_type == "code"]
    aliases: dict[str, str] = {}
    for cell in cells:
        aliases.update(_top_imports(_parse(cell.source)))
    answers = [
        ast.Module(body, [])
        for cell in cells
        if nbtools.is_solution(cell)
        for body in [_parse(cell.source)]
        if any(name in _bound_names(node) for node in body)
    ]
    return fingerprints(answers, aliases, index.canonical)


def _allowed(dotted: str, target: Target, allows: Iterable[str], lab: frozenset[str]) -> bool:
    if target.defined in lab:
        return True
    return any(
        name == allowed or name.startswith(allowed + ".") for allowed in allows for name in (dotted, target.defined)
    )


class Judge:
    """Judges the answers of one lab, whose solution notebook is ``solution``."""

    def __init__(self, solution: nbformat.NotebookNode, corpus: Corpus | None = None) -> None:
        self.corpus = corpus or course_corpus()
        self.given = _given_statements(solution)
        self.lab_allows = lab_allowances(solution, self.corpus.index)
        self.solution = solution
        self._common: dict[str, frozenset] = {}  # a judged name -> the solution's answer's fingerprints

    def verdict(self, sources: Sequence[str], check_source: str, name: str) -> Verdict | None:
        """The verdict on check ``name`` (its grade_id without ``check-``), or None when it is judged by running.

        ``sources`` are the code cells that run before the check cell, in order; ``check_source`` is the check cell.
        """
        table = _bindings(
            [*sources, check_source],
            self.given,
        )
        call = _check_call(check_source, name, table)
        if call is None:
            return None
        check = call.check
        allows = tuple(getattr(check, "allows", ()) or ())
        declared = _judged(check, call.arguments, table)
        closures = {parameter: self._closure(call.arguments[parameter], table) for parameter in declared}
        for parameter, closure in closures.items():
            student = call.arguments[parameter]
            found = (
                self._uses_course(student, closure, allows)
                or self._handed_around(student, closure)
                or _instruments(student, closure, tuple(getattr(check, "instruments", ()) or ()))
                or _introspects(student, closure)
                or _hides(student, closure, table, self.corpus.index.outside)
                or _tampers(student, closure, table)
                or _starts_processes(student, closure)
            )
            if found is not None:
                return found
        if call.arguments:  # whatever the check is handed, functions or data, it runs on what the cell changed
            changed = _changed_at_top_level(sources, table, self.given)
            if changed:
                return Verdict(TAMPERS, "", changed)
        for parameter, student in call.arguments.items():  # data (predictions): no oracle of the checks
            if parameter not in closures:
                closure = self._closure(student, table)
                found = (
                    self._calls_checks(student, closure)
                    or self._calls_lessons(student, closure, allows)
                    or self._handed_around(student, closure)
                    or _measures(
                        student, closure, tuple(getattr(check, "measured_by", ()) or ()), self.corpus.index.canonical
                    )
                    or _instruments(student, closure, tuple(getattr(check, "instruments", ()) or ()))
                    or _introspects(student, closure)
                    or _hides(student, closure, table, self.corpus.index.outside)
                    or _tampers(student, closure, table)
                    or _starts_processes(student, closure)
                )
                if found is not None:
                    return found
        if getattr(check, "transcribes", ""):
            return None
        for parameter, closure in closures.items():
            student = call.arguments[parameter]
            score, where = self._judged_similarity(student, closure, table, check)
            if score >= THRESHOLD:
                return Verdict(RETYPED, student, where, score)
        return None

    def scores(
        self, sources: Sequence[str], check_source: str, name: str, as_judged: bool = False
    ) -> dict[str, tuple[float, str]]:
        """Each declared function's best similarity to the course and where, exemption or not (to measure).

        With ``as_judged``, the similarity the re-typed verdict compares with :data:`THRESHOLD`: the
        solution's own answer to the step left out of every unit, the check's ``idioms`` allowed.
        """
        table = _bindings([*sources, check_source], self.given)
        call = _check_call(check_source, name, table)
        if call is None:
            return {}
        declared = _judged(call.check, call.arguments, table)
        allows = tuple(getattr(call.check, "allows", ()) or ())
        found = {}
        for parameter in declared:
            student = call.arguments[parameter]
            closure = self._closure(student, table)
            if as_judged:
                found[student] = self._judged_similarity(student, closure, table, call.check)
            else:
                found[student] = self._similarity(closure, table, allows)
        return found

    def _judged_similarity(
        self, student: str, closure: _Closure, table: Mapping[str, _Binding], check: object
    ) -> tuple[float, str]:
        """The similarity the re-typed verdict is decided on, and where its unit is."""
        if student not in self._common:
            self._common[student] = _solution_fingerprints(self.solution, self.corpus.index, student)
        allows = tuple(getattr(check, "allows", ()) or ())
        idioms = tuple(getattr(check, "idioms", ()) or ())
        return self._similarity(closure, table, (*allows, *idioms), self._common[student])

    def _similarity(
        self,
        closure: _Closure,
        table: Mapping[str, _Binding],
        allows: Sequence[str] = (),
        common: frozenset = frozenset(),
    ) -> tuple[float, str]:
        """The closure's best similarity to a course unit the check does not allow, and where that unit is;
        the fingerprints in ``common`` (the solution's own answer to the step) are left out of every unit."""
        if not closure.statements:
            return 0.0, ""
        answer = fingerprints(closure.statements, self._aliases(table), self.corpus.index.canonical)
        return self.corpus.best(answer, (*allows, *self.lab_allows), common)

    def _closure(self, student: str, table: Mapping[str, _Binding]) -> _Closure:
        """The closure of ``student``, with the standard modules reached through the course's modules."""
        return _closure(student, table, self.corpus.index.outside)

    @staticmethod
    def _aliases(table: Mapping[str, _Binding]) -> dict[str, str]:
        return {name: binding.dotted for name, binding in table.items() if binding.dotted}

    def _handed_around(self, student: str, closure: _Closure) -> Verdict | None:
        """The verdict on an answer that uses a module of :data:`NAMED_ONLY` or of the course as a value
        (``m = mxb``, ``def f(x, s=sys)``, ``importlib.import_module("gc")``): what it then uses of that module
        is hidden from the judge, else None."""
        for dotted in closure.values:
            target = self.corpus.index.resolve(dotted)
            if dotted in NAMED_ONLY or (target is not None and target.kind == "module"):
                return Verdict(HIDES, student, f"the module {dotted} as a value")
        return None

    def _calls_checks(self, student: str, closure: _Closure) -> Verdict | None:
        """The verdict on data (a prediction) computed with a function or class of the checks or the grader
        (their measurement is the answer); the constants the lab names there (``lab05.SCHEDULE``) are allowed."""
        for dotted in closure.dotted + closure.indirect:
            target = self.corpus.index.resolve(dotted)
            if target is None or target.kind not in ("function", "class", "module"):
                continue
            if target.kind == "module" and dotted not in closure.indirect:
                continue  # an import of the module: only what is used from it counts
            match = REACH_IN.match(target.defined)
            if match:
                return Verdict(REACHES_IN, student, match.group(0).rstrip("."))
        return None

    def _calls_lessons(self, student: str, closure: _Closure, allows: Sequence[str]) -> Verdict | None:
        """The verdict on data (a prediction) computed with a function or class of a lesson's home that the
        check does not allow (lab 02's ``syncpoints.locate_error_under``, lab 05's ``engine_reference.Engine``:
        they run what the prediction is about); a lesson's constants are allowed."""
        for dotted in closure.dotted + closure.indirect:
            target = self.corpus.index.resolve(dotted)
            if target is None or target.kind not in ("function", "class"):
                continue
            if target.defined.startswith(LESSONS) and not _allowed(dotted, target, allows, self.lab_allows):
                return Verdict(COURSE_FUNCTION, student, dotted)
        return None

    def _uses_course(self, student: str, closure: _Closure, allows: Sequence[str]) -> Verdict | None:
        for dotted in closure.dotted:
            if REACH_IN.match(dotted):
                return Verdict(REACHES_IN, student, REACH_IN.match(dotted).group(0).rstrip("."))
        for dotted in closure.dotted:
            target = self.corpus.index.resolve(dotted)
            if target is None or target.kind not in ("function", "class"):
                continue
            if _allowed(dotted, target, allows, self.lab_allows):
                continue
            if REACH_IN.match(target.defined):
                return Verdict(REACHES_IN, student, REACH_IN.match(target.defined).group(0).rstrip("."))
            return Verdict(COURSE_FUNCTION, student, dotted)
        for dotted in closure.indirect:  # a lesson's module loaded by its name, or searched by a computed name
            target = self.corpus.index.resolve(dotted)
            if target is None or target.kind not in ("module", "class"):
                continue
            if target.defined.startswith(LESSONS) and not _allowed(dotted, target, allows, self.lab_allows):
                return Verdict(COURSE_FUNCTION, student, target.defined)
        return None


@functools.cache
def _judge_for(key: int, solution_json: str) -> Judge:
    return Judge(nbformat.reads(solution_json, as_version=4))


def judge_for(solution: nbformat.NotebookNode) -> Judge:
    """A :class:`Judge` for ``solution``, made once per solution per process."""
    text = nbformat.writes(solution)
    return _judge_for(hash(text), text)
