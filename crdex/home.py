"""Where the library lives: ``--home``/``--index``, then ``CRDEX_HOME``, then a per-user data directory."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["ENV_VAR", "explicit_home", "resolve_home"]

ENV_VAR = "CRDEX_HOME"


def resolve_home(home: str | os.PathLike[str] | None = None) -> Path:
    """The library directory to use (not created here)."""
    if home:
        return Path(home).expanduser()
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    import platformdirs  # only for the per-user default: a named library never needs it

    return Path(platformdirs.user_data_dir("crdex", appauthor=False))


def explicit_home(home: str | os.PathLike[str] | None = None) -> bool:
    """Whether the library was named by the user (``--home``, ``home=``, ``CRDEX_HOME``).

    A named library that does not exist is an error for readers; only the
    per-user default may be absent (it is then empty).
    """
    return bool(home) or bool(os.environ.get(ENV_VAR))
