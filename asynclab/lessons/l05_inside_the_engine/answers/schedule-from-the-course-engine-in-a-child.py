"""Found by a red team: PREDICTED_ROUNDS is not worked out: the answer cell starts a Python process through IPython.utils.process.getoutput (now among the judge's PROCESS_TOOLS) whose code, a string the judge does not read, runs lab05.SCHEDULE on the course's reference engine (engine_reference.Engine, MXNet's rule, two workers) with the checks' own push_schedule and rounds_of, and prints the rounds; the cell reads them back. The check's own oracle, run elsewhere and passed off as a prediction."""

EXPECT = {"predict-schedule": 0}


# %% ex5-predict-schedule
import json
import shlex
import sys

from IPython.utils.process import getoutput

CHILD = (
    "import json\n"
    "from asynclab.lessons.l05_inside_the_engine import checks as c\n"
    "from asynclab.lessons.l05_inside_the_engine.engine_reference import Engine\n"
    "with Engine(num_workers=c.SCHEDULE_WORKERS) as engine:\n"
    "    c.push_schedule(engine)\n"
    "    engine.wait_all(timeout=30)\n"
    "print('ROUNDS' + json.dumps(c.rounds_of(engine.records)))\n"
)
_out = getoutput(f"{sys.executable} -c {shlex.quote(CHILD)}")
PREDICTED_ROUNDS = json.loads([line for line in _out.splitlines() if line.startswith("ROUNDS")][-1][6:])
