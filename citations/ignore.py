"""A project's ``.gitignore`` files, read as git reads them, to know what not to check.

What git does not track is generated, vendored or local: build output, a
virtual environment, downloaded dependencies. Its citations are copies (or
not the project's), so a walk skips what the project's own ignore files
name, and says so. The rules are git's (``gitignore(5)``):

- blank lines and ``#`` comments are nothing; ``\\#`` and ``\\!`` escape;
  trailing spaces are dropped unless escaped;
- ``!`` re-includes what an earlier pattern excluded; the last matching
  pattern decides;
- a pattern ending in ``/`` matches directories only;
- a pattern with a ``/`` at its start or in its middle is relative to the
  folder of its ``.gitignore``; otherwise it matches a name at any depth;
- ``*`` and ``?`` do not match ``/``; ``**/``, ``/**/`` and a final
  ``/**`` match any number of folders; ``[...]`` is a character class.

Ignore files are read from the repository root (the nearest folder above
with a ``.git``) down to each walked folder, plus ``.git/info/exclude``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

__all__ = ["IgnoreRule", "IgnoreRules", "parse_ignore_file", "translate"]


@dataclass(frozen=True, slots=True)
class IgnoreRule:
    """One pattern of one ignore file; ``base`` is the folder it is relative to."""

    base: Path
    pattern: str
    regex: re.Pattern[str]
    negated: bool
    directory_only: bool
    source: str
    line: int

    def matches(self, path: Path, is_dir: bool) -> bool:
        if self.directory_only and not is_dir:
            return False
        try:
            rel = path.relative_to(self.base)
        except ValueError:
            return False
        return self.regex.match(PurePosixPath(rel).as_posix()) is not None

    @property
    def where(self) -> str:
        return f"{self.source}:{self.line}"


def _class(pattern: str, i: int) -> tuple[str, int]:
    """A ``[...]`` class starting at ``i``, as a regex, and the index after it."""
    j = i + 1
    if j < len(pattern) and pattern[j] in "!^":
        j += 1
    if j < len(pattern) and pattern[j] == "]":
        j += 1
    while j < len(pattern) and pattern[j] != "]":
        j += 1
    if j >= len(pattern):  # no closing bracket: a literal "["
        return re.escape("["), i + 1
    body = pattern[i + 1 : j]
    if body[:1] in ("!", "^"):
        body = "^" + body[1:]
    return "[" + body.replace("\\", "\\\\") + "]", j + 1


def translate(pattern: str) -> str:
    """The regex (over a ``/``-separated relative path) of one pattern, without ``!`` and final ``/``."""
    anchored = "/" in pattern
    pattern = pattern.lstrip("/")
    out: list[str] = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i) and (i == 0 or pattern[i - 1] == "/"):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("/**", i) and i + 3 == len(pattern):
            out.append("/.*")
            i += 3
        elif pattern[i] == "*":
            while i < len(pattern) and pattern[i] == "*":
                i += 1
            out.append("[^/]*")
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        elif pattern[i] == "[":
            part, i = _class(pattern, i)
            out.append(part)
        elif pattern[i] == "\\" and i + 1 < len(pattern):
            out.append(re.escape(pattern[i + 1]))
            i += 2
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return ("" if anchored else "(?:.*/)?") + "".join(out) + r"\Z"


def _strip(line: str) -> str:
    """Trailing spaces dropped, unless the last is escaped with a backslash."""
    stripped = line.rstrip(" ")
    if stripped.endswith("\\") and len(stripped) < len(line):
        stripped += " "
    return stripped


def parse_ignore_file(path: Path, base: Path, shown: str | None = None) -> list[IgnoreRule]:
    """The rules of one ignore file (an unreadable file has none)."""
    try:
        text = path.read_text("utf-8", errors="replace")
    except OSError:
        return []
    rules = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = _strip(raw)
        if not line or line.startswith("#"):
            continue
        negated = line.startswith("!")
        if negated or line.startswith(("\\#", "\\!")):
            line = line[1:]
        directory_only = line.endswith("/")
        body = line.rstrip("/")
        if not body:
            continue
        rules.append(
            IgnoreRule(
                base,
                raw.strip(),
                re.compile(translate(body)),
                negated,
                directory_only,
                shown or str(path),
                number,
            )
        )
    return rules


def _repository_root(folder: Path) -> Path | None:
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


class IgnoreRules:
    """Every ignore rule in force for a walk, folder by folder."""

    def __init__(self, rules: list[IgnoreRule] | None = None) -> None:
        self.rules = rules or []

    @classmethod
    def above(cls, folder: Path) -> IgnoreRules:
        """The rules in force in ``folder`` before its own ``.gitignore``: those of its repository."""
        folder = folder.resolve()
        root = _repository_root(folder)
        if root is None:
            return cls()
        rules = parse_ignore_file(root / ".git" / "info" / "exclude", root)
        chain = [folder, *folder.parents]
        for parent in reversed(chain[1 : chain.index(root) + 1]):
            rules.extend(parse_ignore_file(parent / ".gitignore", parent))
        return cls(rules)

    def inside(self, folder: Path, real: Path, shown: str) -> IgnoreRules:
        """The rules in force inside ``folder`` (``real`` is its resolved path)."""
        own = parse_ignore_file(folder / ".gitignore", real, shown)
        return IgnoreRules(self.rules + own) if own else self

    def ignored_by(self, real: Path, is_dir: bool) -> IgnoreRule | None:
        """The rule that ignores ``real`` (a resolved path), or None when it is not ignored."""
        decided: IgnoreRule | None = None
        for rule in self.rules:
            if rule.matches(real, is_dir):
                decided = None if rule.negated else rule
        return decided
