"""Code the grader runs *inside* the student's kernel.

This module is never imported in the kernel: :mod:`asynclab.grading.guard`
sends its source text, wrapped in one function so that no name lands in the
student's namespace. Two entry points:

- :func:`startup` runs once after every kernel start, before any student
  code. It captures pristine references (clock functions, the import system,
  IPython's display path, callbacks, transformers, builtins) in a stash kept
  on ``sys`` under a random name, and installs :class:`VerifiedFinder`.
- :func:`guard` runs right before every check cell. It puts everything the
  stash knows back, removes every ``asynclab`` module so the check imports a
  fresh copy from the verified source (never from bytecode a student could
  have planted), sets a fresh token in ``asynclab.checks.core`` and reports
  what it had to undo with a display message of type ``GUARD_MIME``.

A student who runs code in the kernel can still read and defeat all of this
(see docs/instructors.md); the guard undoes the ordinary ways of cheating.
"""

# ruff: noqa  -- the text of this module is executed inside a function in the kernel

GUARD_MIME = "application/vnd.asynclab.guard+json"
CLOCKS = (
    "perf_counter",
    "perf_counter_ns",
    "monotonic",
    "monotonic_ns",
    "time",
    "time_ns",
    "process_time",
    "process_time_ns",
    "thread_time",
    "thread_time_ns",
    "sleep",
)
CRITICAL_MODULES = (
    "builtins",
    "sys",
    "time",
    "math",
    "importlib",
    "importlib.util",
    "importlib.machinery",
    "IPython",
    "IPython.display",
    "IPython.core.display_functions",
    "json",
    "os",
    "threading",
    "types",
)
FRESH_MODULES = ("statistics",)
PER_REQUEST = (
    "input",
    "raw_input",
)  # ipykernel replaces these for every execute request   # pure-Python helpers of the checks, imported afresh per check


def _make_finder_classes():
    import importlib.machinery
    import importlib.util
    import os
    import types

    class SourceOnlyLoader(importlib.machinery.SourceFileLoader):
        """Compile from source every time: no bytecode cache is read or written."""

        def __init__(self, fullname, path, private):
            super().__init__(fullname, path)
            self._private = private

        def path_stats(self, path):
            raise OSError("asynclab is always compiled from its verified source while grading")

        def exec_module(self, module):
            super().exec_module(module)
            # The engine's clocks come from a private copy of `time` that
            # `time.perf_counter = ...` in a student cell cannot reach.
            for name, fresh in self._private.items():
                value = module.__dict__.get(name)
                if isinstance(value, types.ModuleType) and value.__name__ == name:
                    module.__dict__[name] = fresh

    class VerifiedFinder:
        """Find ``asynclab`` and its modules only under the source the grader hashed."""

        asynclab_verified = True

        def __init__(self, root, private):
            self.root = root
            self.private = private

        def find_spec(self, fullname, path=None, target=None):
            if fullname != "asynclab" and not fullname.startswith("asynclab."):
                return None
            base = os.path.join(self.root, *fullname.split("."))
            init = os.path.join(base, "__init__.py")
            if os.path.isfile(init):
                file, locations = init, [base]
            elif os.path.isfile(base + ".py"):
                file, locations = base + ".py", None
            else:
                return None
            loader = SourceOnlyLoader(fullname, file, self.private)
            return importlib.util.spec_from_file_location(
                fullname, file, loader=loader, submodule_search_locations=locations
            )

    return VerifiedFinder


def _fresh_copy(stash, name):
    spec = stash.specs[name]
    module = stash.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def startup(stash_name, root, nonce):
    import builtins
    import importlib
    import importlib.machinery
    import importlib.util
    import json  # noqa: F401  -- imported so that the stash holds the pristine module
    import math
    import os
    import sys
    import threading
    import time
    import types

    import IPython
    import IPython.core.display_functions as display_functions
    import IPython.display

    ip = IPython.get_ipython()
    trusted = []
    # where each package lives, found without importing it: an import of matplotlib would add about
    # 0.4 s to every kernel start, for a path
    for package in ("IPython", "ipykernel", "matplotlib_inline", "matplotlib", "traitlets", "comm"):
        try:
            trusted.append(os.path.dirname(importlib.util.find_spec(package).origin) + os.sep)
        except Exception:
            pass
    dp = ip.display_pub
    session = getattr(dp, "session", None)
    manager = ip.input_transformer_manager
    stash = types.SimpleNamespace(
        root=root,
        ip=ip,
        modules={n: sys.modules[n] for n in CRITICAL_MODULES if n in sys.modules},
        specs={n: sys.modules[n].__spec__ for n in ("time", "math")},
        clocks={n: getattr(time, n) for n in CLOCKS if hasattr(time, n)},
        math_funcs={n: v for n, v in vars(math).items() if callable(v)},
        builtins=dict(vars(builtins)),
        displayhook=sys.displayhook,
        display=display_functions.display,
        publish_display_data=display_functions.publish_display_data,
        display_pub=dp,
        display_pub_publish=type(dp).publish,
        hooks=list(dp._hooks) if hasattr(dp, "_hooks") else None,
        session=session,
        session_send=type(session).send if session is not None else None,
        callbacks={k: list(v) for k, v in ip.events.callbacks.items()},
        events_trigger=type(ip.events).trigger,
        transformers={
            "input_transformers_post": list(ip.input_transformers_post),
            "cleanup_transforms": list(manager.cleanup_transforms),
            "line_transforms": list(manager.line_transforms),
            "token_transformers": list(manager.token_transformers),
            "ast_transformers": list(ip.ast_transformers),
        },
        shell_keys=set(vars(ip)),
        threads=set(threading.enumerate()),
        trusted=tuple(trusted),
        module_from_spec=importlib.util.module_from_spec,
        import_module=importlib.import_module,
        settrace=sys.settrace,
        setprofile=sys.setprofile,
        threading_settrace=threading.settrace,
        threading_setprofile=threading.setprofile,
        enumerate_threads=threading.enumerate,
        finder_class=_make_finder_classes(),
    )
    setattr(sys, stash_name, stash)
    for name in list(sys.modules):
        if name == "asynclab" or name.startswith("asynclab."):
            del sys.modules[name]
    sys.meta_path.insert(0, stash.finder_class(root, {"time": _fresh_copy(stash, "time")}))
    stash.display({GUARD_MIME: {"nonce": nonce, "stage": "startup", "found": [], "threads": []}}, raw=True)


def _trusted(stash, callback):
    function = getattr(callback, "__func__", callback)
    code = getattr(function, "__code__", None)
    return bool(code) and code.co_filename.startswith(stash.trusted)


def _course_thread(stash, thread):
    """Whether ``thread`` runs code of IPython, the kernel or the course (the reference solution starts those too)."""
    import os

    run = getattr(thread, "_target", None) or getattr(type(thread), "run", None)
    code = getattr(getattr(run, "__func__", run), "__code__", None)
    course = os.path.join(stash.root, "asynclab") + os.sep
    return bool(code) and code.co_filename.startswith((*stash.trusted, course))


def guard(stash_name, token, nonce):
    import sys

    stash = getattr(sys, stash_name)
    found = []
    sys_module = stash.modules["sys"]
    builtins = stash.modules["builtins"]

    # 1. Builtins and the import system.
    missing = object()
    for name, value in stash.builtins.items():
        if (name.startswith("_") and name not in ("__import__", "__build_class__")) or name in PER_REQUEST:
            continue
        if builtins.__dict__.get(name, missing) is not value:
            found.append(f"builtins.{name}")
            builtins.__dict__[name] = value
    for name, module in stash.modules.items():
        if sys_module.modules.get(name) is not module:
            found.append(f"sys.modules[{name!r}]")
            sys_module.modules[name] = module
    # Libraries add import finders too (six does), so finders are not removed; the
    # verified finder goes first again and answers for asynclab before any other.
    if sys_module.meta_path and not getattr(sys_module.meta_path[0], "asynclab_verified", False):
        found.append("sys.meta_path")
    sys_module.meta_path[:] = [f for f in sys_module.meta_path if not getattr(f, "asynclab_verified", False)]
    sys_module.path_importer_cache.clear()
    if sys_module.gettrace() is not None or sys_module.getprofile() is not None:
        found.append("sys.settrace/setprofile")
    stash.settrace(None)
    stash.setprofile(None)
    stash.threading_settrace(None)
    stash.threading_setprofile(None)
    if sys_module.displayhook is not stash.displayhook:
        found.append("sys.displayhook")
        sys_module.displayhook = stash.displayhook

    # 2. Clocks and math back to the functions captured before any student code.
    time_module = stash.modules["time"]
    for name, function in stash.clocks.items():
        if getattr(time_module, name, None) is not function:
            found.append(f"time.{name}")
            setattr(time_module, name, function)
    math_module = stash.modules["math"]
    for name, function in stash.math_funcs.items():
        if getattr(math_module, name, None) is not function:
            found.append(f"math.{name}")
            setattr(math_module, name, function)

    # 3. IPython: callbacks, code transformers, shell methods, the display path.
    ip = stash.ip
    for event, callbacks in ip.events.callbacks.items():
        keep = [
            cb
            for cb in callbacks
            if any(cb is known for known in stash.callbacks.get(event, ())) or _trusted(stash, cb)
        ]
        if len(keep) != len(callbacks):
            found.append(f"IPython {event} callback")
            callbacks[:] = keep
    if "trigger" in vars(ip.events) or type(ip.events).trigger is not stash.events_trigger:
        found.append("IPython events.trigger")
        vars(ip.events).pop("trigger", None)
        type(ip.events).trigger = stash.events_trigger
    manager = ip.input_transformer_manager
    lists = {
        "input_transformers_post": ip.input_transformers_post,
        "cleanup_transforms": manager.cleanup_transforms,
        "line_transforms": manager.line_transforms,
        "token_transformers": manager.token_transformers,
        "ast_transformers": ip.ast_transformers,
    }
    for name, current in lists.items():
        if list(current) != stash.transformers[name]:
            found.append(f"IPython {name}")
            current[:] = stash.transformers[name]
    for key in list(vars(ip)):
        if key not in stash.shell_keys and callable(vars(ip)[key]) and hasattr(type(ip), key):
            found.append(f"shell.{key}")
            delattr(ip, key)
    display_functions = stash.modules["IPython.core.display_functions"]
    for name in ("display", "publish_display_data"):
        if getattr(display_functions, name) is not getattr(stash, name):
            found.append(f"IPython display function {name}")
            setattr(display_functions, name, getattr(stash, name))
    if stash.modules["IPython.display"].display is not stash.display:
        found.append("IPython.display.display")
        stash.modules["IPython.display"].display = stash.display
    if ip.display_pub is not stash.display_pub:
        found.append("shell.display_pub")
        ip.display_pub = stash.display_pub
    dp = stash.display_pub
    if "publish" in vars(dp) or type(dp).publish is not stash.display_pub_publish:
        found.append("display publisher")
        vars(dp).pop("publish", None)
        type(dp).publish = stash.display_pub_publish
    if stash.hooks is not None and list(dp._hooks) != stash.hooks:
        found.append("display hooks")
        dp._hooks[:] = stash.hooks
    if stash.session is not None:
        if "send" in vars(stash.session) or type(stash.session).send is not stash.session_send:
            found.append("kernel session.send")
            vars(stash.session).pop("send", None)
            type(stash.session).send = stash.session_send

    # 4. A fresh engine from the verified source, with a fresh token.
    for name in list(sys_module.modules):
        if name == "asynclab" or name.startswith("asynclab.") or name in FRESH_MODULES:
            del sys_module.modules[name]
    private = {"time": _fresh_copy(stash, "time")}
    sys_module.meta_path.insert(0, stash.finder_class(stash.root, private))
    core = stash.import_module("asynclab.checks.core")
    core._GRADER_TOKEN = token

    threads = sorted(
        t.name
        for t in stash.enumerate_threads()
        if t not in stash.threads and t.is_alive() and not _course_thread(stash, t)
    )
    stash.display(
        {
            GUARD_MIME: {
                "nonce": nonce,
                "stage": "check",
                "found": sorted(set(found)),
                "threads": threads,
                "core_file": core.__file__,
            }
        },
        raw=True,
    )
