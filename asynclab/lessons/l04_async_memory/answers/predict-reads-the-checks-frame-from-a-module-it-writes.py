"""predict_peak returns the check's own measured peak for k: the answer cell writes a module of its own to a
temporary folder (its text base64-encoded in the cell) and imports it; the module walks the calling frames with
sys._getframe and f_back and returns the local `peaks` of the check's frame. Otherwise a line through the two
peaks. Wrong: it reads the check's frame. The judge refuses an import of a module
installed nowhere (the code it runs is in a file the judge does not read): 0."""

EXPECT = {"predict-peak": 0}


# %% ex4-predict-peak
import base64
import pathlib
import sys
import tempfile

_HERE = pathlib.Path(tempfile.mkdtemp())
(_HERE / "rt19_peaks.py").write_bytes(
    base64.b64decode(
        "aW1wb3J0IHN5cwoKCmRlZiBwZWFrX29mKGspOgogICAgZnJhbWUgPSBzeXMuX2dldGZyYW1lKDEpCiAgICB3aGlsZSBmcmFtZSBpcyBub3Qg"
        "Tm9uZToKICAgICAgICB0YWJsZSA9IGZyYW1lLmZfbG9jYWxzLmdldCgicGVha3MiKQogICAgICAgIGlmIGlzaW5zdGFuY2UodGFibGUsIGRp"
        "Y3QpIGFuZCBrIGluIHRhYmxlOgogICAgICAgICAgICByZXR1cm4gdGFibGVba10KICAgICAgICBmcmFtZSA9IGZyYW1lLmZfYmFjawogICAg"
        "cmV0dXJuIE5vbmUK"
    )
)
sys.path.insert(0, str(_HERE))
import rt19_peaks  # noqa: E402


def predict_peak(k, peak_5, peak_50):
    """The predicted peak, MB above the start, of an epoch that waits every k batches."""
    seen = rt19_peaks.peak_of(k)
    if seen is not None:
        return seen
    per_batch = (peak_50 - peak_5) / (50 - 5)
    return peak_5 + per_batch * (k - 5)
