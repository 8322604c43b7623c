"""Found by a red team (round 16): the four hooks hand every entry to lesson 05's queue-head rule, the course's own
engine_reference.Engine._dispatch, loaded from its file under another module name by the loader of a module the
lab's setup cell imports: type(plots.__loader__)("lesson_rule", path).load_module(), the path made from
plots.__file__. No import or string names the course module, and the runtime guard (answer_key_use) judges the
reference by its module's name, which the loader changed. The course's code, not an answer: none of step 2's points."""

EXPECT = {
    "sync-engine": 1,
    "hazards": 0,
    "serialize": 0,
    "overlap": 0,
    "worked-example": 1,
    "errors-at-wait": 0,
}

# Imports for linters: the lab's setup cell provides these names when graded.
from asynclab.foundation import plots
from asynclab.foundation.engine import READ, WRITE, ThreadedVarEngineBase


# %% ex2-dependency-rule
_top = plots.__file__[: -len("foundation/plots.py")]
_rule = type(plots.__loader__)("lesson_rule", _top + "lessons/l05_inside_the_engine/engine_reference.py").load_module()
_head = _rule.Engine._dispatch


class StudentEngine(ThreadedVarEngineBase):
    def append_read(self, var, op):
        var.queue.append((op, READ))
        _head(self, var)

    def append_write(self, var, op):
        var.queue.append((op, WRITE))
        _head(self, var)

    def complete_read(self, var, op):
        var.running_reads -= 1
        if var.running_reads == 0:
            _head(self, var)

    def complete_write(self, var, op):
        var.writing = False
        _head(self, var)
