"""Past one machine: a tournament checked on the workers of a Dask distributed scheduler (the
optional ``dask`` extra), here a local cluster of worker processes. Skipped, saying so, where the
extra is not installed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.check.conftest import KIEV_LOGS, OTHER_MODULE_LOG, SAVES
from vmodgen.engine.check.tournament import check_tournament

distributed = pytest.importorskip("distributed", reason="the dask extra is not installed (pip install '.[dask]')")


@pytest.fixture(scope="module")
def cluster() -> object:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as local:
        yield local


def test_a_tournament_on_a_local_dask_cluster(cluster: object, kiev_module: Path, tmp_path: Path) -> None:
    for path in (KIEV_LOGS / "legal-game.vlog", KIEV_LOGS / "directive-east.vlog", SAVES / "legal-game-end.vsav",
                 OTHER_MODULE_LOG):
        shutil.copy(path, tmp_path / path.name)
    tournament = check_tournament([tmp_path], kiev_module, scheduler=cluster.scheduler_address)
    assert [([Path(f).name for f in g.files], g.status, [f.rule for f in g.report.findings])
            for g in tournament.games] == [(["directive-east.vlog"], 1, ["Kiev 22.1"]),
                                           (["legal-game.vlog", "legal-game-end.vsav"], 0, [])]
    assert [Path(u.file).name for u in tournament.unplaced] == ["basic.vlog"]


def test_an_unreachable_scheduler_is_one_line_and_exit_2(kiev_module: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "vmodgen.cli", "check", str(KIEV_LOGS / "rail-move.vlog"),
                           "--module", str(kiev_module), "--scheduler", "tcp://127.0.0.1:9"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("vmodgen: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
