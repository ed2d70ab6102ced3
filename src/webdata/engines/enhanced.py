"""The enhanced engine: the HTTP engine's walk of hops, sent by curl_cffi impersonating Chrome.

The TLS ClientHello (JA3/JA4), the HTTP/2 settings and the default headers (user agent,
``sec-ch-ua`` client hints, ``sec-fetch-*``, their order) are those of the Chrome release
curl-impersonate copies, so they agree with each other; the caller's headers still win.
The limits are the HTTP engine's (``hops``): redirects by hand with the SSRF check per hop,
the body cap while streaming, the timeout. curl resolves names itself, so a direct fetch
resolves and checks the name first and pins curl to exactly the addresses that passed.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator
from typing import Any, cast

from curl_cffi import AsyncCurl, CurlECode, CurlError, CurlMOpt, CurlOpt
from curl_cffi.requests import AsyncSession, Response
from curl_cffi.requests.exceptions import SSLError
from yarl import URL

from webdata.config import Settings
from webdata.engines.base import Fetched, FetchRequest, WireEngine
from webdata.engines.errors import (
    ConnectError,
    DNSResolutionError,
    FetchError,
    FetchTimeoutError,
    ProxyError,
    TLSError,
)
from webdata.engines.hops import (
    check_declared,
    drain_small,
    fetch_following,
    flatten_headers,
    read_capped,
)
from webdata.engines.proxy import redact
from webdata.engines.ssrf import GuardedResolver, Policy, is_forbidden_address, parse_ip

__all__ = ["EnhancedEngine"]

# curl-impersonate targets: the desktop one (its user agent says macOS) and the Android one.
DESKTOP_TARGET = "chrome"
MOBILE_TARGET = "chrome131_android"
# What curl-impersonate gets wrong for Android: Chrome there sends ``?1``.
_MOBILE_HINTS = {"sec-ch-ua-mobile": "?1"}
# Proxies that resolve names locally (curl does it for them), so they get pinned too.
_LOCAL_DNS_PROXIES = ("socks5://", "socks4://")
# How long ending a transfer may take (curl notices on its next read).
_STOP_WAIT_S = 1.0
# curl messages end with a pointer to its documentation; it helps no caller.
_CURL_DOCS = ". See https://curl.se/libcurl/c/libcurl-errors.html"


class EnhancedEngine(WireEngine):
    """Fetches URLs as Chrome does on the wire. One per process; ``close`` when done."""

    name = "enhanced"

    def __init__(
        self, settings: Settings | None = None, *, is_forbidden: Policy = is_forbidden_address
    ) -> None:
        super().__init__(settings, is_forbidden=is_forbidden)
        self._acurl: AsyncCurl | None = None
        self._resolver: GuardedResolver | None = None

    async def start(self) -> None:
        self._shared()

    async def close(self) -> None:
        acurl, self._acurl = self._acurl, None
        resolver, self._resolver = self._resolver, None
        if acurl is not None:
            await acurl.close()  # type: ignore[no-untyped-call]
        if resolver is not None:
            await resolver.close()

    def _shared(self) -> tuple[AsyncCurl, GuardedResolver]:
        """The curl multi handle (its connection and TLS session caches) and the resolver."""
        if self._acurl is None:
            self._acurl = AsyncCurl()
            # Idle connections kept for reuse; curl's default is four per handle added, and
            # each hop adds one short-lived handle.
            self._acurl.setopt(CurlMOpt.MAXCONNECTS, self._settings.http_pool_size)  # type: ignore[no-untyped-call]
        if self._resolver is None:
            self._resolver = GuardedResolver(is_forbidden=self._is_forbidden)
        return self._acurl, self._resolver

    async def fetch(self, req: FetchRequest, *, mobile: bool = False) -> Fetched:
        """Fetch ``req.url``; ``mobile`` impersonates Chrome on Android instead of desktop."""
        transport = _CurlTransport(self, mobile)
        return await fetch_following(
            transport,
            req,
            default_headers=_MOBILE_HINTS if mobile else {},
            is_forbidden=self._is_forbidden,
        )

    async def pins(self, url: URL, req: FetchRequest) -> list[str]:
        """``CURLOPT_RESOLVE`` entries fixing a name to its checked addresses, when curl would
        otherwise resolve it itself unchecked."""
        host = url.raw_host or ""
        if req.allow_private_networks or parse_ip(host) is not None:
            return []
        if req.proxy and not req.proxy.startswith(_LOCAL_DNS_PROXIES):
            return []  # the proxy resolves it (the hop guard checked the name)
        _, resolver = self._shared()
        try:
            # Both families, as aiohttp's connector asks: curl may try either.
            results = await resolver.resolve(host, url.port or 0, socket.AF_UNSPEC)
        except OSError as exc:
            raise DNSResolutionError(f"Could not resolve host {host}") from exc
        addresses = ",".join(f"[{r['host']}]" if ":" in r["host"] else r["host"] for r in results)
        # "+": the entry expires like a cached lookup instead of staying for the process.
        return [f"+{host}:{url.port}:{addresses}"]


class _CurlTransport:
    """One fetch's sending side: per hop a light session on the engine's shared multi handle."""

    name = "enhanced"

    def __init__(self, owner: EnhancedEngine, mobile: bool) -> None:
        self._owner = owner
        self._target = MOBILE_TARGET if mobile else DESKTOP_TARGET

    @contextlib.asynccontextmanager
    async def open(
        self, method: str, url: URL, headers: dict[str, str], req: FetchRequest
    ) -> AsyncIterator[_CurlHop]:
        pins = await self._owner.pins(url, req)
        acurl, _ = self._owner._shared()
        options: dict[CurlOpt, Any] = {CurlOpt.RESOLVE: pins} if pins else {}
        session: AsyncSession[Response] = AsyncSession(
            async_curl=acurl,
            max_clients=1,
            impersonate=self._target,
            default_headers=True,
            # Browsers speak HTTP/2 over TLS only; no h2c upgrade on plain http.
            http_version="v2tls",
            discard_cookies=True,
            trust_env=False,
            curl_options=options,
        )
        try:
            response = await session.request(
                method,  # type: ignore[arg-type]
                str(url),
                headers=headers,
                allow_redirects=False,
                stream=True,
                verify=not req.skip_tls_verification,
                proxy=req.proxy,
                # A backstop only: the hop walk's own deadline ends the fetch first.
                timeout=req.timeout_s + 1,
            )
            try:
                yield _CurlHop(response)
            finally:
                await _stop(response)
        finally:
            await session.close()

    def map_error(self, exc: Exception, url: URL, req: FetchRequest) -> FetchError | None:
        if not isinstance(exc, CurlError):
            return None
        return _map_curl_error(exc, url, req.proxy)


class _CurlHop:
    def __init__(self, response: Response) -> None:
        self._response = response
        self.status = response.status_code
        self.headers = flatten_headers(response.headers.multi_items())

    async def read(self, cap: int) -> bytes:
        check_declared(self.headers, cap)
        chunks = self._response.aiter_content()  # type: ignore[no-untyped-call]
        return await read_capped(chunks, cap)

    async def discard(self) -> None:
        with contextlib.suppress(CurlError):
            await drain_small(self)


async def _stop(response: Response) -> None:
    """End a streamed transfer now: curl aborts on its next write and the handle goes back."""
    quit_now = cast(Any, response).quit_now
    if quit_now is not None:
        quit_now.set()
    task = cast(Any, response).astream_task
    if task is not None and not task.done():
        task.cancel()
        # ``wait`` neither raises the task's cancellation nor swallows ours.
        await asyncio.wait({task}, timeout=_STOP_WAIT_S)


def _clean(exc: CurlError) -> str:
    message = str(exc).split(_CURL_DOCS, 1)[0]
    return message.removeprefix("Failed to perform, ").strip()


def _map_curl_error(exc: CurlError, url: URL, proxy: str | None) -> FetchError:
    host = url.raw_host or str(url)
    code = exc.code
    detail = _clean(exc)
    if proxy is not None:
        shown = redact(proxy)
        if code in (CurlECode.COULDNT_RESOLVE_PROXY, CurlECode.COULDNT_CONNECT):
            return ProxyError(f"Could not connect to the proxy {shown}: {detail}")
        if code == CurlECode.PROXY or (code == CurlECode.RECV_ERROR and "CONNECT" in detail):
            if "407" in detail:
                return ProxyError(f"The proxy {shown} refused its credentials (407)")
            return ProxyError(f"The proxy {shown} could not reach {host}: {detail}")
    if code == CurlECode.COULDNT_RESOLVE_HOST:
        return DNSResolutionError(f"Could not resolve host {host}")
    if code == CurlECode.OPERATION_TIMEDOUT:
        return FetchTimeoutError(f"Timed out fetching {url}")
    if isinstance(exc, SSLError):
        return TLSError(f"TLS handshake with {host} failed: {detail}")
    if code == CurlECode.COULDNT_CONNECT:
        return ConnectError(f"Could not connect to {host}:{url.port}: {detail}")
    if code in (CurlECode.GOT_NOTHING, CurlECode.SEND_ERROR):
        return FetchError(f"{host} closed the connection before sending a complete response")
    if code in (CurlECode.PARTIAL_FILE, CurlECode.BAD_CONTENT_ENCODING, CurlECode.RECV_ERROR):
        return FetchError(f"The response body from {host} was malformed or cut short: {detail}")
    if code in (CurlECode.URL_MALFORMAT, CurlECode.UNSUPPORTED_PROTOCOL):
        return FetchError(f"Invalid URL {url}: {detail}")
    return FetchError(f"Fetching {url} failed: {detail}")
