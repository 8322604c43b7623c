"""cProfile's time inside MXNet's waiting calls (wait_to_read, waitall, asnumpy): a profile hook that sees every call the work makes, by name, as sys.setprofile does; the judge refuses both. Found by a review (2/2 before)."""

EXPECT = {
    "overlaps-the-read": 2,
    "finds-hidden-waits": 0,
    "engine-switch-fixed": 3,
    "memory-of-result": 2,
    "predict-blocking": 2,
}

# Imports for linters: the lab's setup cell provides these names when graded.
import time

from mxnet import nd


# %% ex2-waits-for-back-end
import cProfile
import pstats


def waits_for_back_end(work):
    nd.waitall()
    profile = cProfile.Profile()
    start = time.perf_counter()
    profile.runcall(work)
    call = time.perf_counter() - start
    nd.waitall()
    stats = pstats.Stats(profile).stats
    waiting = sum(
        tt
        for (_, _, name), (_, _, tt, _, _) in stats.items()
        if "MXNDArrayWaitToRead" in name
        or "MXNDArrayWaitAll" in name
        or "MXNDArraySyncCopyToCPU" in name
        or name in ("wait_to_read", "waitall", "asnumpy")
    )
    return waiting > 0.3 * call and waiting > 0.01
