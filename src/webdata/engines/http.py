"""The plain HTTP engine: one pooled aiohttp session, manual redirects, an SSRF check per hop."""

from __future__ import annotations

import contextlib
import socket
import ssl
from collections.abc import AsyncIterator, Mapping
from typing import Any

import aiohttp
from yarl import URL

from webdata.config import Settings
from webdata.engines.base import Fetched, FetchRequest, WireEngine
from webdata.engines.errors import (
    ConnectError,
    DNSResolutionError,
    FetchError,
    ProxyError,
    ResponseTooLargeError,
    TLSError,
)
from webdata.engines.hops import (
    check_declared,
    drain_small,
    fetch_following,
    flatten_headers,
    read_capped,
)
from webdata.engines.proxy import parse_proxy, redact
from webdata.engines.ssrf import GuardedResolver, Policy, is_forbidden_address

__all__ = ["DEFAULT_HEADERS", "HttpEngine"]

DEFAULT_HEADERS: Mapping[str, str] = {
    "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "Accept-Language": "en-US,en;q=0.9",
    "Accept-Encoding": "gzip, deflate, br, zstd",
}

# Large cookies and CSP headers exceed aiohttp's 8 KB default on real sites.
_MAX_HEADER_BYTES = 64 * 1024
# Sessions by how names are resolved: guarded (the SSRF policy), open (private networks
# allowed), or by the proxy (the connector then only resolves the proxy, operator config).
_GUARDED, _OPEN, _PROXIED = "guarded", "open", "proxied"


class HttpEngine(WireEngine):
    """Fetches URLs with aiohttp. One instance per process; ``start`` before, ``close`` after."""

    name = "http"

    def __init__(
        self, settings: Settings | None = None, *, is_forbidden: Policy = is_forbidden_address
    ) -> None:
        super().__init__(settings, is_forbidden=is_forbidden)
        self._sessions: dict[str, aiohttp.ClientSession] = {}
        self._default_headers = {**DEFAULT_HEADERS, "User-Agent": self._settings.user_agent}

    async def start(self) -> None:
        self._session(_GUARDED)

    async def close(self) -> None:
        sessions, self._sessions = list(self._sessions.values()), {}
        for session in sessions:
            await session.close()

    def _session(self, kind: str) -> aiohttp.ClientSession:
        """The session of one resolution policy; they never share a DNS cache."""
        session = self._sessions.get(kind)
        if session is None or session.closed:
            resolver = (
                GuardedResolver(is_forbidden=self._is_forbidden)
                if kind == _GUARDED
                else aiohttp.DefaultResolver()
            )
            connector = aiohttp.TCPConnector(
                limit=self._settings.http_pool_size,
                limit_per_host=self._settings.http_pool_per_host,
                use_dns_cache=True,
                ttl_dns_cache=60,
                resolver=resolver,
                keepalive_timeout=30,
            )
            session = aiohttp.ClientSession(
                connector=connector,
                # Cookies must not leak between scrapes; redirects get a per-fetch jar.
                cookie_jar=aiohttp.DummyCookieJar(),
                timeout=aiohttp.ClientTimeout(total=None),
                auto_decompress=True,
                trust_env=False,
                max_line_size=_MAX_HEADER_BYTES,
                max_field_size=_MAX_HEADER_BYTES,
                max_headers=256,
            )
            self._sessions[kind] = session
        return session

    async def fetch(self, req: FetchRequest) -> Fetched:
        """Fetch ``req.url``; non-2xx answers are returned, failures raise ``FetchError``s."""
        return await fetch_following(
            self, req, default_headers=self._default_headers, is_forbidden=self._is_forbidden
        )

    @contextlib.asynccontextmanager
    async def open(
        self, method: str, url: URL, headers: dict[str, str], req: FetchRequest
    ) -> AsyncIterator[_AiohttpHop]:
        """One request through the session of its policy (the ``Transport`` of ``hops``)."""
        options: dict[str, Any] = {}
        if req.proxy:
            proxy = parse_proxy(req.proxy)
            session = self._session(_PROXIED)
            options["proxy"] = proxy.server
            if (auth := proxy.basic_auth()) is not None:
                # aiohttp sends proxy_headers on the CONNECT of https targets only; a plain
                # http request goes to the proxy whole, so it carries the header itself.
                options["proxy_headers"] = {"Proxy-Authorization": auth}
                if url.scheme == "http":
                    headers = {**headers, "Proxy-Authorization": auth}
        else:
            session = self._session(_OPEN if req.allow_private_networks else _GUARDED)
        async with session.request(
            method,
            url,
            headers=headers,
            allow_redirects=False,
            ssl=not req.skip_tls_verification,
            **options,
        ) as resp:
            yield _AiohttpHop(resp)

    def map_error(self, exc: Exception, url: URL, req: FetchRequest) -> FetchError | None:
        if not isinstance(exc, aiohttp.ClientError | OSError):
            return None
        return _map_client_error(exc, url, req.proxy)


class _AiohttpHop:
    def __init__(self, resp: aiohttp.ClientResponse) -> None:
        self._resp = resp
        self.status = resp.status
        self.headers = flatten_headers(resp.headers.items())

    async def read(self, cap: int) -> bytes:
        try:
            if check_declared(self.headers, cap) is not None:
                return await self._resp.read()
            return await read_capped(self._resp.content.iter_any(), cap)
        except ResponseTooLargeError:
            self._resp.close()
            raise

    async def discard(self) -> None:
        with contextlib.suppress(aiohttp.ClientError):
            await drain_small(self)


def _map_client_error(exc: BaseException, url: URL, proxy: str | None) -> FetchError:
    host = url.raw_host or str(url)
    if proxy is not None:
        shown = redact(proxy)
        if isinstance(exc, aiohttp.ClientProxyConnectionError):
            reason = exc.os_error.strerror or str(exc.os_error)
            return ProxyError(f"Could not connect to the proxy {shown}: {reason}")
        if isinstance(exc, aiohttp.ClientHttpProxyError):
            if exc.status == 407:
                return ProxyError(f"The proxy {shown} refused its credentials (407)")
            return ProxyError(
                f"The proxy {shown} could not reach {host}: {exc.status} {exc.message}"
            )
    if isinstance(exc, aiohttp.ClientConnectorDNSError | socket.gaierror):
        return DNSResolutionError(f"Could not resolve host {host}")
    if isinstance(exc, aiohttp.ClientConnectorCertificateError):
        return TLSError(f"TLS certificate of {host} could not be verified: {exc.certificate_error}")
    if isinstance(exc, aiohttp.ClientSSLError | ssl.SSLError):
        return TLSError(f"TLS handshake with {host} failed: {exc}")
    if isinstance(exc, aiohttp.ClientConnectorError):
        reason = exc.os_error.strerror or str(exc.os_error)
        return ConnectError(f"Could not connect to {host}:{url.port}: {reason}")
    if isinstance(exc, aiohttp.ServerDisconnectedError):
        return FetchError(f"{host} closed the connection before sending a complete response")
    if isinstance(exc, aiohttp.ClientPayloadError):
        detail = " ".join(str(exc).split())
        return FetchError(f"The response body from {host} was malformed or cut short: {detail}")
    if isinstance(exc, aiohttp.InvalidURL):
        return FetchError(f"Invalid URL {url}: {exc}")
    if isinstance(exc, aiohttp.ClientResponseError):
        return FetchError(f"{host} sent an invalid HTTP response: {exc.message}")
    if isinstance(exc, aiohttp.ClientConnectionError | OSError):
        return ConnectError(f"Connection to {host} failed: {exc}")
    return FetchError(f"Fetching {url} failed: {exc}")
