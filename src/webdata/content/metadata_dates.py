"""Dates found in page metadata, as ISO 8601 strings.

ISO 8601 values are kept as written (a space between date and time becomes ``T``, an offset
``+0100`` becomes ``+01:00``); RFC 2822 dates (``Tue, 01 May 2024 10:00:00 GMT``) and a few
unambiguous English forms (``May 1, 2024``, ``1 May 2024``, ``2024/05/01``) are converted.
Anything else is not a date (None).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from email.utils import parsedate_to_datetime

_ISO = re.compile(
    r"(\d{4})(?:-(\d{2})(?:-(\d{2})"
    r"(?:[T ](\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?)(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?",
    re.IGNORECASE,
)
_TEXT_FORMATS = ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%Y/%m/%d", "%Y/%m/%d %H:%M")
_MAX_LEN = 64


def _iso(match: re.Match[str], value: str) -> str | None:
    year, month, day, time, zone = match.groups()
    if month is not None and not 1 <= int(month) <= 12:
        return None
    if day is not None:
        try:
            date(int(year), int(month), int(day))
        except ValueError:
            return None
    if time is None:
        return value
    out = f"{value[:10]}T{time}"
    if zone:
        zone = zone.upper()
        if len(zone) == 5:  # +0100
            zone = f"{zone[:3]}:{zone[3:]}"
        out += zone
    return out


def normalize_date(value: str) -> str | None:
    """``value`` as an ISO 8601 date or date-time, or None when it is not a date."""
    value = value.strip()
    if not value or len(value) > _MAX_LEN:
        return None
    if (match := _ISO.fullmatch(value)) is not None:
        return _iso(match, value)
    if value[:4].isdigit():
        try:
            return datetime.fromisoformat(value).isoformat()
        except ValueError:
            pass
    try:
        return parsedate_to_datetime(value).isoformat()
    except (TypeError, ValueError, IndexError):
        pass
    for fmt in _TEXT_FORMATS:
        try:
            parsed = datetime.strptime(value, fmt)
        except ValueError:
            continue
        return parsed.isoformat() if "%H" in fmt else parsed.date().isoformat()
    return None


def first_date(candidates: list[str]) -> str | None:
    """The first candidate that is a date, normalized."""
    for candidate in candidates:
        if (normalized := normalize_date(candidate)) is not None:
            return normalized
    return None
