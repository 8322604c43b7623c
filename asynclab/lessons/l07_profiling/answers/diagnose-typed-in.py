"""diagnose never profiles: it answers what lesson 07's training step showed, a product held up by the back end."""

EXPECT = {"diagnoses-the-program": 0}


# %% ex1-diagnose
def profile(fn):
    fn()
    nd.waitall()


def diagnose(fn):
    profile(fn)
    return "dot", "back end"
