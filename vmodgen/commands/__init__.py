"""The subcommands of ``vmodgen``, one module each."""

from __future__ import annotations

import click

from vmodgen.commands.build import build
from vmodgen.commands.check import check
from vmodgen.commands.replay import replay

ALL: list[click.Command] = [build, replay, check]
