"""Page furniture: running headers, footers and page numbers, found across the document."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Literal

from webdata.documents.pdf_model import Item, Line

FurnitureType = Literal["page_header", "page_footer", "page_number"]

# Lines this close to the top or bottom edge (fraction of the page height) may be furniture.
ZONE = 0.12
# Lines looked at from each end of a page.
_PER_EDGE = 2

_PAGE_NUMBER_RE = re.compile(
    r"^(?:(?:page|p\.|seite|página|pagina)\s*)?"
    r"(?:\d{1,4}(?:\s*(?:of|/|de|von|sur)\s*\d{1,4})?|[ivxlcdm]{1,7})$"
    r"|^[-\u2013\u2014]\s*\d{1,4}\s*[-\u2013\u2014]$",
    re.IGNORECASE,
)
_DIGITS_RE = re.compile(r"\d+")


@dataclass(frozen=True, slots=True)
class PageItems:
    """What furniture detection needs of a page: its height and items in reading order."""

    height: float
    items: list[Item]


def find_furniture(pages: list[PageItems], body_size: float) -> list[dict[int, FurnitureType]]:
    """For each page, the indices of its furniture items and their type.

    A header or footer is a top or bottom line, not larger than body text, whose text (digits
    aside) recurs on several pages; a page number is an edge line that reads like one.
    """
    # Larger lines are headings: "Section 2" atop every page is not a running header.
    max_size = body_size * 1.05 if body_size else float("inf")
    candidates = [_edge_lines(page, max_size) for page in pages]
    seen: Counter[tuple[str, str]] = Counter()
    for edges in candidates:
        seen.update({(edge, _normalise(line.text)) for _, edge, line in edges})
    needed = 2  # chapter running heads recur on few pages
    found: list[dict[int, FurnitureType]] = []
    for edges in candidates:
        marks: dict[int, FurnitureType] = {}
        for index, edge, line in edges:
            if _PAGE_NUMBER_RE.match(line.text.strip()):
                marks[index] = "page_number"
            elif len(pages) > 1 and seen[(edge, _normalise(line.text))] >= needed:
                marks[index] = "page_header" if edge == "top" else "page_footer"
        found.append(marks)
    return found


def _edge_lines(page: PageItems, max_size: float) -> list[tuple[int, str, Line]]:
    out: list[tuple[int, str, Line]] = []
    items = page.items
    for index in range(min(_PER_EDGE, len(items))):
        item = items[index]
        if not isinstance(item, Line) or item.bottom > ZONE * page.height:
            break
        if item.size > max_size:
            continue
        out.append((index, "top", item))
    first_bottom = max(len(out), len(items) - _PER_EDGE)
    for index in range(len(items) - 1, first_bottom - 1, -1):
        item = items[index]
        if not isinstance(item, Line) or item.top < (1 - ZONE) * page.height:
            break
        if item.size > max_size:
            continue
        out.append((index, "bottom", item))
    return out


def _normalise(text: str) -> str:
    return " ".join(_DIGITS_RE.sub("#", text.lower()).split())
