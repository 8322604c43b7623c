"""backend_ms returns a figure measured once by hand, whatever fn runs."""

EXPECT = {"agrees-with-clock": 0}


# %% ex2-backend-ms
def backend_ms(fn):
    fn()
    return 60.0
