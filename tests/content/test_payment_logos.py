"""A product page's row of payment providers' logos goes; the product's photos stay."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://shop.example.com/products/linen-shirt"
HEAD = '<meta property="og:type" content="product">'
TEXT = "A relaxed shirt woven from washed linen, with a camp collar and a straight hem. " * 4


def body(logos: str) -> str:
    return (
        "<main><h1>Linen shirt</h1><div class='q1'><img src='/p/shirt-front.jpg' alt='Front'>"
        f"</div><p>{TEXT}</p><div class='q2'><span>Also available at checkout:</span><ul>"
        f"{logos}</ul></div><p>{TEXT}</p></main>"
    )


def test_payment_logo_row_removed() -> None:
    logos = (
        "<li><a href='/help/pay'><img src='https://cdn.example.net/img/klarna-logo.svg'></a></li>"
        "<li><a href='/help/pay'><img src='https://cdn.example.net/img/x.svg' alt='Afterpay'></a>"
        "</li>"
    )
    md = page_markdown(body(logos), URL, head=HEAD)
    assert "klarna" not in md.lower() and "x.svg" not in md
    assert "Also available at checkout" not in md
    assert "shirt-front.jpg" in md and "washed linen" in md


def test_product_photo_beside_a_logo_kept() -> None:
    logos = (
        "<li><img src='https://cdn.example.net/img/paypal.svg'></li>"
        "<li><img src='https://cdn.example.net/img/shirt-back.jpg' alt='Back'></li>"
    )
    md = page_markdown(body(logos), URL, head=HEAD)
    assert "shirt-back.jpg" in md
