"""HttpEngine over real HTTP against the fixture site on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from typing import Any
from urllib.parse import quote

import pytest

from tests.site import pages_http as site
from tests.site.server import free_port
from webdata.config import get_settings
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
from webdata.engines.http import HttpEngine
from webdata.engines.ssrf import is_forbidden_address

MB = 1024 * 1024


def req(url: str, **kwargs: Any) -> FetchRequest:
    """A request that may reach the fixture site (it lives on loopback)."""
    kwargs.setdefault("allow_private_networks", True)
    return FetchRequest(url, **kwargs)


def echoed(text: str | None) -> tuple[str, list[tuple[str, str]]]:
    assert text is not None
    data = json.loads(text)
    return data["method"], [(k, v) for k, v in data["headers"]]


def header_values(pairs: list[tuple[str, str]], name: str) -> list[str]:
    return [v for k, v in pairs if k == name]


async def test_plain_page(http_engine: HttpEngine, engine_site_url: str) -> None:
    f = await http_engine.fetch(req(f"{engine_site_url}/http/final"))
    assert f.status_code == 200
    assert f.url == f"{engine_site_url}/http/final"
    assert f.content_type == "text/html"
    assert f.text == site.FINAL_HTML
    assert f.body == site.FINAL_HTML.encode()
    assert f.encoding == "utf-8"
    assert f.redirects == ()
    assert f.engine == "http"
    assert f.elapsed_ms > 0
    assert all(k == k.lower() for k in f.headers)
    assert f.headers["content-type"].startswith("text/html")


async def test_redirect_chain(http_engine: HttpEngine, engine_site_url: str) -> None:
    f = await http_engine.fetch(req(f"{engine_site_url}/http/redirect/3"))
    assert f.status_code == 200
    assert f.url == f"{engine_site_url}/http/final"
    assert f.redirects == tuple(f"{engine_site_url}/http/redirect/{n}" for n in (3, 2, 1))


async def test_relative_locations(http_engine: HttpEngine, engine_site_url: str) -> None:
    f = await http_engine.fetch(req(f"{engine_site_url}/http/rel/a/start#top"))
    assert f.url == f"{engine_site_url}/http/rel/b/final?from=rel"
    assert f.redirects == (
        f"{engine_site_url}/http/rel/a/start",
        f"{engine_site_url}/http/rel/b/step",
    )
    assert "relative rel" in (f.text or "")


@pytest.mark.parametrize("code", [301, 302, 303, 307, 308])
async def test_redirect_statuses_end_in_get(
    http_engine: HttpEngine, engine_site_url: str, code: int
) -> None:
    f = await http_engine.fetch(req(f"{engine_site_url}/http/status-redirect/{code}"))
    assert f.url == f"{engine_site_url}/http/echo-headers"
    assert echoed(f.text)[0] == "GET"


async def test_redirect_limit(http_engine: HttpEngine, engine_site_url: str) -> None:
    with pytest.raises(RedirectError, match="Too many redirects"):
        await http_engine.fetch(req(f"{engine_site_url}/http/redirect/12"))
    f = await http_engine.fetch(req(f"{engine_site_url}/http/redirect/12", max_redirects=12))
    assert len(f.redirects) == 12
    with pytest.raises(RedirectError):
        await http_engine.fetch(req(f"{engine_site_url}/http/redirect/1", max_redirects=0))


async def test_redirect_loop(http_engine: HttpEngine, engine_site_url: str) -> None:
    with pytest.raises(RedirectError, match="Redirect loop") as info:
        await http_engine.fetch(req(f"{engine_site_url}/http/loop/a"))
    assert info.value.code == "SCRAPE_REDIRECT_ERROR"


@pytest.mark.parametrize(
    "location", ["ftp://example.com/file", "file:///etc/passwd", "javascript:alert(1)", "data:,x"]
)
async def test_redirect_to_other_schemes(
    http_engine: HttpEngine, engine_site_url: str, location: str
) -> None:
    with pytest.raises(RedirectError, match="non-http"):
        await http_engine.fetch(req(f"{engine_site_url}/http/redirect-to?url={quote(location)}"))


async def test_redirect_without_location_is_returned(
    http_engine: HttpEngine, engine_site_url: str
) -> None:
    f = await http_engine.fetch(req(f"{engine_site_url}/http/redirect-no-location"))
    assert (f.status_code, f.redirects) == (302, ())
    assert "without a Location" in (f.text or "")


@pytest.mark.parametrize("code", [404, 500, 503])
async def test_error_statuses_are_returned(
    http_engine: HttpEngine, engine_site_url: str, code: int
) -> None:
    f = await http_engine.fetch(req(f"{engine_site_url}/http/status/{code}"))
    assert f.status_code == code
    assert f.text == site.ERROR_HTML.format(code=code)


@pytest.mark.parametrize("encoding", ["gzip", "deflate", "br", "zstd", "identity"])
async def test_content_encodings(
    http_engine: HttpEngine, engine_site_url: str, encoding: str
) -> None:
    f = await http_engine.fetch(req(f"{engine_site_url}/http/encoded/{encoding}"))
    assert f.text == site.COMPRESSED_HTML
    assert f.body == site.COMPRESSED_HTML.encode()
    if encoding != "identity":
        assert f.headers["content-encoding"] == encoding


async def test_size_cap_applies_to_the_decompressed_body(
    http_engine: HttpEngine, engine_site_url: str
) -> None:
    assert len(site.COMPRESSED_HTML.encode()) > 4000
    with pytest.raises(ResponseTooLargeError):
        await http_engine.fetch(req(f"{engine_site_url}/http/encoded/gzip", max_bytes=4000))


async def test_gzip_bomb_stops_at_the_cap(http_engine: HttpEngine, engine_site_url: str) -> None:
    with pytest.raises(ResponseTooLargeError):
        await http_engine.fetch(req(f"{engine_site_url}/http/gzip-bomb"))
    f = await http_engine.fetch(req(f"{engine_site_url}/http/gzip-bomb", max_bytes=60 * MB))
    assert len(f.body) == 50 * MB
    assert f.headers["content-length"] != str(50 * MB)


async def test_corrupt_gzip(http_engine: HttpEngine, engine_site_url: str) -> None:
    with pytest.raises(FetchError, match="malformed or cut short") as info:
        await http_engine.fetch(req(f"{engine_site_url}/http/bad-gzip"))
    assert type(info.value) is FetchError


async def test_truncated_body(http_engine: HttpEngine, engine_site_url: str) -> None:
    with pytest.raises(FetchError, match="cut short") as info:
        await http_engine.fetch(req(f"{engine_site_url}/http/truncated"))
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
    http_engine: HttpEngine,
    engine_site_url: str,
    name: str,
    expected_text: str,
    expected_encoding: str,
) -> None:
    f = await http_engine.fetch(req(f"{engine_site_url}/http/charset/{name}"))
    assert f.encoding == expected_encoding
    assert f.text == site.CHARSET_PAGES[name][1]
    assert expected_text in f.text


async def test_streamed_body_over_the_default_cap(
    http_engine: HttpEngine, engine_site_url: str
) -> None:
    assert FetchRequest("x").max_bytes == 20 * MB
    with pytest.raises(ResponseTooLargeError) as info:
        await http_engine.fetch(req(f"{engine_site_url}/http/huge?mb=30"))
    assert info.value.code == "SCRAPE_RESPONSE_TOO_LARGE"


async def test_declared_length_over_the_cap_fails_before_reading(
    http_engine: HttpEngine, engine_site_url: str
) -> None:
    with pytest.raises(ResponseTooLargeError, match=str(30 * MB)):
        await http_engine.fetch(req(f"{engine_site_url}/http/huge-declared?mb=30"))


async def test_endless_body_stops_at_the_cap(http_engine: HttpEngine, engine_site_url: str) -> None:
    with pytest.raises(ResponseTooLargeError):
        await http_engine.fetch(req(f"{engine_site_url}/http/endless", max_bytes=2 * MB))


async def test_body_under_the_cap(http_engine: HttpEngine, engine_site_url: str) -> None:
    f = await http_engine.fetch(req(f"{engine_site_url}/http/huge?mb=1", max_bytes=2 * MB))
    assert len(f.body) == MB
    f = await http_engine.fetch(req(f"{engine_site_url}/http/huge-declared?mb=1", max_bytes=MB))
    assert len(f.body) == MB


async def test_slow_drip_times_out_on_time(http_engine: HttpEngine, engine_site_url: str) -> None:
    started = time.monotonic()
    with pytest.raises(FetchTimeoutError) as info:
        await http_engine.fetch(req(f"{engine_site_url}/http/drip", timeout_s=1.0))
    elapsed = time.monotonic() - started
    assert 0.9 <= elapsed < 2.0
    assert info.value.http_status == 408


async def test_slow_headers_time_out(http_engine: HttpEngine, engine_site_url: str) -> None:
    with pytest.raises(FetchTimeoutError):
        await http_engine.fetch(req(f"{engine_site_url}/articles/slow?seconds=1", timeout_s=0.3))


async def test_default_headers(http_engine: HttpEngine, engine_site_url: str) -> None:
    f = await http_engine.fetch(req(f"{engine_site_url}/http/echo-headers"))
    _, pairs = echoed(f.text)
    assert header_values(pairs, "user-agent") == [get_settings().user_agent]
    assert header_values(pairs, "accept-encoding") == ["gzip, deflate, br, zstd"]
    assert header_values(pairs, "accept-language")[0].startswith("en-US")
    assert header_values(pairs, "accept")[0].startswith("text/html")


async def test_request_headers_win_case_insensitively(
    http_engine: HttpEngine, engine_site_url: str
) -> None:
    headers = {
        "user-AGENT": "MyBot/1.0",
        "Accept-Language": "fr-FR",
        "X-Custom": "yes",
        "Host": "evil.example",
        "Content-Length": "5",
    }
    f = await http_engine.fetch(req(f"{engine_site_url}/http/echo-headers", headers=headers))
    _, pairs = echoed(f.text)
    assert header_values(pairs, "user-agent") == ["MyBot/1.0"]
    assert header_values(pairs, "accept-language") == ["fr-FR"]
    assert header_values(pairs, "x-custom") == ["yes"]
    assert header_values(pairs, "host") == [engine_site_url.removeprefix("http://")]
    assert header_values(pairs, "content-length") == []


async def test_header_injection_is_refused(http_engine: HttpEngine, engine_site_url: str) -> None:
    with pytest.raises(FetchError, match="Invalid request header"):
        await http_engine.fetch(
            req(f"{engine_site_url}/http/final", headers={"X-A": "1\r\nX-Injected: 1"})
        )


async def test_credentials_kept_when_a_legacy_ip_is_normalised(
    http_engine: HttpEngine, engine_site_url: str
) -> None:
    port = engine_site_url.rsplit(":", 1)[1]
    f = await http_engine.fetch(
        req(f"http://2130706433:{port}/http/echo-headers", headers={"Authorization": "Basic x"})
    )
    assert header_values(echoed(f.text)[1], "authorization") == ["Basic x"]


async def test_credentials_stay_on_their_origin(
    http_engine: HttpEngine, engine_site_url: str
) -> None:
    secret = {"Authorization": "Bearer s3cret", "Cookie": "sid=1"}
    same = await http_engine.fetch(
        req(f"{engine_site_url}/http/status-redirect/302", headers=secret)
    )
    assert header_values(echoed(same.text)[1], "authorization") == ["Bearer s3cret"]
    other = engine_site_url.replace("127.0.0.1", "localhost")
    target = quote(f"{other}/http/echo-headers")
    moved = await http_engine.fetch(
        req(f"{engine_site_url}/http/redirect-to?url={target}", headers=secret)
    )
    assert moved.url == f"{other}/http/echo-headers"
    _, pairs = echoed(moved.text)
    assert header_values(pairs, "authorization") == []
    assert header_values(pairs, "cookie") == []


async def test_cookies_set_during_redirects_are_sent_on(
    http_engine: HttpEngine, engine_site_url: str
) -> None:
    f = await http_engine.fetch(req(f"{engine_site_url}/http/cookie-redirect"))
    assert header_values(echoed(f.text)[1], "cookie") == ["session=abc123"]
    again = await http_engine.fetch(req(f"{engine_site_url}/http/echo-headers"))
    assert header_values(echoed(again.text)[1], "cookie") == []


async def test_set_cookie_headers_are_joined(http_engine: HttpEngine, engine_site_url: str) -> None:
    f = await http_engine.fetch(req(f"{engine_site_url}/http/set-cookies"))
    cookies = f.headers["set-cookie"].split("\n")
    assert [c.split(";")[0] for c in cookies] == ["a=1", "b=2"]


async def test_json_text_and_binary(http_engine: HttpEngine, engine_site_url: str) -> None:
    data = await http_engine.fetch(req(f"{engine_site_url}/http/json"))
    assert data.content_type == "application/json"
    assert json.loads(data.text or "") == {"name": "caffè", "ok": True}
    text = await http_engine.fetch(req(f"{engine_site_url}/http/text"))
    assert (text.content_type, text.text, text.encoding) == (
        "text/plain",
        "plain text ünïcode",
        "utf-8",
    )
    blob = await http_engine.fetch(req(f"{engine_site_url}/http/binary"))
    assert blob.content_type == "application/octet-stream"
    assert (blob.text, blob.encoding) == (None, None)
    assert blob.body == bytes(range(256)) * 4


async def test_missing_content_type(http_engine: HttpEngine, engine_site_url: str) -> None:
    f = await http_engine.fetch(req(f"{engine_site_url}/http/no-content-type"))
    assert f.content_type == ""
    assert f.text == "<html><body><p>No type</p></body></html>"


async def test_connections_are_reused(http_engine: HttpEngine, engine_site_url: str) -> None:
    ports = set()
    for _ in range(5):
        f = await http_engine.fetch(req(f"{engine_site_url}/http/peer"))
        ports.add(json.loads(f.text or "")["port"])
    assert len(ports) == 1


async def test_concurrent_fetches(http_engine: HttpEngine, engine_site_url: str) -> None:
    results = await asyncio.gather(
        *(http_engine.fetch(req(f"{engine_site_url}/http/final")) for _ in range(300))
    )
    assert {f.status_code for f in results} == {200}


# --- SSRF ---------------------------------------------------------------------------------


async def test_loopback_is_blocked_by_default(
    http_engine: HttpEngine, engine_site_url: str
) -> None:
    with pytest.raises(BlockedAddressError) as info:
        await http_engine.fetch(FetchRequest(f"{engine_site_url}/http/final"))
    assert (info.value.code, info.value.http_status) == ("SCRAPE_PRIVATE_NETWORK_BLOCKED", 403)


@pytest.mark.parametrize(
    "host", ["localhost", "2130706433", "0x7f.1", "127.1", "[::ffff:127.0.0.1]", "[::1]"]
)
async def test_loopback_spellings_are_blocked(
    http_engine: HttpEngine, engine_site_url: str, host: str
) -> None:
    port = engine_site_url.rsplit(":", 1)[1]
    with pytest.raises(BlockedAddressError):
        await http_engine.fetch(FetchRequest(f"http://{host}:{port}/http/final"))


@pytest.mark.parametrize("host", ["localhost", "2130706433", "0x7f.1", "127.1"])
async def test_loopback_spellings_allowed_when_asked(
    http_engine: HttpEngine, engine_site_url: str, host: str
) -> None:
    port = engine_site_url.rsplit(":", 1)[1]
    f = await http_engine.fetch(req(f"http://{host}:{port}/http/final"))
    assert f.status_code == 200
    if host != "localhost":
        assert f.url == f"{engine_site_url}/http/final"


@pytest.fixture()
def loopback_only_policy() -> Any:
    """Treat the fixture site's own address as public, so redirects away from it are tested."""
    return lambda ip: ip != "127.0.0.1" and is_forbidden_address(ip)


@pytest.mark.parametrize(
    "path",
    [
        "/http/redirect-private",
        "/http/redirect-to?url=" + quote("http://169.254.169.254/latest/meta-data/"),
        "/http/redirect-to?url=" + quote("http://metadata.google.internal/computeMetadata/v1/"),
        "/http/redirect-to?url=" + quote("http://[::ffff:169.254.169.254]/"),
        "/http/redirect-to?url=" + quote("http://2852039166/"),
        "/http/redirect-to?url=" + quote("http://10.0.0.1/"),
    ],
)
async def test_redirect_hop_to_private_is_blocked(
    engine_site_url: str, loopback_only_policy: Any, path: str
) -> None:
    async with HttpEngine(is_forbidden=loopback_only_policy) as engine:
        ok = await engine.fetch(FetchRequest(f"{engine_site_url}/http/final"))
        assert ok.status_code == 200
        with pytest.raises(BlockedAddressError):
            await engine.fetch(FetchRequest(f"{engine_site_url}{path}"))


async def test_redirect_hop_to_private_allowed_when_asked(
    http_engine: HttpEngine, engine_site_url: str
) -> None:
    # 127.0.0.2 passes the guard; nothing listens there, so the connection itself fails.
    with pytest.raises(ConnectError):
        await http_engine.fetch(req(f"{engine_site_url}/http/redirect-private"))


# --- failures ------------------------------------------------------------------------------


async def test_connection_refused(http_engine: HttpEngine) -> None:
    with pytest.raises(ConnectError) as info:
        await http_engine.fetch(req(f"http://127.0.0.1:{free_port()}/"))
    assert info.value.code == "SCRAPE_CONNECTION_ERROR"


async def test_dns_failure(http_engine: HttpEngine, monkeypatch: pytest.MonkeyPatch) -> None:
    real_getaddrinfo = socket.getaddrinfo

    def fake_getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if str(host).endswith(".nxdomain.test"):
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", fake_getaddrinfo)
    for allow in (False, True):
        with pytest.raises(DNSResolutionError, match=r"no-such-host\.nxdomain\.test"):
            await http_engine.fetch(
                FetchRequest("http://no-such-host.nxdomain.test/", allow_private_networks=allow)
            )


@pytest.mark.parametrize(
    "url", ["ftp://example.com/", "file:///etc/passwd", "not a url", "http://", "mailto:a@b.c"]
)
async def test_unfetchable_urls(http_engine: HttpEngine, url: str) -> None:
    with pytest.raises(FetchError):
        await http_engine.fetch(req(url))


async def test_fetch_without_start_and_after_close(engine_site_url: str) -> None:
    engine = HttpEngine()
    assert (await engine.fetch(req(f"{engine_site_url}/http/final"))).status_code == 200
    await engine.close()
    assert (await engine.fetch(req(f"{engine_site_url}/http/final"))).status_code == 200
    await engine.close()
