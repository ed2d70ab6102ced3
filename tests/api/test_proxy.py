"""``proxy`` basic / enhanced / auto over the API, through real proxies on 127.0.0.1: over HTTP,
through firecrawl-py, and in the browser (stealth and per-context proxies)."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from firecrawl import Firecrawl

from tests.conftest import RunningApi, start_api
from tests.forward_proxy import ForwardProxy, running_proxy
from tests.site import pages_antibot as antibot
from tests.site.server import free_port


@dataclass(frozen=True)
class ProxiedApi:
    api: RunningApi
    basic: ForwardProxy
    enhanced: ForwardProxy

    def reset(self) -> None:
        self.basic.seen.clear()
        self.enhanced.seen.clear()


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ProxiedApi]:
    with running_proxy() as basic, running_proxy("vip", "s3cret") as enhanced:
        settings = {"proxy_basic": [basic.url()], "proxy_enhanced": [enhanced.url()]}
        for api in start_api(tmp_path_factory.mktemp("proxied-api"), **settings):
            yield ProxiedApi(api, basic, enhanced)


@pytest.fixture()
def p(proxied: ProxiedApi) -> ProxiedApi:
    proxied.reset()
    return proxied


def scrape(p: ProxiedApi, **body: Any) -> dict[str, Any]:
    """Always fetched (maxAge 0): the tests count what went through each proxy."""
    with p.api.client() as c:
        resp = c.post("/v2/scrape", json={"maxAge": 0, **body})
    assert resp.status_code == 200, resp.text
    data: dict[str, Any] = resp.json()["data"]
    return data


def test_auto_gets_past_the_wall_with_enhanced(p: ProxiedApi, site_url: str) -> None:
    url = f"{site_url}/antibot/guarded"
    data = scrape(p, url=url)
    meta = data["metadata"]
    assert (meta["proxyUsed"], meta["engine"], meta["statusCode"]) == ("stealth", "enhanced", 200)
    assert "error" not in meta
    assert antibot.PASSED_MARK in data["markdown"]
    assert [s.target for s in p.basic.passed] == [url]
    assert [(s.target, s.user) for s in p.enhanced.passed] == [(url, "vip")]


def test_basic_reports_the_wall_and_hides_it(p: ProxiedApi, site_url: str) -> None:
    data = scrape(p, url=f"{site_url}/antibot/guarded", proxy="basic", formats=["markdown", "html"])
    meta = data["metadata"]
    assert (meta["proxyUsed"], meta["statusCode"]) == ("basic", 403)
    assert meta["error"].startswith("The page was blocked by an anti-bot challenge (Cloudflare)")
    assert antibot.CHALLENGE_MARK not in data["markdown"] + (data["html"] or "")
    assert p.enhanced.seen == []


@pytest.mark.parametrize("mode", ["enhanced", "stealth"])
def test_enhanced_is_no_longer_refused(p: ProxiedApi, site_url: str, mode: str) -> None:
    data = scrape(p, url=f"{site_url}/articles/tomatoes", proxy=mode)
    assert (data["metadata"]["proxyUsed"], data["metadata"]["engine"]) == ("stealth", "enhanced")
    assert data["markdown"].startswith("# Growing Tomatoes")
    assert p.basic.seen == [] and len(p.enhanced.passed) == 1


def test_a_wall_for_everyone(p: ProxiedApi, site_url: str) -> None:
    data = scrape(p, url=f"{site_url}/antibot/always", formats=["markdown", "rawHtml"])
    assert "anti-bot challenge" in data["metadata"]["error"]
    assert data["rawHtml"] == "" and antibot.CHALLENGE_MARK not in data["markdown"]
    assert len(p.basic.passed) == len(p.enhanced.passed) == 1


def test_rate_limited_page(p: ProxiedApi, site_url: str) -> None:
    data = scrape(p, url=f"{site_url}/antibot/rate-limited", proxy="auto")
    assert (data["metadata"]["proxyUsed"], data["metadata"]["statusCode"]) == ("stealth", 200)


def test_private_targets_stay_refused_through_proxies(tmp_path: Path, site_url: str) -> None:
    with running_proxy() as proxy:
        settings = {"proxy_basic": [proxy.url()], "proxy_enhanced": [proxy.url()]}
        for api in start_api(tmp_path, allow_private_networks=False, **settings):
            with api.client() as c:
                for mode in ("basic", "enhanced", "auto"):
                    for url in (site_url, site_url.replace("127.0.0.1", "localhost")):
                        resp = c.post("/v2/scrape", json={"url": url, "proxy": mode})
                        assert resp.status_code == 403, resp.text
                        assert resp.json()["code"] == "SCRAPE_PRIVATE_NETWORK_BLOCKED"
        assert proxy.seen == []


def test_a_dead_proxy_is_502(tmp_path: Path, site_url: str) -> None:
    dead = f"http://user:pw-in-config@127.0.0.1:{free_port()}"
    for api in start_api(tmp_path, proxy_basic=[dead]):
        with api.client() as c:
            resp = c.post("/v2/scrape", json={"url": f"{site_url}/articles/tomatoes"})
    assert resp.status_code == 502, resp.text
    body = resp.json()
    assert (body["success"], body["code"]) == (False, "SCRAPE_PROXY_ERROR")
    assert "pw-in-config" not in resp.text


# --- firecrawl-py --------------------------------------------------------------------------


@pytest.fixture()
def sdk(p: ProxiedApi) -> Firecrawl:
    return Firecrawl(api_key=p.api.key, api_url=p.api.url, max_retries=1)


def test_sdk_auto_and_enhanced(sdk: Firecrawl, p: ProxiedApi, site_url: str) -> None:
    doc = sdk.scrape(f"{site_url}/antibot/guarded", proxy="auto")
    assert doc.markdown is not None and antibot.PASSED_MARK in doc.markdown
    assert doc.metadata_typed.proxy_used == "stealth"
    assert doc.metadata_typed.status_code == 200
    for mode in ("enhanced", "stealth"):
        tomatoes = sdk.scrape(f"{site_url}/articles/tomatoes", proxy=mode)  # type: ignore[arg-type]
        assert tomatoes.metadata_typed.proxy_used == "stealth"
    blocked = sdk.scrape(f"{site_url}/antibot/always", proxy="basic")
    assert blocked.metadata_typed.proxy_used == "basic"
    assert blocked.metadata_typed.error is not None and "anti-bot" in blocked.metadata_typed.error
    assert antibot.CHALLENGE_MARK not in (blocked.markdown or "")


# --- the browser ---------------------------------------------------------------------------


def _fingerprint(p: ProxiedApi, site_url: str, mode: str) -> dict[str, Any]:
    data = scrape(p, url=f"{site_url}/antibot/fingerprint", proxy=mode, waitFor=300,
                  formats=["rawHtml"])  # fmt: skip
    assert data["metadata"]["engine"] == "browser"
    match = re.search(r"FP:(\{.*?\})</pre>", data["rawHtml"], re.S)
    assert match, data["rawHtml"][-600:]
    fp: dict[str, Any] = json.loads(html.unescape(match.group(1)))
    return fp


def test_browser_stealth_for_enhanced(p: ProxiedApi, site_url: str) -> None:
    plain = _fingerprint(p, site_url, "basic")
    assert plain["webdriver"] is True and "HeadlessChrome" in plain["brands"]
    fp = _fingerprint(p, site_url, "enhanced")
    assert fp["webdriver"] is False
    assert "Headless" not in fp["userAgent"] and "webdata" not in fp["userAgent"]
    assert "HeadlessChrome" not in fp["brands"] and "Google Chrome" in fp["brands"]
    major = fp["userAgent"].split("Chrome/", 1)[1].split(".", 1)[0]
    assert major == fp["chromium"] == plain["chromium"]  # the real browser's version
    assert (fp["plugins"], fp["mimeTypes"], fp["pluginName"]) == (5, 2, "PDF Viewer")
    assert (fp["chrome"], fp["runtime"]) == ("object", "object")
    assert (fp["notification"], fp["permission"]) == ("default", "prompt")
    assert fp["languages"] == ["en-US", "en"]
    assert fp["webdriverToString"] == "function get webdriver() { [native code] }"
    # The browser went through each mode's proxy, authenticated for the enhanced one.
    assert any(s.target.endswith("/antibot/fingerprint") for s in p.basic.passed)
    assert {s.user for s in p.enhanced.passed} == {"vip"}


def test_browser_auto_retries_with_stealth(p: ProxiedApi, site_url: str) -> None:
    url = f"{site_url}/antibot/guarded"
    data = scrape(p, url=url, waitFor=100)
    meta = data["metadata"]
    assert (meta["proxyUsed"], meta["engine"], meta["statusCode"]) == ("stealth", "browser", 200)
    assert antibot.PASSED_MARK in data["markdown"]
    assert url in [s.target for s in p.basic.passed]
    assert url in [s.target for s in p.enhanced.passed]


def test_browser_location_languages_in_stealth(p: ProxiedApi, site_url: str) -> None:
    data = scrape(p, url=f"{site_url}/antibot/fingerprint", proxy="enhanced", waitFor=300,
                  location={"country": "DE"}, formats=["rawHtml"])  # fmt: skip
    match = re.search(r"FP:(\{.*?\})</pre>", data["rawHtml"], re.S)
    assert match
    assert json.loads(html.unescape(match.group(1)))["languages"] == ["de-DE", "de"]
