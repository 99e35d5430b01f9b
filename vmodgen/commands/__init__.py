"""The subcommands of ``vmodgen``, one module each."""

from __future__ import annotations

import click

ALL: list[click.Command] = []
