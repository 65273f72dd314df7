"""How players make choices: a Protocol, and a deterministic scripted chooser.

Keyword actions never decide for a player; they ask ``game.chooser``. Every
question carries a *decision* key (e.g. ``"scry.bottom"``) so that a script can
answer it, and so that a test can see which decisions were offered.

Randomness (shuffles, random discards, die rolls) is not a choice: it comes
from the game's seeded ``random.Random``.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from .errors import IllegalChoiceError, UnscriptedChoiceError

__all__ = ["Asked", "Chooser", "ScriptedChooser"]

T = TypeVar("T")


@runtime_checkable
class Chooser(Protocol):
    """Answers the questions keyword actions ask a player."""

    def choose(
        self, player: str, decision: str, options: Sequence[T], minimum: int, maximum: int
    ) -> list[T]:
        """Pick between ``minimum`` and ``maximum`` distinct items of ``options``."""
        ...

    def order(self, player: str, decision: str, items: Sequence[T]) -> list[T]:
        """Put ``items`` in an order (first = top of a library, or first to happen)."""
        ...

    def confirm(self, player: str, decision: str) -> bool:
        """Answer a yes/no question ("may ...")."""
        ...


@dataclass(frozen=True, slots=True)
class Asked:
    """A question a chooser was asked, kept for tests."""

    player: str
    decision: str
    options: tuple[Any, ...]
    minimum: int = 0
    maximum: int = 0


class ScriptedChooser:
    """Answers from a script; deterministic defaults for anything unscripted.

    ``script`` maps a decision key, or ``"player:decision"`` for one player
    only, to a list of answers used in turn. A ``choose``/``order`` answer is a
    sequence of items, each the option itself, an equal value, or (for a
    string) the ``name`` or else the ``text`` of an option. A ``confirm`` answer is a bool. An
    ``order`` answer may list only some items: those come first, the rest
    follow in their given order.

    Unscripted: ``choose`` takes the first ``minimum`` options, ``order``
    keeps the given order, ``confirm`` says no; with ``strict=True`` it raises
    :class:`UnscriptedChoiceError` instead.
    """

    def __init__(
        self, script: Mapping[str, Sequence[Any]] | None = None, *, strict: bool = False
    ) -> None:
        self._script: dict[str, deque[Any]] = defaultdict(deque)
        for key, answers in (script or {}).items():
            self._script[key].extend(answers)
        self.strict = strict
        self.asked: list[Asked] = []

    def add(self, decision: str, *answers: Any) -> ScriptedChooser:
        """Append answers for ``decision`` (or ``"player:decision"``)."""
        self._script[decision].extend(answers)
        return self

    def _next(self, player: str, decision: str) -> tuple[bool, Any]:
        for key in (f"{player}:{decision}", decision):
            queue = self._script.get(key)
            if queue:
                return True, queue.popleft()
        if self.strict:
            raise UnscriptedChoiceError(f"no scripted answer for {player}:{decision}")
        return False, None

    def asked_for(self, decision: str) -> list[Asked]:
        return [a for a in self.asked if a.decision == decision]

    def choose(
        self, player: str, decision: str, options: Sequence[T], minimum: int, maximum: int
    ) -> list[T]:
        self.asked.append(Asked(player, decision, tuple(options), minimum, maximum))
        found, answer = self._next(player, decision)
        if not found:
            return list(options[:minimum])
        return _match_all(answer, options, decision)

    def order(self, player: str, decision: str, items: Sequence[T]) -> list[T]:
        self.asked.append(Asked(player, decision, tuple(items), len(items), len(items)))
        found, answer = self._next(player, decision)
        if not found:
            return list(items)
        first = _match_all(answer, items, decision)
        return first + [i for i in items if not any(i is f for f in first)]

    def confirm(self, player: str, decision: str) -> bool:
        self.asked.append(Asked(player, decision, (True, False), 1, 1))
        found, answer = self._next(player, decision)
        return bool(answer) if found else False


def _match_all(answer: Any, options: Sequence[T], decision: str) -> list[T]:
    if isinstance(answer, str) or not isinstance(answer, Sequence):
        answer = [answer]
    picked: list[T] = []
    for wanted in answer:
        candidates = [o for o in options if not any(o is p for p in picked)]
        match = _match(wanted, candidates)
        if match is None:
            raise IllegalChoiceError(f"{decision}: {wanted!r} is not among {list(options)!r}")
        picked.append(match)
    return picked


def _match(wanted: Any, options: Sequence[T]) -> T | None:
    for option in options:
        if option is wanted:
            return option
    for option in options:
        try:
            if option == wanted:
                return option
        except Exception:  # pragma: no cover - exotic __eq__
            continue
    if isinstance(wanted, str):
        for attribute in ("name", "text"):
            for option in options:
                if getattr(option, attribute, None) == wanted:
                    return option
    return None
