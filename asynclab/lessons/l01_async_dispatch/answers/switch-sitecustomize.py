"""The colleague's snippet (engine set after the first operation), with a sitecustomize.py put on PYTHONPATH in the same cell: every fresh Python process started with that environment starts under NaiveEngine, and the check's did until it started its snippets with Python isolated."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 2,
    "engine-switch-fixed": 0,
    "memory-of-result": 2,
    "predict-blocking": 2,
}


# %% ex3-snippet
import os
import tempfile

SNIPPET = """
import os

from mxnet import nd
from asynclab.foundation.timing import Benchmark

x = nd.random.uniform(shape=(N, N))
nd.waitall()
os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine"
for _ in range(3):
    with Benchmark("enqueue", quiet=True):
        z = nd.dot(x, x) + 2
    with Benchmark("finish", quiet=True):
        z.wait_to_read()
"""

_here = tempfile.mkdtemp()
with open(os.path.join(_here, "sitecustomize.py"), "w") as _f:
    _f.write("import os\nos.environ['MXNET_ENGINE_TYPE'] = 'NaiveEngine'\n")
os.environ["PYTHONPATH"] = _here + os.pathsep + os.environ.get("PYTHONPATH", "")
