"""One scrape from request to Document: plan -> fetch -> content -> formats -> after."""

from __future__ import annotations

import asyncio
import base64
import html as html_lib
import time
from http import HTTPStatus
from typing import Any

import structlog

from webdata.browser.capture import Capture
from webdata.content.base64_images import remove_base64_images
from webdata.content.pipeline import ContentOptions, process_text
from webdata.contract import ActionResults, ApiError, Document, DocumentMetadata, ScrapeRequest
from webdata.contract.errors import not_found, request_timeout, unsupported
from webdata.contract.parse_request import ParseRequest
from webdata.documents.images import ImageError, image_to_markdown
from webdata.documents.ocr import OcrUnavailable
from webdata.documents.pdf import is_pdf
from webdata.engines.base import Fetched, FetchRequest
from webdata.engines.charset import is_textual
from webdata.engines.errors import BlockedAddressError, FetchError, FetchTimeoutError
from webdata.scrape.browser_task import needs_browser, page_task
from webdata.scrape.cache import cached_document, flight_key, keep_document
from webdata.scrape.cache_policy import CachePolicy, cache_policy
from webdata.scrape.content_runner import ContentRunner
from webdata.scrape.context import ScrapeContext
from webdata.scrape.documents_stage import office_kind, office_stage, pdf_stage
from webdata.scrape.fetch_options import target_headers
from webdata.scrape.llm_stage import llm_stage
from webdata.scrape.media_stage import is_media_file, media_stage
from webdata.scrape.pii_stage import redact_outputs, redact_page
from webdata.scrape.plan import Plan, llm_not_configured, make_plan
from webdata.scrape.profile import open_profile
from webdata.scrape.proxy_choice import AttemptEngines, fetch_with_proxy
from webdata.scrape.services import ScrapeServices
from webdata.scrape.shell_detect import is_app_shell, might_be_shell
from webdata.scrape.structured_stage import structured_stage
from webdata.scrape.tracking import track_changes

log = structlog.get_logger("webdata.scrape")

HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
# The spec's lockdown billing: 5 credits for a cache hit (a miss is a 404 at 1 credit).
LOCKDOWN_HIT_CREDITS = 5
# Formats that need no decoding of the body; a binary answer is fine for them.
RAW_FORMATS = frozenset({"rawBase64"})
# What a link straight to a media file can answer: the file is the audio or the video.
MEDIA_FORMATS = frozenset({"audio", "video"})


def _is_pdf(fetched: Fetched) -> bool:
    """Declared a PDF, or its bytes are one (a PDF served as octet-stream or text/html is
    still a PDF); a real HTML page that mentions ``%PDF-`` near its top is not."""
    if fetched.content_type in ("application/pdf", "application/x-pdf"):
        return True
    return is_pdf(fetched.body) and not (
        fetched.text is not None and _looks_like_html(fetched) and fetched.body[:5] != b"%PDF-"
    )


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
            await pdf_stage(ctx, req.pdf_parser, runner)
            return
        # parsers: [] -> the file itself, Base64, at a flat 1 credit.
        ctx.fields["markdown"] = base64.b64encode(fetched.body).decode("ascii")
        ctx.fields.update(html=None, links=[], images=[])
        return
    # An HTML page is HTML whatever its URL ends with (a page at /report.csv, say).
    kind = None if _looks_like_html(fetched) else office_kind(ctx)
    if kind is not None:
        await office_stage(ctx, kind, runner)
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
    types = {t.type for t, _ in plan.transformers}
    if types <= RAW_FORMATS or (types <= RAW_FORMATS | MEDIA_FORMATS and is_media_file(fetched)):
        return
    if fetched.content_type.startswith("image/") and any(
        p.type == "image" for p in req.parser_objects
    ):
        try:
            # Tesseract releases the GIL: a thread keeps the event loop free.
            ocr = await asyncio.to_thread(image_to_markdown, fetched.body)
        except ImageError as exc:
            raise ApiError(422, f"Unprocessable Entity: {exc}", code="SCRAPE_IMAGE_ERROR") from None
        except OcrUnavailable as exc:
            raise unsupported("the image parser", f"OCR ({exc})") from None
        ctx.fields.update(markdown=ocr.markdown, html=None, links=[], images=[])
        ctx.warnings.extend(ocr.warnings)
        return
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
        proxyUsed=ctx.proxy_used,
        engine=fetched.engine,
        cacheState="miss",
        creditsUsed=ctx.credits,
    )
    if fetched.status_code >= 400:
        try:
            meta["error"] = HTTPStatus(fetched.status_code).phrase
        except ValueError:
            meta["error"] = f"HTTP {fetched.status_code}"
    if ctx.blocked is not None:
        meta["error"] = ctx.blocked
    return DocumentMetadata.model_validate(meta)


async def _document(ctx: ScrapeContext, plan: Plan) -> Document:
    data: dict[str, Any] = {}
    for transformer, fmt in plan.transformers:
        assert transformer.transform is not None
        data.update(transformer.transform(ctx, fmt))
    if ctx.request.actions:
        data["actions"] = ctx.fields.get("actions")
    await redact_outputs(ctx, data)
    markdown = data.get("markdown")
    if markdown and ctx.request.remove_base64_images:
        data["markdown"] = remove_base64_images(markdown)
    for extra in ("pages", "blocks"):  # the pdf parser's options, when set
        if ctx.fields.get(extra) is not None:
            data[extra] = ctx.fields[extra]
    if ctx.warnings:
        data["warning"] = " ".join(ctx.warnings)
    return Document.model_validate({**data, "metadata": _metadata(ctx)})


def _fetch_request(ctx: ScrapeContext, services: ScrapeServices) -> FetchRequest:
    settings = services.settings
    req = ctx.request
    return FetchRequest(
        url=req.url,
        headers=target_headers(req),
        timeout_s=max(ctx.remaining_s(), 0.001),
        skip_tls_verification=req.skip_tls_verification,
        max_redirects=settings.max_redirects,
        # A request for media only may be a link straight to the file: the media cap applies.
        max_bytes=(
            max(settings.max_response_bytes, settings.media_max_bytes)
            if req.format_types and req.format_types <= MEDIA_FORMATS
            else settings.max_response_bytes
        ),
        allow_private_networks=settings.allow_private_networks,
    )


async def _fetch(ctx: ScrapeContext, services: ScrapeServices, engines: AttemptEngines) -> Fetched:
    """HTTP first; the browser when the request needs one or the page is a JS app shell.

    One attempt: ``engines`` are those of its proxy mode (``scrape.proxy_choice``).
    """
    req = ctx.request
    if needs_browser(req):
        task = page_task(req, ctx.profile)
        return await engines.browser.fetch(_fetch_request(ctx, services), task)
    fetched = await engines.http.fetch(_fetch_request(ctx, services))
    if fetched.text is None or not _looks_like_html(fetched) or not might_be_shell(fetched.text):
        return fetched
    if not await asyncio.to_thread(is_app_shell, fetched.text):
        return fetched
    try:
        return await engines.browser.fetch(_fetch_request(ctx, services), page_task(req))
    except (BlockedAddressError, FetchTimeoutError):
        raise
    except FetchError as exc:
        # The page is still worth something as the server sent it, but not worth keeping.
        ctx.warnings.append(f"The page needs JavaScript but the browser failed: {exc.message}")
        ctx.cacheable = False
        return fetched


async def _store_artifacts(ctx: ScrapeContext, services: ScrapeServices, base_url: str) -> None:
    """Screenshots and PDFs become files behind signed links; the document holds the links."""
    fetched = ctx.fetched
    assert fetched is not None
    store = services.artifacts
    ttl = services.settings.artifact_ttl_s

    def link(capture: Capture, kind: str, field: str | None = None) -> str:
        if ctx.request.zero_data_retention:
            # Nothing about the page may be stored: the bytes travel inline instead.
            encoded = base64.b64encode(capture.data).decode("ascii")
            return f"data:{capture.mime};base64,{encoded}"
        rel = store.save(ctx.team_id, kind, capture.data, capture.extension)
        if field is not None:
            ctx.artifact_refs[field] = rel
        return store.signed_url(base_url, rel, ttl)

    def store_all() -> None:
        if fetched.screenshot is not None:
            ctx.fields["screenshot"] = link(fetched.screenshot, "screenshot", "screenshot")
        if ctx.request.actions:
            out = fetched.actions
            ctx.fields["actions"] = ActionResults(
                screenshots=[link(c, "screenshot") for c in out.screenshots] if out else [],
                scrapes=list(out.scrapes) if out else [],
                javascript_returns=list(out.javascript_returns) if out else [],
                pdfs=[link(c, "pdf") for c in out.pdfs] if out else [],
            )

    if fetched.screenshot is not None or ctx.request.actions:
        await asyncio.to_thread(store_all)


async def run_scrape(
    req: ScrapeRequest,
    services: ScrapeServices,
    *,
    team_id: str | None = None,
    base_url: str | None = None,
    started: float | None = None,
) -> Document:
    """Scrape ``req.url`` and return the Document, or raise ApiError in the spec's terms.

    ``base_url`` is where this API is reached, for artifact links (default: host and port);
    ``started``: when the request arrived (``time.monotonic()``), if it waited before this
    (for a concurrency slot): the wait counts in its ``timeout``.
    """
    plan = make_plan(req)
    if plan.needs_llm and services.llm is None:
        raise llm_not_configured()
    ctx = ScrapeContext(request=req, team_id=team_id)
    if started is not None:
        ctx.started = started
    if "changeTracking" in req.format_types and (services.history is None or team_id is None):
        raise unsupported("the changeTracking format", "the store (scrape through the API)")
    settings = services.settings
    base_url = base_url or f"http://{settings.host}:{settings.port}"
    policy = cache_policy(req, enabled=services.cache is not None)
    if req.lockdown:
        ctx.credits = LOCKDOWN_HIT_CREDITS
    doc = await cached_document(ctx, policy, services, base_url)
    if doc is None and policy.cache_only:
        # Lockdown never contacts the target; neither logs the URL.
        code = "SCRAPE_LOCKDOWN_CACHE_MISS" if req.lockdown else "SCRAPE_NO_CACHED_DATA"
        raise not_found(f"{code}: no cached data for this URL", code)
    flight = flight_key(ctx, policy, services)
    if doc is None and flight is not None:
        doc = await _after_identical_scrape(ctx, policy, flight, services, base_url)
    if doc is None:
        with services.flights.lead(flight):
            doc = await _scrape_fresh(ctx, plan, services, base_url)
            await keep_document(ctx, policy, services, doc)
    if not (req.zero_data_retention or req.lockdown):
        log.info(
            "scrape",
            url=req.url,
            status=doc.metadata.status_code,
            cache=doc.metadata.cache_state,
            ms=round((time.monotonic() - ctx.started) * 1000, 1),
            team=team_id,
            origin=req.origin,
            audit_user=req.audit_metadata.username if req.audit_metadata else None,
        )
    return doc


async def _after_identical_scrape(
    ctx: ScrapeContext, policy: CachePolicy, flight: str, services: ScrapeServices, base_url: str
) -> Document | None:
    """When the same scrape is in flight here, wait for it and answer from what it cached."""
    running = services.flights.running(flight)
    if running is None:
        return None
    try:
        async with asyncio.timeout(max(ctx.remaining_s(), 0.001)):
            await running.wait()
    except TimeoutError:
        raise request_timeout(
            {"timeoutMs": ctx.request.timeout, "message": "the page took longer than `timeout`"}
        ) from None
    return await cached_document(ctx, policy, services, base_url)


async def _scrape_fresh(
    ctx: ScrapeContext, plan: Plan, services: ScrapeServices, base_url: str
) -> Document:
    req = ctx.request
    # Loads the profile; a saving one takes its lease here (409 when another session has it).
    ctx.profile = await open_profile(req, services.profiles, ctx.team_id)
    try:
        async with asyncio.timeout(max(ctx.remaining_s(), 0.001)):
            ctx.fetched = await fetch_with_proxy(
                ctx, services, lambda engines: _fetch(ctx, services, engines)
            )
            await _content_stage(ctx, plan, services.content)
        await _store_artifacts(ctx, services, base_url)
    except (TimeoutError, FetchTimeoutError):
        raise request_timeout(
            {"timeoutMs": req.timeout, "message": "the page took longer than `timeout` to load"}
        ) from None
    except FetchError as exc:
        raise ApiError(exc.http_status, exc.message, code=exc.code) from None
    finally:
        if ctx.profile is not None:
            # Saves what the browser ended with (when saving) and releases the lease, always.
            await ctx.profile.finish(ctx.fetched, ctx.warnings)
    await media_stage(
        ctx,
        services,
        base_url,
        max_bytes=services.settings.media_max_bytes,
        timeout_s=services.settings.media_timeout_s,
    )
    await redact_page(ctx)
    await structured_stage(ctx, services.llm, services.content)
    await llm_stage(ctx, plan, services.llm)
    await track_changes(ctx, services)
    await _count_tokens(ctx, services)
    return await _document(ctx, plan)


async def _count_tokens(ctx: ScrapeContext, services: ScrapeServices) -> None:
    if ctx.llm_tokens and services.tokens is not None and ctx.team_id is not None:
        await services.tokens.add(ctx.team_id, ctx.llm_tokens)


async def run_parse(
    req: ParseRequest,
    upload: Fetched,
    services: ScrapeServices,
    *,
    team_id: str | None = None,
) -> Document:
    """The document of an uploaded file (``POST /v2/parse``): the content stage and the formats
    of a scrape, without fetching, without the cache. ``sourceURL`` is ``upload://<name>``."""
    plan = make_plan(req)
    if plan.needs_llm and services.llm is None:
        raise llm_not_configured()
    ctx = ScrapeContext(request=req, team_id=team_id)
    ctx.fetched = upload
    try:
        async with asyncio.timeout(req.timeout / 1000):
            await _content_stage(ctx, plan, services.content)
    except TimeoutError:
        raise request_timeout(
            {"timeoutMs": req.timeout, "message": "the file took longer than `timeout` to parse"}
        ) from None
    await redact_page(ctx)
    await structured_stage(ctx, services.llm, services.content)
    await llm_stage(ctx, plan, services.llm)
    await _count_tokens(ctx, services)
    doc = await _document(ctx, plan)
    doc.metadata.source_url = upload.url
    return doc
