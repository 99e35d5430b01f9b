"""The ``vmodgen`` command line: build modules, replay logs, check logs against the rules.

Subcommands are imported only when run, so ``vmodgen replay`` does not pay for the imaging
libraries that ``vmodgen build`` needs. Every failure, a usage mistake included, ends the same
way (``vmodgen.commands.failure``): one line on stderr and exit status 2.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from typing import Any

import click

from vmodgen.commands.failure import fail, internal_error

#: command name -> "module:attribute" of its click command
COMMANDS = {
    "build": "vmodgen.commands.build:build",
    "replay": "vmodgen.commands.replay:replay",
    "check": "vmodgen.commands.check:check",
    "derive-map": "vmodgen.commands.derive_map:derive_map_command",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module, attribute = target.split(":")
        command: click.Command = getattr(_import(module), attribute)
        return command

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run a command; any failure becomes one line and exit status 2."""
        kwargs["standalone_mode"] = False
        try:
            status = super().main(*args, **kwargs)
        except click.UsageError as error:
            hint = f" (see '{error.ctx.command_path} --help')" if error.ctx is not None else ""
            fail(error.format_message() + hint)
        except click.ClickException as error:
            fail(error.format_message())
        except (click.Abort, KeyboardInterrupt):
            fail("interrupted")
        except BrokenPipeError:
            _quiet_stdout()
            sys.exit(1)
        except Exception as error:  # noqa: BLE001 - the one place an unforeseen error is reported
            internal_error(error)
        sys.exit(status if isinstance(status, int) else 0)


def _import(module: str) -> Any:
    """A subcommand's module, imported with the cyclic garbage collector paused: an import makes
    tens of thousands of objects and no garbage, and the collector's passes over them cost a
    short command such as ``check`` several per cent of its time (issue 9)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return importlib.import_module(module)
    finally:
        if enabled:
            gc.enable()


def _quiet_stdout() -> None:
    """A reader that stopped reading (``vmodgen replay x | head``) is not an error to report."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Turn wargame data into VASSAL modules and check VASSAL logs against the rules."""


if __name__ == "__main__":
    main()
