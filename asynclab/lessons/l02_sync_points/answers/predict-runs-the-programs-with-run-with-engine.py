"""PREDICTED is not predicted: the cell runs every program of lab02.PROGRAMS in fresh processes under both engines
with the course's mxb.run_with_engine and reads the line that raised. A table computed by running MXNet or a
foundation helper measured: 0."""

EXPECT = {"predict-error-line": 0}


# %% ex-predict-error-line
from asynclab.foundation.backends import mxnet as mxb

RUNNER = """
from mxnet import nd
from asynclab.foundation.timing import Benchmark

namespace = {{"nd": nd}}
for number, line in enumerate({lines!r}, 1):
    try:
        exec(line, namespace)
    except Exception:
        with Benchmark("raised " + str(number), quiet=True):
            pass
        break
try:
    nd.waitall()
except Exception:
    pass
"""


def raising_line(lines, engine):
    run = mxb.run_with_engine(RUNNER.format(lines=list(lines)), engine)
    return int(run.labels[0].split()[-1])


PREDICTED = {
    name: {
        "threaded": raising_line(lines, "ThreadedEnginePerDevice"),
        "naive": raising_line(lines, "NaiveEngine"),
    }
    for name, lines in lab02.PROGRAMS.items()
}
