"""What a mistyped pin date probably meant.

``//201300713 - 704.5k`` and ``//20131313 - 601.2f`` are pinned to dates
that do not exist. They stay findings of their own ("bad date"), but the
checker can still say what the number meant *near* that date when the
token allows one reading, in two steps:

1. a slip of the fingers: a digit typed twice (``201300713`` is
   2013-07-13 with one ``0`` too many), a zero left out of the month or day
   (``2013713``), month and day swapped (``20131307``);
2. otherwise the part that is a date: a valid year and month (``20130745``
   is some day of July 2013), or a year alone (``20131313``: some day of
   2013).

Each reading is a span of dates (one day for a slip). The judge then asks
which rule held the number over the span; only one rule is an answer.
"""

from __future__ import annotations

import calendar
import datetime as _dt

__all__ = ["Reading", "read_bad_date"]

# Magic's first year, and a bound past any pin a person writes
_YEARS = range(1993, 2100)

Reading = tuple[str, list[tuple[str, str]]]


def _date(digits: str) -> str | None:
    if len(digits) != 8 or not digits.isdigit():
        return None
    try:
        day = _dt.date(int(digits[:4]), int(digits[4:6]), int(digits[6:]))
    except ValueError:
        return None
    return day.isoformat() if day.year in _YEARS else None


def _slips(digits: str) -> list[str]:
    """Dates one slip away from ``digits`` (eight digits of a compact date, or fewer or more)."""
    out: list[str] = []
    if len(digits) == 9:
        out += [digits[:i] + digits[i + 1 :] for i in range(4, 8) if digits[i] == digits[i + 1]]
    elif len(digits) == 7:
        out += [digits[:4] + "0" + digits[4:], digits[:6] + "0" + digits[6:]]
    elif len(digits) == 8:
        out.append(digits[:4] + digits[6:] + digits[4:6])
    dates = [d for d in (_date(x) for x in out) if d is not None]
    return sorted(set(dates))


def _digits(token: str) -> str:
    """A pin as eight-ish digits; a dashed one with its month and day padded."""
    if "-" not in token:
        return token
    year, month, day = token.split("-")
    return year + month.zfill(2) + day.zfill(2)


def read_bad_date(token: str) -> Reading | None:
    """How ``token`` (a date-shaped pin that is no date) may be read: (what, spans).

    ``what`` says it in words ("2013-07-13", "July 2013", "2013"); each span
    is a (first, last) pair of ISO dates. None when not even the year is one.
    """
    digits = _digits(token)
    slips = _slips(digits)
    if slips:
        return " or ".join(slips), [(d, d) for d in slips]
    year = int(digits[:4])
    if year not in _YEARS:
        return None
    month = int(digits[4:6]) if len(digits) >= 6 and digits[4:6].isdigit() else 0
    if 1 <= month <= 12:
        last = calendar.monthrange(year, month)[1]
        span = (f"{year:04d}-{month:02d}-01", f"{year:04d}-{month:02d}-{last:02d}")
        return f"{calendar.month_name[month]} {year}", [span]
    return str(year), [(f"{year:04d}-01-01", f"{year:04d}-12-31")]
