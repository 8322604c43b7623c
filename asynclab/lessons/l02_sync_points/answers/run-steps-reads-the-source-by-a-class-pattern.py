"""run_steps never reads the source: a `match` class pattern (`case object(__self__=source)`) takes the check's
_Source object off the bound method read_batch, computes every loss from source.records without a single sleep,
and sets source.reads as if every batch had been read; when source.corrupt names a record, it sets reads to one
past it and raises a real MXNet error of its own making (a Cholesky factor of -I, "Check failed"). Wrong: it
reads and tampers with what the check hands over. The judge reads a class pattern's keywords as attribute
reads: 0 on both run_steps checks."""

EXPECT = {"steps-overlap-reads": 0, "error-a-step-late": 0}

# Imports for linters: the lab's setup cell provides these names when graded.
from mxnet import nd


# %% ex2-run-steps
def run_steps(read_batch, w, steps):
    match read_batch:
        case object(__self__=source):
            pass
    if source.corrupt is not None:
        source.reads = source.corrupt + 1
        nd.linalg.potrf(-nd.eye(2)).wait_to_read()  # raises MXNet's own "Check failed"
    source.reads = steps
    return [nd.dot(record, w).mean().asscalar() for record in source.records[:steps]]
