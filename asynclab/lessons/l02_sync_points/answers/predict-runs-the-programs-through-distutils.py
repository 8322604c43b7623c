"""PREDICTED is not predicted: the cell runs the three programs (their text typed in from the listing) line by
line in child Python processes, one per engine, started with distutils.spawn.spawn (setuptools' distutils, which
hands its keyword arguments to subprocess.check_call: env and stdout), and reads the line that raised from a
temporary file. Wrong: a table measured by running the programs is not a prediction. The judge's PROCESS_TOOLS
list distutils' and setuptools' spawn: 0."""

EXPECT = {"predict-error-line": 0}


# %% ex-predict-error-line
import json
import sys
import tempfile
from distutils.spawn import spawn

PROGRAMS = {
    "A": [
        "a = nd.random.normal(0, -1.0, shape=(300, 300))",
        "b = nd.ones((300, 300)) * 3",
        "c = nd.dot(a, b)",
        "b.wait_to_read()",
        "total = b.sum().asscalar()",
        "shape = c.shape",
        "mean = c.mean().asscalar()",
        "nd.waitall()",
    ],
    "B": [
        "x = nd.ones((300, 300))",
        "a = nd.random.normal(0, -1.0, shape=(300, 300))",
        "c = nd.dot(x, a)",
        "x.wait_to_read()",
        "rows = c.shape[0]",
        "nd.waitall()",
        "d = c + 1",
        "total = x.sum().asscalar()",
    ],
    "C": [
        "b = nd.ones((200, 200))",
        "c = nd.dot(b, b)",
        "a = nd.random.normal(0, -2.0, shape=(200, 200))",
        "d = nd.relu(a * 2)",
        "first = c[0, 0].asscalar()",
        "b += d",
        "n = c.size",
        "total = b.sum().asscalar()",
        "nd.waitall()",
    ],
}
CHILD = """
import json, sys
from mxnet import nd
found = {}
for name, lines in json.loads(sys.argv[1]).items():
    space, raised = {"nd": nd}, None
    for number, line in enumerate(lines, 1):
        try:
            exec(line, space)
        except Exception:
            raised = number
            break
    try:
        nd.waitall()
    except Exception:
        pass
    found[name] = raised
print(json.dumps(found))
"""
PREDICTED = {name: {} for name in PROGRAMS}
for key, engine in (("threaded", "ThreadedEnginePerDevice"), ("naive", "NaiveEngine")):
    with tempfile.TemporaryFile("w+") as out:
        spawn([sys.executable, "-c", CHILD, json.dumps(PROGRAMS)], env={"MXNET_ENGINE_TYPE": engine}, stdout=out)
        out.seek(0)
        for name, line in json.loads(out.read()).items():
            PREDICTED[name][key] = line
