"""Right answer written differently: one Python thread per device issues that device's products and norms
(a thread waits for nothing), joined before returning; the list in the original's order. The threads the
call starts are recorded too, so the record shows every norm's own product."""

EXPECT = {"two-devices-at-once": 3}


# %% ex1-norms-both
import threading


def norms_both(xa, xb, reps):
    found = {0: [], 1: []}

    def issue(device, x):
        for _ in range(reps):
            found[device].append(nd.norm(nd.dot(x, x)))

    workers = [threading.Thread(target=issue, args=(d, x)) for d, x in ((0, xa), (1, xb))]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return found[0] + found[1]
