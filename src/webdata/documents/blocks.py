"""Typed layout blocks, and the document markdown assembled from them with exact spans.

The markdown is built from the blocks, so each block's ``markdownSpan`` is known by
construction (and checked once more before it is handed out).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

BlockType = Literal[
    "title",
    "section_header",
    "text",
    "table",
    "formula",
    "figure",
    "caption",
    "page_number",
    "page_header",
    "page_footer",
]
PageStatus = Literal["ok", "partial", "failed"]


@dataclass(slots=True)
class Block:
    """One fragment of a page; ``bbox`` in points, origin top-left of the displayed page."""

    type: BlockType
    content: str
    bbox: tuple[float, float, float, float] | None
    label: str | None = None
    in_markdown: bool = True  # False for furniture left out of the markdown
    tight: bool = False  # follows the previous block after one newline (list items)
    span: tuple[int, int] | None = None
    # Which pipeline made it ("native_text", or "full_page" for a page read by OCR), and the
    # OCR confidence (0-1) when it was read that way.
    source: str = "native_text"
    ocr: float | None = None


@dataclass(slots=True)
class PageBlocks:
    number: int  # 1-based physical page number
    width: float | None  # points, which are also pixels at 72 dpi
    height: float | None
    status: PageStatus = "ok"
    blocks: list[Block] = field(default_factory=list)


def page_marker(number: int) -> str:
    """The separator put before page ``number`` when page markers are on (see the spec)."""
    return f"\n\n---\n\n<!-- page {number} -->\n\n"


def assemble(pages: list[PageBlocks], page_markers: bool) -> tuple[str, list[str]]:
    """The document markdown and each page's own markdown; sets every block's ``span``.

    Blocks are separated by a blank line (list items by a newline). Pages are separated by
    :func:`page_marker` when ``page_markers`` is set, otherwise by a blank line between
    non-empty pages.
    """
    parts: list[str] = []
    offset = 0
    page_texts: list[str] = []
    for index, page in enumerate(pages):
        page_parts: list[str] = []
        if index and page_markers:
            sep = page_marker(page.number)
        elif offset and any(b.in_markdown for b in page.blocks):
            sep = "\n\n"
        else:
            sep = ""
        parts.append(sep)
        offset += len(sep)
        for block in page.blocks:
            block.span = None
            if not block.in_markdown:
                continue
            joiner = "" if not page_parts else ("\n" if block.tight else "\n\n")
            page_parts.append(joiner)
            page_parts.append(block.content)
            start = offset + len(joiner)
            offset = start + len(block.content)
            block.span = (start, offset)
        page_text = "".join(page_parts)
        parts.append(page_text)
        page_texts.append(page_text)
    markdown = "".join(parts)
    for page in pages:
        for block in page.blocks:
            if block.span and markdown[block.span[0] : block.span[1]] != block.content:
                block.span = None  # never hand out a span that does not index the markdown
    return markdown, page_texts


def blocks_to_dicts(pages: list[PageBlocks]) -> list[dict[str, Any]]:
    """The ``blocks`` response field (camelCase keys, bbox normalised to 0..1)."""
    out: list[dict[str, Any]] = []
    for page in pages:
        items = []
        for index, block in enumerate(page.blocks):
            items.append(
                {
                    "id": f"p{page.number}.b{index}",
                    "type": block.type,
                    "label": block.label,
                    "bbox": _normalised(block.bbox, page.width, page.height),
                    "content": block.content,
                    "markdownSpan": list(block.span) if block.span else None,
                    "readingOrder": index,
                    "source": block.source,
                    "confidence": {"layout": None, "ocr": block.ocr},
                }
            )
        out.append(
            {
                "pageNumber": page.number,
                "width": page.width,
                "height": page.height,
                "status": page.status,
                "items": items,
            }
        )
    return out


def _normalised(
    bbox: tuple[float, float, float, float] | None, width: float | None, height: float | None
) -> list[float] | None:
    if bbox is None or not width or not height:
        return None
    x0, y0, x1, y1 = bbox
    return [
        round(min(max(x0 / width, 0.0), 1.0), 4),
        round(min(max(y0 / height, 0.0), 1.0), 4),
        round(min(max(x1 / width, 0.0), 1.0), 4),
        round(min(max(y1 / height, 0.0), 1.0), 4),
    ]
