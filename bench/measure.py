"""One whole process's CPU time and peak memory, measured through a small go-between process.

Linux keeps a process's peak resident size across ``exec``: a command started straight from a
large Python process (a bench that has just written a million-command log) reports that
process's peak as its own. So every measured command is started by a fresh, small Python
process, which waits for it and prints what ``wait4`` says.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

_RUNNER = """
import json, os, subprocess, sys
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
error = process.stderr.read()[-2000:].decode("utf-8", "replace")
_, status, usage = os.wait4(process.pid, 0)
print(json.dumps([usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, os.waitstatus_to_exitcode(status), error]))
"""


def measure(command: list[str], cwd: Path) -> tuple[float, int, int, str]:
    """(CPU seconds, peak RSS bytes, exit status, end of stderr) of ``command`` and the children
    it waited for."""
    done = subprocess.run([sys.executable, "-c", _RUNNER, *command], cwd=cwd, capture_output=True, text=True)
    cpu, peak, status, error = json.loads(done.stdout)
    return cpu, peak, status, error
