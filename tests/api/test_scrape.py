"""Scrapes of real fixture pages over real HTTP: every implemented format and option."""

from __future__ import annotations

import base64
import json

import httpx
import pytest

from tests.site.pages_articles import ARTICLE


def scrape(client: httpx.Client, **body: object) -> dict:
    resp = client.post("/v2/scrape", json=body)
    assert resp.status_code == 200, resp.text
    payload = resp.json()
    assert payload["success"] is True
    return payload["data"]


def test_default_is_markdown_of_the_main_content(client: httpx.Client, site_url: str) -> None:
    data = scrape(client, url=f"{site_url}/articles/tomatoes")
    assert set(data) == {"markdown", "metadata"}  # rule 4: nothing that was not asked for
    md = data["markdown"]
    assert md.startswith("# Growing Tomatoes on a Balcony")
    assert "## Containers" in md and "### Soil table" in md
    assert "```python\ndef water(plant):" in md
    assert "| Mix" in md and "Compost \\| aged" in md
    assert f"[sun guide]({site_url}/guides/sun)" in md
    for boilerplate in ("NAV_LINK_ONE", "FOOTER_TEXT", "SIDEBAR_PEPPERS", "COOKIE_TEXT",
                        "SCRIPT_SHOULD_NOT_APPEAR", "color: red", "NOSCRIPT_TEXT"):  # fmt: skip
        assert boilerplate not in md, boilerplate


def test_metadata(client: httpx.Client, site_url: str) -> None:
    url = f"{site_url}/articles/tomatoes"
    meta = scrape(client, url=url, maxAge=0)["metadata"]
    assert meta["title"] == "Growing Tomatoes on a Balcony"
    assert meta["description"] == "A practical guide to balcony tomatoes."
    assert meta["keywords"] == "tomatoes, balcony, gardening"
    assert meta["language"] == "en"
    assert meta["sourceURL"] == url and meta["url"] == url
    assert meta["statusCode"] == 200
    assert meta["contentType"] == "text/html"
    assert meta["ogTitle"] == "Balcony Tomatoes"
    assert meta["ogLocaleAlternate"] == ["fr_FR", "de_DE"]
    assert meta["twitter:card"] == "summary_large_image"
    assert meta["article:tag"] == ["garden", "vegetables"]
    assert meta["favicon"] == f"{site_url}/favicon.png"
    assert meta["scrapeId"] and meta["creditsUsed"] == 1 and meta["cacheState"] == "miss"


def test_only_main_content_false_keeps_the_page_chrome(client: httpx.Client, site_url: str) -> None:
    md = scrape(client, url=f"{site_url}/articles/tomatoes", onlyMainContent=False)["markdown"]
    assert "NAV_LINK_ONE" in md and "FOOTER_TEXT" in md and "Growing Tomatoes" in md
    assert "SCRIPT_SHOULD_NOT_APPEAR" not in md


def test_html_is_cleaned_and_absolute(client: httpx.Client, site_url: str) -> None:
    data = scrape(client, url=f"{site_url}/articles/tomatoes", formats=["html"])
    assert set(data) == {"html", "metadata"}
    html = data["html"]
    for gone in ("<script", "<style", "<noscript", "<meta", "<head"):
        assert gone not in html
    assert f'href="{site_url}/guides/sun"' in html
    assert f"{site_url}/img/plant-large.jpg" in html  # srcset resolved to the largest


def test_raw_html_is_unmodified(client: httpx.Client, site_url: str) -> None:
    data = scrape(client, url=f"{site_url}/articles/tomatoes", formats=["rawHtml"])
    assert data["rawHtml"] == ARTICLE


def test_raw_base64_is_the_body(client: httpx.Client, site_url: str) -> None:
    data = scrape(client, url=f"{site_url}/articles/tomatoes", formats=["rawBase64"])
    assert base64.b64decode(data["rawBase64"]).decode() == ARTICLE
    assert data["metadata"]["contentType"] == "text/html"


def test_links_are_absolute_and_unique(client: httpx.Client, site_url: str) -> None:
    links = scrape(client, url=f"{site_url}/articles/tomatoes", formats=["links"])["links"]
    assert f"{site_url}/articles/one" in links  # from the nav: links cover the whole page
    assert f"{site_url}/guides/sun" in links
    assert "https://example.org/soil#part" in links or "https://example.org/soil" in links
    assert len(links) == len(set(links))
    assert all(link.startswith(("http://", "https://")) for link in links)


def test_images(client: httpx.Client, site_url: str) -> None:
    images = scrape(client, url=f"{site_url}/articles/tomatoes", formats=["images"])["images"]
    assert f"{site_url}/img/plant-large.jpg" in images
    assert not any(i.startswith("data:") for i in images)


def test_include_and_exclude_tags(client: httpx.Client, site_url: str) -> None:
    url = f"{site_url}/articles/tomatoes"
    only_table = scrape(client, url=url, includeTags=["table"])["markdown"]
    assert "Perlite" in only_table and "Containers" not in only_table
    no_code = scrape(client, url=url, excludeTags=["pre", ".nothing"])["markdown"]
    assert "def water" not in no_code and "Containers" in no_code
    nav_only = scrape(client, url=url, includeTags=["nav"], onlyMainContent=True)["markdown"]
    assert "NAV_LINK_ONE" in nav_only


@pytest.mark.parametrize("remove", [True, False])
def test_remove_base64_images(client: httpx.Client, site_url: str, remove: bool) -> None:
    md = scrape(client, url=f"{site_url}/articles/tomatoes", removeBase64Images=remove)["markdown"]
    if remove:
        assert "![pixel dot](<Base64-Image-Removed>)" in md and "data:image" not in md
    else:
        assert "data:image/png;base64" in md


def test_target_404_is_a_successful_scrape(client: httpx.Client, site_url: str) -> None:
    data = scrape(client, url=f"{site_url}/articles/missing")
    assert data["metadata"]["statusCode"] == 404
    assert data["metadata"]["error"] == "Not Found"
    assert "Page not found" in data["markdown"]


def test_redirect_reports_source_and_final_url(client: httpx.Client, site_url: str) -> None:
    meta = scrape(client, url=f"{site_url}/articles/moved")["metadata"]
    assert meta["sourceURL"] == f"{site_url}/articles/moved"
    assert meta["url"] == f"{site_url}/articles/tomatoes"
    assert meta["statusCode"] == 200


def test_headers_mobile_and_location_reach_the_target(client: httpx.Client, site_url: str) -> None:
    url = f"{site_url}/echo/headers"
    sent = json.loads(scrape(client, url=url, formats=["rawHtml"])["rawHtml"])
    assert "Mobile" not in sent["user-agent"]
    sent = json.loads(
        scrape(
            client, url=url, formats=["rawHtml"], mobile=True,
            location={"country": "DE"}, headers={"X-Trace": "abc", "Cookie": "session=1"},
        )["rawHtml"]
    )  # fmt: skip
    assert "Mobile" in sent["user-agent"]
    assert sent["accept-language"].startswith("de-DE")
    assert sent["x-trace"] == "abc" and sent["cookie"] == "session=1"
    sent = json.loads(
        scrape(
            client, url=url, formats=["rawHtml"], mobile=True,
            location={"country": "FR", "languages": ["fr-CA", "en"]},
            headers={"User-Agent": "MyBot/1.0"},
        )["rawHtml"]
    )  # fmt: skip
    assert sent["user-agent"] == "MyBot/1.0"
    assert sent["accept-language"] == "fr-CA, en;q=0.9"


def test_json_body_becomes_a_fenced_block(client: httpx.Client, site_url: str) -> None:
    data = scrape(client, url=f"{site_url}/files/data.json")
    assert data["markdown"].startswith("```json\n")
    assert '"sun_hours": 6' in data["markdown"]
    assert data["metadata"]["contentType"] == "application/json"


def test_plain_text_passes_through(client: httpx.Client, site_url: str) -> None:
    data = scrape(client, url=f"{site_url}/files/plain.txt")
    assert data["markdown"] == "plain text line one\nline two"


def test_pdf_without_parsers_is_base64_and_a_broken_one_is_422_with_the_parser(
    client: httpx.Client, site_url: str
) -> None:
    url = f"{site_url}/files/doc.pdf"  # a header and an end marker, nothing between
    data = scrape(client, url=url, parsers=[])
    assert base64.b64decode(data["markdown"]).startswith(b"%PDF-1.4")
    resp = client.post("/v2/scrape", json={"url": url})
    assert resp.status_code == 422 and resp.json()["code"] == "SCRAPE_PDF_ERROR"


def test_attributes_format(client: httpx.Client, site_url: str) -> None:
    selectors = [
        {"selector": "img", "attribute": "alt"},
        {"selector": "nav a", "attribute": "href"},
    ]
    data = scrape(
        client,
        url=f"{site_url}/articles/tomatoes",
        formats=[{"type": "attributes", "selectors": selectors}],
    )
    assert data["attributes"][0]["values"] == ["A tomato plant", "pixel dot"]
    assert data["attributes"][1]["values"] == ["/articles/one", "/articles/two"]


def test_many_formats_at_once(client: httpx.Client, site_url: str) -> None:
    data = scrape(
        client, url=f"{site_url}/articles/tomatoes",
        formats=["markdown", "html", "rawHtml", "links", {"type": "images"}],
    )  # fmt: skip
    assert set(data) == {"markdown", "html", "rawHtml", "links", "images", "metadata"}


def test_sdk_default_keys_are_accepted(client: httpx.Client, site_url: str) -> None:
    data = scrape(
        client, url=f"{site_url}/articles/tomatoes", formats=["markdown"],
        onlyMainContent=True, mobile=False, skipTlsVerification=True, removeBase64Images=True,
        fastMode=False, blockAds=True, maxAge=14_400_000, storeInCache=True,
        origin="python-sdk@4", integration="tests", checkPromptInjection=False, proxy="auto",
        zeroDataRetention=False, parsers=["pdf"], location={"country": "US"},
        auditMetadata={"username": "ada"}, threatProtection={"mode": "manual-only"},
    )  # fmt: skip
    assert data["markdown"].startswith("# Growing Tomatoes")


def test_threat_protection_lists(client: httpx.Client, site_url: str) -> None:
    url = f"{site_url}/articles/tomatoes"
    resp = client.post(
        "/v2/scrape", json={"url": url, "threatProtection": {"blacklist": ["127.0.0.*"]}}
    )
    assert resp.status_code == 403 and resp.json()["code"] == "SCRAPE_BLOCKED_URL"
    ok = client.post(
        "/v2/scrape",
        json={"url": url, "threatProtection": {"blacklist": ["*"], "whitelist": ["127.0.0.1"]}},
    )
    assert ok.status_code == 200


def test_health(client: httpx.Client) -> None:
    resp = httpx.get(f"{client.base_url}/health")
    assert resp.status_code == 200 and resp.json()["status"] == "ok"


def test_exclusions_apply_inside_the_main_content(client: httpx.Client, site_url: str) -> None:
    url = f"{site_url}/articles/tomatoes"
    md = scrape(client, url=url, excludeTags=["table", "ol > li:first-child"])["markdown"]
    assert md.startswith("# Growing Tomatoes")  # detection still finds the article
    assert "Perlite" not in md and "Third step" not in md
    assert "Fourth step" in md and "## Containers" in md


def test_inclusions_select_before_detection(client: httpx.Client, site_url: str) -> None:
    url = f"{site_url}/articles/tomatoes"
    md = scrape(client, url=url, includeTags=["h1", "aside"], onlyMainContent=True)["markdown"]
    # The sidebar is boilerplate to detection, but the caller asked for it: the selection wins.
    assert "Growing Tomatoes" in md and "SIDEBAR_PEPPERS" in md
    assert "Containers" not in md
    md = scrape(client, url=url, includeTags=["main"], excludeTags=["pre"])["markdown"]
    assert "Containers" in md and "def water" not in md and "NAV_LINK_ONE" not in md
