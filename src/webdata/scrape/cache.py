"""The cache stage of a scrape: answer from the index, or keep the fresh document for later.

What is kept is the document as returned, minus what belongs to one response (``scrapeId``,
``creditsUsed``, cache state). A screenshot (audio, video) is kept as its artifact, not its
link: a hit signs a new link that lives as long as the file does, and an entry with artifacts
expires before the first of its files is swept (audio and video live 1 hour, screenshots 24).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import structlog
from sqlalchemy.exc import SQLAlchemyError

from webdata.contract import Document
from webdata.extract.change_tracking import iso
from webdata.scrape.cache_policy import CachePolicy
from webdata.scrape.context import ScrapeContext
from webdata.scrape.services import ScrapeServices
from webdata.store.artifacts import artifact_ttl_s
from webdata.store.cache import SHARED_SCOPE, CachedDocument

log = structlog.get_logger("webdata.scrape.cache")

# Metadata of one response, not of the page.
RESPONSE_METADATA = (
    "scrapeId",
    "creditsUsed",
    "cacheState",
    "cachedAt",
    "concurrencyLimited",
    "concurrencyQueueDurationMs",
)
# An entry with a screenshot stops being served this long before the file is swept.
ARTIFACT_MARGIN = timedelta(minutes=5)


def _scope(ctx: ScrapeContext, services: ScrapeServices) -> str | None:
    if ctx.team_id is None:
        return None
    return SHARED_SCOPE if services.settings.cache_shared else ctx.team_id


def flight_key(ctx: ScrapeContext, policy: CachePolicy, services: ScrapeServices) -> str | None:
    """What identical scrapes in flight share (``scrape.single_flight``): the entry they will
    store, so only scrapes that read and store the cache coalesce, within one scope."""
    scope = _scope(ctx, services)
    if services.cache is None or scope is None or not (policy.read and policy.store):
        return None
    return f"{scope}:{policy.key}"


async def cached_document(
    ctx: ScrapeContext, policy: CachePolicy, services: ScrapeServices, base_url: str
) -> Document | None:
    """The cached document for this request, ready to return; None on a miss."""
    scope = _scope(ctx, services)
    if services.cache is None or scope is None or not policy.read:
        return None
    found = await services.cache.get(scope, policy.key, policy.window)
    if found is None:
        return None
    return _from_entry(ctx, found, services, base_url)


def _from_entry(
    ctx: ScrapeContext, found: CachedDocument, services: ScrapeServices, base_url: str
) -> Document:
    data: dict[str, Any] = dict(found.payload["document"])
    for field, rel in found.payload.get("artifacts", {}).items():
        life = timedelta(seconds=artifact_ttl_s(rel, services.settings.artifact_ttl_s))
        left = (found.created_at + life - services.clock()).total_seconds()
        data[field] = services.artifacts.signed_url(base_url, rel, max(int(left), 1))
    data["metadata"] = {
        **data["metadata"],
        "sourceURL": ctx.request.url,
        "scrapeId": ctx.scrape_id,
        "cacheState": "hit",
        "cachedAt": iso(found.created_at),
        "creditsUsed": ctx.credits,
    }
    return Document.model_validate(data)


def _storable(ctx: ScrapeContext) -> bool:
    fetched = ctx.fetched
    return (
        fetched is not None
        and 200 <= fetched.status_code < 300
        and ctx.blocked is None
        and ctx.cacheable
    )


async def keep_document(
    ctx: ScrapeContext, policy: CachePolicy, services: ScrapeServices, doc: Document
) -> None:
    """Store ``doc`` when the policy and the outcome allow; a failed write is only logged."""
    scope = _scope(ctx, services)
    if services.cache is None or scope is None or not policy.store or not _storable(ctx):
        return
    assert ctx.fetched is not None
    settings = services.settings
    wire = doc.to_wire()
    wire["metadata"] = {k: v for k, v in wire["metadata"].items() if k not in RESPONSE_METADATA}
    for field in ctx.artifact_refs:
        wire.pop(field, None)
    now = services.clock()
    expires_at = now + timedelta(seconds=settings.cache_retention_s)
    if ctx.artifact_refs:
        shortest = min(
            artifact_ttl_s(rel, settings.artifact_ttl_s) for rel in ctx.artifact_refs.values()
        )
        expires_at = min(expires_at, now + timedelta(seconds=shortest) - ARTIFACT_MARGIN)
    if expires_at <= now:
        return
    try:
        await services.cache.put(
            scope,
            policy.key,
            url_hash=policy.url_hash,
            status_code=ctx.fetched.status_code,
            payload={"document": wire, "artifacts": dict(ctx.artifact_refs)},
            created_at=now,
            expires_at=expires_at,
            max_bytes=settings.cache_max_entry_bytes,
        )
    except SQLAlchemyError:
        # The scrape itself succeeded; the next one just will not find it cached.
        log.warning("cache write failed", exc_info=True)
