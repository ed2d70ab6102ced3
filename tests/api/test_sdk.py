"""The official firecrawl-py SDK, unchanged, pointed at webdata: the same cases as over HTTP."""

from __future__ import annotations

import pytest
from firecrawl import Firecrawl
from firecrawl.v2.types import Location, PDFParser
from firecrawl.v2.utils.error_handler import (
    BadRequestError,
    FirecrawlError,
    RequestTimeoutError,
    UnauthorizedError,
    WebsiteNotSupportedError,
)

from tests.conftest import RunningApi


def test_scrape_markdown(firecrawl: Firecrawl, site_url: str) -> None:
    doc = firecrawl.scrape(f"{site_url}/articles/tomatoes")
    assert doc.markdown is not None and doc.markdown.startswith("# Growing Tomatoes")
    assert doc.html is None and doc.links is None
    meta = doc.metadata_typed
    assert meta.title == "Growing Tomatoes on a Balcony"
    assert meta.og_locale_alternate == ["fr_FR", "de_DE"]
    extra = doc.metadata_dict
    assert extra["source_url"] == f"{site_url}/articles/tomatoes"
    assert extra["status_code"] == 200
    assert extra["credits_used"] == 1


def test_scrape_every_implemented_format(firecrawl: Firecrawl, site_url: str) -> None:
    doc = firecrawl.scrape(
        f"{site_url}/articles/tomatoes",
        formats=["markdown", "html", "raw_html", "links", "images"],
        only_main_content=False,
        include_tags=["main", "nav"],
        exclude_tags=["pre"],
        timeout=20_000,
        mobile=True,
        skip_tls_verification=True,
        remove_base64_images=True,
        block_ads=True,
        proxy="auto",
        max_age=0,
        store_in_cache=False,
        location=Location(country="GB", languages=["en-GB"]),
        headers={"X-From": "sdk"},
        parsers=[PDFParser(max_pages=5)],
        integration="tests",
    )
    assert doc.markdown and "NAV_LINK_ONE" in doc.markdown and "def water" not in doc.markdown
    assert doc.html and "<script" not in doc.html
    assert doc.raw_html and "SCRIPT_SHOULD_NOT_APPEAR" in doc.raw_html
    assert doc.links and all(link.startswith("http") for link in doc.links)
    assert doc.images and f"{site_url}/img/plant-large.jpg" in doc.images


def test_redirect_and_status(firecrawl: Firecrawl, site_url: str) -> None:
    doc = firecrawl.scrape(f"{site_url}/articles/moved", formats=["markdown"])
    assert doc.metadata_typed.url == f"{site_url}/articles/tomatoes"
    missing = firecrawl.scrape(f"{site_url}/articles/missing")
    assert missing.metadata_dict["status_code"] == 404


def test_invalid_url_raises_bad_request(firecrawl: Firecrawl) -> None:
    with pytest.raises(BadRequestError, match="Invalid URL"):
        firecrawl.scrape("ftp://example.com/file")


def test_invalid_option_raises_bad_request(firecrawl: Firecrawl, site_url: str) -> None:
    with pytest.raises(BadRequestError, match="Bad Request"):
        firecrawl.scrape(f"{site_url}/articles/tomatoes", location=Location(country="usa"))


def test_wrong_key_raises_unauthorized(api: RunningApi, site_url: str) -> None:
    client = Firecrawl(api_key="wd-not-a-real-key", api_url=api.url, max_retries=1)
    with pytest.raises(UnauthorizedError, match="Invalid token"):
        client.scrape(f"{site_url}/articles/tomatoes")


def test_timeout_raises_request_timeout(firecrawl: Firecrawl, site_url: str) -> None:
    with pytest.raises(RequestTimeoutError):
        firecrawl.scrape(f"{site_url}/articles/slow?seconds=4", timeout=1000)


def test_unbuilt_option_is_a_clear_error(firecrawl: Firecrawl, site_url: str) -> None:
    with pytest.raises(FirecrawlError, match="useMock"):
        firecrawl.scrape(f"{site_url}/articles/tomatoes", use_mock="recording-1")


def test_private_network_block_is_website_not_supported(tmp_path, site_url: str) -> None:  # type: ignore[no-untyped-def]
    from tests.conftest import start_api

    for running in start_api(tmp_path, allow_private_networks=False):
        client = Firecrawl(api_key=running.key, api_url=running.url, max_retries=1)
        with pytest.raises(WebsiteNotSupportedError):
            client.scrape(f"{site_url}/articles/tomatoes")


async def test_async_client(api: RunningApi, site_url: str) -> None:
    from firecrawl import AsyncFirecrawl

    client = AsyncFirecrawl(api_key=api.key, api_url=api.url)
    doc = await client.scrape(f"{site_url}/articles/tomatoes", formats=["markdown", "links"])
    assert doc.markdown and doc.links


def test_branding_through_the_sdk(firecrawl: Firecrawl, site_url: str) -> None:
    doc = firecrawl.scrape(f"{site_url}/branding/light", formats=["branding"], max_age=0)
    assert doc.branding is not None
    profile = doc.branding.model_dump(by_alias=True, exclude_none=True)
    assert profile["colors"]["primary"] == "#16a34a"
    assert profile["images"]["favicon"].startswith(site_url)
