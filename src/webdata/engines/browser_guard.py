"""The SSRF rule inside the browser: every request of the page passes the same address check
as the HTTP engine's hops, or is aborted.

Chromium resolves names itself, so a name is checked by resolving it here first (every
address must be allowed). Playwright does not route the hops of a redirect, so redirected
requests are checked as they are seen and any forbidden hop fails the whole scrape: its
content is never returned. A forward proxy that connects to the checked address is the
complete fix (DNS rebinding between our check and Chromium's lookup); see the issue note.
"""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit

from playwright.async_api import BrowserContext, Request, Route, WebSocketRoute

from webdata.engines.errors import BlockedAddressError
from webdata.engines.ssrf import (
    Policy,
    check_host,
    is_forbidden_address,
    parse_ip,
    resolves_to_forbidden,
)

__all__ = ["RequestGuard"]

_NETWORK_SCHEMES = frozenset({"http", "https", "ws", "wss"})


class RequestGuard:
    def __init__(self, is_forbidden: Policy = is_forbidden_address) -> None:
        self._is_forbidden = is_forbidden
        self._verdicts: dict[str, bool] = {}
        self._pending: set[asyncio.Task[None]] = set()
        self.blocked: list[str] = []
        self.redirect_violation: str | None = None

    async def check_url(self, url: str) -> None:
        """Raise ``BlockedAddressError`` when ``url`` may not be fetched."""
        if not await self.allowed(url):
            host = urlsplit(url).hostname or url
            raise BlockedAddressError(
                f"Refusing to fetch {host}: it is a private, loopback, link-local or "
                "metadata address"
            )

    async def allowed(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme not in _NETWORK_SCHEMES:
            return parts.scheme in ("data", "blob", "about")
        host = parts.hostname or ""
        if host in self._verdicts:
            return self._verdicts[host]
        verdict = await self._resolve_verdict(host)
        self._verdicts[host] = verdict
        return verdict

    async def _resolve_verdict(self, host: str) -> bool:
        try:
            check_host(host, False, is_forbidden=self._is_forbidden)
        except BlockedAddressError:
            return False
        if parse_ip(host) is not None:
            return True
        return not await resolves_to_forbidden(host, is_forbidden=self._is_forbidden)

    async def attach(self, context: BrowserContext) -> None:
        await context.route("**/*", self._route)
        await context.route_web_socket("**/*", self._route_ws)
        context.on("request", self._watch_redirect)

    async def _route(self, route: Route) -> None:
        url = route.request.url
        if await self.allowed(url):
            await route.continue_()
        else:
            self.blocked.append(url)
            await route.abort("blockedbyclient")

    async def _route_ws(self, ws: WebSocketRoute) -> None:
        if await self.allowed(ws.url):
            ws.connect_to_server()
        else:
            self.blocked.append(ws.url)
            await ws.close(code=1008, reason="blocked")

    def _watch_redirect(self, request: Request) -> None:
        if request.redirected_from is None:
            return
        task = asyncio.get_running_loop().create_task(self._check_redirect(request.url))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _check_redirect(self, url: str) -> None:
        if not await self.allowed(url):
            self.blocked.append(url)
            self.redirect_violation = self.redirect_violation or url

    async def verify(self) -> None:
        """Fail the scrape when a redirect hop went to a forbidden address."""
        if self._pending:
            await asyncio.gather(*self._pending, return_exceptions=True)
        if self.redirect_violation is not None:
            host = urlsplit(self.redirect_violation).hostname or self.redirect_violation
            raise BlockedAddressError(
                f"Refusing to fetch {host}: a redirect led to a private, loopback, link-local "
                "or metadata address"
            )
