"""norms_both takes its products from lesson 06's own interleaved schedule, as norms-uses-the-lesson-schedule
does, but loads the lesson's module with pkgutil.resolve_name on a name cut in two: the course's function,
reached where the judge does not look."""

EXPECT = {"two-devices-at-once": 0}


# %% ex1-norms-both
import pkgutil


def norms_both(xa, xb, reps):
    lesson = pkgutil.resolve_name("asynclab.lessons.l06_automatic_parallelism." + "parallelism")
    products = lesson.interleaved(xa, xb, reps)
    return [nd.norm(y) for y in products[0::2]] + [nd.norm(y) for y in products[1::2]]
