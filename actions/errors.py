"""Errors raised by the game-state model and the keyword actions.

Each class's docstring is its meaning; all derive from the project's root
error, so the command line reports them as ``Error: …``.
"""

from __future__ import annotations

from crdex.errors import CrdexError

__all__ = [
    "ActionError",
    "DuplicateActionError",
    "IllegalActionError",
    "IllegalChoiceError",
    "UnknownActionError",
    "UnknownPlayer",
    "UnscriptedChoiceError",
]


class ActionError(CrdexError):
    """Something went wrong in the keyword-action layer."""


class DuplicateActionError(ActionError):
    """A keyword already has an implementation registered under it."""


class UnknownActionError(ActionError, KeyError):
    """No implementation is registered for this keyword."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class UnknownPlayer(ActionError, KeyError):
    """No player of the game has that name."""


class IllegalActionError(ActionError):
    """The rules forbid this action in this game state (e.g. sacrificing what you don't control)."""


class IllegalChoiceError(ActionError):
    """A chooser answered with something that was not among the legal options."""


class UnscriptedChoiceError(ActionError):
    """A strict scripted chooser was asked a decision its script does not answer."""
