"""Packaging: the folders come from ``crdex/_layout.py``; every package under them ships.

Everything else (metadata, dependencies, package data) is in pyproject.toml.
The mapping is read with :mod:`runpy`, not imported: at build time crdex is
not importable, and importing it would run its package hook.
"""

from __future__ import annotations

import runpy
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
PACKAGE_DIRS: dict[str, str] = runpy.run_path(str(ROOT / "crdex" / "_layout.py"))["PACKAGE_DIRS"]


def packages() -> list[str]:
    """Every folder with an ``__init__.py`` under a mapped folder, by its installed name."""
    names = set()
    for name, folder in PACKAGE_DIRS.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            names.add(".".join([name, *init.parent.relative_to(ROOT / folder).parts]))
    return sorted(names)


# setuptools runs this file as __main__; the tests read packages() without building
if __name__ == "__main__":
    setup(package_dir=PACKAGE_DIRS, packages=packages())
