"""What every fetch engine must do, run against each of them (``any_engine``: HttpEngine and
EnhancedEngine) over real HTTP against the fixture site on 127.0.0.1: redirects, errors,
encodings, the body cap, timeouts, headers, credentials and cookies across hops, connection
reuse, SSRF and failures. What only one engine does is in its own file (test_http.py,
test_enhanced.py)."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest

from tests.engines import MB, AnyEngine, echoed, header_values, req
from tests.site import pages_http as site
from tests.site.server import free_port
from webdata.engines.base import FetchRequest
from webdata.engines.errors import (
    BlockedAddressError,
    ConnectError,
    DNSResolutionError,
    FetchError,
    FetchTimeoutError,
    RedirectError,
    ResponseTooLargeError,
)

# How many fetches each engine must carry at once.
CONCURRENT_FETCHES = {"http": 300, "enhanced": 100}


async def test_plain_page(any_engine: AnyEngine, engine_site_url: str) -> None:
    f = await any_engine.fetch(req(f"{engine_site_url}/http/final"))
    assert f.status_code == 200
    assert f.url == f"{engine_site_url}/http/final"
    assert f.content_type == "text/html"
    assert f.text == site.FINAL_HTML
    assert f.body == site.FINAL_HTML.encode()
    assert f.encoding == "utf-8"
    assert f.redirects == ()
    assert f.engine == any_engine.name
    assert f.elapsed_ms > 0
    assert all(k == k.lower() for k in f.headers)
    assert f.headers["content-type"].startswith("text/html")


# --- redirects -----------------------------------------------------------------------------


async def test_redirect_chain(any_engine: AnyEngine, engine_site_url: str) -> None:
    f = await any_engine.fetch(req(f"{engine_site_url}/http/redirect/3"))
    assert f.status_code == 200
    assert f.url == f"{engine_site_url}/http/final"
    assert f.redirects == tuple(f"{engine_site_url}/http/redirect/{n}" for n in (3, 2, 1))


async def test_relative_locations(any_engine: AnyEngine, engine_site_url: str) -> None:
    f = await any_engine.fetch(req(f"{engine_site_url}/http/rel/a/start#top"))
    assert f.url == f"{engine_site_url}/http/rel/b/final?from=rel"
    assert f.redirects == (
        f"{engine_site_url}/http/rel/a/start",
        f"{engine_site_url}/http/rel/b/step",
    )
    assert "relative rel" in (f.text or "")


@pytest.mark.parametrize("code", [301, 302, 303, 307, 308])
async def test_redirect_statuses_end_in_get(
    any_engine: AnyEngine, engine_site_url: str, code: int
) -> None:
    f = await any_engine.fetch(req(f"{engine_site_url}/http/status-redirect/{code}"))
    assert f.url == f"{engine_site_url}/http/echo-headers"
    assert echoed(f.text)[0] == "GET"


async def test_redirect_limit(any_engine: AnyEngine, engine_site_url: str) -> None:
    with pytest.raises(RedirectError, match="Too many redirects"):
        await any_engine.fetch(req(f"{engine_site_url}/http/redirect/12"))
    f = await any_engine.fetch(req(f"{engine_site_url}/http/redirect/12", max_redirects=12))
    assert len(f.redirects) == 12
    with pytest.raises(RedirectError):
        await any_engine.fetch(req(f"{engine_site_url}/http/redirect/1", max_redirects=0))


async def test_redirect_loop(any_engine: AnyEngine, engine_site_url: str) -> None:
    with pytest.raises(RedirectError, match="Redirect loop") as info:
        await any_engine.fetch(req(f"{engine_site_url}/http/loop/a"))
    assert info.value.code == "SCRAPE_REDIRECT_ERROR"


@pytest.mark.parametrize(
    "location", ["ftp://example.com/file", "file:///etc/passwd", "javascript:alert(1)", "data:,x"]
)
async def test_redirect_to_other_schemes(
    any_engine: AnyEngine, engine_site_url: str, location: str
) -> None:
    with pytest.raises(RedirectError, match="non-http"):
        await any_engine.fetch(req(f"{engine_site_url}/http/redirect-to?url={quote(location)}"))


@pytest.mark.parametrize("code", [404, 500, 503])
async def test_error_statuses_are_returned(
    any_engine: AnyEngine, engine_site_url: str, code: int
) -> None:
    f = await any_engine.fetch(req(f"{engine_site_url}/http/status/{code}"))
    assert f.status_code == code
    assert f.text == site.ERROR_HTML.format(code=code)


# --- bodies --------------------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["gzip", "deflate", "br", "zstd", "identity"])
async def test_content_encodings(
    any_engine: AnyEngine, engine_site_url: str, encoding: str
) -> None:
    f = await any_engine.fetch(req(f"{engine_site_url}/http/encoded/{encoding}"))
    assert f.text == site.COMPRESSED_HTML
    assert f.body == site.COMPRESSED_HTML.encode()
    if encoding != "identity":
        assert f.headers["content-encoding"] == encoding


@pytest.mark.parametrize(
    ("path", "max_bytes", "match"),
    [
        ("/http/huge?mb=30", None, None),  # streamed, no length, over the default cap
        ("/http/huge-declared?mb=30", None, str(30 * MB)),  # declared: refused before reading
        ("/http/endless", 2 * MB, None),  # never ends
        ("/http/gzip-bomb", None, None),  # 50 MB from 50 KB
        ("/http/encoded/gzip", 4000, None),  # the cap is on the decompressed body
    ],
)
async def test_body_cap(
    any_engine: AnyEngine, engine_site_url: str, path: str, max_bytes: int | None, match: str | None
) -> None:
    assert FetchRequest("x").max_bytes == 20 * MB
    if path.startswith("/http/encoded/"):
        assert len(site.COMPRESSED_HTML.encode()) > 4000
    cap = {} if max_bytes is None else {"max_bytes": max_bytes}
    started = time.monotonic()
    with pytest.raises(ResponseTooLargeError, match=match) as info:
        await any_engine.fetch(req(f"{engine_site_url}{path}", **cap))
    assert info.value.code == "SCRAPE_RESPONSE_TOO_LARGE"
    assert time.monotonic() - started < 5


async def test_gzip_bomb_is_read_under_a_larger_cap(
    any_engine: AnyEngine, engine_site_url: str
) -> None:
    f = await any_engine.fetch(req(f"{engine_site_url}/http/gzip-bomb", max_bytes=60 * MB))
    assert len(f.body) == 50 * MB
    assert f.headers["content-length"] != str(50 * MB)


async def test_body_under_the_cap(any_engine: AnyEngine, engine_site_url: str) -> None:
    f = await any_engine.fetch(req(f"{engine_site_url}/http/huge?mb=1", max_bytes=2 * MB))
    assert len(f.body) == MB
    f = await any_engine.fetch(req(f"{engine_site_url}/http/huge-declared?mb=1", max_bytes=MB))
    assert len(f.body) == MB


@pytest.mark.parametrize("path", ["/http/bad-gzip", "/http/truncated"])
async def test_broken_bodies(any_engine: AnyEngine, engine_site_url: str, path: str) -> None:
    with pytest.raises(FetchError, match="malformed or cut short") as info:
        await any_engine.fetch(req(f"{engine_site_url}{path}"))
    assert type(info.value) is FetchError


@pytest.mark.parametrize(
    ("name", "expected_text", "expected_encoding"),
    [
        ("latin1", site.LATIN1_TEXT, "cp1252"),
        ("sjis-meta", site.SJIS_TEXT, "cp932"),
        ("gbk", site.GBK_TEXT, "gb18030"),
        ("utf8-bom", site.BOM_TEXT, "utf-8"),
        ("utf8-lie", site.LIE_TEXT, "utf-8"),
        ("cp1252-undeclared", site.UNDECLARED_TEXT, "cp1252"),
        ("cp1251-http-equiv", site.CP1251_TEXT, "cp1251"),
        ("xml-latin1", site.XML_TEXT, "cp1252"),
    ],
)
async def test_charsets(
    any_engine: AnyEngine,
    engine_site_url: str,
    name: str,
    expected_text: str,
    expected_encoding: str,
) -> None:
    f = await any_engine.fetch(req(f"{engine_site_url}/http/charset/{name}"))
    assert f.encoding == expected_encoding
    assert f.text == site.CHARSET_PAGES[name][1]
    assert expected_text in f.text


# --- timeouts ------------------------------------------------------------------------------


async def test_slow_drip_times_out_on_time(any_engine: AnyEngine, engine_site_url: str) -> None:
    started = time.monotonic()
    with pytest.raises(FetchTimeoutError) as info:
        await any_engine.fetch(req(f"{engine_site_url}/http/drip", timeout_s=1.0))
    elapsed = time.monotonic() - started
    assert 0.9 <= elapsed < 2.0
    assert info.value.http_status == 408


async def test_slow_headers_time_out(any_engine: AnyEngine, engine_site_url: str) -> None:
    with pytest.raises(FetchTimeoutError):
        await any_engine.fetch(req(f"{engine_site_url}/articles/slow?seconds=1", timeout_s=0.3))
    # The engine is still fine afterwards.
    assert (await any_engine.fetch(req(f"{engine_site_url}/http/final"))).status_code == 200


# --- headers, credentials and cookies ------------------------------------------------------


async def test_request_headers_win_case_insensitively(
    any_engine: AnyEngine, engine_site_url: str
) -> None:
    headers = {
        "user-AGENT": "MyBot/1.0",
        "Accept-Language": "fr-FR",
        "X-Custom": "yes",
        "Host": "evil.example",
        "Content-Length": "5",
    }
    f = await any_engine.fetch(req(f"{engine_site_url}/http/echo-headers", headers=headers))
    _, pairs = echoed(f.text)
    assert header_values(pairs, "user-agent") == ["MyBot/1.0"]
    assert header_values(pairs, "accept-language") == ["fr-FR"]
    assert header_values(pairs, "x-custom") == ["yes"]
    assert header_values(pairs, "host") == [engine_site_url.removeprefix("http://")]
    assert header_values(pairs, "content-length") == []


async def test_header_injection_is_refused(any_engine: AnyEngine, engine_site_url: str) -> None:
    with pytest.raises(FetchError, match="Invalid request header"):
        await any_engine.fetch(
            req(f"{engine_site_url}/http/final", headers={"X-A": "1\r\nX-Injected: 1"})
        )


async def test_credentials_stay_on_their_origin(
    any_engine: AnyEngine, engine_site_url: str
) -> None:
    secret = {"Authorization": "Bearer s3cret", "Cookie": "sid=1"}
    same = await any_engine.fetch(
        req(f"{engine_site_url}/http/status-redirect/302", headers=secret)
    )
    assert header_values(echoed(same.text)[1], "authorization") == ["Bearer s3cret"]
    other = engine_site_url.replace("127.0.0.1", "localhost")
    target = quote(f"{other}/http/echo-headers")
    moved = await any_engine.fetch(
        req(f"{engine_site_url}/http/redirect-to?url={target}", headers=secret)
    )
    assert moved.url == f"{other}/http/echo-headers"
    _, pairs = echoed(moved.text)
    assert header_values(pairs, "authorization") == []
    assert header_values(pairs, "cookie") == []


async def test_cookies_set_during_redirects_are_sent_on(
    any_engine: AnyEngine, engine_site_url: str
) -> None:
    f = await any_engine.fetch(req(f"{engine_site_url}/http/cookie-redirect"))
    assert header_values(echoed(f.text)[1], "cookie") == ["session=abc123"]
    # ...and stay in their fetch.
    again = await any_engine.fetch(req(f"{engine_site_url}/http/echo-headers"))
    assert header_values(echoed(again.text)[1], "cookie") == []


# --- connections ---------------------------------------------------------------------------


async def test_connections_are_reused(any_engine: AnyEngine, engine_site_url: str) -> None:
    ports = set()
    for _ in range(5):
        f = await any_engine.fetch(req(f"{engine_site_url}/http/peer"))
        ports.add(json.loads(f.text or "")["port"])
    assert len(ports) == 1


async def test_concurrent_fetches(any_engine: AnyEngine, engine_site_url: str) -> None:
    count = CONCURRENT_FETCHES[any_engine.name]
    results = await asyncio.gather(
        *(any_engine.fetch(req(f"{engine_site_url}/http/final")) for _ in range(count))
    )
    assert {f.status_code for f in results} == {200}


# --- SSRF ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1", "localhost", "2130706433", "0x7f.1", "127.1", "[::ffff:127.0.0.1]", "[::1]"],
)
async def test_loopback_is_blocked_by_default(
    any_engine: AnyEngine, engine_site_url: str, host: str
) -> None:
    port = engine_site_url.rsplit(":", 1)[1]
    with pytest.raises(BlockedAddressError) as info:
        await any_engine.fetch(FetchRequest(f"http://{host}:{port}/http/final"))
    assert (info.value.code, info.value.http_status) == ("SCRAPE_PRIVATE_NETWORK_BLOCKED", 403)


@pytest.mark.parametrize(
    "path",
    [
        "/http/redirect-private",  # to 127.0.0.2 on the site's port
        "/http/redirect-to?url=" + quote("http://169.254.169.254/latest/meta-data/"),
        "/http/redirect-to?url=" + quote("http://metadata.google.internal/computeMetadata/v1/"),
        "/http/redirect-to?url=" + quote("http://[::ffff:169.254.169.254]/"),
        "/http/redirect-to?url=" + quote("http://2852039166/"),
        "/http/redirect-to?url=" + quote("http://10.0.0.1/"),
    ],
)
async def test_redirect_hop_to_private_is_blocked(
    any_engine: AnyEngine,
    engine_site_url: str,
    loopback_only_policy: Callable[[str], bool],
    path: str,
) -> None:
    async with type(any_engine)(is_forbidden=loopback_only_policy) as engine:
        ok = await engine.fetch(FetchRequest(f"{engine_site_url}/http/final"))
        assert ok.status_code == 200
        with pytest.raises(BlockedAddressError):
            await engine.fetch(FetchRequest(f"{engine_site_url}{path}"))


# --- failures ------------------------------------------------------------------------------


async def test_connection_refused(any_engine: AnyEngine) -> None:
    with pytest.raises(ConnectError) as info:
        await any_engine.fetch(req(f"http://127.0.0.1:{free_port()}/"))
    assert info.value.code == "SCRAPE_CONNECTION_ERROR"
    assert "curl.se" not in info.value.message  # no library's help links in our messages


async def test_dns_failure(any_engine: AnyEngine, monkeypatch: pytest.MonkeyPatch) -> None:
    real_getaddrinfo = socket.getaddrinfo

    def fake_getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if str(host).endswith(".nxdomain.test"):
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", fake_getaddrinfo)
    for allow in (False, True):
        with pytest.raises(DNSResolutionError, match=r"no-such-host\.nxdomain\.test"):
            await any_engine.fetch(
                FetchRequest("http://no-such-host.nxdomain.test/", allow_private_networks=allow)
            )


@pytest.mark.parametrize(
    "url", ["ftp://example.com/", "file:///etc/passwd", "not a url", "http://", "mailto:a@b.c"]
)
async def test_unfetchable_urls(any_engine: AnyEngine, url: str) -> None:
    with pytest.raises(FetchError):
        await any_engine.fetch(req(url))
