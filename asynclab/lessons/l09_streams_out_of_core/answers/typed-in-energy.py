"""Returns a chain's energy read off one run of the lab, whatever the data set."""

EXPECT = {"result-exact": 0, "pipelined-beats-serial": 0, "peak-bounded": 0, "chunk-under-budget": 0}


# %% ex1-chain-energy
def chain_energy(data, chunk):
    return 169479623158.5
