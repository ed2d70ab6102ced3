"""The ``changeTracking`` format: compare this scrape with the team's previous tracked scrape
of the same URL and tag, then record this one (``store.history``)."""

from __future__ import annotations

import asyncio
from typing import Any

from webdata.content.base64_images import remove_base64_images
from webdata.contract.formats import ChangeTrackingFormat
from webdata.extract.change_tracking import compare
from webdata.extract.llm import LlmError
from webdata.extract.llm_formats import extract_json
from webdata.scrape.cache_policy import url_hash
from webdata.scrape.context import ScrapeContext
from webdata.scrape.llm_stage import changed_values
from webdata.scrape.plan import llm_not_configured
from webdata.scrape.services import ScrapeServices
from webdata.store.history import Snapshot

UNREAD = (
    "changeTracking: the page could not be read (blocked, or a server error), so it was "
    "neither compared nor recorded"
)


async def _json_mode(
    ctx: ScrapeContext,
    fmt: ChangeTrackingFormat,
    services: ScrapeServices,
    previous: Snapshot | None,
    markdown: str,
) -> dict[str, Any] | None:
    """The values the schema (or prompt) picks out of this page and of the previous one, per
    key; the previous page is read again rather than stored, so a changed schema still
    compares like with like."""
    llm = services.llm
    if llm is None:
        raise llm_not_configured()
    pages = [markdown] + ([previous.markdown] if previous is not None else [])
    asks = [extract_json(llm, page, schema=fmt.json_schema, prompt=fmt.prompt) for page in pages]
    try:
        answers = await asyncio.gather(*asks)
    except LlmError as exc:
        ctx.warnings.append(f"changeTracking json: {exc}")
        return None
    ctx.llm_tokens += sum(a.usage.total for a in answers)
    before = answers[1].value if previous is not None else None
    return changed_values(before, answers[0].value)


async def track_changes(ctx: ScrapeContext, services: ScrapeServices) -> None:
    fmt = ctx.request.format_of("changeTracking")
    if not isinstance(fmt, ChangeTrackingFormat):
        return
    history, fetched = services.history, ctx.fetched
    assert history is not None and ctx.team_id is not None and fetched is not None
    if ctx.blocked is not None or fetched.status_code >= 500 or not ctx.cacheable:
        ctx.fields["changeTracking"] = None
        ctx.warnings.append(UNREAD)
        return
    markdown = ctx.fields.get("markdown") or ""
    if ctx.request.remove_base64_images:
        markdown = remove_base64_images(markdown)
    key, tag = url_hash(ctx.request.url), fmt.tag or ""
    previous = await history.latest(ctx.team_id, key, tag)
    tracked = compare(
        previous, markdown, fetched.status_code, git_diff_mode="git-diff" in fmt.modes
    )
    if "json" in fmt.modes:
        tracked["json"] = await _json_mode(ctx, fmt, services, previous, markdown)
    ctx.fields["changeTracking"] = tracked
    await history.record(
        ctx.team_id,
        key,
        tag,
        scraped_at=services.clock(),
        status_code=fetched.status_code,
        markdown=markdown,
    )
