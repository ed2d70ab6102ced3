"""Screenshots and actions through the official firecrawl-py SDK, unchanged."""

from __future__ import annotations

import httpx
import pytest
from firecrawl import Firecrawl
from firecrawl.v2.types import (
    ClickAction,
    ExecuteJavascriptAction,
    PDFAction,
    ScrapeAction,
    ScreenshotAction,
    ScreenshotFormat,
    WaitAction,
    WriteAction,
)
from firecrawl.v2.utils.error_handler import FirecrawlError

from tests.browser.test_browser_scrape import PNG_SIGNATURE
from tests.conftest import RunningApi


@pytest.fixture()
def sdk(browser_api: RunningApi) -> Firecrawl:
    return Firecrawl(api_key=browser_api.key, api_url=browser_api.url, max_retries=1)


def test_screenshot_format(sdk: Firecrawl, site_url: str) -> None:
    doc = sdk.scrape(f"{site_url}/browser/spa", formats=["markdown", "screenshot"])
    assert doc.screenshot and httpx.get(doc.screenshot).content[:8] == PNG_SIGNATURE
    assert doc.markdown and "SPA_RENDERED_MARKER" in doc.markdown
    full = sdk.scrape(
        f"{site_url}/browser/actions", formats=[ScreenshotFormat(full_page=True, quality=50)]
    )
    assert full.screenshot and httpx.get(full.screenshot).content[:2] == b"\xff\xd8"


def test_actions(sdk: Firecrawl, site_url: str) -> None:
    doc = sdk.scrape(
        f"{site_url}/browser/actions",
        formats=["markdown"],
        actions=[
            WaitAction(selector="#q"),
            ClickAction(selector="#q"),
            WriteAction(text="thyme"),
            ScreenshotAction(),
            ScrapeAction(),
            ExecuteJavascriptAction(script="document.querySelector('#typed').textContent"),
            PDFAction(format="A4"),
        ],
        wait_for=10,
    )
    assert doc.markdown and "typed: thyme" in doc.markdown
    actions = doc.actions
    assert actions is not None
    assert actions["javascriptReturns"] == [{"type": "string", "value": "typed: thyme"}]
    assert len(actions["screenshots"]) == 1 and len(actions["pdfs"]) == 1
    assert actions["scrapes"][0]["url"] == f"{site_url}/browser/actions"
    assert httpx.get(actions["pdfs"][0]).content[:5] == b"%PDF-"


def test_failing_action(sdk: Firecrawl, site_url: str) -> None:
    with pytest.raises(FirecrawlError, match=r"Action 0 \(click on selector '#absent'\)"):
        sdk.scrape(f"{site_url}/browser/actions", actions=[ClickAction(selector="#absent")])
