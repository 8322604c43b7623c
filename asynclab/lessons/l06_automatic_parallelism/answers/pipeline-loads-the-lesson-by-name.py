"""pipeline loads the lesson's module from a string (importlib.import_module) and calls its chain_with_copies: the copy detector does not follow the string, the check finds the module loaded in its fresh process."""

EXPECT = {"copy-beside-compute": 0}


# %% ex3-pipeline
def pipeline(x, w, steps):
    import importlib

    import mxnet as mx

    lesson = importlib.import_module("asynclab.lessons.l06_automatic_parallelism.parallelism")
    return lesson.chain_with_copies(x, w, steps, mx.cpu(1))
