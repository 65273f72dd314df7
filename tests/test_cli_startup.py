"""The command line starts light: listing commands imports no search, parser or graph code."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = (
    "whoosh",
    "lark",
    "numpy",
    "rich",
    "rapidfuzz",
    "crdex.index",
    "crdex.parser",
    "crdex.web",
    "fastapi",
    "starlette",
    "uvicorn",
    "jinja2",
    "mcp",
)

_PROBE = """
import json, sys
from crdex.cli import main
try:
    main({args!r})
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules)), file=sys.stderr)
"""


def _modules_after(args: list[str]) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE.format(args=args)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize(
    "args",
    [["--version"], ["--help"], ["show", "--help"], ["serve", "--help"], ["mcp", "--help"]],
)
def test_listing_and_help_import_nothing_heavy(args: list[str]) -> None:
    loaded = _modules_after(args)
    heavy = sorted(m for m in loaded if m.startswith(HEAVY))
    assert heavy == []


def test_version_imports_no_command() -> None:
    loaded = _modules_after(["--version"])
    assert not any(m.startswith("crdex.commands") for m in loaded)


def test_version_is_answered_before_click_is_imported() -> None:
    loaded = _modules_after(["--version"])
    assert "click" not in loaded


def test_version_says_what_click_would() -> None:
    from crdex._version import __version__

    done = subprocess.run(
        [sys.executable, "-m", "crdex", "--version"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, f"crdex, version {__version__}\n", "")
    # with another argument beside it, click reads the line as it always did
    both = subprocess.run(
        [sys.executable, "-m", "crdex", "--version", "show"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert (both.returncode, both.stdout) == (0, f"crdex, version {__version__}\n")
