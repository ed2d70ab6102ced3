"""onlyMainContent: the few lines above the main block's headline (kicker, date, promo bar,
site banner) go; much text above it is content and stays."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://news.example.com/story"
PROSE = (
    "<p>" + "The council met on Tuesday to discuss the new budget for the harbour. " * 12 + "</p>"
)


def markdown(body: str) -> str:
    return html_markdown(f"<html><head><title>T</title></head><body>{body}</body></html>", URL)


def test_a_kicker_and_a_promo_bar_above_the_headline_go() -> None:
    md = markdown(
        "<main><div><span>Opinion</span></div><div><p>Storewide sale: use code SAVE12</p></div>"
        f"<div><h1>Harbour budget approved</h1><p>March 3, 2026</p></div>{PROSE}</main>"
    )
    assert "Harbour budget approved" in md
    assert "council met on Tuesday" in md
    assert "Opinion" not in md
    assert "SAVE12" not in md


def test_much_text_above_the_headline_stays() -> None:
    intro = "<p>" + "A long question about the harbour and its budget, asked twice. " * 12 + "</p>"
    md = markdown(f"<main>{intro}<h1>Harbour budget approved</h1>{PROSE}</main>")
    assert "A long question about the harbour" in md


def test_a_promo_box_beside_the_site_menu_above_the_headline_goes() -> None:
    menu = (
        "<ul>"
        + "".join(f'<li><a href="/s{i}">Section number {i}</a></li>' for i in range(30))
        + "</ul>"
    )
    promo = (
        "<div><h2>Limited time</h2><h2>Tired of budgets that never add up?</h2>"
        "<p>Personal coaching built for your town. Join thousands of readers.</p></div>"
    )
    md = markdown(
        f"<div>{menu}</div><div>{promo}</div><div><h1>Harbour budget approved</h1>{PROSE * 3}</div>"
    )
    assert "Limited time" not in md
    assert "Personal coaching" not in md
    assert "council met on Tuesday" in md


def test_a_long_list_of_links_above_a_headline_at_its_foot_stays() -> None:
    items = "".join(f'<li><a href="/p{i}">Product number {i}</a> fine oak</li>' for i in range(40))
    md = markdown(f"<main><ul>{items}</ul><h1>Oak chess pieces</h1><p>Some words.</p></main>")
    assert "Product number 39" in md
