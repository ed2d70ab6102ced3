"""The branding format in a real browser over real HTTP: the rendered fixture pages
(``tests/site/pages_branding.py``) give the exact profile their CSS states."""

from __future__ import annotations

import base64
from collections.abc import AsyncIterator
from typing import Any

import pytest
from firecrawl.v2.types import BrandingProfile

from webdata.config import Settings
from webdata.contract import ScrapeRequest
from webdata.engines.base import Fetched, FetchRequest
from webdata.engines.browser import BrowserEngine, PageTask
from webdata.extract.branding import branding_profile
from webdata.scrape.branding_format import branding_field
from webdata.scrape.browser_task import needs_browser, page_task
from webdata.scrape.context import ScrapeContext

BRANDING = PageTask(branding=True)


@pytest.fixture(scope="module")
async def engine(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[BrowserEngine]:
    settings = Settings(data_dir=tmp_path_factory.mktemp("branding"), allow_private_networks=True)
    eng = BrowserEngine(settings)
    yield eng
    await eng.close()


async def fetch(engine: BrowserEngine, url: str, task: PageTask = BRANDING) -> Fetched:
    return await engine.fetch(
        FetchRequest(url=url, timeout_s=20, allow_private_networks=True), task
    )


async def profile_of(engine: BrowserEngine, url: str) -> dict[str, Any]:
    fetched = await fetch(engine, url)
    assert fetched.branding is not None
    profile = branding_profile(fetched.branding, fetched.url)
    BrandingProfile.model_validate(profile)
    return profile


async def test_light_page_profile(engine: BrowserEngine, site_url: str) -> None:
    profile = await profile_of(engine, f"{site_url}/branding/light")
    static = f"{site_url}/branding/static"
    assert profile["colorScheme"] == "light"
    assert profile["colors"] == {
        "primary": "#16a34a",
        "secondary": "#7c3aed",
        "accent": "#f59e0b",
        "background": "#fafaf9",
        "textPrimary": "#1c1917",
        "textSecondary": "#57534e",
        "link": "#0e7490",
        "success": "#15803d",
        "warning": "#b45309",
        "error": "#dc2626",
    }
    assert profile["fonts"] == [
        {"family": "Trebuchet MS"},
        {"family": "Georgia"},
        {"family": "Courier New"},
    ]
    assert profile["typography"] == {
        "fontFamilies": {"primary": "Trebuchet MS", "heading": "Georgia", "code": "Courier New"},
        "fontSizes": {"h1": "40px", "h2": "28px", "h3": "20px", "body": "16px"},
        "fontWeights": {"light": 300, "regular": 400, "medium": 500, "bold": 700},
        "lineHeights": {"heading": "1.2", "body": "1.5"},
    }
    spacing = profile["spacing"]
    assert (spacing["baseUnit"], spacing["borderRadius"]) == (8, "8px")
    assert spacing["padding"]["button"] == spacing["padding"]["input"] == "8px 16px"
    # `margin: auto` centering (160px each side of <main>) is not a spacing step.
    assert "160px" not in spacing["margins"]["common"]
    assert profile["components"] == {
        "buttonPrimary": {"background": "#16a34a", "textColor": "#ffffff", "borderRadius": "8px"},
        "buttonSecondary": {
            "background": "transparent",
            "textColor": "#7c3aed",
            "borderColor": "#7c3aed",
            "borderRadius": "8px",
        },
        "input": {
            "background": "#ffffff",
            "textColor": "#1c1917",
            "borderColor": "#d6d3d1",
            "borderWidth": "1px",
            "borderRadius": "6px",
            "padding": "8px 16px",
            "fontSize": "16px",
        },
    }
    # The header logo, not the menu icon or a partner's logo further down.
    assert profile["logo"] == f"{static}/acme-logo.svg"
    assert profile["images"] == {
        "logo": f"{static}/acme-logo.svg",
        "favicon": f"{static}/favicon.png",
        "ogImage": f"{static}/og.png",
    }


async def test_dark_page_profile(engine: BrowserEngine, site_url: str) -> None:
    profile = await profile_of(engine, f"{site_url}/branding/dark")
    assert profile["colorScheme"] == "dark"
    assert profile["colors"] == {
        "primary": "#38bdf8",
        # The secondary button is slate (not a brand color): the pink links are next.
        "secondary": "#f472b6",
        "background": "#0f172a",
        "textPrimary": "#e2e8f0",
        "textSecondary": "#94a3b8",
        "link": "#f472b6",
    }
    assert profile["fonts"] == [{"family": "Verdana"}]
    assert profile["typography"]["fontSizes"] == {"h1": "48px", "body": "15px"}
    assert profile["typography"]["lineHeights"] == {"heading": "1.1", "body": "1.6"}
    assert profile["components"] == {
        "buttonPrimary": {"background": "#38bdf8", "textColor": "#0f172a", "borderRadius": "12px"},
        "buttonSecondary": {
            "background": "#1e293b",
            "textColor": "#e2e8f0",
            "borderColor": "#334155",
            "borderRadius": "12px",
        },
    }
    assert profile["spacing"]["borderRadius"] == "12px"
    # The inline SVG logo travels as a data URL of its markup.
    logo = profile["logo"]
    assert logo is not None and logo.startswith("data:image/svg+xml;base64,")
    svg = base64.b64decode(logo.split(",", 1)[1]).decode()
    assert svg.startswith("<svg") and 'fill="#38bdf8"' in svg
    assert profile["images"] == {"logo": logo, "favicon": None, "ogImage": None}


async def test_wrapper_background_and_non_srgb_syntax(engine: BrowserEngine, site_url: str) -> None:
    profile = await profile_of(engine, f"{site_url}/branding/wrapper")
    # <body> is transparent: the full-page wrapper's color is the background.
    assert profile["colorScheme"] == "dark"
    assert profile["colors"] == {
        # `color(srgb 1 0.5 0)`, converted in the page.
        "primary": "#ff8000",
        "background": "#18181b",
        "textPrimary": "#fafafa",
        # rgba(250, 250, 250, 0.6) over #18181b.
        "textSecondary": "#a0a0a1",
    }
    assert profile["components"]["buttonPrimary"] == {
        "background": "#ff8000",
        "textColor": "#18181b",
        "borderRadius": "4px",
    }
    assert profile["logo"] is None


async def test_samples_only_when_asked_and_only_for_pages(
    engine: BrowserEngine, site_url: str
) -> None:
    plain = await fetch(engine, f"{site_url}/branding/light", PageTask())
    assert plain.branding is None
    image = await fetch(engine, f"{site_url}/branding/static/acme-logo.svg")
    assert image.content_type == "image/svg+xml" and image.branding is None


async def test_branding_field(engine: BrowserEngine, site_url: str) -> None:
    req = ScrapeRequest.model_validate({"url": f"{site_url}/branding/light", "formats": []})
    ctx = ScrapeContext(request=req)
    ctx.fetched = await fetch(engine, req.url)
    field = branding_field(ctx, None)
    assert field["branding"]["colors"]["primary"] == "#16a34a"
    BrandingProfile.model_validate(field["branding"])
    # An anti-bot wall is not the site's brand.
    ctx.blocked = "blocked"
    assert branding_field(ctx, None) == {"branding": None}
    ctx.blocked = None
    ctx.fetched = await fetch(engine, req.url, PageTask())
    assert branding_field(ctx, None) == {"branding": None}


def test_branding_needs_the_browser_and_asks_it_for_samples() -> None:
    branded = ScrapeRequest.model_validate({"url": "https://a.example/", "formats": ["branding"]})
    assert needs_browser(branded) and page_task(branded).branding
    plain = ScrapeRequest.model_validate({"url": "https://a.example/", "formats": ["markdown"]})
    assert not needs_browser(plain) and not page_task(plain).branding
