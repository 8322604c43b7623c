"""PREDICTED is measured in another process started with asyncio.subprocess.create_subprocess_exec: 0."""

EXPECT = {"predict-allocations": 0}


# %% ex-predict-allocations
import asyncio
import concurrent.futures
import json
import sys

PROGRAM = "import json; print(json.dumps({}))"  # stands for a program that profiles each statement


async def _measure():
    proc = await asyncio.subprocess.create_subprocess_exec(
        sys.executable, "-c", PROGRAM, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await proc.communicate()
    return json.loads(out)


with concurrent.futures.ThreadPoolExecutor(1) as pool:
    PREDICTED = pool.submit(asyncio.run, _measure()).result()
