"""Lines of a shop's widgets (rating summaries, carousel captions, timers, the fulfilment
chooser's notes, trust badges, a marketplace's seller stats) go on product pages."""

from __future__ import annotations

import re
import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.commerce_noise import PRODUCT_MARK
from webdata.content.dom import measuring
from webdata.content.shop_widgets import _LINE, shop_widget_removals

URL = "https://shop.example.com/products/stoneware-mug"
HEAD = '<meta property="og:type" content="product">'
TEXT = "A handmade stoneware mug with a folk art glaze, thrown on the wheel and fired twice. " * 4
WIDGETS = (
    "4.6 stars on 82 reviews",
    "5 out of 5 stars",
    "Recently viewed",
    "Frequently bought together",
    "Loading recommendations",
    "How do you want your item?",
    "This item is gift eligible",
    "1.1k sales",
    "10 years on Marketplace",
    "This seller usually responds within a few hours.",
    "Listed on Nov 29, 2025",
    "9 favorites",
    "SKU: AU4 Category: Reusable Cups Tag: reusable-cups",
    "You are now shopping in the currency AUD",
    "Protection Plan by Allstate",
    "Standard Delivery (4-7 Working Days)",
    "Express Delivery Available",
    "Try 30 days for just $1! Choose annual plan at checkout.",
    "You can only make an offer when buying a single item",
    "Sign in to add this item to your wishlist, follow it, or mark it as ignored",
    "Unlock Exclusive Rewards & Benefits Purchasing this product earns 176XP",
    "Current price is $179.00",
    "Regular price",
    "In stock and Shipping Now",
    "Order within 1 day 10 hours to have it shipped tomorrow.",
)


def _body() -> str:
    rows = "".join(f"<div class='x{i}'><span>{w}</span></div>" for i, w in enumerate(WIDGETS))
    timer = (
        "<div class='t'><div> <div> 05: </div> <div> Minutes </div> </div>"
        "<div> <div> 00 </div> <div> Seconds </div> </div></div>"
    )
    return f"<main><h1>Stoneware mug</h1><p>{TEXT}</p>{rows}{timer}<p>{TEXT}</p></main>"


def test_widget_lines_removed() -> None:
    md = page_markdown(_body(), URL, head=HEAD)
    for line in WIDGETS:
        assert line not in md
    assert "Minutes" not in md
    assert "folk art glaze" in md


def test_sentences_mentioning_them_kept() -> None:
    body = (
        f"<main><h1>Stoneware mug</h1><p>{TEXT}</p>"
        "<p>Recently viewed as a collector's piece, this mug sold 10 years on.</p></main>"
    )
    md = page_markdown(body, URL, head=HEAD)
    assert "Recently viewed as a collector" in md


def test_price_and_stock_lines_of_the_product_kept() -> None:
    body = (
        f"<main><h1>Stoneware mug</h1><p>{TEXT}</p><p><span>Price</span> <span>$40</span></p>"
        "<p>PRICE_TALK The sale price is set by the potter each season.</p>"
        "<p>STOCK_TALK In stock and shipping now from our studio in the hills, wrapped in "
        "paper.</p></main>"
    )
    md = page_markdown(body, URL, head=HEAD)
    for text in ("Price", "$40", "PRICE_TALK", "STOCK_TALK"):
        assert text in md, text


def test_line_pattern_does_not_backtrack_on_hostile_text() -> None:
    for text in (
        "order within " + "x " * 50_000,
        "in stock and shipping now " + "- " * 50_000 + "order within",
        "current price is " + "1," * 50_000,
        "order within" + " to" * 50_000,
    ):
        start = time.process_time()
        _LINE.match(text)
        assert time.process_time() - start < 0.5
    assert re.compile(_LINE.pattern, re.I).match("Original price was: $30.00")


def test_kept_off_product_pages() -> None:
    md = page_markdown(_body(), "https://example.com/blog/mugs")
    assert "Recently viewed" in md


def test_linear_on_big_pages() -> None:
    rows = "".join(f"<div><span>{WIDGETS[i % len(WIDGETS)]}</span></div>" for i in range(4000))
    html = f"<html {PRODUCT_MARK}=''><body><main><h1>Mug</h1>{rows}</main></body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.perf_counter()
    with measuring():  # (as onlyMainContent calls it: measures remembered)
        assert len({n.mem_id for n in shop_widget_removals(body)}) == 4000
    assert time.perf_counter() - start < 1
