"""The documents part of the content stage: PDFs and office files become markdown.

The conversions are CPU work and run in the content worker pool (``scrape.content_runner``);
OCR runs on threads (Tesseract releases the GIL). Each sets ``ctx.fields`` (markdown, and
``pages``/``blocks`` when asked for), page metadata (``numPages``, ``totalPages``, title)
and the credits the document costs.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from urllib.parse import unquote, urlsplit

from webdata.contract import ApiError
from webdata.contract.errors import unsupported
from webdata.contract.scrape_request import PdfParser
from webdata.documents.ocr import OcrUnavailable
from webdata.documents.office import OfficeError, convert_office, detect_office
from webdata.documents.pdf import PdfEncryptedError, PdfError, PdfOptions, PdfResult, parse_pdf
from webdata.documents.pdf_ocr import ocr_pages
from webdata.scrape.content_runner import ContentRunner
from webdata.scrape.context import ScrapeContext

# Share of the scrape's remaining time the text pass may take; OCR gets what is left.
_TEXT_SHARE = 0.5


def file_name(url: str) -> str | None:
    """The last path segment of a URL (``upload://name`` too), as a hint of the file type."""
    parts = urlsplit(url)
    name = unquote((parts.path or parts.netloc).rsplit("/", 1)[-1])
    return name or None


def office_kind(ctx: ScrapeContext) -> str | None:
    fetched = ctx.fetched
    assert fetched is not None
    return detect_office(fetched.body, fetched.content_type, file_name(fetched.url))


async def office_stage(ctx: ScrapeContext, kind: str, runner: ContentRunner) -> None:
    fetched = ctx.fetched
    assert fetched is not None
    try:
        result = await runner.run(convert_office, fetched.body, kind)
    except OfficeError as exc:
        raise ApiError(422, f"Unprocessable Entity: {exc}", code="SCRAPE_DOCUMENT_ERROR") from None
    ctx.fields.update(markdown=result.markdown, html=None, links=[], images=[])
    if result.title:
        ctx.page_metadata["title"] = result.title
    if result.num_pages is not None:
        ctx.page_metadata["numPages"] = result.num_pages
    ctx.warnings.extend(result.warnings)


def _pdf_error(exc: PdfError) -> ApiError:
    if isinstance(exc, PdfEncryptedError):
        return ApiError(422, f"Unprocessable Entity: {exc}", code="SCRAPE_PDF_ENCRYPTED")
    return ApiError(422, f"Unprocessable Entity: {exc}", code="SCRAPE_PDF_ERROR")


async def pdf_stage(ctx: ScrapeContext, parser: PdfParser, runner: ContentRunner) -> None:
    """The text layer first (``fast``); then OCR of the pages without text (``auto``) or of
    every page (``ocr``), merged in as paragraphs; 1 credit a page parsed."""
    fetched = ctx.fetched
    assert fetched is not None
    budget = max(ctx.remaining_s(), 0.001)
    options = PdfOptions(
        max_pages=parser.max_pages,
        page_markers=parser.page_markers,
        want_pages=parser.pages,
        want_blocks=parser.blocks,
        time_budget_s=budget * _TEXT_SHARE,
    )
    try:
        result: PdfResult = await runner.run(parse_pdf, fetched.body, options)
        wanted = (
            list(range(1, result.num_pages + 1))
            if parser.mode == "ocr"
            else result.pages_without_text
            if parser.mode == "auto"
            else []
        )
        if wanted:
            deadline = time.monotonic() + max(ctx.remaining_s() - 0.5, 0.001)
            read = await asyncio.to_thread(ocr_pages, fetched.body, wanted, deadline=deadline)
            texts = {p.number: (p.text.text, p.text.confidence) for p in read if p.text}
            if len(texts) < len(wanted):
                ctx.warnings.append(
                    f"OCR ran out of time: {len(wanted) - len(texts)} of {len(wanted)} pages "
                    "were not read"
                )
            if texts:
                result = await runner.run(
                    parse_pdf, fetched.body, replace(options, ocr_pages=texts)
                )
    except PdfError as exc:
        raise _pdf_error(exc) from None
    except OcrUnavailable as exc:
        raise unsupported(f"the PDF parser's {parser.mode} mode", f"OCR ({exc})") from None
    ctx.fields.update(markdown=result.markdown, html=None, links=[], images=[])
    if parser.pages:
        ctx.fields["pages"] = result.pages
    if parser.blocks:
        ctx.fields["blocks"] = result.blocks
    ctx.page_metadata["numPages"] = result.num_pages
    if result.total_pages is not None:
        ctx.page_metadata["totalPages"] = result.total_pages
    ctx.warnings.extend(result.warnings)
    ctx.credits = max(result.num_pages, 1)
