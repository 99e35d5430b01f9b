"""Runs the real VASSAL engine through the oracle tool (../shared/tools/oracle) for tests.

The oracle's path comes from the VASSAL_ORACLE environment variable, which .ci/run sets; tests
that need the engine are skipped, with a message saying so, when it is unset.

The oracle runs two engines (its ``ORACLE_ENGINE``): the VASSAL 3.6 snapshot and VASSAL 3.7.26,
what players run today. ``run_oracle`` uses ``engine`` when given, else ``ORACLE_ENGINE`` from the
environment, else 3.6; tests that must hold on both parametrize over ``ENGINES``.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

ENV_VAR = "VASSAL_ORACLE"
ENGINES = ("3.6", "3.7")
"""The oracle's engines: ``3.6`` (3.6.0-SNAPSHOT, its default) and ``3.7`` (VASSAL 3.7.26)."""


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


def oracle_engine(engine: str | None = None) -> str:
    """The engine a test runs: ``engine``, else ``ORACLE_ENGINE``, else 3.6 (the oracle's default)."""
    chosen = engine or os.environ.get("ORACLE_ENGINE") or ENGINES[0]
    if chosen not in ENGINES:
        pytest.fail(f"ORACLE_ENGINE={chosen} is not one of the oracle's engines {ENGINES}")
    return chosen


def run_oracle(*args: str | os.PathLike[str], timeout: int = 900,
               env: dict[str, str] | None = None, engine: str | None = None) -> dict[str, Any]:
    """Run one oracle subcommand on ``engine`` (see ``oracle_engine``) and return its JSON
    document (whatever its exit status)."""
    command = [str(oracle_path()), *map(str, args)]
    full_env = dict(os.environ, **(env or {}), ORACLE_ENGINE=oracle_engine(engine))
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=full_env)
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError:
        raise AssertionError(f"oracle {args[0]} ({full_env['ORACLE_ENGINE']}) gave no JSON (exit {done.returncode}):\n"
                             f"{done.stdout[-2000:]}\n{done.stderr[-4000:]}") from None


def engine_errors(report: dict[str, Any], strict: bool = False) -> list[Any]:
    """The engine's errors and warnings, without the ignorable Version Mismatch warning (the 3.6
    snapshot is older than the 3.6.0 our modules declare); with ``strict`` (as ``--strict``
    counts them; for VASSAL 3.7.26, where a module must load with none at all), every one."""
    errors = report.get("errors") or []
    return list(errors) if strict else [e for e in errors if "Version Mismatch" not in json.dumps(e)]


def load_errors(module: str | os.PathLike[str], engine: str) -> tuple[dict[str, Any], list[Any]]:
    """``oracle load --strict`` of a module on one engine, painting every piece: the report and
    its errors and warnings (on 3.7 every one counts; on 3.6 all but the Version Mismatch)."""
    report = run_oracle("load", module, "--image-sample", "-1", "--strict", engine=engine)
    return report, engine_errors(report, strict=engine != ENGINES[0])
