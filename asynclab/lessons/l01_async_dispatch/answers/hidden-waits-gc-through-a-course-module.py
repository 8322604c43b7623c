"""Reads the kind the check drew instead of measuring: it walks the objects the handed work refers to (its
defaults, the inner work, its closure's cells) with gc.get_referents, the gc module reached as an attribute of
the course's workloads.native module, which imports it, and looks for the names of the waiting kinds. A
standard module reached through a course module's import is judged by its own name (gc.get_referents), which
reads the inside of what the check hands over: 0."""

EXPECT = {"finds-hidden-waits": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-waits-for-back-end
from asynclab.foundation.workloads import native

KINDS_THAT_WAIT = {"reads a number", "waits for its first product", "logs a row's mean", "waits for everything"}
WALKED = {"function", "cell", "tuple"}


def waits_for_back_end(work):
    work()
    nd.waitall()
    seen, todo = set(), [work]
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, str):
            if item in KINDS_THAT_WAIT:
                return True
        elif type(item).__name__ in WALKED:
            todo.extend(native.gc.get_referents(item))
    return False
