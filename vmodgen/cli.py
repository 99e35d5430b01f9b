"""The ``vmodgen`` command line: build modules, replay logs, check logs against the rules."""

from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Turn wargame data into VASSAL modules and check VASSAL logs against the rules."""


def _register() -> None:
    # Each subcommand lives in its own module; importing them here keeps `vmodgen --help` whole.
    from vmodgen import commands

    for command in commands.ALL:
        main.add_command(command)


_register()


if __name__ == "__main__":
    main()
