"""The ``vmodgen`` command line: build modules, replay logs, check logs against the rules.

Subcommands are imported only when run, so ``vmodgen replay`` does not pay for the imaging
libraries that ``vmodgen build`` needs.
"""

from __future__ import annotations

import importlib

import click

#: command name -> "module:attribute" of its click command
COMMANDS = {
    "build": "vmodgen.commands.build:build",
    "replay": "vmodgen.commands.replay:replay",
    "check": "vmodgen.commands.check:check",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module, attribute = target.split(":")
        command: click.Command = getattr(importlib.import_module(module), attribute)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Turn wargame data into VASSAL modules and check VASSAL logs against the rules."""


if __name__ == "__main__":
    main()
