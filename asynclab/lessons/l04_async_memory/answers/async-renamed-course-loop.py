"""train_async wraps a copy of the course's own train_loop (asynclab.foundation.workloads.mlp) in a function of its own, every local name renamed and independent statements reordered: the course's loop in disguise, re-typed."""

EXPECT = {"peak-increase": 2, "front-returns-early": 0, "sync-every-k": 4, "predict-peak": 2}

# The copy of asynclab/foundation/workloads/mlp.py's train_loop: arguments and locals renamed,
# autograd imported under another name after the list of losses, the loop nested inside
# train_async and called with its default (never wait).


# %% ex2-train-async
def train_async(net, trainer, loss, batches):
    def run(model, opt, criterion, data, every=None, watcher=None):
        read = []
        from mxnet import autograd as ag

        for n, (inputs, labels) in enumerate(data):
            with ag.record():
                out = criterion(model(inputs), labels)
            out.backward()
            opt.step(inputs.shape[0])
            if watcher is not None:
                watcher.issued(out)
            if every is not None and (n + 1) % every == 0:
                read.append(float(out.mean().asscalar()))
        return read

    return run(net, trainer, loss, batches)
