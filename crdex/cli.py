"""The ``crdex`` command: a thin layer over the library, one command per module.

Commands live in :mod:`crdex.commands`, each a click command mapping onto
library calls. Every ``CrdexError`` becomes ``Error: …`` on stderr and exit
code 1; nothing else is caught, so a traceback always means a bug.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import click

from crdex.corpus.errors import CrdexError

from . import commands

__all__ = ["cli", "main"]


@click.group(
    name="crdex", context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100}
)
@click.version_option(package_name="crdex")
def cli() -> None:
    """crdex: the Magic: The Gathering Comprehensive Rules as data.

    Parse any edition (1999 to today, any format) into one rule tree, follow
    rules across editions, search them, and export them for other tools.
    """


def _load_commands() -> None:
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        for name in getattr(module, "__all__", []):
            cli.add_command(getattr(module, name))


_load_commands()


def main(argv: list[str] | None = None) -> None:
    try:
        cli.main(args=argv, prog_name="crdex", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except CrdexError as exc:
        click.echo(f"Error: {exc}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(1)
