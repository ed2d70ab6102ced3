"""``blockAds``: the filter list's rules, the browser engine aborting ad requests (with the SSRF
guard attached too) and hiding consent pop-ups, and the same through ``POST /v2/scrape``.

Host rules cannot be exercised over real HTTP here (no DNS for ad hosts, and Chromium's host
resolver rules are per browser, not per context), so they are unit tests of ``is_ad_request``;
path rules, frames, XHR and the consent pop-ups run end to end against the fixture site.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import AsyncIterator, Iterator
from importlib.resources import files

import httpx
import pytest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware

from tests.conftest import RunningApi
from tests.site import pages_ads
from tests.site.server import serve_in_thread
from webdata.browser.adblock import FilterList, filter_list, is_ad_request, parse_filter_list
from webdata.browser.blocking import AdBlocker
from webdata.config import Settings
from webdata.contract.actions import ExecuteJavascriptAction
from webdata.engines.base import FetchRequest
from webdata.engines.browser import BrowserEngine, PageTask
from webdata.engines.browser_guard import RequestGuard
from webdata.engines.ssrf import is_forbidden_address

AD_PATHS = {"/ads/banner.js", "/pagead/pixel.gif", "/adserver/frame.html", "/ads/data.json"}
CONSENT_TEXTS = ("We value your privacy", "Accept all cookies", "GENERIC_COOKIE_NOTICE")
# The fixture site (127.0.0.1) plays the public internet; 127.0.0.2 plays the private network.
PRIVATE = "127.0.0.2"


def policy(ip: str) -> bool:
    return ip == PRIVATE or (ip != "127.0.0.1" and is_forbidden_address(ip))


def token() -> str:
    return uuid.uuid4().hex


def hits(site_url: str, tok: str) -> list[str]:
    paths: list[str] = httpx.get(f"{site_url}/adtest/log", params={"t": tok}).json()
    return paths


# --- the rules ---------------------------------------------------------------------------------


def test_the_shipped_list_is_package_data_with_hundreds_of_hosts() -> None:
    text = files("webdata.browser").joinpath("data", "adblock.txt").read_text()
    assert text.startswith("!")  # the syntax is documented at the top
    rules = filter_list()
    assert len(rules.hosts) >= 250
    for host in (
        "doubleclick.net", "googlesyndication.com", "google-analytics.com",
        "googletagmanager.com", "adnxs.com", "criteo.com", "taboola.com", "outbrain.com",
        "scorecardresearch.com", "hotjar.com", "amazon-adsystem.com",
    ):  # fmt: skip
        assert host in rules.hosts, host
    assert rules.paths is not None


@pytest.mark.parametrize(
    ("url", "kind"),
    [
        ("https://doubleclick.net/x", "script"),
        ("https://securepubads.g.doubleclick.net/tag/js/gpt.js", "script"),
        ("https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js", "script"),
        ("https://www.google-analytics.com/g/collect?v=2&tid=G-1", "ping"),
        ("https://www.googletagmanager.com/gtm.js?id=GTM-1", "script"),
        ("https://ib.adnxs.com/ut/v3/prebid", "xhr"),
        ("https://static.criteo.net/js/ld/publishertag.js", "script"),
        ("https://cdn.taboola.com/libtrc/site/loader.js", "script"),
        ("https://widgets.outbrain.com/outbrain.js", "script"),
        ("https://sb.scorecardresearch.com/p?c1=2", "image"),
        ("https://static.hotjar.com/c/hotjar-1.js?sv=6", "script"),
        ("https://c.amazon-adsystem.com/aax2/apstag.js", "script"),
        ("https://www.facebook.com/tr?id=1&ev=PageView", "image"),
        ("https://connect.facebook.net/en_US/fbevents.js", "script"),
        ("https://tpc.googlesyndication.com/safeframe/1-0-40/html/container.html", "subdocument"),
        ("HTTPS://WWW.DOUBLECLICK.NET./X", "image"),
        ("https://user:pw@ad.doubleclick.net:8443/x", "image"),
        # path rules, on any host
        ("https://news.example/ads/banner.js", "script"),
        ("https://news.example/static/adsbygoogle.js", "script"),
        ("https://news.example/pixel?u=1", "image"),
        ("https://news.example/assets/analytics.js", "script"),
        ("https://news.example/PAGEAD/x", "image"),
    ],
)
def test_ad_and_tracker_requests_are_recognised(url: str, kind: str) -> None:
    assert is_ad_request(url, kind, "https://news.example/article")
    assert filter_list().candidates.search(url), "the route pattern must let it through"


@pytest.mark.parametrize(
    ("url", "kind", "page"),
    [
        # the page itself is never blocked, even on an ad host or an ad path
        ("https://ad.doubleclick.net/landing", "document", None),
        ("https://news.example/ads/", "document", None),
        # look-alikes and unrelated hosts
        ("https://notdoubleclick.net/x.js", "script", None),
        ("https://doubleclick.net.example.org/x.js", "script", None),
        ("https://news.example/downloads/report.pdf", "fetch", None),
        ("https://news.example/uploads/adsorption.png", "image", None),
        ("https://news.example/api/v1/items?page=2", "xhr", None),
        ("https://www.facebook.com/travel", "image", None),
        ("https://connect.facebook.net/en_US/sdk.js", "script", None),
        # a site's own resources are not third-party trackers
        ("https://static.criteo.com/app.js", "script", "https://www.criteo.com/careers"),
        ("https://www.facebook.com/tr?id=1", "image", "https://m.facebook.com/page"),
        # not the web
        ("data:image/gif;base64,R0lGOD", "image", None),
        ("blob:https://news.example/ads/1", "image", None),
        ("not a url at all", "script", None),
    ],
)
def test_content_and_pages_are_not_blocked(url: str, kind: str, page: str | None) -> None:
    assert not is_ad_request(url, kind, page)


def test_rule_syntax() -> None:
    rules = parse_filter_list(
        [
            "! comment",
            "# comment too",
            "",
            "Tracker.Example",
            "||ads.example^",
            "||social.example/px/*/t.gif",
            "||social.example/ev^",
            "/banner^",
            "/end.js|",
        ]
    )
    assert rules.hosts == {"tracker.example", "ads.example"}
    assert is_blocked(rules, "https://a.b.tracker.example/x")
    assert is_blocked(rules, "https://ads.example/")
    assert is_blocked(rules, "https://social.example/px/1/2/t.gif")
    assert not is_blocked(rules, "https://social.example/px/t.gif")
    assert is_blocked(rules, "https://social.example/ev?x=1")
    assert is_blocked(rules, "https://social.example/ev")
    assert not is_blocked(rules, "https://social.example/events")
    assert is_blocked(rules, "https://site.example/banner/1.png")
    assert is_blocked(rules, "https://site.example/banner")
    assert not is_blocked(rules, "https://site.example/banners.png")
    assert is_blocked(rules, "https://site.example/end.js")
    assert not is_blocked(rules, "https://site.example/end.js?v=1")
    for bad in ("##.ad-box", "@@||ads.example^", "ads.example$third-party", "not_a host"):
        with pytest.raises(ValueError):
            parse_filter_list([bad])
    # An empty list blocks nothing and its route pattern matches nothing.
    empty = parse_filter_list([])
    assert not is_blocked(empty, "https://ads.example/ads/x")
    assert empty.candidates.search("https://ads.example/ads/x") is None


def is_blocked(rules: FilterList, url: str) -> bool:
    blocked = rules.is_ad_request(url, "script")
    if blocked:
        assert rules.candidates.search(url)
    return blocked


def test_route_pattern_is_a_javascript_compatible_regex() -> None:
    # Playwright matches it in its Node.js server too: no Python-only syntax.
    pattern = filter_list().candidates.pattern
    assert not re.search(r"\(\?[P<=!]|\(\?[aiLmsux]|\\[AZz]", pattern.replace("(?!)", ""))


# --- the engine ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def private_site() -> Iterator[str]:
    """The ad pages again, on the private address: they log hits by token as the site does, and
    allow any origin, so that only a block can make a fetch from the public site fail."""
    cors = Middleware(CORSMiddleware, allow_origins=["*"])
    app = Starlette(routes=pages_ads.routes, middleware=[cors])
    with serve_in_thread(app, host=PRIVATE) as url:
        yield url


@pytest.fixture(scope="module")
async def engine(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[BrowserEngine]:
    # With the SSRF guard on (127.0.0.1 allowed), so both routes are attached.
    settings = Settings(data_dir=tmp_path_factory.mktemp("adblock"), allow_private_networks=False)
    eng = BrowserEngine(settings, is_forbidden=policy)
    yield eng
    await eng.close()


def guarded(url: str) -> FetchRequest:
    return FetchRequest(url=url, timeout_s=15, allow_private_networks=False)


@pytest.mark.parametrize(
    ("path", "shown", "absent", "requested"),
    [
        # script, image, frame and XHR never reached the site; the page and its data did.
        pytest.param(
            "/adtest/page",
            ("ADTEST_CONTENT_RENDERED", "AD_XHR_FAILED"),
            ("AD_SCRIPT_RAN", "AD_XHR_LOADED"),
            ["/adtest/page", "/adtest/api.json"],
            id="the-page-renders",
        ),
        # a page at an ad-like path is still loaded; the ad script it loads is not.
        pytest.param(
            "/ads/landing",
            ("LANDING_PAGE_CONTENT",),
            ("AD_SCRIPT_RAN",),
            ["/ads/landing"],
            id="a-page-at-an-ad-like-path-is-still-loaded",
        ),
    ],
)
async def test_ad_requests_are_aborted(
    engine: BrowserEngine,
    site_url: str,
    path: str,
    shown: tuple[str, ...],
    absent: tuple[str, ...],
    requested: list[str],
) -> None:
    tok = token()
    fetched = await engine.fetch(guarded(f"{site_url}{path}?t={tok}"))
    assert fetched.status_code == 200
    assert fetched.text is not None
    for text in shown:
        assert text in fetched.text
    for text in absent:
        assert text not in fetched.text
    assert hits(site_url, tok) == requested


async def test_block_ads_false_blocks_nothing(engine: BrowserEngine, site_url: str) -> None:
    tok = token()
    task = PageTask(block_ads=False)
    fetched = await engine.fetch(guarded(f"{site_url}/adtest/page?t={tok}"), task)
    assert fetched.text is not None
    assert "AD_SCRIPT_RAN" in fetched.text and "AD_XHR_LOADED" in fetched.text
    assert set(hits(site_url, tok)) >= AD_PATHS


async def test_ad_blocker_and_ssrf_guard_work_together(
    engine: BrowserEngine, site_url: str, private_site: str
) -> None:
    tok = token()
    ad = f"{private_site}/ads/data.json?t={tok}"
    other = f"{private_site}/adtest/api.json?t={tok}"
    url = f"{site_url}/adtest/mixed?{httpx.QueryParams(ad=ad, other=other)}"
    # Through the engine: the page loads, both private sub-requests fail, nothing is raised.
    fetched = await engine.fetch(guarded(url))
    assert fetched.text is not None
    assert "ad FAILED" in fetched.text and "other FAILED" in fetched.text
    # The same wiring by hand, to see who aborted what: the ad blocker took the ad before the
    # guard saw it (no DNS check, not a "blocked private address"); the guard took the rest.
    async with engine.pool.context(service_workers="block") as context:
        guard = RequestGuard(policy)
        await guard.attach(context)
        blocker = AdBlocker(url)
        await blocker.attach(context)
        page = await context.new_page()
        await page.goto(url)
        await page.wait_for_function("!document.body.innerText.includes('pending')", timeout=10_000)
        assert blocker.blocked == [ad]
        assert guard.blocked == [other]
    assert hits(private_site, tok) == []  # nothing reached the private network
    # And a public non-ad sub-request passes both.
    fine = f"{site_url}/adtest/mixed?{httpx.QueryParams(ad=ad, other='/adtest/api.json')}"
    fetched = await engine.fetch(guarded(fine))
    assert fetched.text is not None and "other LOADED 200" in fetched.text


CONSENT_STATE = ExecuteJavascriptAction(
    type="executeJavascript",
    script="""({
      banner: getComputedStyle(document.querySelector('#onetrust-banner-sdk')).display,
      generic: getComputedStyle(document.querySelector('.site-cookie-consent-bar')).display,
      wrapper: getComputedStyle(document.querySelector('#page')).display,
      scroll: getComputedStyle(document.body).overflow,
    })""",
)


async def test_consent_popups_are_hidden_and_left_out_of_the_capture(
    engine: BrowserEngine, site_url: str
) -> None:
    url = f"{site_url}/adtest/consent?t={token()}"
    # Hidden on screen with the page's scroll back; the theme wrapper holding the content stays.
    async with engine.pool.context() as context:
        await AdBlocker(url).attach(context)
        page = await context.new_page()
        await page.goto(url)
        await page.wait_for_selector("#onetrust-banner-sdk", state="attached")
        state = await page.evaluate(CONSENT_STATE.script)
    assert state == {"banner": "none", "generic": "none", "wrapper": "block", "scroll": "auto"}

    # With actions the pop-up stays clickable while they run, and still leaves the capture.
    fetched = await engine.fetch(guarded(url), PageTask(actions=(CONSENT_STATE,)))
    assert fetched.actions is not None
    state = fetched.actions.javascript_returns[0]["value"]
    assert state["banner"] == "block"
    assert fetched.text is not None and "CONSENT_PAGE_ARTICLE" in fetched.text
    for text in CONSENT_TEXTS:
        assert text not in fetched.text
    assert 'id="page"' in fetched.text

    shown = await engine.fetch(guarded(url), PageTask(actions=(CONSENT_STATE,), block_ads=False))
    assert shown.actions is not None
    state = shown.actions.javascript_returns[0]["value"]
    assert state == {"banner": "block", "generic": "block", "wrapper": "block", "scroll": "hidden"}
    assert shown.text is not None
    for text in CONSENT_TEXTS:
        assert text in shown.text


# --- through the API ---------------------------------------------------------------------------


@pytest.fixture()
def bclient(browser_api: RunningApi) -> Iterator[httpx.Client]:
    with browser_api.client() as client:
        yield client


def scrape(client: httpx.Client, body: dict[str, object]) -> dict[str, object]:
    resp = client.post("/v2/scrape", json=body)
    assert resp.status_code == 200, resp.text
    data: dict[str, object] = resp.json()["data"]
    return data


def test_api_blocks_ads_by_default(bclient: httpx.Client, site_url: str) -> None:
    tok = token()
    data = scrape(bclient, {"url": f"{site_url}/adtest/page?t={tok}"})  # a JS app shell
    markdown = str(data["markdown"])
    assert "ADTEST_CONTENT_RENDERED" in markdown
    assert "AD_SCRIPT_RAN" not in markdown and "AD_XHR_LOADED" not in markdown
    assert not AD_PATHS & set(hits(site_url, tok))

    tok = token()
    data = scrape(bclient, {"url": f"{site_url}/adtest/page?t={tok}", "blockAds": False})
    assert "AD_XHR_LOADED" in str(data["markdown"])
    assert set(hits(site_url, tok)) >= AD_PATHS


def test_api_consent_popup_text_follows_block_ads(bclient: httpx.Client, site_url: str) -> None:
    url = f"{site_url}/adtest/consent?t={token()}"
    for body in (
        {"url": url, "onlyMainContent": False},
        {"url": url, "onlyMainContent": False, "waitFor": 50},
        {"url": url},
    ):
        markdown = str(scrape(bclient, body)["markdown"])
        assert "CONSENT_PAGE_ARTICLE" in markdown
        for text in CONSENT_TEXTS:
            assert text not in markdown, (body, markdown)
    shown = scrape(bclient, {"url": url, "onlyMainContent": False, "blockAds": False})
    markdown = str(shown["markdown"])
    assert "CONSENT_PAGE_ARTICLE" in markdown
    for text in CONSENT_TEXTS:
        assert text in markdown


def test_an_action_can_click_the_consent_button_and_the_popup_still_goes(
    bclient: httpx.Client, site_url: str
) -> None:
    url = f"{site_url}/adtest/consent?t={token()}"
    body = {
        "url": url,
        "onlyMainContent": False,
        "actions": [{"type": "click", "selector": "#onetrust-accept-btn-handler"}],
    }
    markdown = str(scrape(bclient, body)["markdown"])  # the click found a visible button
    assert "CONSENT_PAGE_ARTICLE" in markdown
    for text in CONSENT_TEXTS:
        assert text not in markdown, markdown
