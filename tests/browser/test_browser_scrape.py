"""The browser engine through the API, over real HTTP, against the fixture site."""

from __future__ import annotations

import html
import json
import re
import struct
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from tests.api.test_errors import assert_error
from tests.conftest import RunningApi, start_api
from webdata.store.artifacts import ArtifactStore, load_or_create_key

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture()
def bclient(browser_api: RunningApi) -> httpx.Client:
    return browser_api.client()


def scrape(client: httpx.Client, body: dict) -> dict:
    resp = client.post("/v2/scrape", json=body)
    assert resp.status_code == 200, resp.text
    data: dict = resp.json()["data"]
    return data


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def download(url: str) -> httpx.Response:
    return httpx.get(url, timeout=10)


def test_js_rendered_page_goes_to_the_browser_by_itself(
    bclient: httpx.Client, site_url: str
) -> None:
    data = scrape(bclient, {"url": f"{site_url}/browser/spa"})
    assert "SPA_RENDERED_MARKER" in data["markdown"]
    assert data["metadata"]["engine"] == "browser"
    assert data["metadata"]["title"] == "Terrace Herbs"
    assert data["metadata"]["statusCode"] == 200
    noscript = scrape(bclient, {"url": f"{site_url}/browser/noscript"})
    assert "NOSCRIPT_APP_RENDERED" in noscript["markdown"]
    plain = scrape(bclient, {"url": f"{site_url}/articles/tomatoes"})
    assert plain["metadata"]["engine"] == "http"


def test_wait_for_waits_on_top_of_the_smart_wait(bclient: httpx.Client, site_url: str) -> None:
    url = f"{site_url}/browser/late?ms=800"
    # A browser scrape without waitFor settles before the timer fires.
    early = scrape(bclient, {"url": url, "actions": [{"type": "scrape"}]})
    assert "LATE_CONTENT_ARRIVED" not in early["markdown"]
    started = time.monotonic()
    late = scrape(bclient, {"url": url, "waitFor": 1000})
    assert time.monotonic() - started >= 1.0
    assert "LATE_CONTENT_ARRIVED" in late["markdown"]
    assert late["metadata"]["engine"] == "browser"


def test_every_action_with_its_result_in_order(bclient: httpx.Client, site_url: str) -> None:
    actions = [
        {"type": "wait", "selector": "#more"},
        {"type": "click", "selector": "#more"},
        {"type": "executeJavascript", "script": "document.querySelectorAll('li').length"},
        {"type": "click", "selector": ".item", "all": True},
        {"type": "click", "selector": ".does-not-exist", "all": True},
        {"type": "click", "selector": "#q"},
        {"type": "write", "text": "basil"},
        {"type": "press", "key": "Enter"},
        {"type": "scroll", "direction": "down"},
        {"type": "scroll", "direction": "down", "selector": "#box"},
        {"type": "screenshot"},
        {"type": "scrape"},
        {"type": "executeJavascript", "script": "return {title: document.title, n: 2}"},
        {"type": "executeJavascript", "script": "null"},
        {"type": "executeJavascript", "script": "[1, 'a']"},
        {
            "type": "executeJavascript",
            "script": "await new Promise(r => setTimeout(r, 5)); return true",
        },
        {"type": "wait", "milliseconds": 20},
        {"type": "pdf", "format": "A4", "landscape": True, "scale": 0.8},
        {"type": "screenshot", "fullPage": True, "quality": 60},
        {"type": "scroll", "direction": "up"},
    ]
    data = scrape(bclient, {"url": f"{site_url}/browser/actions", "actions": actions})
    results = data["actions"]
    assert set(results) == {"screenshots", "scrapes", "javascriptReturns", "pdfs"}
    assert results["javascriptReturns"] == [
        {"type": "number", "value": 4},
        {"type": "object", "value": {"title": "Actions", "n": 2}},
        {"type": "null", "value": None},
        {"type": "array", "value": [1, "a"]},
        {"type": "boolean", "value": True},
    ]
    [page_scrape] = results["scrapes"]
    assert page_scrape["url"] == f"{site_url}/browser/actions"
    assert "typed: basil" in page_scrape["html"] and "scrolled: 800" in page_scrape["html"]
    assert "key:Enter" in page_scrape["html"] and "box: 100" in page_scrape["html"]
    first, second = (download(u) for u in results["screenshots"])
    assert first.headers["content-type"] == "image/png"
    assert png_size(first.content) == (1280, 800)
    assert second.headers["content-type"] == "image/jpeg" and second.content[:2] == b"\xff\xd8"
    [pdf] = results["pdfs"]
    got = download(pdf)
    assert got.headers["content-type"] == "application/pdf" and got.content[:5] == b"%PDF-"
    # The document is taken after the actions ran.
    markdown = data["markdown"]
    assert "MORE_ITEM_ADDED" in markdown and "clicks: 3" in markdown
    assert "one clicked" in markdown and "scrolled: 0" in markdown


def test_a_failing_action_names_its_index_type_and_selector(
    bclient: httpx.Client, site_url: str
) -> None:
    url = f"{site_url}/browser/actions"
    actions = [{"type": "click", "selector": "#more"}, {"type": "click", "selector": "#missing"}]
    body = assert_error(bclient.post("/v2/scrape", json={"url": url, "actions": actions}), 500)
    assert body["code"] == "SCRAPE_ACTION_ERROR"
    assert body["error"].startswith("Action 1 (click on selector '#missing') failed")
    bad_key = [{"type": "wait", "milliseconds": 1}, {"type": "press", "key": "NoSuchKey"}]
    body = assert_error(bclient.post("/v2/scrape", json={"url": url, "actions": bad_key}), 500)
    assert body["code"] == "SCRAPE_ACTION_ERROR" and "Action 1 (press)" in body["error"]
    script = [{"type": "executeJavascript", "script": "throw new Error('boom here')"}]
    body = assert_error(bclient.post("/v2/scrape", json={"url": url, "actions": script}), 500)
    assert "Action 0 (executeJavascript)" in body["error"] and "boom here" in body["error"]


def test_screenshot_format_is_a_signed_png_link(bclient: httpx.Client, site_url: str) -> None:
    url = f"{site_url}/browser/actions"
    data = scrape(bclient, {"url": url, "formats": ["markdown", "screenshot"]})
    assert data["metadata"]["engine"] == "browser"
    shot = download(data["screenshot"])
    assert shot.status_code == 200 and png_size(shot.content) == (1280, 800)
    assert len(shot.content) > 1000
    full = scrape(bclient, {"url": url, "formats": [{"type": "screenshot", "fullPage": True}]})
    width, height = png_size(download(full["screenshot"]).content)
    assert width == 1280 and height > 3000
    sized = scrape(
        bclient,
        {
            "url": url,
            "formats": [
                {"type": "screenshot", "quality": 40, "viewport": {"width": 500, "height": 400}}
            ],
        },
    )
    jpeg = download(sized["screenshot"])
    assert jpeg.headers["content-type"] == "image/jpeg" and jpeg.content[:2] == b"\xff\xd8"
    # JPEG frame header (SOF0/SOF2) carries height then width.
    sof = re.search(rb"\xff[\xc0\xc2]..\x08(..)(..)", jpeg.content, re.DOTALL)
    assert sof is not None
    assert struct.unpack(">H", sof.group(2))[0] == 500
    assert struct.unpack(">H", sof.group(1))[0] == 400


def test_artifact_links_refuse_tampering_expiry_and_other_paths(
    bclient: httpx.Client, browser_api: RunningApi, site_url: str
) -> None:
    data = scrape(bclient, {"url": f"{site_url}/browser/actions", "formats": ["screenshot"]})
    link = data["screenshot"]
    split = urlsplit(link)
    assert split.netloc == urlsplit(browser_api.url).netloc
    query = parse_qs(split.query)
    sig, exp = query["sig"][0], int(query["exp"][0])
    assert 23 * 3600 < exp - time.time() <= 24 * 3600
    base = f"{browser_api.url}{split.path}"
    tampered = ("a" if sig[0] != "a" else "b") + sig[1:]
    for url in [
        f"{base}?exp={exp}&sig={tampered}",
        f"{base}?exp={exp + 10}&sig={sig}",
        f"{base}?exp={exp}",
        base,
        f"{browser_api.url}/v2/artifacts/../webdata.db?exp={exp}&sig={sig}",
        f"{browser_api.url}/v2/artifacts/%2e%2e/signing.key?exp={exp}&sig={sig}",
    ]:
        resp = httpx.get(url)
        if resp.status_code == 404:  # the router normalises some dot paths away
            continue
        body = assert_error(resp, 403)
        assert body["code"] == "ARTIFACT_SIGNATURE_INVALID"
    # A link correctly signed with the server's key but already past its expiry.
    key = load_or_create_key(browser_api.data_dir)
    rel = split.path.removeprefix("/v2/artifacts/")
    past = ArtifactStore(
        browser_api.data_dir / "artifacts", key, clock=lambda: time.time() - 90_000
    )
    expired = past.signed_url(browser_api.url, rel, 3600)
    body = assert_error(httpx.get(expired), 410)
    assert body["code"] == "ARTIFACT_LINK_EXPIRED"


def test_mobile_location_headers_and_cookies_reach_the_page(
    bclient: httpx.Client, site_url: str
) -> None:
    body = {
        "url": f"{site_url}/browser/env",
        "waitFor": 1,
        "mobile": True,
        "location": {"country": "DE"},
        "headers": {"X-Custom": "yes", "Cookie": "session=abc123; theme=dark"},
        "formats": ["markdown", "rawHtml"],
    }
    data = scrape(bclient, body)
    match = re.search(r"ENV(\{.*\})END", data["rawHtml"])
    assert match, data["rawHtml"]
    env = json.loads(match.group(1))
    assert "Mobile" in env["ua"] and "Android" in env["ua"]
    # Without a viewport meta tag a phone lays the page out 980 px wide; the screen is 412.
    assert env["screen"] == 412 and env["dpr"] == 2.625 and env["touch"] is True
    assert env["tz"] == "Europe/Berlin" and env["language"] == "de-DE"
    assert "session=abc123" in env["cookie"] and "theme=dark" in env["cookie"]
    server = re.search(r"SERVER(\{.*\})SAW", html.unescape(data["rawHtml"]))
    assert server is not None
    seen = json.loads(server.group(1))
    assert seen["cookie"] == "session=abc123; theme=dark"
    assert seen["X-Seen-Custom"] == "yes"
    assert seen["X-Seen-Accept-Language"].startswith("de-DE")
    assert "Mobile" in seen["X-Seen-User-Agent"]
    desktop = scrape(
        bclient, {"url": f"{site_url}/browser/env", "waitFor": 1, "formats": ["rawHtml"]}
    )
    env = json.loads(re.search(r"ENV(\{.*\})END", desktop["rawHtml"]).group(1))  # type: ignore[union-attr]
    assert env["width"] == 1280 and env["touch"] is False and "Mobile" not in env["ua"]


def test_non_html_main_response_is_the_file_itself(bclient: httpx.Client, site_url: str) -> None:
    data = scrape(bclient, {"url": f"{site_url}/browser/plain.txt", "waitFor": 1})
    assert data["metadata"]["contentType"] == "text/plain"
    assert data["markdown"].strip() == "just text, no page"


def test_timeout_during_a_page_that_never_settles_is_408(
    bclient: httpx.Client, site_url: str
) -> None:
    started = time.monotonic()
    resp = bclient.post(
        "/v2/scrape",
        json={"url": f"{site_url}/browser/never-settles", "waitFor": 1, "timeout": 1500},
    )
    body = assert_error(resp, 408, "Request Timeout")
    assert body["code"] == "SCRAPE_TIMEOUT"
    assert time.monotonic() - started < 4


def test_redirects_are_followed_in_the_browser(bclient: httpx.Client, site_url: str) -> None:
    data = scrape(bclient, {"url": f"{site_url}/browser/redirect?to=/browser/spa", "waitFor": 1})
    assert data["metadata"]["url"] == f"{site_url}/browser/spa"
    assert data["metadata"]["sourceURL"] == f"{site_url}/browser/redirect?to=/browser/spa"
    assert "SPA_RENDERED_MARKER" in data["markdown"]


def test_main_navigation_to_a_private_host_is_403(tmp_path: Path, site_url: str) -> None:
    for running in start_api(tmp_path, allow_private_networks=False):
        with running.client() as c:
            for extra in ({"waitFor": 10}, {"formats": ["screenshot"]}):
                resp = c.post("/v2/scrape", json={"url": f"{site_url}/browser/spa", **extra})
                body = assert_error(resp, 403)
                assert body["code"] == "SCRAPE_PRIVATE_NETWORK_BLOCKED"


def test_zero_data_retention_keeps_screenshots_inline(
    bclient: httpx.Client, browser_api: RunningApi, site_url: str
) -> None:
    before = set((browser_api.data_dir / "artifacts").rglob("*"))
    data = scrape(
        bclient,
        {
            "url": f"{site_url}/browser/actions",
            "formats": ["screenshot"],
            "actions": [{"type": "pdf"}],
            "zeroDataRetention": True,
        },
    )
    assert data["screenshot"].startswith("data:image/png;base64,")
    assert data["actions"]["pdfs"][0].startswith("data:application/pdf;base64,")
    assert set((browser_api.data_dir / "artifacts").rglob("*")) == before
