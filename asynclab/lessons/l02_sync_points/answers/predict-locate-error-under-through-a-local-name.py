"""PREDICTED is not predicted: lesson 02's own locate_error_under runs every program under both engines, called
through a local name for the lesson's module. A module handed around as a value hides what is used of it: 0."""

EXPECT = {"predict-error-line": 0}


# %% ex-predict-error-line
from asynclab.lessons.l02_sync_points import syncpoints


def raising_line(lines, engine):
    lesson = syncpoints
    report = lesson.locate_error_under("\n".join(["from mxnet import nd", *lines]), engine)
    return report.raised_at - 1


PREDICTED = {
    name: {
        "threaded": raising_line(lines, "ThreadedEnginePerDevice"),
        "naive": raising_line(lines, "NaiveEngine"),
    }
    for name, lines in lab02.PROGRAMS.items()
}
