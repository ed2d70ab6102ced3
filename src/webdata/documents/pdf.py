"""PDF to markdown from the embedded text layer (the ``fast`` parser mode), with pages and blocks.

Pure and synchronous: bytes in, :class:`PdfResult` out. pdfium does the reading
(``pdf_extract``); layout (``pdf_layout``), furniture (``pdf_furniture``) and markdown
(``pdf_markdown``, ``blocks``) are plain Python over its output.

Block and page sizes are in PDF points, which are pixels at 72 dpi: the spec's "render size
in px" for a page rendered at 72 dpi.
"""

from __future__ import annotations

import re
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

from webdata.documents.blocks import Block, PageBlocks, PageStatus, assemble, blocks_to_dicts
from webdata.documents.pdf_errors import (
    PdfCorruptError,
    PdfEmptyError,
    PdfEncryptedError,
    PdfError,
    PdfErrorKind,
)
from webdata.documents.pdf_extract import (
    MAX_CHARS_PER_PAGE,
    Document,
    extract_page,
    open_document,
    page_size,
)
from webdata.documents.pdf_furniture import PageItems, find_furniture
from webdata.documents.pdf_layout import layout_page
from webdata.documents.pdf_markdown import doc_style, page_blocks
from webdata.documents.pdf_model import Item, PageText

__all__ = [
    "PdfCorruptError",
    "PdfEmptyError",
    "PdfEncryptedError",
    "PdfError",
    "PdfErrorKind",
    "PdfOptions",
    "PdfResult",
    "is_pdf",
    "parse_pdf",
]

_MAGIC = b"%PDF-"
_PDF_TYPES = frozenset({"application/pdf", "application/x-pdf"})
_OCR_HINT = 'parsers: [{"type": "pdf", "mode": "ocr"}]'
_AUTO_HINT = 'parsers: [{"type": "pdf", "mode": "auto"}]'
# Share of unmapped glyphs above which a page's text is only partly usable.
_PARTIAL_BAD_SHARE = 0.1
_TRUNCATED = "the PDF looks truncated (no %%EOF at its end): parsed what could be read"
# The document catalog object, to name it in a trailer appended to a truncated file.
_CATALOG_RE = re.compile(rb"(\d+)\s+(\d+)\s+obj\b(?:(?!endobj).){0,4000}?/Type\s*/Catalog\b", re.S)
# Tests replace the clock to run the time budget out at a chosen page.
_clock = time.monotonic


def is_pdf(data: bytes, content_type: str | None = None) -> bool:
    """Whether ``data`` is a PDF: the ``%PDF-`` header in its first 1024 bytes (where readers
    look for it), or a PDF content type."""
    if content_type and content_type.split(";", 1)[0].strip().lower() in _PDF_TYPES:
        return True
    return _MAGIC in data[:1024]


@dataclass(frozen=True)
class PdfOptions:
    max_pages: int | None = None  # parse only the first N pages
    page_markers: bool = False  # join pages with "---" and "<!-- page N -->" (spec)
    want_pages: bool = False  # fill PdfResult.pages
    want_blocks: bool = False  # fill PdfResult.blocks
    time_budget_s: float | None = None  # stop starting new pages after this long
    # Running headers, footers and page numbers stay in the markdown (they are blocks either way).
    keep_furniture: bool = False
    # Pages read by OCR (``documents.pdf_ocr``): 1-based page -> (text, confidence 0-1). They
    # replace what the text layer gave for those pages, as paragraphs of source "full_page".
    ocr_pages: dict[int, tuple[str, float | None]] = field(default_factory=dict)


@dataclass(frozen=True)
class PdfResult:
    markdown: str
    pages: list[dict[str, Any]] | None  # [{"pageNumber", "markdown"}] when asked for
    blocks: list[dict[str, Any]] | None  # the spec's per-page blocks when asked for
    num_pages: int  # pages parsed
    total_pages: int | None  # pages in the document
    warnings: list[str] = field(default_factory=list)
    pages_without_text: list[int] = field(default_factory=list)  # 1-based; what OCR would need


@dataclass(slots=True)
class _Page:
    text: PageText
    items: list[Item]


def parse_pdf(data: bytes, options: PdfOptions) -> PdfResult:
    """Markdown (and optionally pages and blocks) from the PDF's text layer.

    Raises :class:`PdfError` when nothing can be read (encrypted, corrupt, empty); problems
    that still leave something to return are reported in ``warnings``.
    """
    if options.max_pages is not None and options.max_pages < 1:
        raise ValueError("max_pages must be at least 1")
    if not data:
        raise PdfEmptyError("the PDF is empty (0 bytes)")
    if _MAGIC not in data[:1024]:
        raise PdfCorruptError("not a PDF: no %PDF- header in its first 1024 bytes")
    started = _clock()
    truncated = b"%%EOF" not in data[-4096:]
    warnings = [_TRUNCATED] if truncated else []
    with ExitStack() as stack:
        try:
            doc = stack.enter_context(open_document(data))
        except PdfCorruptError:
            # A cut-off download: retry with a trailer, keep the error if that fails too.
            repaired = _with_trailer(data) if truncated else None
            if repaired is None:
                raise
            doc = stack.enter_context(open_document(repaired))
        total = doc.page_count
        limit = min(total, options.max_pages or total)
        pages, stopped = _read_pages(doc, limit, started, options.time_budget_s)
        stopped_page = None
        if stopped is not None:
            size = page_size(doc, stopped - 1)
            width, height = size or (None, None)
            stopped_page = PageBlocks(stopped, width, height, status="failed")
            warnings.append(
                f"the time budget of {options.time_budget_s:g}s ran out at page {stopped} "
                f"of {total}: returned pages 1-{stopped - 1}"
                if stopped > 1
                else f"the time budget of {options.time_budget_s:g}s ran out before page 1"
            )
    page_blocks_list = _build_blocks(pages, options.keep_furniture)
    for built in page_blocks_list:
        if built.number in options.ocr_pages:
            _use_ocr(built, *options.ocr_pages[built.number])
    markdown, page_texts = assemble(page_blocks_list, options.page_markers)
    without_text = [
        p.text.number
        for p in pages
        if _needs_ocr(p.text) and p.text.number not in options.ocr_pages
    ]
    warnings += _page_warnings(pages, without_text)
    blocks = None
    if options.want_blocks:
        blocks = blocks_to_dicts(page_blocks_list + ([stopped_page] if stopped_page else []))
    return PdfResult(
        markdown=markdown,
        pages=(
            [
                {"pageNumber": p.number, "markdown": t}
                for p, t in zip(page_blocks_list, page_texts, strict=True)
            ]
            if options.want_pages
            else None
        ),
        blocks=blocks,
        num_pages=len(pages),
        total_pages=total,
        warnings=warnings,
        pages_without_text=without_text,
    )


def _with_trailer(data: bytes) -> bytes | None:
    """``data`` with a trailer naming its catalog: pdfium then rebuilds the cross-reference
    table by scanning the objects that made it into the file."""
    catalog = max(_CATALOG_RE.finditer(data), key=lambda m: m.start(), default=None)
    if catalog is None:
        return None
    body = data
    xref = data.rfind(b"xref")
    if xref > data.rfind(b"endobj"):
        body = data[:xref]  # a cut-off cross-reference table would be read, and fail
    root = catalog.group(1) + b" " + catalog.group(2) + b" R"
    return body + b"\nendstream\nendobj\ntrailer\n<< /Root " + root + b" >>\n%%EOF\n"


def _read_pages(
    doc: Document, limit: int, started: float, budget: float | None
) -> tuple[list[_Page], int | None]:
    """Extract and lay out pages until ``limit`` or the budget; also the page it stopped at."""
    pages: list[_Page] = []
    for index in range(limit):
        if budget is not None and _clock() - started > budget:
            return pages, index + 1
        text = extract_page(doc, index)
        items = layout_page(text.lines, text.width, text.height) if text.error is None else []
        text.lines = []  # the items hold what is needed from here on
        pages.append(_Page(text, items))
    return pages, None


def _build_blocks(pages: list[_Page], keep_furniture: bool) -> list[PageBlocks]:
    style = doc_style([p.items for p in pages])
    furniture = find_furniture([PageItems(p.text.height, p.items) for p in pages], style.body_size)
    out: list[PageBlocks] = []
    for page, marks in zip(pages, furniture, strict=True):
        text = page.text
        if text.error is not None:
            out.append(PageBlocks(text.number, None, None, status="failed"))
            continue
        blocks = page_blocks(page.items, marks, style, strip_furniture=not keep_furniture)
        status = "failed" if _needs_ocr(text) else _status(text)
        out.append(PageBlocks(text.number, text.width, text.height, status, blocks))
    _mark_title(out)
    return out


def _use_ocr(page: PageBlocks, text: str, confidence: float | None) -> None:
    """The page's blocks become its OCR paragraphs (no boxes: whole-page recognition)."""
    paragraphs = [" ".join(p.split()) for p in text.split("\n\n")]
    page.blocks = [
        Block("text", p, None, label="ocr_paragraph", source="full_page", ocr=confidence)
        for p in paragraphs
        if p
    ]
    page.status = "ok" if page.blocks else "failed"


def _status(text: PageText) -> PageStatus:
    if text.truncated or (text.bad_chars and text.bad_chars > _PARTIAL_BAD_SHARE * text.text_chars):
        return "partial"
    return "ok"


def _mark_title(pages: list[PageBlocks]) -> None:
    """A top-level heading that is the first heading of page 1 and the only one of its level
    in the document is the document's title (chapter headings are not)."""
    top = [b for p in pages for b in p.blocks if b.label == "heading" and b.content[:2] == "# "]
    if len(top) != 1 or not pages or pages[0].number != 1:
        return
    first = next((b for b in pages[0].blocks if b.label == "heading"), None)
    if first is top[0]:
        first.type, first.label = "title", "title"


def _needs_ocr(text: PageText) -> bool:
    # A page with no usable text but with images or drawings: scanned, or text drawn as paths.
    return text.error is None and not text.has_text and text.has_graphics


def _page_warnings(pages: list[_Page], without_text: list[int]) -> list[str]:
    warnings = [
        f"page {p.text.number} could not be read ({p.text.error})"
        for p in pages
        if p.text.error is not None
    ]
    warnings += [
        f"page {p.text.number} has more than {MAX_CHARS_PER_PAGE} characters: only those were read"
        for p in pages
        if p.text.truncated
    ]
    readable = [p for p in pages if p.text.error is None]
    if readable and not any(p.text.has_text for p in readable):
        if without_text:
            warnings.append(
                "the PDF looks scanned: its pages have images but no text layer, so the markdown "
                f"has little or no text; OCR it with {_OCR_HINT}"
            )
        else:
            warnings.append("the PDF has no text on the pages parsed")
    elif without_text:
        shown = ", ".join(str(n) for n in without_text[:20])
        more = f" and {len(without_text) - 20} more" if len(without_text) > 20 else ""
        which = f"pages {shown}{more} have" if len(without_text) > 1 else f"page {shown} has"
        warnings.append(
            f"{which} no text layer (scanned?): their content is missing; {_AUTO_HINT} OCRs them"
        )
    return warnings
