"""Shopify's buy-form notices (subscription disclosure, unit price, express checkouts) go."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://shop.example.com/products/open-back-headphones"
HEAD = '<meta property="og:type" content="product">'
TEXT = "Open-back planar magnetic headphones with a wide soundstage and low distortion. " * 4
DISCLOSURE = (
    "This item is a recurring or deferred purchase. By continuing, I agree to the cancellation "
    "policy and authorize you to charge my payment method at the prices, frequency and dates "
    "listed on this page until my order is fulfilled or I cancel, if permitted."
)


def test_checkout_notices_removed() -> None:
    body = (
        "<main><h1>Open-back headphones</h1><div class='k1'><span>$179</span>"
        "<div class='k2'><span>Unit price</span><span> / </span><span>per</span></div></div>"
        f"<p>{TEXT}</p><form class='k3'><button>Add to cart</button>"
        "<a href='#'>More payment options</a>"
        f"<p class='k4'><small>{DISCLOSURE}</small></p></form><p>{TEXT}</p></main>"
    )
    md = page_markdown(body, URL, head=HEAD)
    assert "recurring or deferred" not in md
    assert "Unit price" not in md and "More payment options" not in md
    assert "$179" in md and "planar magnetic" in md


def test_product_text_mentioning_unit_price_kept() -> None:
    body = (
        "<main><h1>Open-back headphones</h1>"
        f"<p>{TEXT}</p><p>Unit price is lower in the two-pack.</p></main>"
    )
    md = page_markdown(body, URL, head=HEAD)
    assert "Unit price is lower in the two-pack" in md
