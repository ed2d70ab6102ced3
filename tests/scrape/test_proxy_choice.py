"""The ``proxy`` option at the scrape layer: challenge detection (pure), pool choice and
rotation, and ``run_scrape`` against the fixture site's anti-bot walls through real proxies."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from tests.forward_proxy import ForwardProxy, running_proxy
from tests.site import pages_antibot as antibot
from tests.site.pages_articles import ARTICLE
from tests.site.server import free_port
from webdata.browser.stealth import brand_list
from webdata.config import Settings
from webdata.contract import ScrapeRequest
from webdata.contract.document import Document
from webdata.engines.proxy import ProxyPools, parse_proxy
from webdata.scrape.challenge import is_challenge
from webdata.scrape.proxy_choice import plan_modes
from webdata.scrape.run import run_scrape
from webdata.scrape.services import ScrapeServices

# --- challenge detection -------------------------------------------------------------------

CF = {"server": "cloudflare", "cf-ray": "8f0-AMS"}
LONG_TEXT = "<p>" + "Tomatoes need sun, water and patience. " * 40 + "</p>"


@pytest.mark.parametrize(
    ("status", "headers", "html", "wall"),
    [
        (403, {"cf-mitigated": "challenge"}, "", "Cloudflare"),
        (403, CF, antibot.CHALLENGE_HTML, "Cloudflare"),
        (503, CF, "<title>Just a moment...</title><div>Checking your browser</div>", "Cloudflare"),
        (200, {}, antibot.CHALLENGE_HTML, "Cloudflare"),  # served without its headers
        (403, CF, "<title>Attention Required! | Cloudflare</title><div id=cf-error-details>",
         "Cloudflare"),
        (403, {"x-datadome": "protected"},
         "<html><script src='https://ct.captcha-delivery.com/c.js'></script></html>", "DataDome"),
        (403, {}, "<div id='px-captcha'></div><script>window._pxAppId='PX1'</script>",
         "PerimeterX"),
        (200, {}, "<p>Press &amp; Hold to confirm you are a human</p><div id=px-captcha>",
         "PerimeterX"),
        (200, {}, "<html><body><iframe src='/_Incapsula_Resource?SWUDNSAI=31'></iframe>"
         "Request unsuccessful. Incapsula incident ID: 123</body></html>", "Imperva"),
        (403, {"server": "AkamaiGHost"}, "<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY>"
         "You don't have permission to access this server. Reference #18.1</BODY></HTML>",
         "Akamai"),
        (200, {}, "<div id='sec-if-cpt-container'>Please wait</div>", "Akamai"),
        (405, {}, "<script src='https://x.token.awswaf.com/challenge.js'></script>"
         "<script>AwsWafIntegration.getToken()</script>", "AWS WAF"),
        (429, {}, "<script src='/149e9513-01fa-4fb0-aad4-566afd725d1b/2d206a39/ips.js?KPSDK'>",
         "Kasada"),
        (429, {}, "<title>https://www.google.com/search</title><p>Our systems have detected "
         "unusual traffic from your computer network.</p>", "Google"),
        (200, {}, "<h1>One more step</h1><p>Please verify you are human.</p>"
         "<script src='https://hcaptcha.com/1/api.js'></script><div class=\"h-captcha\"></div>",
         "hCaptcha"),
        (403, {}, "<script src='https://www.google.com/recaptcha/api.js'></script>"
         "<div class='g-recaptcha'></div>", "reCAPTCHA"),
        (403, {}, "<html><head><title>Access Denied</title></head><body>"
         "<h1>Access Denied</h1><p>Error 16</p></body></html>", "access denied"),
    ],
)  # fmt: skip
def test_walls_are_recognised(status: int, headers: dict, html: str, wall: str) -> None:
    assert is_challenge(status, headers, html) == wall


@pytest.mark.parametrize(
    ("status", "headers", "html"),
    [
        (200, {}, ARTICLE),
        (200, CF, ARTICLE),  # a normal page served by Cloudflare
        (200, {}, f"<h1>What is a CAPTCHA?</h1>{LONG_TEXT}<p>reCAPTCHA and hCaptcha ask you to "
         "verify you are human; Cloudflare shows 'Just a moment...' while it checks.</p>"),
        (200, {}, "<title>Log in</title><form><input name=user><div class='g-recaptcha'></div>"
         f"<script src='https://www.google.com/recaptcha/api.js'></script></form>{LONG_TEXT}"),
        (200, {}, "<form><div class='g-recaptcha'></div>"
         "<script src='https://www.google.com/recaptcha/api.js'></script></form>"),  # a form
        (403, {"server": "nginx"}, "<html><head><title>403 Forbidden</title></head><body>"
         "<center><h1>403 Forbidden</h1></center><hr><center>nginx</center></body></html>"),
        (404, CF, "<title>Not found</title><h1>Access denied is not the problem</h1>"),
        (429, {}, "<title>429 Too Many Requests</title><h1>Too Many Requests</h1>"),
        (403, {}, f"<title>Access Denied</title>{LONG_TEXT}"),  # explains itself at length
        (200, {}, None),
    ],
)  # fmt: skip
def test_pages_that_are_not_walls(status: int, headers: dict, html: str | None) -> None:
    assert is_challenge(status, headers, html) is None


# --- pools and modes -----------------------------------------------------------------------


def test_modes() -> None:
    assert plan_modes("auto") == ("basic", "enhanced")
    assert plan_modes("basic") == ("basic",)
    assert plan_modes("enhanced") == plan_modes("stealth") == ("enhanced",)


def test_pools_rotate_and_fall_back() -> None:
    settings = Settings(
        proxy_basic=["http://b1:1", "http://b2:2"],
        proxy_enhanced="http://e1:1, http://e2:2",
        proxy_countries={"de": ["http://de:1"]},
        proxy_enhanced_countries={"FR": ["socks5://fr:1"]},
    )
    pools = ProxyPools(settings)
    assert [pools.pick("basic") for _ in range(3)] == ["http://b1:1", "http://b2:2", "http://b1:1"]
    assert [pools.pick("enhanced") for _ in range(3)] == [
        "http://e1:1",
        "http://e2:2",
        "http://e1:1",
    ]
    assert pools.pick("basic", "DE") == "http://de:1"
    assert pools.pick("enhanced", "FR") == "socks5://fr:1"
    assert pools.pick("enhanced", "DE") == "http://e2:2"  # the enhanced pool before basic DE
    assert pools.pick("basic", "FR") == "http://b2:2"  # no basic FR pool


def test_no_proxy_is_direct_and_enhanced_falls_back_to_basic() -> None:
    assert ProxyPools(Settings()).pick("enhanced", "US") is None
    assert ProxyPools(Settings(proxy_basic=["http://b:1"])).pick("enhanced") == "http://b:1"


def test_proxy_settings_are_validated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEBDATA_PROXY_BASIC", '["http://u:p@127.0.0.1:8080"]')
    assert Settings().proxy_basic == ["http://u:p@127.0.0.1:8080"]
    for bad in (["socks5://h:1"], ["http://no-port"], ["ftp://h:1"], ["http://h:99999"]):
        with pytest.raises(ValidationError):
            Settings(proxy_basic=bad)
    with pytest.raises(ValidationError, match="must be http") as info:
        Settings(proxy_enhanced=["ftp://user:topsecret@h:1"])
    assert "topsecret" not in str(info.value)  # a start-up error goes to logs
    with pytest.raises(ValidationError, match="ISO 3166"):
        Settings(proxy_countries={"Germany": ["http://h:1"]})


def test_proxy_urls_split_credentials() -> None:
    p = parse_proxy("http://us%40er:p%3Ass@proxy.example:3128")
    assert (p.server, p.username, p.password) == ("http://proxy.example:3128", "us@er", "p:ss")
    assert p.playwright() == {
        "server": "http://proxy.example:3128",
        "username": "us@er",
        "password": "p:ss",
    }
    assert p.basic_auth() == "Basic dXNAZXI6cDpzcw=="
    assert parse_proxy("socks5://[::1]:1080").server == "socks5://[::1]:1080"


@pytest.mark.parametrize(
    ("major", "expected"),
    [  # as sent by Chrome 131 and 150 (curl-impersonate) and Chromium 156 (its own brands)
        (131, '"Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"'),
        (150, '"Not;A=Brand";v="8", "Chromium";v="150", "Google Chrome";v="150"'),
        (156, '"Not:A-Brand";v="8", "Chromium";v="156", "Google Chrome";v="156"'),
    ],
)
def test_client_hint_brands_follow_chromes_grease(major: int, expected: str) -> None:
    assert ", ".join(f'"{b}";v="{v}"' for b, v in brand_list(major)) == expected


# --- run_scrape through real proxies -------------------------------------------------------


@pytest.fixture()
def proxies() -> Iterator[dict[str, ForwardProxy]]:
    with running_proxy() as basic, running_proxy("vip", "s3cret") as enhanced:
        yield {"basic": basic, "enhanced": enhanced}


@asynccontextmanager
async def services_with(tmp_path: Path, **settings: Any) -> AsyncIterator[ScrapeServices]:
    options: dict[str, Any] = {
        "data_dir": tmp_path,
        "allow_private_networks": True,
        "content_workers": 0,
        "log_level": "warning",
    }
    services = await ScrapeServices.start(Settings(**{**options, **settings}))
    try:
        yield services
    finally:
        await services.close()


def _pooled(proxies: dict[str, ForwardProxy]) -> dict[str, Any]:
    return {
        "proxy_basic": [proxies["basic"].url()],
        "proxy_enhanced": [proxies["enhanced"].url()],
    }


async def scrape(services: ScrapeServices, **body: Any) -> Document:
    return await run_scrape(ScrapeRequest.model_validate(body), services)


def meta(doc: Document) -> dict[str, Any]:
    return doc.metadata.model_dump(by_alias=True) if doc.metadata else {}


async def test_auto_retries_a_wall_with_enhanced(
    tmp_path: Path, site_url: str, proxies: dict[str, ForwardProxy]
) -> None:
    url = f"{site_url}/antibot/guarded"
    async with services_with(tmp_path, **_pooled(proxies)) as services:
        doc = await scrape(services, url=url, formats=["markdown", "rawHtml"])
    m = meta(doc)
    assert (m["proxyUsed"], m["engine"], m["statusCode"]) == ("stealth", "enhanced", 200)
    assert m.get("error") is None
    assert antibot.PASSED_MARK in (doc.markdown or "")
    assert [s.target for s in proxies["basic"].passed] == [url]
    assert [(s.target, s.user) for s in proxies["enhanced"].passed] == [(url, "vip")]


async def test_basic_returns_the_wall_as_an_error_without_its_text(
    tmp_path: Path, site_url: str, proxies: dict[str, ForwardProxy]
) -> None:
    async with services_with(tmp_path, **_pooled(proxies)) as services:
        doc = await scrape(
            services,
            url=f"{site_url}/antibot/guarded",
            proxy="basic",
            formats=["markdown", "html", "rawHtml", "links"],
        )
    m = meta(doc)
    assert (m["proxyUsed"], m["engine"], m["statusCode"]) == ("basic", "http", 403)
    assert "anti-bot challenge (Cloudflare)" in m["error"]
    for text in (doc.markdown, doc.html, doc.raw_html):
        assert antibot.CHALLENGE_MARK not in (text or "")
        assert "Just a moment" not in (text or "")
    assert doc.raw_html == "" and doc.links == []
    assert proxies["enhanced"].seen == []


@pytest.mark.parametrize("mode", ["enhanced", "stealth"])
async def test_enhanced_goes_straight_to_the_enhanced_pool(
    tmp_path: Path, site_url: str, proxies: dict[str, ForwardProxy], mode: str
) -> None:
    async with services_with(tmp_path, **_pooled(proxies)) as services:
        doc = await scrape(services, url=f"{site_url}/antibot/guarded", proxy=mode)
    assert (meta(doc)["proxyUsed"], meta(doc)["statusCode"]) == ("stealth", 200)
    assert proxies["basic"].seen == [] and len(proxies["enhanced"].passed) == 1


async def test_a_wall_for_everyone_is_an_error_after_both_modes(
    tmp_path: Path, site_url: str, proxies: dict[str, ForwardProxy]
) -> None:
    async with services_with(tmp_path, **_pooled(proxies)) as services:
        doc = await scrape(services, url=f"{site_url}/antibot/always", formats=["markdown"])
    m = meta(doc)
    assert (m["proxyUsed"], m["statusCode"]) == ("stealth", 403)
    assert "blocked by an anti-bot challenge" in m["error"]
    assert antibot.CHALLENGE_MARK not in (doc.markdown or "")
    assert len(proxies["basic"].passed) == len(proxies["enhanced"].passed) == 1


async def test_429_is_retried_by_auto_and_kept_by_basic(
    tmp_path: Path, site_url: str, proxies: dict[str, ForwardProxy]
) -> None:
    url = f"{site_url}/antibot/rate-limited"
    async with services_with(tmp_path, **_pooled(proxies)) as services:
        auto = await scrape(services, url=url)
        basic = await scrape(services, url=url, proxy="basic")
    assert (meta(auto)["proxyUsed"], meta(auto)["statusCode"]) == ("stealth", 200)
    assert (meta(basic)["proxyUsed"], meta(basic)["statusCode"]) == ("basic", 429)
    assert meta(basic)["error"] == "Too Many Requests"
    assert "Slow down" in (basic.markdown or "")  # a 429 page is no wall: it is returned


async def test_a_normal_page_is_not_retried(
    tmp_path: Path, site_url: str, proxies: dict[str, ForwardProxy]
) -> None:
    async with services_with(tmp_path, **_pooled(proxies)) as services:
        doc = await scrape(services, url=f"{site_url}/articles/tomatoes")
    assert (meta(doc)["proxyUsed"], meta(doc)["engine"]) == ("basic", "http")
    assert len(proxies["basic"].passed) == 1 and proxies["enhanced"].seen == []


async def test_no_retry_without_time_left(
    tmp_path: Path, site_url: str, proxies: dict[str, ForwardProxy]
) -> None:
    async with services_with(tmp_path, **_pooled(proxies)) as services:
        # 0.5 s left after the wall: a retry would get 0.4 s, below the 0.5 s worth trying.
        url = f"{site_url}/antibot/slow-wall?seconds=2.5"
        doc = await scrape(services, url=url, timeout=3000)
    assert meta(doc)["proxyUsed"] == "basic" and "anti-bot" in meta(doc)["error"]
    assert "no time was left to retry" in (doc.warning or "")
    assert proxies["enhanced"].seen == []


async def test_a_failed_retry_keeps_the_first_answer(
    tmp_path: Path, site_url: str, proxies: dict[str, ForwardProxy]
) -> None:
    dead = f"http://127.0.0.1:{free_port()}"
    settings = {"proxy_basic": [proxies["basic"].url()], "proxy_enhanced": [dead]}
    async with services_with(tmp_path, **settings) as services:
        doc = await scrape(services, url=f"{site_url}/antibot/rate-limited")
    assert (meta(doc)["proxyUsed"], meta(doc)["statusCode"]) == ("basic", 429)
    assert "the retry with enhanced failed: Could not connect to the proxy" in (doc.warning or "")


async def test_pools_rotate_across_scrapes(tmp_path: Path, site_url: str) -> None:
    url = f"{site_url}/articles/tomatoes"
    with running_proxy() as a, running_proxy() as b:
        async with services_with(tmp_path, proxy_basic=[a.url(), b.url()]) as services:
            for _ in range(4):
                assert meta(await scrape(services, url=url))["statusCode"] == 200
        assert len(a.passed) == len(b.passed) == 2


async def test_location_picks_the_country_pool(
    tmp_path: Path, site_url: str, proxies: dict[str, ForwardProxy]
) -> None:
    url = f"{site_url}/articles/tomatoes"
    with running_proxy() as german:
        settings = {**_pooled(proxies), "proxy_countries": {"DE": [german.url()]}}
        async with services_with(tmp_path, **settings) as services:
            await scrape(services, url=url, location={"country": "DE"})
            await scrape(services, url=url, location={"country": "JP"})
        assert len(german.passed) == 1 and len(proxies["basic"].passed) == 1


async def test_without_proxies_auto_still_gets_through(tmp_path: Path, site_url: str) -> None:
    async with services_with(tmp_path) as services:
        doc = await scrape(services, url=f"{site_url}/antibot/guarded", mobile=True)
    assert (meta(doc)["proxyUsed"], meta(doc)["statusCode"]) == ("stealth", 200)
    assert antibot.PASSED_MARK in (doc.markdown or "")
