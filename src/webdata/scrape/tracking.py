"""The ``changeTracking`` format: compare this scrape with the team's previous tracked scrape
of the same URL and tag, then record this one (``store.history``)."""

from __future__ import annotations

from webdata.content.base64_images import remove_base64_images
from webdata.contract.formats import ChangeTrackingFormat
from webdata.extract.change_tracking import compare
from webdata.scrape.cache_policy import url_hash
from webdata.scrape.context import ScrapeContext
from webdata.scrape.services import ScrapeServices

UNREAD = (
    "changeTracking: the page could not be read (blocked, or a server error), so it was "
    "neither compared nor recorded"
)


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
    ctx.fields["changeTracking"] = compare(
        previous, markdown, fetched.status_code, git_diff_mode="git-diff" in fmt.modes
    )
    await history.record(
        ctx.team_id,
        key,
        tag,
        scraped_at=services.clock(),
        status_code=fetched.status_code,
        markdown=markdown,
    )
