"""The press's quotes under a "Reviews" heading stay on product pages even when the theme
calls the block ``reviews`` (which the shop rules remove); customers' reviews still go."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.commerce_noise import PRODUCT_MARK
from webdata.content.dom import measuring
from webdata.content.press_quotes import _LABEL, _QUOTE, keep_press_quotes

URL = "https://store.example.com/app/skyward-racers"
HEAD = '<meta property="og:type" content="product">'
TEXT = "Race gliders through storm fronts and canyons, and build your own tracks to share. " * 4
PRESS = (
    "<div class='reviews'><h2>Reviews</h2><p>\u201cThe most thrilling racer in years.\u201d<br>"
    "<a href='https://press.example.org/r/1'>Game Weekly</a><br><br>"
    "\u201cA sky full of surprises, and every lap different.\u201d<br>"
    "<a href='https://mag.example.net/r/2'>Pixel Review</a></p></div>"
)
CUSTOMERS = (
    "<div class='reviews'><h2>Reviews</h2><p>\u201cLoved every lap of it, truly.\u201d "
    "<a href='/u/1'>Ann</a> Verified buyer, 3 days ago</p>"
    "<p>\u201cToo short for the price, sadly.\u201d <a href='/u/2'>Bo</a> 4 out of 5</p></div>"
)


def test_press_quotes_kept() -> None:
    md = page_markdown(f"<main><h1>Skyward Racers</h1><p>{TEXT}</p>{PRESS}</main>", URL, head=HEAD)
    assert "The most thrilling racer in years" in md and "Pixel Review" in md


def test_customer_reviews_still_removed() -> None:
    body = f"<main><h1>Skyward Racers</h1><p>{TEXT}</p>{CUSTOMERS}</main>"
    md = page_markdown(body, URL, head=HEAD)
    assert "Loved every lap" not in md


def _kept(html: str) -> bool:
    body = LexborHTMLParser(html).body
    assert body is not None
    block = body.css_first("div")
    assert block is not None
    with measuring():
        return keep_press_quotes(body, [block]) == []


def test_only_on_product_pages() -> None:
    assert not _kept(f"<html><body>{PRESS}</body></html>")
    assert _kept(f"<html {PRODUCT_MARK}=''><body>{PRESS}</body></html>")


def test_regexes_on_hostile_input() -> None:
    junk = ("\u201c" + "a" * 300 + '" ' + "\u201c" * 50)[:1000] * 100
    start = time.perf_counter()
    _QUOTE.findall(junk)
    _LABEL.match("Press " * 20000)
    assert time.perf_counter() - start < 0.1


def test_linear_on_big_pages() -> None:
    html = f"<html {PRODUCT_MARK}=''><body><main><h1>S</h1>{PRESS * 4000}</main></body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.perf_counter()
    with measuring():
        found = body.css("div.reviews")
        assert keep_press_quotes(body, found) == []
    assert time.perf_counter() - start < 1
