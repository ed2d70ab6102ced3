"""The plain HTTP engine: one pooled aiohttp session, manual redirects, an SSRF check per hop."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
import time
from collections.abc import Mapping

import aiohttp
from multidict import CIMultiDictProxy
from yarl import URL

from webdata.config import Settings, get_settings
from webdata.engines.base import Fetched, FetchRequest
from webdata.engines.charset import decode_body, is_textual
from webdata.engines.errors import (
    ConnectError,
    DNSResolutionError,
    FetchError,
    FetchTimeoutError,
    RedirectError,
    ResponseTooLargeError,
    TLSError,
)
from webdata.engines.ssrf import GuardedResolver, Policy, check_host, is_forbidden_address, parse_ip

__all__ = ["DEFAULT_HEADERS", "HttpEngine"]

DEFAULT_HEADERS: Mapping[str, str] = {
    "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "Accept-Language": "en-US,en;q=0.9",
    "Accept-Encoding": "gzip, deflate, br, zstd",
}

_REDIRECTS = frozenset({301, 302, 303, 307, 308})
# Framing and routing headers belong to the connection, not to the caller.
_DROPPED_HEADERS = frozenset(
    {"host", "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te",
     "trailer", "proxy-connection"}
)  # fmt: skip
# Credentials the caller meant for the first origin only (as curl and requests do).
_ORIGIN_ONLY_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie"})
_SMALL_BODY = 64 * 1024
_THREAD_DECODE_BYTES = 1024 * 1024
# Large cookies and CSP headers exceed aiohttp's 8 KB default on real sites.
_MAX_HEADER_BYTES = 64 * 1024


class HttpEngine:
    """Fetches URLs with aiohttp. One instance per process; ``start`` before, ``close`` after."""

    name = "http"

    def __init__(
        self, settings: Settings | None = None, *, is_forbidden: Policy = is_forbidden_address
    ) -> None:
        self._settings = settings or get_settings()
        self._is_forbidden = is_forbidden
        self._sessions: dict[bool, aiohttp.ClientSession] = {}
        self._default_headers = {**DEFAULT_HEADERS, "User-Agent": self._settings.user_agent}

    async def start(self) -> None:
        self._session(allow_private=False)

    async def close(self) -> None:
        sessions, self._sessions = list(self._sessions.values()), {}
        for session in sessions:
            await session.close()

    async def __aenter__(self) -> HttpEngine:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def _session(self, allow_private: bool) -> aiohttp.ClientSession:
        """The session for one address policy; guarded and unguarded never share a DNS cache."""
        session = self._sessions.get(allow_private)
        if session is None or session.closed:
            resolver = (
                aiohttp.DefaultResolver()
                if allow_private
                else GuardedResolver(is_forbidden=self._is_forbidden)
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
            self._sessions[allow_private] = session
        return session

    async def fetch(self, req: FetchRequest) -> Fetched:
        """Fetch ``req.url``; non-2xx answers are returned, failures raise ``FetchError``s."""
        started = time.perf_counter()
        try:
            async with asyncio.timeout(req.timeout_s):
                return await self._fetch(req, started)
        except TimeoutError as exc:
            raise FetchTimeoutError(
                f"Timed out after {req.timeout_s:g}s fetching {req.url}"
            ) from exc

    async def _fetch(self, req: FetchRequest, started: float) -> Fetched:
        allow_private = req.allow_private_networks
        url = self._guard(_parse_start_url(req.url), allow_private)
        origin = url.origin()
        headers = self._merge_headers(req.headers)
        session = self._session(allow_private)
        verify: bool = not req.skip_tls_verification
        method = "GET"
        redirects: list[str] = []
        seen = {url}
        jar: aiohttp.CookieJar | None = None

        while True:
            hop_headers = headers
            if url.origin() != origin:
                hop_headers = {
                    k: v for k, v in headers.items() if k.lower() not in _ORIGIN_ONLY_HEADERS
                }
            if jar is not None:
                hop_headers = _with_cookies(hop_headers, jar, url)
            try:
                async with session.request(
                    method, url, headers=hop_headers, allow_redirects=False, ssl=verify
                ) as resp:
                    location = resp.headers.get("Location")
                    if resp.status not in _REDIRECTS or not location:
                        body = await _read_body(resp, req.max_bytes)
                        return await _build(resp, body, redirects, started)

                    redirects.append(str(url))
                    if len(redirects) > req.max_redirects:
                        raise RedirectError(
                            f"Too many redirects: more than {req.max_redirects} from {req.url}"
                        )
                    target = self._guard(_redirect_target(url, location), allow_private)
                    if target in seen:
                        raise RedirectError(f"Redirect loop: {target} was already visited")
                    seen.add(target)
                    if set_cookies := resp.headers.getall("Set-Cookie", []):
                        jar = jar or aiohttp.CookieJar(unsafe=True, quote_cookie=False)
                        jar.update_cookies_from_headers(set_cookies, resp.url)
                    await _drain_small(resp)
                    method = _redirect_method(resp.status, method)
                    url = target
            except TimeoutError:
                raise
            except (aiohttp.ClientError, OSError) as exc:
                raise _map_client_error(exc, url) from exc

    def _merge_headers(self, extra: Mapping[str, str]) -> dict[str, str]:
        """Defaults overlaid with the caller's headers, matched case-insensitively."""
        merged = {name.lower(): (name, value) for name, value in self._default_headers.items()}
        for name, value in extra.items():
            key = name.strip().lower()
            if key in _DROPPED_HEADERS:
                continue
            if not key or any(c in name + value for c in "\r\n\0"):
                raise FetchError(f"Invalid request header {name!r}")
            merged[key] = (name.strip(), value)
        return dict(merged.values())

    def _guard(self, url: URL, allow_private: bool) -> URL:
        """SSRF check of one hop's host; legacy IPv4 spellings become dotted quads."""
        host = url.raw_host or ""
        check_host(host, allow_private, is_forbidden=self._is_forbidden)
        ip = parse_ip(host)
        if ip is not None and ip.version == 4 and str(ip) != host:
            return url.with_host(str(ip))
        return url


def _http_url(raw: str, base: URL | None, error: type[FetchError], what: str) -> URL:
    """``raw`` (joined to ``base`` when given) as an absolute http(s) URL without fragment."""
    try:
        url = URL(raw.strip()) if base is None else base.join(URL(raw.strip()))
    except (ValueError, TypeError) as exc:
        raise error(f"Invalid {what} {raw!r}: {exc}") from exc
    if url.scheme not in ("http", "https"):
        raise error(f"A non-http(s) {what} cannot be fetched: {raw!r}")
    if not url.raw_host:
        raise error(f"Invalid {what} {raw!r}: no host")
    return url.with_fragment(None)


def _parse_start_url(raw: str) -> URL:
    return _http_url(raw, None, FetchError, "URL")


def _redirect_target(current: URL, location: str) -> URL:
    return _http_url(location, current, RedirectError, "redirect Location")


def _redirect_method(status: int, method: str) -> str:
    """303 always, and 301/302 after anything but GET/HEAD, continue as GET (like browsers)."""
    if status == 303 and method != "HEAD":
        return "GET"
    if status in (301, 302) and method not in ("GET", "HEAD"):
        return "GET"
    return method


def _with_cookies(headers: dict[str, str], jar: aiohttp.CookieJar, url: URL) -> dict[str, str]:
    cookies = jar.filter_cookies(url)
    if not cookies:
        return headers
    pairs = "; ".join(f"{m.key}={m.coded_value}" for m in cookies.values())
    out = {k: v for k, v in headers.items() if k.lower() != "cookie"}
    given = next((v for k, v in headers.items() if k.lower() == "cookie"), "")
    out["Cookie"] = f"{given}; {pairs}" if given else pairs
    return out


def _declared_length(resp: aiohttp.ClientResponse) -> int | None:
    raw = resp.headers.get("Content-Length")
    try:
        return int(raw) if raw is not None else None
    except ValueError:
        return None


async def _drain_small(resp: aiohttp.ClientResponse) -> None:
    """Read a short redirect body so its connection can go back to the pool."""
    length = _declared_length(resp)
    if length is not None and length <= _SMALL_BODY:
        with contextlib.suppress(aiohttp.ClientError):
            await resp.read()


async def _read_body(resp: aiohttp.ClientResponse, cap: int) -> bytes:
    encoded = resp.headers.get("Content-Encoding", "identity").strip().lower() != "identity"
    length = _declared_length(resp)
    if length is not None and not encoded:
        if length > cap:
            resp.close()
            raise ResponseTooLargeError(
                f"Response body of {length} bytes exceeds the limit of {cap} bytes"
            )
        return await resp.read()
    buf = bytearray()
    async for chunk in resp.content.iter_any():
        buf += chunk
        if len(buf) > cap:
            resp.close()
            raise ResponseTooLargeError(f"Response body exceeds the limit of {cap} bytes")
    return bytes(buf)


def _flatten_headers(raw: CIMultiDictProxy[str]) -> dict[str, str]:
    headers: dict[str, str] = {}
    for name, value in raw.items():
        key = name.lower()
        if key == "set-cookie" and key in headers:
            headers[key] += "\n" + value
        else:
            headers[key] = value
    return headers


def _looks_textual(body: bytes) -> bool:
    return b"\0" not in body[:1024]


async def _build(
    resp: aiohttp.ClientResponse, body: bytes, redirects: list[str], started: float
) -> Fetched:
    headers = _flatten_headers(resp.headers)
    content_type_header = headers.get("content-type")
    content_type = (content_type_header or "").split(";", 1)[0].strip().lower()
    text: str | None = None
    encoding: str | None = None
    if is_textual(content_type) or (not content_type and _looks_textual(body)):
        if len(body) > _THREAD_DECODE_BYTES:
            text, encoding = await asyncio.to_thread(decode_body, body, content_type_header)
        else:
            text, encoding = decode_body(body, content_type_header)
    return Fetched(
        url=str(resp.url),
        status_code=resp.status,
        headers=headers,
        content_type=content_type,
        body=body,
        text=text,
        encoding=encoding,
        redirects=tuple(redirects),
        engine="http",
        elapsed_ms=(time.perf_counter() - started) * 1000,
    )


def _map_client_error(exc: BaseException, url: URL) -> FetchError:
    host = url.raw_host or str(url)
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
