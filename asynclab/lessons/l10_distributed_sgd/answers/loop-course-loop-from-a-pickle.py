"""worker_loop hands each group of gradients to the course's own psgd.worker_loop (as worker-loop-calls-the-course and
loop-course-loop-by-import-module, both 0), reached through a pickle: importlib.import_module("pickle").loads(
b"casynclab.foundation.workloads.psgd\\nworker_loop\\n.") (protocol 0's GLOBAL opcode imports the module and returns
the attribute). The judge lists pickle among HIDING_TOOLS, but only as a dotted name of the closure: a module loaded by
import_module with a constant string goes to the closure's *values* (copies._values), which _handed_around refuses
only for NAMED_ONLY modules and the course's own (pickle is neither), and the name of the course is in a bytes
constant, which _DOTTED_STRING (str only) never reads. The workers have pickle and the course: the course's loop
trains, unseen. Found by a review (round 5): a module loaded by a constant string now counts as a use of that module, and pickle is one of HIDING_TOOLS."""

EXPECT = {"sync-equals-one-process": 0, "async-outruns-straggler": 0}


# %% ex1-worker-loop
def worker_loop(kv, key, w, gradient_at, steps, every):
    import importlib

    course_loop = importlib.import_module("pickle").loads(b"casynclab.foundation.workloads.psgd\nworker_loop\n.")
    for first in range(0, steps, every):
        total = gradient_at(w, first)
        for step in range(first + 1, first + every):
            total = total + gradient_at(w, step)
        course_loop(kv, key, w, lambda weights, _step, total=total: total, 1)
