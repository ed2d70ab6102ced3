"""``srcset`` parsing (HTML "parse a srcset attribute") and the choice of its largest image."""

from __future__ import annotations

import re
from dataclasses import dataclass

_NON_SPACE = re.compile(r"\S+")
_SPACE_OR_COMMA = re.compile(r"[\s,]*")
_DESCRIPTOR = re.compile(r"(?i)^(\d+(?:\.\d+)?|\.\d+)([wxh])$")


@dataclass(frozen=True, slots=True)
class Candidate:
    url: str
    width: float | None = None  # the ``w`` descriptor
    density: float | None = None  # the ``x`` descriptor (1 when none is given)


def _descriptors_end(value: str, start: int) -> int:
    """Index of the comma that ends the descriptors starting at ``start`` (parentheses nest)."""
    depth = 0
    for i in range(start, len(value)):
        c = value[i]
        if c == "(":
            depth += 1
        elif c == ")" and depth:
            depth -= 1
        elif c == "," and not depth:
            return i
    return len(value)


def _candidate(url: str, descriptors: str) -> Candidate | None:
    width: float | None = None
    density: float | None = None
    for token in descriptors.split():
        m = _DESCRIPTOR.match(token)
        if m is None:
            return None  # an invalid descriptor drops the candidate
        number, kind = float(m.group(1)), m.group(2).lower()
        if kind == "w":
            if width is not None or density is not None or number <= 0:
                return None
            width = number
        elif kind == "x":
            if width is not None or density is not None or number < 0:
                return None
            density = number
    if width is None and density is None:
        density = 1.0
    return Candidate(url, width, density)


def parse_srcset(value: str) -> list[Candidate]:
    """The image candidates of a ``srcset`` value; malformed candidates are skipped."""
    out: list[Candidate] = []
    pos, n = 0, len(value)
    while pos < n:
        skip = _SPACE_OR_COMMA.match(value, pos)
        pos = skip.end() if skip is not None else pos
        if pos >= n:
            break
        url_match = _NON_SPACE.match(value, pos)
        assert url_match is not None
        url = url_match.group()
        pos = url_match.end()
        descriptors = ""
        if url.endswith(","):
            url = url.rstrip(",")
        else:
            end = _descriptors_end(value, pos)
            descriptors = value[pos:end]
            pos = end + 1
        if url and (cand := _candidate(url, descriptors)) is not None:
            out.append(cand)
    return out


def largest_candidate(candidates: list[Candidate], src: str | None = None) -> str | None:
    """The URL of the largest candidate: widest ``w``, else highest ``x`` (``src`` counts 1x).

    Falls back to ``src`` when there is no usable candidate.
    """
    src = src.strip() if src else None
    widths = [c for c in candidates if c.width is not None]
    if widths:
        return max(widths, key=lambda c: c.width or 0.0).url
    densities = [c for c in candidates if c.density is not None]
    if src:
        densities.insert(0, Candidate(src, density=1.0))
    if densities:
        return max(densities, key=lambda c: c.density or 0.0).url
    return src or None


def largest(srcset: str | None, src: str | None = None) -> str | None:
    """The URL of the largest image of a ``srcset`` value (see ``largest_candidate``)."""
    return largest_candidate(parse_srcset(srcset) if srcset else [], src)
