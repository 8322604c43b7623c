"""PREDICTED is not predicted: the cell runs each program of lab02.PROGRAMS line by line in child Python
processes, one per engine, and reads the line that raised. subprocess and sys are reached as attributes of the
course's asynclab.tooling.busy module, which imports both; the judge resolves busy.subprocess.run to
subprocess.run, which starts another process: 0."""

EXPECT = {"predict-error-line": 0}


# %% ex-predict-error-line
import json

from asynclab.tooling import busy

CHILD = """
import json, os, sys
os.environ["MXNET_ENGINE_TYPE"] = sys.argv[1]
from mxnet import nd
found = {}
for name, lines in json.loads(sys.argv[2]).items():
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


def lines_that_raise(engine):
    done = busy.subprocess.run(
        [busy.sys.executable, "-c", CHILD, engine, json.dumps(lab02.PROGRAMS)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


threaded = lines_that_raise("ThreadedEnginePerDevice")
naive = lines_that_raise("NaiveEngine")
PREDICTED = {name: {"threaded": threaded[name], "naive": naive[name]} for name in threaded}
