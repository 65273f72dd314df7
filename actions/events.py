"""The event log: every action records what happened, so absence is observable.

"If a player is instructed to scry 0, no scry event occurs" (701.22b) can only
be tested if events are recorded; triggered abilities in a fuller engine would
listen to exactly these events.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Event", "EventLog"]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: ``kind`` (e.g. "scry", "zone-change"), who, to what, details."""

    kind: str
    player: str | None = None
    objects: tuple[Any, ...] = ()
    details: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.details[key]


class EventLog:
    """An append-only list of events with a few lookups."""

    def __init__(self) -> None:
        self._events: list[Event] = []

    def record(
        self, kind: str, player: str | None = None, /, *objects: Any, **details: Any
    ) -> Event:
        event = Event(kind, player, tuple(objects), dict(details))
        self._events.append(event)
        return event

    def of(self, kind: str) -> list[Event]:
        return [e for e in self._events if e.kind == kind]

    def count(self, kind: str) -> int:
        return sum(1 for e in self._events if e.kind == kind)

    def kinds(self) -> list[str]:
        return [e.kind for e in self._events]

    def since(self, mark: int) -> list[Event]:
        """Events recorded after ``mark`` (a previous ``len(log)``)."""
        return self._events[mark:]

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)

    def __len__(self) -> int:
        return len(self._events)

    def __getitem__(self, index: int) -> Event:
        return self._events[index]
