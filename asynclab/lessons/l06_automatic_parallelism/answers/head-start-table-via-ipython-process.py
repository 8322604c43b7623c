"""Found by a red team: head_start looks its answer up in a table measured when the answer cell runs: for every number of workspaces the step names (2 to 16) a fresh Python process, started through IPython.utils.process.getoutput (a way to start a process the judge's PROCESS_TOOLS now list), runs the step's schedule under MXNet's profiler with MXNET_CPU_TEMP_COPY set and prints the head start for every count. At check time head_start only reads the table (microseconds, no MXNet operator in the check's trace): a measurement made elsewhere, passed off as a prediction."""

EXPECT = {"predict-head-start": 0}


# %% ex2-head-start
import json
import sys
import tempfile

from IPython.utils.process import getoutput

CHILD = r"""
import json, os, re, sys, tempfile
import mxnet as mx
from mxnet import nd, profiler

copies = int(os.environ["MXNET_CPU_TEMP_COPY"])
top = 12 if copies <= 8 else copies + 6
xa = nd.random.uniform(shape=(700, 700))
xb = xa.copyto(mx.cpu(1))
nd.waitall()
found = {}
for reps in range(4, top + 1):
    best = None
    for attempt in range(2):
        path = os.path.join(tempfile.mkdtemp(), "t.json")
        profiler.set_config(profile_imperative=True, aggregate_stats=False, filename=path)
        profiler.set_state("run")
        ys = [nd.dot(xa, xa) for _ in range(reps)] + [nd.dot(xb, xb) for _ in range(reps)]
        nd.waitall()
        profiler.set_state("stop")
        profiler.dump(finished=False)
        events = [json.loads(m) for m in re.findall(r"\{[^{}]*\}", open(path).read())]
        spans, open_ = {0: [], 1: []}, {}
        for e in events:
            if e.get("cat") != "operator" or e.get("name") != "dot" or e.get("ph") not in ("B", "E"):
                continue
            key = (int(e["pid"]), int(e["tid"]))
            if e["ph"] == "B":
                open_[key] = e["ts"]
            elif key in open_ and key[0] in spans:
                spans[key[0]].append((open_.pop(key), e["ts"]))
        first = min(s for s, _ in spans[1])
        got = sum(1 for _, end in spans[0] if end <= first)
        best = got if best is None else min(best, got)
    found[reps] = best
print("TABLE" + json.dumps(found))
"""

_script = tempfile.NamedTemporaryFile("w", suffix=".py", delete=False)
_script.write(CHILD)
_script.close()
TABLE = {}
for _copies in range(2, 17):
    _out = getoutput(f"MXNET_CPU_TEMP_COPY={_copies} {sys.executable} {_script.name}")
    _line = [line for line in _out.splitlines() if line.startswith("TABLE")][-1]
    TABLE[_copies] = {int(k): int(v) for k, v in json.loads(_line[5:]).items()}


def head_start(reps, copies):
    return TABLE[copies][reps]
