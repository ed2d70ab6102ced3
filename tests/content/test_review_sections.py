"""Customers' reviews headed only "Reviews" go on product pages when their text says what
only customers' reviews say (a rating out of 5, a verified buyer, a review's age); the
press's quotes under a bare "Reviews" heading stay."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.commerce_noise import PRODUCT_MARK
from webdata.content.dom import measuring
from webdata.content.review_sections import _LABEL, _SIGNALS, review_section_removals

URL = "https://shop.example.com/products/linen-tee"
HEAD = '<meta property="og:type" content="product">'
TEXT = "A boxy tee in washed linen, cut long with dropped shoulders and a rolled hem. " * 3
REVIEWS = (
    "<div class='q1'><h2>Reviews</h2><div class='q2'><p>Based on 407 reviews</p>"
    "<p>81% of customers would recommend this</p></div>"
    "<div class='q3'><p>Anna</p><p>Verified buyer</p><p>8 days ago</p><h3>Wrong size</h3>"
    "<p>The neck was far too small and the fabric felt thin after one wash.</p></div></div>"
)
PRESS = (
    "<div class='q1'><h2>Reviews</h2><p>\"A gripping, beautifully made shirt.\" The Daily "
    'Paper</p><p>"The linen tee to beat this summer." Style Weekly</p></div>'
)


def test_customer_reviews_removed() -> None:
    md = page_markdown(f"<main><h1>Linen Tee</h1><p>{TEXT}</p>{REVIEWS}</main>", URL, head=HEAD)
    assert "dropped shoulders" in md
    assert "Verified buyer" not in md and "far too small" not in md and "Reviews" not in md


def test_press_quotes_kept() -> None:
    md = page_markdown(f"<main><h1>Linen Tee</h1><p>{TEXT}</p>{PRESS}</main>", URL, head=HEAD)
    assert "Style Weekly" in md and "## Reviews" in md


def test_not_on_other_pages() -> None:
    html = f"<html><body><main><h1>Linen Tee</h1><p>{TEXT}</p>{REVIEWS}</main></body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    with measuring():
        assert review_section_removals(body, len(body.text())) == []


def test_regexes_on_hostile_input() -> None:
    junk = ("5 out of " * 5000 + "1,2." * 10000 + " ago" * 5000)[:100_000]
    start = time.perf_counter()
    _LABEL.match("Reviews (" + "1," * 50000)
    list(_SIGNALS.finditer(junk))
    assert time.perf_counter() - start < 0.1


def test_linear_on_big_pages() -> None:
    main = f"<main><h1>Linen Tee</h1><p>{TEXT * 100}</p>{REVIEWS * 4000}</main>"
    html = f"<html {PRODUCT_MARK}=''><body>{main}</body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.perf_counter()
    with measuring():
        review_section_removals(body, len(body.text()))
    assert time.perf_counter() - start < 1
