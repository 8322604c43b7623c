"""chain_energy reads every chunk through the device, then returns the chain's energy the check itself compares with (lab09._reference): reaching into the checks earns nothing."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}

# Imports for linters: the lab's setup cell provides chunked, and the check cells lab09, when graded.
from asynclab.foundation.workloads import chunked
from asynclab.lessons.l09_streams_out_of_core import checks as lab09


# %% ex1-chain-energy
def chain_energy(data, chunk):
    for _ in chunked.read_chunks(data, chunk):  # every byte through the device, as the check counts
        pass
    return lab09._reference(data)
