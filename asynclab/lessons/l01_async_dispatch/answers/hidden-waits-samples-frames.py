"""Samples, from another thread, the line the main thread runs (sys._current_frames and linecache) and looks for MXNet's waiting calls: it reads the code instead of measuring. The judge refuses other threads' frames. Found by a review (2/2 before)."""

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
import linecache
import sys
import threading


def waits_for_back_end(work):
    nd.waitall()
    main = threading.get_ident()
    lines = []
    done = threading.Event()

    def sample():
        while not done.is_set():
            frame = sys._current_frames().get(main)
            if frame is not None:
                lines.append(linecache.getline(frame.f_code.co_filename, frame.f_lineno) + frame.f_code.co_name)
            time.sleep(0.0005)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        work()
    finally:
        done.set()
        sampler.join()
    nd.waitall()
    waiting = [x for x in lines if any(w in x for w in ("wait_to_read", "waitall", "asnumpy", "asscalar"))]
    return len(waiting) >= 10
