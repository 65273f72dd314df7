"""The ``crdex`` click group: the table of commands, imported when they run.

Commands live in this package, one module each, and are imported only when
they run (or when ``--help`` lists them: the command modules import nothing
heavy at their top, so that listing them stays cheap). Every ``CrdexError``
becomes ``Error: …`` on stderr and exit code 1 (with ``--json``, also
``{"error": {"type": …, "message": …}}`` on stdout, where the tool reading
it looks); nothing else is caught, so a traceback always means a bug.
"""

from __future__ import annotations

import importlib
import json
import sys

import click

from crdex._version import __version__
from crdex.errors import CrdexError

__all__ = ["COMMANDS", "LazyGroup", "cli", "run"]

# command name → the module that defines it (as an attribute of the same name)
COMMANDS = {
    name: f"crdex.commands.{name}"
    for name in (
        "actions",
        "build",
        "check",
        "diff",
        "documents",
        "editions",
        "export",
        "glossary",
        "history",
        "identify",
        "mcp",
        "parse",
        "remove",
        "resolve",
        "search",
        "serve",
        "show",
        "verify",
    )
}


class LazyGroup(click.Group):
    """A group whose commands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        module_name = COMMANDS.get(cmd_name)
        if module_name is None:
            return None
        command = getattr(importlib.import_module(module_name), cmd_name.replace("-", "_"))
        self.add_command(command, cmd_name)
        return command


@click.group(
    name="crdex",
    cls=LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(version=__version__, package_name="crdex")
def cli() -> None:
    """crdex: the Magic: The Gathering Comprehensive Rules as data.

    Parse any edition (1999 to today, any format) into one rule tree, follow
    rules across editions, search them, and export them for other tools.
    """


def run(argv: list[str] | None = None) -> None:
    """Run the command line (``argv``: the arguments, default ``sys.argv[1:]``)."""
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        cli.main(args=args, prog_name="crdex", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("Interrupted.", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except CrdexError as exc:
        if "--json" in args:
            error = {"type": type(exc).__name__, "message": str(exc)}
            click.echo(json.dumps({"error": error}, ensure_ascii=False))
        click.echo(f"Error: {exc}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(1)
