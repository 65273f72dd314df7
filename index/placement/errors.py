"""The errors of placing a document among the editions."""

from __future__ import annotations

from crdex.errors import CrdexError

__all__ = ["NotPlaceable", "PlacementError", "TextTooLarge"]


class PlacementError(CrdexError):
    """A document cannot be placed among the editions as asked."""


class NotPlaceable(PlacementError, ValueError):
    """The document has no Comprehensive Rules to compare (a rulings summary numbers its own)."""


class TextTooLarge(PlacementError, ValueError):
    """A text handed over to be placed is larger than any edition of the rules."""
