"""Every command explains itself: help text, documented options, and a place in the README."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from conftest import REPO
from crdex.cli import cli

COMMANDS = cli.list_commands(click.Context(cli))
README = (REPO / "README.md").read_text(encoding="utf-8")


def test_there_are_commands() -> None:
    assert {
        "parse",
        "build",
        "search",
        "show",
        "history",
        "resolve",
        "diff",
        "check",
        "export",
        "actions",
    } <= set(COMMANDS)


@pytest.mark.parametrize("name", COMMANDS)
def test_command_has_help(name: str) -> None:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    assert command.help and len(command.help.strip()) > 20, f"crdex {name} has no help text"
    for param in command.params:
        if isinstance(param, click.Option) and not param.hidden:
            assert param.help, f"crdex {name} {param.opts[0]} has no help text"
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0
    assert f"Usage: crdex {name}" in result.output


@pytest.mark.parametrize("name", COMMANDS)
def test_command_is_in_readme(name: str) -> None:
    assert f"crdex {name}" in README, f"README.md does not show crdex {name}"


def test_readme_starts_with_the_two_commands() -> None:
    block = README.split("```", 2)[1]
    lines = [line for line in block.splitlines()[1:] if line.strip()]
    assert len(lines) == 2
    assert "pip install" in lines[0] and "crdex" in lines[0].split("&&")[-1]
    assert lines[1].rstrip().endswith("pytest")
