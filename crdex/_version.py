"""The version of crdex: one place, read by the packaging metadata and by ``crdex --version``.

``crdex --version`` reads it from here rather than from the installed
metadata, which costs a search of every installed distribution.
"""

__version__ = "0.1.0"
