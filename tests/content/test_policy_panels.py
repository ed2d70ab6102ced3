"""Collapsed panels of the shop's shipping and returns terms go on product pages, found by
their label and their words; open sections, listing fields and other pages' panels stay."""

from __future__ import annotations

import re
import time

from tests.content.pages import page_markdown
from webdata.content.policy_panels import _TERMS

URL = "https://shop.example.com/products/linen-shirt"
PRODUCT = "<meta property='og:type' content='product'>"
DESCRIPTION = (
    "DESCRIPTION_TEXT A relaxed shirt cut from washed European linen, with a soft collar, "
    "mother-of-pearl buttons and a curved hem that works tucked or untucked. "
)


def body(extra: str) -> str:
    return (
        "<main><div class='h9a1'><h1>Linen Shirt</h1><p>PRICE_TEXT $88</p>"
        f"<p>{DESCRIPTION * 3}</p>{extra}</div></main>"
    )


TERMS = (
    "<div class='h1b2'><div class='h3c4'>Shipping and Returns</div>"
    "<div class='h5d6' style='display: none'><p>TERMS_SHIP We ship nationwide. Orders "
    "received by 2pm are dispatched the same day.</p><p>Returns are accepted within 30 days "
    "for an exchange or a refund.</p></div></div>"
    "<div><button aria-expanded='false' aria-controls='gone'>Shipping, Returns &amp; "
    "Warranty</button><div><p>TERMS_BUTTON Free shipping on orders over $125. Free 30-day "
    "returns on any order.</p></div></div>"
)


def test_collapsed_terms_panels_go_on_product_pages_only() -> None:
    md = page_markdown(body(TERMS), URL, head=PRODUCT)
    assert "TERMS_SHIP" not in md and "TERMS_BUTTON" not in md
    assert "DESCRIPTION_TEXT" in md and "PRICE_TEXT" in md
    md = page_markdown(body(TERMS), URL)
    assert "TERMS_SHIP" in md and "TERMS_BUTTON" in md


def test_open_sections_fields_and_panels_of_other_words_stay() -> None:
    kept = (
        # an open "Delivery" section: the page's own text on some shops
        "<div><h3>Delivery</h3><div><p>OPEN_DELIVERY Standard delivery Sat 7 Mar, shipped "
        "by the brand; free returns within 30 days of your order.</p></div></div>"
        # a listing's field and its value
        "<div><div>Returns:</div><div style='display:none'>FIELD_RETURNS 30 days returns. "
        "Buyer pays for return shipping on this order.</div></div>"
        # a collapsed panel under another label
        "<div><button aria-expanded='false'>Care</button><div>CARE_TEXT Wash cold, ship it "
        "back to us for repairs: orders, returns and refunds are handled by email.</div></div>"
        # a collapsed terms label over a panel not about terms
        "<div><button aria-expanded='false'>Delivery</button><div>BOX_TEXT In the box: the "
        "shirt, a spare button and a cotton bag.</div></div>"
    )
    md = page_markdown(body(kept), URL, head=PRODUCT)
    for text in ("OPEN_DELIVERY", "FIELD_RETURNS", "CARE_TEXT", "BOX_TEXT"):
        assert text in md, text


def test_linear_time_on_a_large_page() -> None:
    panels = "".join(
        f"<div><button aria-expanded='false'>Shipping</button><div><p>Orders ship in {i} "
        "days; returns and refunds within 30 days.</p></div></div>"
        f"<p>Paragraph {i} of the product's long story, its fabric and its making.</p>"
        for i in range(3000)
    )
    start = time.process_time()
    md = page_markdown(body(panels), URL, head=PRODUCT)
    assert time.process_time() - start < 2.0
    assert "Paragraph 2999" in md and "ship in 2999" not in md


def test_the_terms_pattern_does_not_backtrack_on_hostile_text() -> None:
    for text in ("business " * 50_000 + "day", "ship" * 50_000, "order" + "s" * 100_000):
        start = time.process_time()
        _TERMS.findall(text)
        assert time.process_time() - start < 0.5
    assert re.compile(_TERMS.pattern, re.I).search("Orders are dispatched daily")


def test_hidden_chunks_and_short_open_rates_under_a_bare_label_go() -> None:
    gone = (
        # the terms cut into hidden chunks after a label's wrapper
        "<div class='h11'><span>Returns</span><div class='h12'></div></div>"
        "<div class='h13' style='display:none'>CHUNK_ONE Not happy? Return the items for an "
        "exchange.</div>"
        "<div class='h14' style='display:none'>CHUNK_TWO All returns within 30 days, see our "
        "<a href='/returns'>returns</a> page.</div>"
        # an open line of rates under a bare label (a theme's class hides it)
        "<span class='h15'>Shipping</span><div class='h16'><p><b>Domestic shipping:</b> "
        "RATES_LINE Standard $8, Express $12. Free shipping on orders over $100, "
        "international shipping at checkout. Orders dispatched within a day.</p></div>"
    )
    md = page_markdown(body(gone), URL, head=PRODUCT)
    for text in ("CHUNK_ONE", "CHUNK_TWO", "RATES_LINE"):
        assert text not in md, text
    assert "DESCRIPTION_TEXT" in md and "PRICE_TEXT" in md


def test_open_lines_thin_in_terms_or_long_stay() -> None:
    kept = (
        # an open delivery line with few terms: the listing's own dates
        "<span>Delivery</span><div><p>OPEN_DATES Estimated between Mon 9 and Thu 12 March, "
        "shipped by the maker.</p></div>"
        # a long open section about shipping: the page's own text
        "<div>Shipping</div><div><p>LONG_SHIPPING Orders ship from our workshop. "
        + "We pack every order by hand, ship it in recycled boxes and deliver it with care. "
        * 5
        + "</p></div>"
        # a shown element after a hidden chunk ends the run
        "<div><div>Returns</div><div style='display:none'>Returns and refunds within 30 days "
        "of your order, exchanges free.</div><div>SHOWN_AFTER The fabric is woven in Portugal."
        "</div></div>"
    )
    md = page_markdown(body(kept), URL, head=PRODUCT)
    for text in ("OPEN_DATES", "LONG_SHIPPING", "SHOWN_AFTER"):
        assert text in md, text


def test_linear_time_on_many_hidden_chunks() -> None:
    chunks = "".join(
        f"<div style='display:none'>Orders ship in {i} days; returns within 30.</div>"
        for i in range(5000)
    )
    panels = "<div><button aria-expanded='false'>Shipping</button>" + chunks + "</div>"
    start = time.process_time()
    page_markdown(body(panels * 3), URL, head=PRODUCT)
    assert time.process_time() - start < 2.0
