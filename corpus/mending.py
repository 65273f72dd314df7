"""What decoding changed or could not read in a document's bytes, line by line, for the record.

A rules document is text, and three things in its bytes are not: a byte
that is not UTF-8 in a UTF-8 file (read in the legacy encoding that makes
it plausible), a byte that no encoding makes plausible (kept as its
Latin-1 code point), and a control character (a NUL, a bell), which has no
place in rules text and is removed. Each is a :class:`Mend`: the line, the
column of the first such character on it, and what was done, one per line
(a line of a thousand NUL bytes is one record, not a thousand). The parser
records them among the edition's repairs, so ``crdex parse`` lists them and
nothing is changed in silence.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["MEND_KINDS", "Mend", "mends", "positions"]

#: the kinds of repair decoding makes
MEND_KINDS = frozenset({"not-utf-8", "unreadable-byte", "control-character"})

# characters listed in one line's record; the count says how many there were
_LISTED = 5


@dataclass(frozen=True, slots=True)
class Mend:
    """One line's characters that decoding changed: where (1-based), of what kind, what was done."""

    line: int
    column: int
    kind: str
    reason: str


def positions(source: bytes | str, offsets: list[int]) -> list[tuple[int, int]]:
    """(line, column), both 1-based, of sorted ``offsets``, CRLF, CR and LF each ending a line.

    The offsets are never those of a CR or an LF.
    """
    newline, cr = ("\n", "\r") if isinstance(source, str) else (b"\n", b"\r")
    out: list[tuple[int, int]] = []
    line, start = 1, 0
    for offset in offsets:
        line += (
            source.count(newline, start, offset)  # type: ignore[arg-type]
            + source.count(cr, start, offset)  # type: ignore[arg-type]
            - source.count(cr + newline, start, offset)  # type: ignore[operator, arg-type]
        )
        begins = max(source.rfind(newline, 0, offset), source.rfind(cr, 0, offset)) + 1  # type: ignore[arg-type]
        out.append((line, offset - begins + 1))
        start = offset
    return out


def mends(
    kind: str,
    source: bytes | str,
    offsets: list[int],
    shown: Callable[[int], str],
    done: str,
) -> list[Mend]:
    """One :class:`Mend` per line holding some of ``offsets``.

    ``shown(offset)`` names the character there ("0x92 '’'", "U+0000");
    ``done`` says what was done with them ("removed").
    """
    by_line: dict[int, list[tuple[int, int]]] = {}
    for offset, (line, column) in zip(offsets, positions(source, offsets), strict=True):
        by_line.setdefault(line, []).append((offset, column))
    out = []
    for line, found in by_line.items():
        listed = ", ".join(
            f"{shown(offset)} at column {column}" for offset, column in found[:_LISTED]
        )
        more = f" and {len(found) - _LISTED} more" if len(found) > _LISTED else ""
        out.append(Mend(line, found[0][1], kind, f"{listed}{more}: {done}"))
    return out
