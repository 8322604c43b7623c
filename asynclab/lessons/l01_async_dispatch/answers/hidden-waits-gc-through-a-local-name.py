"""Reads the kind the check drew instead of measuring: it walks the objects the handed work refers to with
gc.get_referents, the gc module held under a local name of its own (objects = gc), and looks for the names of
the waiting kinds. A module handed around as a value hides what is used of it: 0."""

EXPECT = {"finds-hidden-waits": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-waits-for-back-end
import gc
import types

KINDS_THAT_WAIT = {"reads a number", "waits for its first product", "logs a row's mean", "waits for everything"}


def waits_for_back_end(work):
    objects = gc
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
        elif isinstance(item, (types.FunctionType, types.CellType, tuple)):
            todo.extend(objects.get_referents(item))
    return False
