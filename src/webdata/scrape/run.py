"""One scrape from request to Document: plan -> fetch -> content -> formats -> after."""

from __future__ import annotations

import asyncio
import base64
import html as html_lib
import time
from http import HTTPStatus
from typing import Any

import structlog

from webdata.content.base64_images import remove_base64_images
from webdata.content.pipeline import ContentOptions, process_text
from webdata.contract import ApiError, Document, DocumentMetadata, ScrapeRequest
from webdata.contract.errors import request_timeout, unsupported
from webdata.engines.base import Fetched, FetchRequest
from webdata.engines.charset import is_textual
from webdata.engines.errors import FetchError, FetchTimeoutError
from webdata.scrape.content_runner import ContentRunner
from webdata.scrape.context import ScrapeContext
from webdata.scrape.fetch_options import target_headers
from webdata.scrape.plan import Plan, make_plan
from webdata.scrape.services import ScrapeServices

log = structlog.get_logger("webdata.scrape")

HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
# Formats that need no decoding of the body; a binary answer is fine for them.
RAW_FORMATS = frozenset({"rawBase64"})


def _is_pdf(fetched: Fetched) -> bool:
    return fetched.content_type == "application/pdf" or fetched.body[:5] == b"%PDF-"


def _looks_like_html(fetched: Fetched) -> bool:
    if fetched.content_type in HTML_TYPES:
        return True
    if fetched.content_type in ("", "text/plain", "application/octet-stream") and fetched.text:
        head = fetched.text[:1024].lstrip().lower()
        return head.startswith(("<!doctype html", "<html"))
    return False


async def _content_stage(ctx: ScrapeContext, plan: Plan, runner: ContentRunner) -> None:
    """Fill ``ctx.fields`` and ``ctx.page_metadata`` from the fetched body."""
    fetched = ctx.fetched
    assert fetched is not None
    req = ctx.request
    needs = plan.content_needs
    if _is_pdf(fetched):
        if req.pdf_parser is not None:
            raise unsupported("PDF parsing", "the documents engine")
        # parsers: [] -> the file itself, Base64, at a flat 1 credit.
        ctx.fields["markdown"] = base64.b64encode(fetched.body).decode("ascii")
        ctx.fields.update(html=None, links=[], images=[])
        return
    if fetched.text is not None and _looks_like_html(fetched):
        result = await runner.process_html(
            fetched.text,
            fetched.url,
            ContentOptions(
                only_main_content=req.only_main_content,
                include_tags=tuple(req.include_tags or ()),
                exclude_tags=tuple(req.exclude_tags or ()),
                want_markdown="markdown" in needs,
                want_html="html" in needs,
                want_links="links" in needs,
                want_images="images" in needs,
            ),
        )
        ctx.fields.update(
            markdown=result.markdown, html=result.html, links=result.links, images=result.images
        )
        ctx.page_metadata = dict(result.metadata)
        if result.warning:
            ctx.warnings.append(result.warning)
        return
    if fetched.text is not None or is_textual(fetched.content_type):
        text = fetched.text if fetched.text is not None else fetched.body.decode("utf-8", "replace")
        ctx.fields.update(
            markdown=process_text(text, fetched.content_type),
            html=f"<pre>{html_lib.escape(text)}</pre>",
            links=[],
            images=[],
        )
        return
    if {t.type for t, _ in plan.transformers} <= RAW_FORMATS:
        return
    if fetched.content_type.startswith("image/") and any(
        p.type == "image" for p in req.parser_objects
    ):
        raise unsupported("the image parser", "OCR")
    raise ApiError(
        415,
        f"Unsupported file type: {fetched.content_type or 'unknown'} cannot be converted; "
        "request the rawBase64 format to get the file itself",
        code="SCRAPE_UNSUPPORTED_FILE_ERROR",
    )


def _metadata(ctx: ScrapeContext) -> DocumentMetadata:
    fetched = ctx.fetched
    assert fetched is not None
    meta: dict[str, Any] = dict(ctx.page_metadata)
    meta.update(
        sourceURL=ctx.request.url,
        url=fetched.url,
        statusCode=fetched.status_code,
        contentType=fetched.content_type or None,
        scrapeId=ctx.scrape_id,
        proxyUsed="basic",
        cacheState="miss",
        creditsUsed=ctx.credits,
    )
    if fetched.status_code >= 400:
        try:
            meta["error"] = HTTPStatus(fetched.status_code).phrase
        except ValueError:
            meta["error"] = f"HTTP {fetched.status_code}"
    return DocumentMetadata.model_validate(meta)


def _document(ctx: ScrapeContext, plan: Plan) -> Document:
    data: dict[str, Any] = {}
    for transformer, fmt in plan.transformers:
        assert transformer.transform is not None
        data.update(transformer.transform(ctx, fmt))
    markdown = data.get("markdown")
    if markdown and ctx.request.remove_base64_images:
        data["markdown"] = remove_base64_images(markdown)
    if ctx.warnings:
        data["warning"] = " ".join(ctx.warnings)
    return Document.model_validate({**data, "metadata": _metadata(ctx)})


async def _fetch(ctx: ScrapeContext, services: ScrapeServices) -> Fetched:
    settings = services.settings
    req = ctx.request
    return await services.http.fetch(
        FetchRequest(
            url=req.url,
            headers=target_headers(req),
            timeout_s=max(ctx.remaining_s(), 0.001),
            skip_tls_verification=req.skip_tls_verification,
            max_redirects=settings.max_redirects,
            max_bytes=settings.max_response_bytes,
            allow_private_networks=settings.allow_private_networks,
        )
    )


async def run_scrape(
    req: ScrapeRequest, services: ScrapeServices, *, team_id: str | None = None
) -> Document:
    """Scrape ``req.url`` and return the Document, or raise ApiError in the spec's terms."""
    plan = make_plan(req)
    ctx = ScrapeContext(request=req, team_id=team_id)
    try:
        async with asyncio.timeout(req.timeout / 1000):
            ctx.fetched = await _fetch(ctx, services)
            await _content_stage(ctx, plan, services.content)
    except (TimeoutError, FetchTimeoutError):
        raise request_timeout(
            {"timeoutMs": req.timeout, "message": "the page took longer than `timeout` to load"}
        ) from None
    except FetchError as exc:
        raise ApiError(exc.http_status, exc.message, code=exc.code) from None
    doc = _document(ctx, plan)
    if not req.zero_data_retention:
        log.info(
            "scrape",
            url=req.url,
            status=ctx.fetched.status_code,
            ms=round((time.monotonic() - ctx.started) * 1000, 1),
            team=team_id,
            origin=req.origin,
            audit_user=req.audit_metadata.username if req.audit_metadata else None,
        )
    return doc
