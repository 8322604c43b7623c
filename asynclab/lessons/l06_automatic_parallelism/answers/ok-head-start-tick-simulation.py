"""Right answer, worked out by simulating the engine rather than by a formula: a clock of one microsecond ticks, a
product of 10 ms on a worker per device, the workspaces handed out in turn at issue and each taken by its products
in the order they were issued. It counts cpu(0)'s products done at the tick cpu(1)'s first starts. It runs no
MXNet and no other process; it takes about a second, being a tick-by-tick loop in Python."""

EXPECT = {"predict-head-start": 2}


# %% ex2-head-start
def head_start(reps, copies):
    product = 10_000  # ticks of 1 us: a 700x700 product takes about 10 ms
    issued = [(0, j) for j in range(reps)] + [(1, j) for j in range(reps)]
    holders = [[] for _ in range(copies)]  # per workspace, the products that take it, in the order of issue
    for order, item in enumerate(issued):
        holders[order % copies].append(item)
    workspace = {item: order % copies for order, item in enumerate(issued)}
    queue = {0: [(0, j) for j in range(reps)], 1: [(1, j) for j in range(reps)]}
    running = {0: None, 1: None}  # device -> [item, ticks left]
    done = {0: 0, 1: 0}
    tick = 0
    while True:
        for device in (0, 1):  # a free worker starts its next product once that product's workspace is its own
            if running[device] is None and queue[device]:
                item = queue[device][0]
                if holders[workspace[item]][0] == item:
                    queue[device].pop(0)
                    running[device] = [item, product]
                    if device == 1 and item[1] == 0:
                        return done[0]
        for device in (0, 1):
            if running[device] is not None:
                running[device][1] -= 1
                if running[device][1] == 0:
                    item = running[device][0]
                    holders[workspace[item]].pop(0)
                    done[device] += 1
                    running[device] = None
        tick += 1
