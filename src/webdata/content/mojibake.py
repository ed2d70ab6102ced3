"""Text whose UTF-8 bytes were read as Windows-1252 once too often: "360Â°", "donâ€™t".

Some sites store their text encoded twice: each accented letter, degree sign or curly quote
of the page shows as two or three Latin characters ("Ã©" for "é", "â€™" for a right quote,
"Â " for a no-break space). A reader sees garbage and the words are wrong ("360Â", "donâ").
Each such run is exactly the Windows-1252 (or Latin-1) reading of the bytes of one UTF-8
character: a lead byte, then one or two continuation bytes (0x80-0xBF). Such runs in the
markdown are read back as UTF-8 when it holds at least :data:`_MIN_RUNS` of them (a lone pair
may be meant): a two-byte run only when it gives a Latin, Greek or Cyrillic character (a
German "ß" before a closing quote, "ß“", is a pair of the same shape, and means itself), a
three-byte run only for the punctuation and symbols (U+2000-U+2FFF: quotes, dashes, "…",
"€", "™", arrows), whose first byte 0xE2 reads "â" (other leads read as common accented
letters, "é" or "ä"). A page in pure ASCII, or without a run's first character, is not read
further.
"""

from __future__ import annotations

import re

# The characters a continuation byte (0x80-0xBF) reads as: Windows-1252's where it defines
# one, Latin-1's (the C1 controls and 0xA0-0xBF) everywhere.
_BYTES: dict[str, int] = {chr(b): b for b in range(0x80, 0xC0)}
_BYTES.update(
    {char: b for b in range(0x80, 0xA0) if (char := bytes([b]).decode("cp1252", errors="ignore"))}
)
_CONT = "[" + re.escape("".join(_BYTES)) + "]"
# A two-byte lead 0xC2-0xD3 (U+0080-U+04FF: Latin, Greek, Cyrillic) with one continuation, or
# the three-byte lead 0xE2 with two.
_RUN = re.compile(f"[\u00c2-\u00d3]{_CONT}|\u00e2{_CONT}{{2}}")
_LEAD = re.compile("[\u00c2-\u00d3\u00e2]")  # (a run's first character: one scan in C)
_MIN_RUNS = 3


def _read_back(match: re.Match[str]) -> str:
    run = match.group(0)
    data = bytes([ord(run[0]), *(_BYTES[c] for c in run[1:])])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:  # (not one UTF-8 character: "â" before two such signs)
        return run


def repair_mojibake(text: str) -> str:
    """``text`` (the page's markdown) with its doubly encoded characters read back as UTF-8."""
    if text.isascii() or _LEAD.search(text) is None:  # (most pages)
        return text
    if len(_RUN.findall(text)) < _MIN_RUNS:
        return text
    return _RUN.sub(_read_back, text)
