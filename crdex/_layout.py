"""Where each package of crdex lives in a source checkout: the one package mapping.

The repository keeps one folder per concern at the top level (``corpus/``,
``parser/``, ``index/``, ``citations/``, ``actions/``, ``grammars/``);
installed, they live under the one ``crdex`` namespace, so that nothing
generic such as ``parser`` or ``index`` lands at the top of site-packages.

This mapping is written here and nowhere else: ``setup.py`` gives it to
setuptools (every package under a mapped folder is shipped), ``crdex``'s
``__init__`` follows it when imported from a checkout, and the tests read it.
"""

from __future__ import annotations

__all__ = ["PACKAGE_DIRS"]

# installed package name -> folder of the checkout, relative to its root
PACKAGE_DIRS: dict[str, str] = {
    "crdex": "crdex",
    "crdex.corpus": "corpus",
    "crdex.parser": "parser",
    "crdex.index": "index",
    "crdex.citations": "citations",
    "crdex.actions": "actions",
    "crdex.grammars": "grammars",
}
