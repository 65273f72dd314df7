"""Keyword actions registered by keyword identity, not by rule number.

A rule number is not an identity (Scry has been 502.36, 501.8, 701.16 ...
701.22), so implementations are keyed by the lowercase keyword ("scry") and
say which edition's text, under which number, they were checked against.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeVar

from ..parser.normalize import fold_typography
from .errors import DuplicateActionError, UnknownActionError
from .not_executable import NOT_EXECUTABLE

__all__ = [
    "NOT_EXECUTABLE",
    "REGISTRY",
    "ActionRegistry",
    "KeywordAction",
    "Verified",
    "action_form",
    "get_action",
    "implemented_keywords",
    "keyword_action",
    "load_builtin_actions",
    "normalize_keyword",
]

F = TypeVar("F", bound=Callable[..., Any])


def normalize_keyword(text: str) -> str:
    """Keyword identity of a title: typography folded, lowercase, no final period."""
    return " ".join(fold_typography(text).rstrip(".").split()).casefold()


@dataclass(frozen=True, slots=True)
class Verified:
    """The rule text an implementation was checked against: edition, number there, digest."""

    edition: str
    number: str
    text_sha256: str


@dataclass(frozen=True, slots=True)
class KeywordAction:
    """A registered implementation.

    ``function`` is the main entry point; ``forms`` holds it and any other
    forms the rule defines (e.g. "double" has power/toughness, life,
    counters, mana), keyed by function name.
    """

    keyword: str
    rule_title: str
    verified_against: Verified
    function: Callable[..., Any]
    forms: Mapping[str, Callable[..., Any]] = field(default_factory=dict)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.function(*args, **kwargs)

    @property
    def doc(self) -> str:
        return (self.function.__doc__ or "").strip()


class ActionRegistry:
    """Keyword → implementation, refusing duplicates."""

    def __init__(self) -> None:
        self._actions: dict[str, KeywordAction] = {}
        self._forms: dict[str, dict[str, Callable[..., Any]]] = {}

    def register(
        self,
        keyword: str,
        function: Callable[..., Any],
        *,
        rule_title: str,
        verified_against: Verified,
    ) -> KeywordAction:
        key = normalize_keyword(keyword)
        if key != keyword:
            raise ValueError(f"keyword identity must be lowercase and folded: {keyword!r}")
        if key in self._actions:
            raise DuplicateActionError(
                f"keyword action {key!r} is already implemented by "
                f"{self._actions[key].function.__qualname__}"
            )
        forms = self._forms.setdefault(key, {})
        forms[function.__name__] = function
        action = KeywordAction(key, rule_title, verified_against, function, MappingProxyType(forms))
        self._actions[key] = action
        return action

    def add_form(self, keyword: str, function: Callable[..., Any]) -> None:
        """Register another entry point of an already registered keyword."""
        key = self.get(keyword).keyword
        forms = self._forms[key]
        if function.__name__ in forms:
            raise DuplicateActionError(f"{key!r} already has a form {function.__name__!r}")
        forms[function.__name__] = function

    def get(self, keyword: str) -> KeywordAction:
        key = normalize_keyword(keyword)
        try:
            return self._actions[key]
        except KeyError:
            raise UnknownActionError(f"no implementation registered for {keyword!r}") from None

    def __contains__(self, keyword: object) -> bool:
        return isinstance(keyword, str) and normalize_keyword(keyword) in self._actions

    def __iter__(self) -> Iterator[KeywordAction]:
        return iter(sorted(self._actions.values(), key=lambda a: a.keyword))

    def __len__(self) -> int:
        return len(self._actions)

    def keywords(self) -> list[str]:
        return sorted(self._actions)


REGISTRY = ActionRegistry()
_loaded = False


def load_builtin_actions() -> None:
    """Import the built-in implementations so that they register themselves."""
    global _loaded
    if not _loaded:
        _loaded = True
        importlib.import_module(".keywords", __package__)


def keyword_action(
    keyword: str,
    *,
    rule_title: str,
    verified_against: Verified,
    registry: ActionRegistry | None = None,
) -> Callable[[F], F]:
    """Register the decorated function as the implementation of ``keyword``."""

    def decorate(function: F) -> F:
        (registry if registry is not None else REGISTRY).register(
            keyword, function, rule_title=rule_title, verified_against=verified_against
        )
        return function

    return decorate


def action_form(keyword: str, *, registry: ActionRegistry | None = None) -> Callable[[F], F]:
    """Register the decorated function as another form of ``keyword`` (e.g. untap)."""

    def decorate(function: F) -> F:
        (registry if registry is not None else REGISTRY).add_form(keyword, function)
        return function

    return decorate


def get_action(keyword: str) -> KeywordAction:
    """The built-in implementation of ``keyword``; :class:`UnknownActionError` if none."""
    load_builtin_actions()
    return REGISTRY.get(keyword)


def implemented_keywords() -> list[str]:
    load_builtin_actions()
    return REGISTRY.keywords()
