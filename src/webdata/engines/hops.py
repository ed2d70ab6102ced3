"""What the HTTP-level engines share: one fetch as a walk of hops.

Headers merged case-insensitively; redirects followed by hand, each hop's host passing the
SSRF check first (and, behind a proxy, its name too, since the proxy resolves it); credentials
kept on their origin; cookies carried across the redirects of one fetch only; the body read up
to a cap; the answer decoded into the ``Fetched`` record. An engine supplies a ``Transport``:
how to send one request and how its errors map to ``FetchError`` kinds.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterable, Iterable, Mapping
from contextlib import AbstractAsyncContextManager
from typing import Protocol

import aiohttp
from yarl import URL

from webdata.engines.base import Fetched, FetchRequest
from webdata.engines.charset import decode_body, is_textual
from webdata.engines.errors import (
    BlockedAddressError,
    FetchError,
    FetchTimeoutError,
    ProxyError,
    RedirectError,
    ResponseTooLargeError,
)
from webdata.engines.proxy import redact
from webdata.engines.ssrf import Policy, check_host, parse_ip, resolves_to_forbidden

__all__ = [
    "Hop",
    "Transport",
    "check_declared",
    "drain_small",
    "fetch_following",
    "flatten_headers",
    "read_capped",
]

_REDIRECTS = frozenset({301, 302, 303, 307, 308})
# Framing and routing headers belong to the connection, not to the caller.
_DROPPED_HEADERS = frozenset(
    {"host", "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te",
     "trailer", "proxy-connection"}
)  # fmt: skip
# Credentials the caller meant for the first origin only (as curl and requests do).
_ORIGIN_ONLY_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie"})
_THREAD_DECODE_BYTES = 1024 * 1024
# A redirect body this short is read to the end, so its connection can be reused.
_SMALL_BODY = 64 * 1024


class Hop(Protocol):
    """One response, its headers read and its body not yet.

    ``headers`` keys are lower-case; repeated ``Set-Cookie`` values are joined by newlines.
    """

    @property
    def status(self) -> int: ...

    @property
    def headers(self) -> Mapping[str, str]: ...

    async def read(self, cap: int) -> bytes:
        """The whole (decompressed) body; ``ResponseTooLargeError`` past ``cap`` bytes."""
        ...

    async def discard(self) -> None:
        """Done with a redirect's body: drain a short one so the connection can be reused."""
        ...


class Transport(Protocol):
    name: str  # the engine, as ``Fetched.engine`` names it

    def open(
        self, method: str, url: URL, headers: dict[str, str], req: FetchRequest
    ) -> AbstractAsyncContextManager[Hop]:
        """Send one request (no redirects followed), yield its response, then release it."""
        ...

    def map_error(self, exc: Exception, url: URL, req: FetchRequest) -> FetchError | None:
        """The ``FetchError`` for a failure of this transport, None for anything else."""
        ...


async def fetch_following(
    transport: Transport,
    req: FetchRequest,
    *,
    default_headers: Mapping[str, str],
    is_forbidden: Policy,
) -> Fetched:
    """Fetch ``req.url`` following redirects; non-2xx answers are returned, failures raise."""
    started = time.perf_counter()
    try:
        async with asyncio.timeout(req.timeout_s):
            return await _follow(transport, req, default_headers, is_forbidden, started)
    except TimeoutError as exc:
        raise FetchTimeoutError(f"Timed out after {req.timeout_s:g}s fetching {req.url}") from exc


async def _follow(
    transport: Transport,
    req: FetchRequest,
    default_headers: Mapping[str, str],
    is_forbidden: Policy,
    started: float,
) -> Fetched:
    url = await _guard(_http_url(req.url, None, FetchError, "URL"), req, is_forbidden)
    origin = url.origin()
    headers = _merge_headers(default_headers, req.headers)
    if req.proxy:
        # The proxy's credentials come from settings, never from the caller.
        headers = {k: v for k, v in headers.items() if k.lower() != "proxy-authorization"}
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
            async with transport.open(method, url, hop_headers, req) as hop:
                if req.proxy and hop.status == 407:
                    raise ProxyError(f"The proxy {redact(req.proxy)} refused its credentials (407)")
                location = hop.headers.get("location")
                if hop.status not in _REDIRECTS or not location:
                    body = await hop.read(req.max_bytes)
                    return await _build(
                        transport.name, url, hop.status, hop.headers, body, redirects, started
                    )

                redirects.append(str(url))
                if len(redirects) > req.max_redirects:
                    raise RedirectError(
                        f"Too many redirects: more than {req.max_redirects} from {req.url}"
                    )
                target = await _guard(
                    _http_url(location, url, RedirectError, "redirect Location"), req, is_forbidden
                )
                if target in seen:
                    raise RedirectError(f"Redirect loop: {target} was already visited")
                seen.add(target)
                if set_cookies := hop.headers.get("set-cookie"):
                    jar = jar or aiohttp.CookieJar(unsafe=True, quote_cookie=False)
                    jar.update_cookies_from_headers(set_cookies.split("\n"), url)
                await hop.discard()
                method = _redirect_method(hop.status, method)
                url = target
        except (FetchError, TimeoutError):
            raise
        except Exception as exc:
            mapped = transport.map_error(exc, url, req)
            if mapped is None:
                raise
            raise mapped from exc


def _merge_headers(defaults: Mapping[str, str], extra: Mapping[str, str]) -> dict[str, str]:
    """Defaults overlaid with the caller's headers, matched case-insensitively."""
    merged = {name.lower(): (name, value) for name, value in defaults.items()}
    for name, value in extra.items():
        key = name.strip().lower()
        if key in _DROPPED_HEADERS:
            continue
        if not key or any(c in name + value for c in "\r\n\0"):
            raise FetchError(f"Invalid request header {name!r}")
        merged[key] = (name.strip(), value)
    return dict(merged.values())


async def _guard(url: URL, req: FetchRequest, is_forbidden: Policy) -> URL:
    """SSRF check of one hop's host; legacy IPv4 spellings become dotted quads.

    Names are checked where they are resolved: by the engine's own resolver when connecting
    directly, here when a proxy resolves them.
    """
    host = url.raw_host or ""
    allow_private = req.allow_private_networks
    check_host(host, allow_private, is_forbidden=is_forbidden)
    ip = parse_ip(host)
    proxied_name = ip is None and req.proxy and not allow_private
    if proxied_name and await resolves_to_forbidden(host, is_forbidden=is_forbidden):
        raise BlockedAddressError(
            f"Refusing to fetch {host}: it resolves to a private, loopback, link-local or "
            "metadata address"
        )
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


def flatten_headers(pairs: Iterable[tuple[str, str | None]]) -> dict[str, str]:
    """Response headers as one dict: lower-case names, repeated Set-Cookie joined by newlines
    (a cookie cannot contain one), any other repeated header the last value."""
    headers: dict[str, str] = {}
    for name, value in pairs:
        key = name.lower()
        if value is None:
            continue
        if key == "set-cookie" and key in headers:
            headers[key] += "\n" + value
        else:
            headers[key] = value
    return headers


def _declared_length(headers: Mapping[str, str]) -> int | None:
    """The ``Content-Length`` of lower-cased ``headers``, None when absent or garbled."""
    raw = headers.get("content-length")
    try:
        return int(raw) if raw is not None else None
    except ValueError:
        return None


async def drain_small(hop: Hop) -> None:
    """Read a short redirect body (declared, at most 64 KB) so the connection is reused."""
    length = _declared_length(hop.headers)
    if length is not None and length <= _SMALL_BODY:
        # A compressed body may unpack past that: then the connection is not worth keeping.
        with contextlib.suppress(ResponseTooLargeError):
            await hop.read(_SMALL_BODY)


def check_declared(headers: Mapping[str, str], cap: int) -> int | None:
    """Fail before reading when an unencoded body declares more than ``cap`` bytes.

    Returns the declared length when it is the body's real size (no content coding).
    """
    if headers.get("content-encoding", "identity").strip().lower() != "identity":
        return None
    length = _declared_length(headers)
    if length is not None and length > cap:
        raise ResponseTooLargeError(
            f"Response body of {length} bytes exceeds the limit of {cap} bytes"
        )
    return length


async def read_capped(chunks: AsyncIterable[bytes], cap: int) -> bytes:
    """Join ``chunks``, stopping with ``ResponseTooLargeError`` once past ``cap`` bytes."""
    buf = bytearray()
    async for chunk in chunks:
        buf += chunk
        if len(buf) > cap:
            raise ResponseTooLargeError(f"Response body exceeds the limit of {cap} bytes")
    return bytes(buf)


def _looks_textual(body: bytes) -> bool:
    return b"\0" not in body[:1024]


async def _build(
    engine: str,
    url: URL,
    status: int,
    headers: Mapping[str, str],
    body: bytes,
    redirects: list[str],
    started: float,
) -> Fetched:
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
        url=str(url),
        status_code=status,
        headers=dict(headers),
        content_type=content_type,
        body=body,
        text=text,
        encoding=encoding,
        redirects=tuple(redirects),
        engine=engine,
        elapsed_ms=(time.perf_counter() - started) * 1000,
    )
