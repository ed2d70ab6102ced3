"""Tooltips (role=tooltip, a <tool-tip> custom element on a product page) go."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.commerce_noise import PRODUCT_MARK
from webdata.content.tooltips import tooltip_removals

URL = "https://shop.example.com/products/open-back-headphones"
HEAD = '<meta property="og:type" content="product">'
TEXT = "Open-back planar magnetic headphones with a wide soundstage and low distortion. " * 4
TIP = "Open-back designs are often higher-performance but have poor noise isolation."


def test_custom_tooltip_removed_on_product_page() -> None:
    body = (
        f"<main><h1>Open-back headphones</h1><p>{TEXT}</p>"
        f"<h4 class='x1'>Cup style <tool-tip class='x2'><span>More information</span>"
        f"<div class='x3'>{TIP}</div></tool-tip></h4><p>Open-Back</p></main>"
    )
    md = page_markdown(body, URL, head=HEAD)
    assert "poor noise isolation" not in md and "More information" not in md
    assert "Cup style" in md and "planar magnetic" in md


def test_role_tooltip_removed() -> None:
    body = (
        f"<main><h1>Guide</h1><p>{TEXT}</p><p class='x1'>Theme "
        "<span role='tooltip'>Change the appearance settings of this page</span></p>"
        f"<p>{TEXT}</p></main>"
    )
    md = page_markdown(body, "https://example.com/guide")
    assert "appearance settings" not in md


def test_long_tooltip_kept() -> None:
    body = f"<main><h1>Guide</h1><p>{TEXT}</p><div role='tooltip'>{TEXT * 3}</div></main>"
    md = page_markdown(body, "https://example.com/guide")
    assert md.count("planar magnetic") > 4


def test_linear_on_big_pages() -> None:
    tips = f"<p>Spec <tool-tip><span>More information</span>{TIP}</tool-tip></p>" * 4000
    html = f"<html {PRODUCT_MARK}=''><body><main><h1>Phones</h1>{tips}</main></body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.perf_counter()
    assert len(tooltip_removals(body)) == 4000
    assert time.perf_counter() - start < 1
