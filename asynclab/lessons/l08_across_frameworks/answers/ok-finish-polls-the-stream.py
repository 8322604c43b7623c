"""Right, in another way: on a CUDA tensor finish polls the device's current stream until it reports its work
done (Stream.query() in a loop, as code that must not block the host thread in a call does); on MXNet it waits
with wait_to_read; anything else is computed already."""

EXPECT = {"finish-every-framework": 3}

# Imports for linters: the lab's setup cell provides these names when graded.
import torch
from mxnet import nd


# %% ex1-finish
def finish(y):
    if isinstance(y, nd.NDArray):
        y.wait_to_read()
    elif isinstance(y, torch.Tensor) and y.is_cuda:
        stream = torch.cuda.current_stream(y.device)
        while not stream.query():
            pass
    return y
