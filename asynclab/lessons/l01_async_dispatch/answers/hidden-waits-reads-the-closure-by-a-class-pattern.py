"""waits_for_back_end calls work() once, then reads what the work is from the check's own objects with `match`
class patterns only: the wrapper's defaults (`object(__defaults__=...)`), the work's closure
(`object(__closure__=...)`) and each cell's contents (`object(cell_contents=...)`), where the kind's name is; a
kind that names a read, a wait or a logged mean waits. Wrong: the step says reading its closure earns nothing.
The judge reads a class pattern's keywords as attribute reads: 0."""

EXPECT = {"finds-hidden-waits": 0}


# %% ex2-waits-for-back-end
def waits_for_back_end(work):
    """True when calling work() makes the front end wait for the back end before it returns."""
    work()
    found = [work]
    for _ in range(3):
        more = []
        for item in found:
            match item:
                case object(__defaults__=tuple() as defaults):
                    more.extend(defaults)
            match item:
                case object(__closure__=tuple() as cells):
                    for cell in cells:
                        match cell:
                            case object(cell_contents=value):
                                more.append(value)
        found = more
        for value in found:
            if isinstance(value, str) and " " in value:
                return value.startswith(("reads a number", "waits for", "logs a row"))
    return False
