"""Which edition a document is: its effective date and its title.

The date comes from the document itself: download URLs and archive labels
are often wrong (the 2024-07-30 edition was published as "…20240802.txt",
and one archive calls the June 1, 2004 edition "2006-06-01"). The file name
is only a last resort, for documents that state no date.
"""

from __future__ import annotations

import datetime as _dt
import html
import re
from dataclasses import dataclass
from pathlib import PurePath

from .errors import NoEditionDate

__all__ = ["DATE_SOURCES", "Identity", "edition_id", "identify"]

#: Every value :attr:`Identity.date_source` can take, from most to least trusted.
DATE_SOURCES = ("effective-as-of", "current-as-of", "banner", "based-on", "filename", "none")


@dataclass(frozen=True, slots=True)
class Identity:
    """What a document says about itself.

    ``date_line`` is the 1-based line the date was read from (None when it
    came from the file name or was not found); ``title`` is the document's
    title as written ("" when it has none), whitespace collapsed.
    """

    effective_date: _dt.date | None
    date_line: int | None
    date_source: str
    title: str


_MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sept", "sep"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
_MONTH = "(?:" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_SP = r"(?:\s|&nbsp;|&#160;)+"  # HTML copies may separate words with entities
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_DATE = (
    rf"(?:{_MONTH}{_SP}{_DAY},?{_SP}\d{{4}}"  # August 7, 2026
    rf"|{_DAY}{_SP}{_MONTH},?{_SP}\d{{4}}"  # 7 August 2026
    r"|\d{4}-\d{2}-\d{2}"  # 2026-08-07
    r"|\d{1,2}/\d{1,2}/\d{2,4})"  # 08/07/2026, 04/23/99
)
_AS_OF_RE = re.compile(rf"\b(?P<kind>effective|current){_SP}as{_SP}of{_SP}(?P<date>{_DATE})", re.I)
_BANNER_RE = re.compile(
    rf"^[ \t=*-]*comprehensive[ \t]+rules[ \t]+(?P<date>{_DATE})[ \t=*-]*$", re.I | re.M
)
_BASED_ON_RE = re.compile(rf"\bbased{_SP}on{_SP}the{_SP}(?P<date>{_DATE}){_SP}release", re.I)

_FILENAME_RES = (
    re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)"),  # cr-2024-07-30.txt
    re.compile(r"(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)"),  # MagicCompRules 20240802.txt
)

_TITLE_RE = re.compile(r"comprehensive\s+rules", re.I)
_TAG_RE = re.compile(r"<[^>]*>")
_RULE_START_RE = re.compile(r"^\d{3}\.\d")
_TAG_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
_TITLE_SCAN = 80  # lines searched for a title
_TITLE_MAX = 80  # a longer line is a sentence, not a title


def identify(text: str, path: str | None = None) -> Identity:
    """Read the effective date and title from decoded text (``path`` is the fallback)."""
    found = _document_date(text)
    title = _title(text)
    if found is not None:
        date, line, source = found
        return Identity(date, line, source, title)
    if path is not None:
        date = _filename_date(str(path))
        if date is not None:
            return Identity(date, None, "filename", title)
    return Identity(None, None, "none", title)


def edition_id(identity: Identity, tag: str | None = None) -> str:
    """The edition's id: its ISO effective date, plus ".tag" for a second copy of it."""
    if identity.effective_date is None:
        title = f" ({identity.title})" if identity.title else ""
        raise NoEditionDate(
            f"the document{title} states no effective date, so it has no edition id"
        )
    if tag is None:
        return identity.effective_date.isoformat()
    if not _TAG_NAME_RE.fullmatch(tag):
        raise ValueError(f"edition tag {tag!r}: use letters, digits, '-' and '_' only")
    return f"{identity.effective_date.isoformat()}.{tag}"


# --- dates --------------------------------------------------------------------------


def _document_date(text: str) -> tuple[_dt.date, int, str] | None:
    """The earliest date statement in the text, as (date, line, source)."""
    best: tuple[int, _dt.date, str] | None = None
    for pattern in (_AS_OF_RE, _BANNER_RE, _BASED_ON_RE):
        end = len(text) if best is None else best[0]  # only an earlier statement can win
        for match in pattern.finditer(text, 0, end):
            date = _parse_date(match.group("date"))
            if date is None:
                continue
            if pattern is _AS_OF_RE:
                source = f"{match.group('kind').lower()}-as-of"
            else:
                source = "banner" if pattern is _BANNER_RE else "based-on"
            best = (match.start(), date, source)
            break
    if best is None:
        return None
    offset, date, source = best
    return date, text.count("\n", 0, offset) + 1, source


def _parse_date(raw: str) -> _dt.date | None:
    words = re.split(r"(?:\s|&nbsp;|&#160;|,)+", raw.strip())
    try:
        if "-" in raw and len(words) == 1:
            year, month, day = (int(x) for x in raw.split("-"))
        elif "/" in raw:
            month, day, year = (int(x) for x in raw.split("/"))
            if year < 100:  # 04/23/99
                year += 1900 if year >= 70 else 2000
        elif words[0][:1].isdigit():
            day, month, year = _day(words[0]), _MONTHS[words[1].rstrip(".").lower()], int(words[2])
        else:
            month, day, year = _MONTHS[words[0].rstrip(".").lower()], _day(words[1]), int(words[2])
        return _dt.date(year, month, day)
    except (KeyError, ValueError, IndexError):
        return None


def _day(word: str) -> int:
    return int(re.sub(r"(?:st|nd|rd|th)$", "", word))


def _filename_date(path: str) -> _dt.date | None:
    """A date in the file name, or failing that in its folder's name."""
    parts = PurePath(path).parts
    for part in reversed(parts[-2:]):
        for pattern in _FILENAME_RES:
            for match in pattern.finditer(part):
                year, month, day = (int(g) for g in match.groups())
                if 1990 <= year <= 2099:
                    try:
                        return _dt.date(year, month, day)
                    except ValueError:
                        continue
    return None


# --- title --------------------------------------------------------------------------


def _title(text: str) -> str:
    """The first "… Comprehensive Rules" line (or two lines), else a heading-like first line."""
    lines = [_clean(line) for line in text.split("\n", _TITLE_SCAN)[:_TITLE_SCAN]]
    for i, line in enumerate(lines):
        if _is_title(line):
            return _BANNER_DATE_RE.sub("", line).strip()
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        joined = f"{line} {nxt}"
        if line and nxt and not _TITLE_RE.search(nxt) and _is_title(joined):
            return joined  # "COMPREHENSIVE" / "RULES" (PDF text)
    for raw, line in zip(text.split("\n", _TITLE_SCAN), lines, strict=False):
        if raw.lstrip().startswith("<title>"):
            return line
    for line in lines:
        if line.startswith("#") and not line.startswith("#!"):
            return line.lstrip("#").strip()
    for line in lines:
        if not line or line.startswith("//") or not any(c.isalpha() for c in line):
            continue
        plain = len(line) <= _TITLE_MAX and not _RULE_START_RE.match(line)
        return line if plain and line[-1] not in ".,;:" else ""
    return ""


_BANNER_DATE_RE = re.compile(rf"\s+{_DATE}$", re.I)


def _is_title(line: str) -> bool:
    return (
        len(line) <= _TITLE_MAX
        and _TITLE_RE.search(line) is not None
        and not re.search(r"\b(?:these|this)\b", line, re.I)
    )


def _clean(line: str) -> str:
    """A line without markup, entities, or runs of whitespace."""
    if "<" in line:
        line = _TAG_RE.sub(" ", line)
    if "&" in line:
        line = html.unescape(line)
    return " ".join(line.split())
