"""Build-generated class names (CSS modules, CSS-in-JS) are read by their component and local
names: ``NavBar-module_buttonHide__U8hs`` belongs to a nav bar; other tokens read as before."""

from __future__ import annotations

import time

import pytest

from tests.content.pages import page_markdown
from webdata.content.css_module_names import module_name_parts
from webdata.content.main_content import boilerplate_token

URL = "https://news.example.com/topic/car-rental"
PROSE = (
    "The county's rental agencies reported a busy summer, with most fleets booked out weeks "
    "ahead and prices rising for the third year in a row. "
)


@pytest.mark.parametrize(
    ("token", "parts"),
    [
        ("NavBar-module_buttonHide__U8hs", (("nav", "bar"), ("nav", "bar", "button", "hide"))),
        ("NavLink-module__link__EG3d4", (("nav", "link"), ("nav", "link", "link"))),
        ("grid-module__4pDFEa__smGuide", (("grid",), ("grid", "sm", "guide"))),
        ("Header_icon__1PMUk", (("header",), ("header", "icon"))),
        ("styles_mainMenu__ab1c2", (("main", "menu"),)),
        ("css-1x2y3z", ()),
        ("sc-a55f6282-6", ()),
        ("css-oi9nct-textDisplay", (("text", "display"),)),
        ("NavBar__Wrapper-sc-1x2y3z-0", (("nav", "bar"), ("nav", "bar", "wrapper"))),
    ],
)
def test_generated_names_are_read_by_parts(token: str, parts: tuple[tuple[str, ...], ...]) -> None:
    assert module_name_parts(token) == parts


@pytest.mark.parametrize(
    "token",
    ["site-header", "menu_item__active", "card__title", "TeamLink__Logo", "__cf_email__",
     "wt-grid__item-xs-6", "cdr-rating__star_15-1-0", "Nav__AccessibleMenuItem_Wrapper"],
)  # fmt: skip
def test_other_tokens_are_not_read_as_generated(token: str) -> None:
    assert module_name_parts(token) is None


def test_verdicts() -> None:
    assert boilerplate_token("NavBar-module_buttonHide__U8hs")
    assert boilerplate_token("Footer_link__x1Y2z")
    assert not boilerplate_token("Quote_socialLinks__mHOQv")  # a quote's links: quote-social-links
    assert not boilerplate_token("Products_price__ACYq_")
    assert not boilerplate_token("css-1x2y3z")


def test_a_box_inside_a_nav_bar_module_goes() -> None:
    md = page_markdown(
        f"<div class='page'><h1>Car Rental</h1><p>{PROSE * 4}</p>"
        "<div class='NavBar-module_weatherWrapper__vzvU'><span>Portland</span>"
        f"<span>Partly cloudy, 62 degrees</span></div><p>{PROSE * 3}</p></div>",
        URL,
    )
    assert "Partly cloudy" not in md and "busy summer" in md


def test_hostile_tokens_are_quick() -> None:
    start = time.perf_counter()
    for token in ("a_" * 50_000, "A-module_" + "b_" * 50_000 + "__", "css-" + "a-" * 50_000):
        module_name_parts(token)
        boilerplate_token(token)
    assert time.perf_counter() - start < 0.5
