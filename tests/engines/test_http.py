"""HttpEngine over real HTTP against the fixture site on 127.0.0.1: what only this engine does.
What every engine does (redirects, body cap, timeouts, SSRF, ...) is in test_engine_contract.py."""

from __future__ import annotations

import json

import pytest

from tests.engines import echoed, header_values, req
from webdata.config import get_settings
from webdata.engines.errors import ConnectError
from webdata.engines.http import HttpEngine


async def test_redirect_without_location_is_returned(
    http_engine: HttpEngine, engine_site_url: str
) -> None:
    f = await http_engine.fetch(req(f"{engine_site_url}/http/redirect-no-location"))
    assert (f.status_code, f.redirects) == (302, ())
    assert "without a Location" in (f.text or "")


async def test_default_headers(http_engine: HttpEngine, engine_site_url: str) -> None:
    f = await http_engine.fetch(req(f"{engine_site_url}/http/echo-headers"))
    _, pairs = echoed(f.text)
    assert header_values(pairs, "user-agent") == [get_settings().user_agent]
    assert header_values(pairs, "accept-encoding") == ["gzip, deflate, br, zstd"]
    assert header_values(pairs, "accept-language")[0].startswith("en-US")
    assert header_values(pairs, "accept")[0].startswith("text/html")


async def test_credentials_kept_when_a_legacy_ip_is_normalised(
    http_engine: HttpEngine, engine_site_url: str
) -> None:
    port = engine_site_url.rsplit(":", 1)[1]
    f = await http_engine.fetch(
        req(f"http://2130706433:{port}/http/echo-headers", headers={"Authorization": "Basic x"})
    )
    assert header_values(echoed(f.text)[1], "authorization") == ["Basic x"]


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


# --- SSRF ---------------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["localhost", "2130706433", "0x7f.1", "127.1"])
async def test_loopback_spellings_allowed_when_asked(
    http_engine: HttpEngine, engine_site_url: str, host: str
) -> None:
    port = engine_site_url.rsplit(":", 1)[1]
    f = await http_engine.fetch(req(f"http://{host}:{port}/http/final"))
    assert f.status_code == 200
    if host != "localhost":
        assert f.url == f"{engine_site_url}/http/final"


async def test_redirect_hop_to_private_allowed_when_asked(
    http_engine: HttpEngine, engine_site_url: str
) -> None:
    # 127.0.0.2 passes the guard; nothing listens there, so the connection itself fails.
    with pytest.raises(ConnectError):
        await http_engine.fetch(req(f"{engine_site_url}/http/redirect-private"))


# --- lifecycle -----------------------------------------------------------------------------


async def test_fetch_without_start_and_after_close(engine_site_url: str) -> None:
    engine = HttpEngine()
    assert (await engine.fetch(req(f"{engine_site_url}/http/final"))).status_code == 200
    await engine.close()
    assert (await engine.fetch(req(f"{engine_site_url}/http/final"))).status_code == 200
    await engine.close()
