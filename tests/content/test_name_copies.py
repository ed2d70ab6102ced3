"""A copy of the product's name with its price away from the <h1> (a mobile header, a
purchase bar whose class does not say sticky) goes on product pages."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.commerce_noise import PRODUCT_MARK
from webdata.content.dom import measuring
from webdata.content.name_copies import name_copy_removals

URL = "https://shop.example.com/products/summit-fire-pit"
HEAD = '<meta property="og:type" content="product">'
TEXT = "A smokeless fire pit with a quick-strike cone and a tall, bright flame for groups. " * 4


def test_name_and_price_copy_removed() -> None:
    body = (
        "<main><div class='x1'><h1>Summit Fire Pit</h1><span>€549.99</span></div>"
        f"<p>{TEXT}</p><div class='x2'><span>Summit Fire Pit</span> <b>€549.99</b>"
        "<button class='x3'>Buy</button></div></main>"
    )
    md = page_markdown(body, URL, head=HEAD)
    assert md.count("Summit Fire Pit") == 1 and md.count("549.99") == 1
    assert "# Summit Fire Pit" in md and "quick-strike cone" in md


def test_name_without_price_kept() -> None:
    body = (
        f"<main><h1>Summit Fire Pit</h1><p>{TEXT}</p>"
        "<h2>Why the Summit Fire Pit burns clean</h2><p>Secondary combustion.</p></main>"
    )
    md = page_markdown(body, URL, head=HEAD)
    assert "Why the Summit Fire Pit burns clean" in md


def test_linear_on_big_pages() -> None:
    copies = "<div><span>Summit Fire Pit</span> <b>€549.99</b></div>" * 4000
    main = f"<main><h1>Summit Fire Pit</h1>{copies}</main>"
    html = f"<html {PRODUCT_MARK}=''><body>{main}</body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.perf_counter()
    with measuring():
        assert len(name_copy_removals(body)) == 4000
    assert time.perf_counter() - start < 1
