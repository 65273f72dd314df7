"""``crdex serve``: the rules as a hyperlinked site and a JSON API, over one library.

One module per concern: :mod:`.app` (the application factory), the pages
of one edition (:mod:`.pages_edition`) and across editions
(:mod:`.pages_across`), the JSON API (:mod:`.api`), link-making of rule
references and glossary terms (:mod:`.links`), caching and security
headers (:mod:`.headers`), errors (:mod:`.errors`), URL values
(:mod:`.params`), and what they share (:mod:`.site`); :mod:`.launch` runs
``crdex serve`` in a child process for tests and benchmarks. Everything is
answered through one :class:`crdex.api.Reader`; nothing is written.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
