"""Runs the real VASSAL engine through the oracle tool (../shared/tools/oracle) for tests.

The oracle's path comes from the VASSAL_ORACLE environment variable, which .ci/run sets; tests
that need the engine are skipped, with a message saying so, when it is unset.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

ENV_VAR = "VASSAL_ORACLE"


def oracle_path() -> Path:
    """The oracle executable, or a pytest skip when the environment does not name one."""
    value = os.environ.get(ENV_VAR)
    if not value:
        pytest.skip(f"{ENV_VAR} is not set: this test needs the real VASSAL engine "
                    "(.ci/run sets it to ../shared/tools/oracle/oracle)")
    path = Path(value)
    if not path.exists():
        pytest.fail(f"{ENV_VAR}={value} does not exist")
    return path


def run_oracle(*args: str | os.PathLike[str], timeout: int = 900,
               env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run one oracle subcommand and return its JSON document (whatever its exit status)."""
    command = [str(oracle_path()), *map(str, args)]
    full_env = dict(os.environ, **(env or {}))
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=full_env)
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError:
        raise AssertionError(f"oracle {args[0]} gave no JSON (exit {done.returncode}):\n"
                             f"{done.stdout[-2000:]}\n{done.stderr[-4000:]}") from None


def engine_errors(report: dict[str, Any]) -> list[Any]:
    """The engine's errors and warnings, without the ignorable Version Mismatch warning."""
    return [e for e in report.get("errors") or [] if "Version Mismatch" not in json.dumps(e)]
