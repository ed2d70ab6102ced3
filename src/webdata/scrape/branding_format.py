"""The ``branding`` format's transformer: the brand profile from the browser's style samples.

The browser engine samples the rendered page when the request asks for branding
(``scrape.browser_task``); the profile itself is pure (``extract.branding``).
"""

from __future__ import annotations

from typing import Any

from webdata.extract.branding import branding_profile
from webdata.scrape.context import ScrapeContext

__all__ = ["branding_field"]


def branding_field(ctx: ScrapeContext, _fmt: Any) -> dict[str, Any]:
    """``{"branding": profile}``; null when there is no rendered page to describe (not HTML,
    the page could not be read, or the answer was an anti-bot wall)."""
    fetched = ctx.fetched
    raw = fetched.branding if fetched is not None else None
    if fetched is None or not raw or ctx.blocked is not None:
        return {"branding": None}
    return {"branding": branding_profile(raw, fetched.url)}
