"""The browser engine: load the page in Chromium, let it settle, run the actions, and return
the same ``Fetched`` record as the HTTP engine (the DOM as the page's text)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page, Response
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from webdata.browser import stealth
from webdata.browser.actions import ActionFailed, ActionOutput, run_actions
from webdata.browser.blocking import AdBlocker, remove_consent_popups
from webdata.browser.branding import capture_branding
from webdata.browser.capture import Capture, ShotSpec, screenshot
from webdata.browser.pool import BrowserPool
from webdata.browser.settle import NetworkTracker, install, page_html, wait_settled
from webdata.config import Settings
from webdata.contract.actions import Action
from webdata.engines.base import Fetched, FetchRequest
from webdata.engines.browser_guard import RequestGuard
from webdata.engines.charset import decode_body, is_textual
from webdata.engines.errors import (
    ActionError,
    BlockedAddressError,
    BrowserError,
    ConnectError,
    DNSResolutionError,
    FetchError,
    FetchTimeoutError,
    ResponseTooLargeError,
    TLSError,
)
from webdata.engines.proxy import parse_proxy
from webdata.engines.ssrf import Policy, is_forbidden_address

__all__ = ["MOBILE_DEVICE", "BrowserEngine", "PageTask"]

# Playwright's "Pixel 7" descriptor (viewport, density, touch); the user agent comes from the
# request headers so both engines present the same one.
MOBILE_DEVICE: Mapping[str, Any] = {
    "viewport": {"width": 412, "height": 839},
    "screen": {"width": 412, "height": 915},
    "device_scale_factor": 2.625,
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP_VIEWPORT = {"width": 1280, "height": 800}
_HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
# Framing headers belong to Chromium's connection; cookies become context cookies instead.
_NOT_FORWARDED = frozenset(
    {"host", "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te",
     "trailer", "proxy-connection", "cookie", "accept-encoding"}
)  # fmt: skip
# Chromium's network errors, mapped to the HTTP engine's error kinds.
_NET_ERRORS: tuple[tuple[str, type[FetchError]], ...] = (
    ("ERR_NAME_NOT_RESOLVED", DNSResolutionError),
    ("ERR_NAME_RESOLUTION_FAILED", DNSResolutionError),
    ("ERR_CERT_", TLSError),
    ("ERR_SSL_", TLSError),
    ("ERR_CONNECTION_", ConnectError),
    ("ERR_ADDRESS_UNREACHABLE", ConnectError),
    ("ERR_EMPTY_RESPONSE", FetchError),
    ("ERR_TOO_MANY_REDIRECTS", FetchError),
)


@dataclass(frozen=True, slots=True)
class PageTask:
    """What the browser does on the page beyond loading it."""

    wait_for_ms: int = 0
    mobile: bool = False
    locale: str | None = None
    timezone_id: str | None = None
    actions: Sequence[Action] = ()
    screenshot: ShotSpec | None = None
    # A profile's storage (Playwright ``storage_state``) to start the context with, and whether
    # to return the context's storage after the page work (``Fetched.storage_state``).
    storage_state: Mapping[str, Any] | None = None
    capture_storage: bool = False
    # blockAds: abort ad/tracker requests, hide consent pop-ups and drop them from the capture.
    block_ads: bool = True
    # proxy "enhanced": pass for a regular Chrome (``browser.stealth``).
    stealth: bool = False
    # The branding format: sample the rendered page's styles (``Fetched.branding``).
    branding: bool = False


class BrowserEngine:
    name = "browser"

    def __init__(
        self,
        settings: Settings,
        *,
        pool: BrowserPool | None = None,
        is_forbidden: Policy = is_forbidden_address,
    ) -> None:
        self._settings = settings
        self.pool = pool or BrowserPool(
            settings.browser_path,
            browsers=settings.browser_count,
            max_pages=settings.browser_max_pages,
            restart_after=settings.browser_restart_after,
            max_memory_mb=settings.browser_max_memory_mb,
        )
        self._is_forbidden = is_forbidden

    async def start(self) -> None:
        if self._settings.browser_launch_on_start:
            await self.pool.start()

    async def close(self) -> None:
        await self.pool.close()

    async def fetch(self, req: FetchRequest, task: PageTask | None = None) -> Fetched:
        task = task or PageTask()
        started = time.perf_counter()
        deadline = time.monotonic() + req.timeout_s
        guard = None if req.allow_private_networks else RequestGuard(self._is_forbidden)
        try:
            async with asyncio.timeout(req.timeout_s):
                if guard is not None:
                    await guard.check_url(req.url)
                options = self._context_options(req, task)
                ident = None
                if task.stealth:
                    ident = await stealth.prepare(
                        self._settings.browser_path, req.headers, task.mobile, options
                    )
                async with self.pool.context(**options) as context:
                    await install(context)
                    if ident is not None:
                        await stealth.install(context, ident)
                    if guard is not None:
                        await guard.attach(context)
                    if task.block_ads:
                        # After the guard: the newest route runs first, so ads are aborted
                        # before the guard sees them and the rest falls back to the guard.
                        # With actions, pop-ups stay visible until capture: an action may
                        # click "Accept" (Firecrawl-style requests do).
                        blocker = AdBlocker(req.url, hide_consent=not task.actions)
                        await blocker.attach(context)
                    if cookies := _cookies(req.headers, req.url):
                        await context.add_cookies(cookies)  # type: ignore[arg-type]
                    page = await context.new_page()
                    if ident is not None:
                        await stealth.apply_to_page(context, page, ident)
                    fetched = await self._load(page, req, task, deadline, guard)
                    if task.capture_storage:
                        state = await context.storage_state()
                        fetched = replace(fetched, storage_state=dict(state))
        except TimeoutError as exc:
            raise FetchTimeoutError(
                f"Timed out after {req.timeout_s:g}s loading {req.url} in the browser"
            ) from exc
        except ActionFailed as exc:
            raise ActionError(exc.message) from None
        except PlaywrightError as exc:
            raise _map_error(exc, req.url, guard) from None
        if len(fetched.body) > req.max_bytes:
            raise ResponseTooLargeError(
                f"The rendered page of {len(fetched.body)} bytes exceeds the limit of "
                f"{req.max_bytes} bytes"
            )
        return _with_elapsed(fetched, started)

    def _context_options(self, req: FetchRequest, task: PageTask) -> dict[str, Any]:
        headers = {k: v for k, v in req.headers.items() if k.lower() not in _NOT_FORWARDED}
        user_agent = _pop(headers, "user-agent") or self._settings.user_agent
        options: dict[str, Any] = {
            "user_agent": user_agent,
            "ignore_https_errors": req.skip_tls_verification,
            "extra_http_headers": headers,
            # Service workers answer requests outside the context's routes (and its SSRF check).
            "service_workers": "block",
            "viewport": DESKTOP_VIEWPORT,
            "accept_downloads": False,
        }
        if task.mobile:
            options.update(MOBILE_DEVICE)
        if task.screenshot is not None and task.screenshot.viewport is not None:
            width, height = task.screenshot.viewport
            options["viewport"] = {"width": width, "height": height}
        if task.locale:
            options["locale"] = task.locale
        if task.timezone_id:
            options["timezone_id"] = task.timezone_id
        if task.actions:
            # executeJavascript evaluates its source; a strict CSP would forbid that.
            options["bypass_csp"] = True
        if task.storage_state is not None:
            options["storage_state"] = dict(task.storage_state)
        if req.proxy:
            # Per-context proxies need no launch-time placeholder in Playwright >= 1.40.
            options["proxy"] = parse_proxy(req.proxy).playwright()
        return options

    async def _load(
        self,
        page: Page,
        req: FetchRequest,
        task: PageTask,
        deadline: float,
        guard: RequestGuard | None,
    ) -> Fetched:
        tracker = NetworkTracker(page)
        remaining_ms = max((deadline - time.monotonic()) * 1000, 1.0)
        response = await page.goto(req.url, wait_until="domcontentloaded", timeout=remaining_ms)
        settle_s = min(self._settings.browser_settle_max_ms / 1000, deadline - time.monotonic())
        await wait_settled(page, tracker, self._settings.browser_quiet_ms, settle_s)
        if task.wait_for_ms:
            await asyncio.sleep(task.wait_for_ms / 1000)
        actions: ActionOutput | None = None
        if task.actions:
            actions = await run_actions(
                page,
                task.actions,
                deadline=deadline,
                element_timeout_ms=self._settings.browser_action_timeout_ms,
            )
        shot: Capture | None = None
        if task.screenshot is not None:
            # The viewport was set on the context, so the page rendered at that size.
            spec = ShotSpec(task.screenshot.full_page, task.screenshot.quality)
            shot = await screenshot(page, spec)
        if guard is not None:
            await guard.verify()
        if task.block_ads:
            await remove_consent_popups(page)
        fetched = await _record(page, response, actions, shot)
        if task.branding and fetched.content_type in _HTML_TYPES:
            # After the pop-ups went: their buttons are not the brand's.
            fetched = replace(fetched, branding=await capture_branding(page))
        return fetched


def _pop(headers: dict[str, str], name: str) -> str | None:
    for key in list(headers):
        if key.lower() == name:
            return headers.pop(key)
    return None


def _cookies(headers: Mapping[str, str], url: str) -> list[dict[str, str]]:
    """A ``Cookie`` header becomes context cookies, so they follow the page's own rules."""
    raw = next((v for k, v in headers.items() if k.lower() == "cookie"), "")
    cookies = []
    for pair in raw.split(";"):
        name, sep, value = pair.strip().partition("=")
        if sep and name:
            cookies.append({"name": name, "value": value, "url": url})
    return cookies


async def _record(
    page: Page, response: Response | None, actions: ActionOutput | None, shot: Capture | None
) -> Fetched:
    headers: dict[str, str] = {}
    status = 200
    redirects: list[str] = []
    if response is not None:
        status = response.status
        headers = {k.lower(): v for k, v in (await response.all_headers()).items()}
        previous = response.request.redirected_from
        while previous is not None:
            redirects.insert(0, previous.url)
            previous = previous.redirected_from
    content_type_header = headers.get("content-type")
    content_type = (content_type_header or "text/html").split(";", 1)[0].strip().lower()
    if content_type in _HTML_TYPES or response is None:
        text: str | None = await page_html(page)
        body = text.encode("utf-8") if text is not None else b""
        encoding: str | None = "utf-8"
    else:
        # Not a page: the file as the server sent it, not Chromium's viewer around it.
        body = await response.body()
        text, encoding = (None, None)
        if is_textual(content_type):
            text, encoding = decode_body(body, content_type_header)
    return Fetched(
        url=page.url,
        status_code=status,
        headers=headers,
        content_type=content_type,
        body=body,
        text=text,
        encoding=encoding,
        redirects=tuple(redirects),
        engine="browser",
        screenshot=shot,
        actions=actions,
    )


def _with_elapsed(fetched: Fetched, started: float) -> Fetched:
    return replace(fetched, elapsed_ms=(time.perf_counter() - started) * 1000)


def _map_error(exc: PlaywrightError, url: str, guard: RequestGuard | None) -> FetchError:
    message = exc.message.split("\n", 1)[0]
    # ERR_BLOCKED_BY_CLIENT is the guard's only when it blocked something: the ad blocker
    # aborts with the same code (never the page itself, but an error may quote a sub-request).
    if guard is not None and (
        guard.redirect_violation or (guard.blocked and "ERR_BLOCKED_BY_CLIENT" in message)
    ):
        host = guard.redirect_violation or (guard.blocked[0] if guard.blocked else url)
        return BlockedAddressError(
            f"Refusing to fetch {host}: it is a private, loopback, link-local or metadata address"
        )
    if isinstance(exc, PlaywrightTimeoutError):
        return FetchTimeoutError(f"Timed out loading {url} in the browser")
    for marker, kind in _NET_ERRORS:
        if marker in message:
            return kind(f"The browser could not load {url}: {message}")
    if "Download is starting" in message:
        return FetchError(
            f"{url} is a download, not a page: scrape it without browser-only options"
        )
    return BrowserError(f"The browser failed on {url}: {message}")
