"""``blockAds`` in a browser context: abort the ad and tracker requests, hide consent pop-ups,
and remove them from the DOM before the page is captured.

The route is registered with the filter list's candidate regex, so the browser hands only
URLs that may be ads to Python; ``is_ad_request`` then decides. Anything else falls back to
the routes registered before it: attach the blocker *after* the SSRF guard
(``RequestGuard.attach``), so an ad is aborted here without the guard resolving its host or
recording it as a blocked address, and every other request still passes the guard.
"""

from __future__ import annotations

from playwright.async_api import BrowserContext, Page, Request, Route
from playwright.async_api import Error as PlaywrightError

from webdata.browser.adblock import (
    CONSENT_INIT_SCRIPT,
    CONSENT_SELECTOR,
    REMOVE_CONSENT_SCRIPT,
    FilterList,
    filter_list,
)

__all__ = ["AdBlocker", "remove_consent_popups"]


class AdBlocker:
    """One per scrape: ``attach`` to its context; ``blocked`` lists the aborted URLs.

    ``hide_consent`` false leaves consent pop-ups visible while the page is worked on (a
    scrape with actions may mean to click "Accept"); they are still removed before capture.
    """

    def __init__(
        self, page_url: str, filters: FilterList | None = None, *, hide_consent: bool = True
    ) -> None:
        self._page_url = page_url
        self._filters = filters or filter_list()
        self._hide_consent = hide_consent
        self.blocked: list[str] = []

    async def attach(self, context: BrowserContext) -> None:
        if self._hide_consent:
            await context.add_init_script(CONSENT_INIT_SCRIPT)
        await context.route(self._filters.candidates, self._route)

    async def _route(self, route: Route) -> None:
        request = route.request
        url = request.url
        if self._filters.is_ad_request(url, _resource_type(request), self._site_of(request)):
            self.blocked.append(url)
            await route.abort("blockedbyclient")
        else:
            await route.fallback()

    def _site_of(self, request: Request) -> str:
        """The URL of the page the request belongs to (its own host is not a third party)."""
        try:
            url = request.frame.page.url
        except PlaywrightError:
            return self._page_url
        return url if url.startswith(("http:", "https:")) else self._page_url


def _resource_type(request: Request) -> str:
    """Playwright's type, with ``subdocument`` for a frame inside the page (blockable)."""
    kind = request.resource_type
    if kind != "document":
        return kind
    try:
        frame = request.frame
    except PlaywrightError:
        return kind  # a new page's first navigation: not a frame of ours
    return kind if frame.parent_frame is None else "subdocument"


async def remove_consent_popups(page: Page) -> int:
    """Remove the consent pop-ups from the DOM (CSS hid them; the HTML still held them)."""
    try:
        return int(await page.evaluate(REMOVE_CONSENT_SCRIPT, CONSENT_SELECTOR))
    except PlaywrightError:
        return 0  # a document that went away or has no DOM to speak of: nothing to remove
