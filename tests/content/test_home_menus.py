"""onlyMainContent on listings: the site's menu (short links, one of them home) goes; the
items and a directory of other sites stay."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://electricians.example.com/coupons/"
MENU = (
    "<div><div>MENU</div><ul><li><a href='https://electricians.example.com/'>Home</a></li>"
    "<li><a href='https://electricians.example.com/services/'>Services</a></li>"
    "<li><a href='https://electricians.example.com/about/'>About Us</a></li>"
    "<li><a href='https://electricians.example.com/careers/'>Careers</a></li>"
    "<li><a href='https://electricians.example.com/contact/'>Contact</a></li></ul></div>"
)


def markdown(body: str) -> str:
    return html_markdown(f"<html><head><title>T</title></head><body>{body}</body></html>", URL)


def items() -> str:
    return "".join(
        f"<li><a href='/coupons/{i}/'>Coupon {i}: ten percent off any panel upgrade</a>"
        f"<p>Valid on work booked before June, number {i}.</p></li>"
        for i in range(8)
    )


def test_the_sites_menu_below_a_listing_goes() -> None:
    md = markdown(f"<div><h1>Coupons</h1><ul>{items()}</ul>{MENU}</div>")
    assert "Coupon 7: ten percent off any panel upgrade" in md
    assert "Careers" not in md


def test_a_directory_of_other_sites_stays() -> None:
    sites = "".join(
        f"<li><a href='https://shop{i}.example.org/'>Shop {i}</a></li>" for i in range(6)
    )
    md = markdown(f"<div><h1>Coupons</h1><ul>{items()}</ul><ul>{sites}</ul></div>")
    assert "Shop 5" in md


DOCS_URL = "https://docs.example.org/en/latest/orm/quickstart.html"
DOCS_TEXT = (
    "<p>DOCS_TEXT For new users who want to see what basic use looks like, here is an "
    "abbreviated form of the mappings and examples used in the tutorial.</p>"
)


def docs_markdown(bar: str) -> str:
    return html_markdown(
        f"<html><head><title>T</title></head><body><div><h1>Quick Start</h1>{DOCS_TEXT}{bar}"
        f"{DOCS_TEXT * 2}</div></body></html>",
        DOCS_URL,
    )


def test_a_short_bar_led_by_a_home_link_goes() -> None:
    for bar in (
        "<p><a href='../index.html'>Home</a> | "
        "<a href='/x.zip'>Download this Documentation</a></p>",
        "<ol><li><a href='../../index.html'>Homepage</a></li><li><a href='../guides/'>Guides</a>"
        "</li><li>Install</li></ol>",
    ):
        md = docs_markdown(bar)
        assert "DOCS_TEXT" in md
        assert "Download this" not in md and "Guides" not in md and "Home" not in md


def test_a_sentence_with_a_home_link_stays() -> None:
    line = (
        "<p>HOME_LINE Go back to the <a href='../index.html'>Home</a> page, or read "
        "<a href='../tutorial.html'>the tutorial</a>.</p>"
    )
    md = docs_markdown(line)
    assert "HOME_LINE Go back to the" in md


def test_home_bars_are_found_in_linear_time() -> None:
    import time

    from selectolax.lexbor import LexborHTMLParser

    from webdata.content.dom import measuring
    from webdata.content.home_menus import _HOME_TEXT, home_menu_removals

    bar = "<p><a href='../index.html'>Home</a> | <a href='/x.zip'>Download</a></p>"
    filler = "<p>Home cooking, at home: <a href='/r'>recipes</a> for the whole home.</p>"
    body = LexborHTMLParser(f"<html><body>{(bar + filler) * 3000}</body></html>").body
    assert body is not None
    start = time.process_time()
    with measuring():
        found = home_menu_removals(body, 10**9)
    assert len(found) == 3000
    assert time.process_time() - start < 2
    start = time.process_time()
    assert _HOME_TEXT.match("home " + " " * 50_000 + "x") is None
    assert time.process_time() - start < 0.5
