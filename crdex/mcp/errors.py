"""The errors the MCP server raises of its own; the library's are the library's.

Each class's docstring is its meaning; the tools answer every ``CrdexError``
as a tool error whose text is the message.
"""

from __future__ import annotations

from crdex.errors import CrdexError

__all__ = ["NotARule"]


class NotARule(CrdexError, LookupError):
    """No rule (or glossary term) has that name: it names the other kind.

    A glossary term was given where a rule number was asked for, or a rule
    number where a glossary term was.
    """
