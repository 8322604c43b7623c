"""A right answer: the colleague's script with the engine switched before the first operation (as the
solution), plus one line that reports the engine on stderr, for which it imports sys. The engine in effect is
NaiveEngine, 'enqueue' times the product and 'finish' the wait: everything the step asks. The check refuses
modules that reach its recorders in the snippet's process (sys.modules among them), but sys used only to
print on its streams reaches nothing, and `import sys` is an ordinary line of a script."""

EXPECT = {"engine-switch-fixed": 3}


# %% ex3-snippet
SNIPPET = """
import os
import sys

# MXNet reads MXNET_ENGINE_TYPE once, when its engine starts at the first operation: set it before any
os.environ["MXNET_ENGINE_TYPE"] = "NaiveEngine"

from mxnet import nd
from asynclab.foundation.timing import Benchmark

print(f"engine: {os.environ['MXNET_ENGINE_TYPE']}, N = {N}", file=sys.stderr)
x = nd.random.uniform(shape=(N, N))
nd.waitall()
for _ in range(3):
    with Benchmark("enqueue", quiet=True):
        z = nd.dot(x, x) + 2
    with Benchmark("finish", quiet=True):
        z.wait_to_read()
"""
