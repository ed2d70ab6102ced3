"""EnhancedEngine (curl_cffi impersonating Chrome) over real HTTP against the fixture site:
what only this engine does (Chrome's headers, names pinned for curl). The limits it shares with
the HTTP engine (redirects, SSRF, body cap, timeout, ...) are in test_engine_contract.py."""

from __future__ import annotations

from yarl import URL

from tests.engines import echoed, header_values, req
from webdata.engines.base import FetchRequest
from webdata.engines.enhanced import EnhancedEngine
from webdata.engines.ssrf import is_forbidden_address


async def test_chrome_headers_agree_with_each_other(
    enhanced_engine: EnhancedEngine, engine_site_url: str
) -> None:
    f = await enhanced_engine.fetch(req(f"{engine_site_url}/http/echo-headers"))
    _, pairs = echoed(f.text)
    agent = header_values(pairs, "user-agent")[0]
    hints = header_values(pairs, "sec-ch-ua")[0]
    major = agent.split("Chrome/", 1)[1].split(".", 1)[0]
    assert "webdata" not in agent and "Headless" not in agent
    assert f'"Google Chrome";v="{major}"' in hints and f'"Chromium";v="{major}"' in hints
    assert header_values(pairs, "sec-ch-ua-mobile") == ["?0"]
    assert header_values(pairs, "sec-fetch-mode") == ["navigate"]
    assert header_values(pairs, "accept-encoding") == ["gzip, deflate, br, zstd"]
    # Chrome speaks HTTP/2 over TLS only: no cleartext upgrade attempt.
    assert header_values(pairs, "upgrade") == [] and header_values(pairs, "http2-settings") == []
    # Chrome's order: client hints before the user agent, fetch metadata after accept.
    names = [k for k, _ in pairs]
    assert names.index("sec-ch-ua") < names.index("user-agent") < names.index("sec-fetch-mode")


async def test_mobile_is_chrome_on_android(
    enhanced_engine: EnhancedEngine, engine_site_url: str
) -> None:
    f = await enhanced_engine.fetch(req(f"{engine_site_url}/http/echo-headers"), mobile=True)
    _, pairs = echoed(f.text)
    assert "Android" in header_values(pairs, "user-agent")[0]
    assert "Mobile Safari" in header_values(pairs, "user-agent")[0]
    assert header_values(pairs, "sec-ch-ua-mobile") == ["?1"]
    assert header_values(pairs, "sec-ch-ua-platform") == ['"Android"']


# --- SSRF ---------------------------------------------------------------------------------


async def test_names_are_pinned_to_the_checked_address(engine_site_url: str) -> None:
    """curl resolves by itself; the engine resolves first and pins curl to what passed."""
    port = engine_site_url.rsplit(":", 1)[1]
    ipv4_loopback_only = lambda ip: ip != "127.0.0.1" and is_forbidden_address(ip)  # noqa: E731
    async with EnhancedEngine(is_forbidden=lambda ip: ip != "::1" and ipv4_loopback_only(ip)) as e:
        f = await e.fetch(FetchRequest(f"http://localhost:{port}/http/final"))
        assert f.status_code == 200
        pins = await e.pins(URL(f.url), FetchRequest(f.url))
        assert pins[0].startswith(f"+localhost:{port}:") and "127.0.0.1" in pins[0]
