"""The subcommands of ``vmodgen``, one module each (listed in ``vmodgen.cli.COMMANDS``)."""
