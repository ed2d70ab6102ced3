"""Blocks of other offers with purchase buttons of their own (a comparison table of the
shop's other models, featured products) go on product pages, found by their buttons and
their links, whatever their classes and layout."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.commerce_noise import PRODUCT_MARK
from webdata.content.dom import measuring
from webdata.content.offer_rows import offer_row_removals

URL = "https://shop.example.com/products/bench-toolkit"
HEAD = '<meta property="og:type" content="product">'
TEXT = "A compact kit of drivers and bits for opening phones, laptops and game consoles. " * 12
NAMES = ("Pocket Kit", "Travel Kit", "Workshop Kit", "Repair Shop Kit")


def _comparison(names: tuple[str, ...] = NAMES, *, linked: bool = True) -> str:
    """A comparison table laid out in rows: the names (with their buttons), then the
    prices, then a feature row; classes hashed."""
    heads = "".join(
        f"<div class='h9a1'><p>{n}</p><button class='h2b7'>Add to cart</button>"
        + (
            f"<a href='/products/{n.lower().replace(' ', '-')}'><button>More info</button></a>"
            if linked
            else ""
        )
        + "</div>"
        for n in names
    )
    prices = "".join(f"<div class='h4c2'><p>${29 + 20 * i}.95</p></div>" for i in range(len(names)))
    counts = "".join(f"<div class='h4c2'>{16 * (i + 1)} bits</div>" for i in range(len(names)))
    return (
        f"<section class='h0f3'><h2>Compare our kits</h2><div class='h5d8'>"
        f"<div class='h6e0'>{heads}</div><div class='h7e1'>Price</div>{prices}"
        f"<div class='h7e1'>Bit count</div>{counts}</div></section>"
    )


def _product(after: str, before: str = "") -> str:
    return (
        f"<main>{before}<div class='h1aa'><h1>Bench Toolkit</h1><p>$39.95</p>"
        f"<button class='h2b7'>Add to cart</button></div><p>{TEXT}</p>{after}</main>"
    )


def test_a_comparison_of_other_models_goes() -> None:
    md = page_markdown(_product(_comparison()), URL, head=HEAD)
    assert "# Bench Toolkit" in md and "game consoles" in md and "$39.95" in md
    assert "Workshop Kit" not in md and "$69.95" not in md and "48 bits" not in md
    assert "Compare our kits" not in md  # (its heading goes with it)


def test_the_products_own_options_stay() -> None:
    # three formats of the product itself, each with its button, leading nowhere else
    md = page_markdown(_product(_comparison(linked=False)), URL, head=HEAD)
    assert "Workshop Kit" in md


def _removed(html: str) -> list[str]:
    body = LexborHTMLParser(html).body
    assert body is not None
    with measuring():
        found = offer_row_removals(body, len(body.text()))
    return [n.text(separator=" ", strip=True) for n in found]


def test_only_on_product_pages_after_the_name() -> None:
    marked = f"<html {PRODUCT_MARK}=''><body>"
    assert _removed(f"<html><body>{_product(_comparison())}</body></html>") == []
    found = _removed(f"{marked}{_product(_comparison())}</body></html>")
    assert len(found) == 1 and found[0].startswith("Compare our kits")
    assert _removed(f"{marked}{_product('', before=_comparison())}</body></html>") == []
    # two other offers are not a row of them
    assert _removed(f"{marked}{_product(_comparison(NAMES[:2]))}</body></html>") == []


def test_offers_that_are_the_page_stay() -> None:
    # a listing taken for one product: the offers are most of its text
    names = tuple(f"Kit number {i}" for i in range(40))
    body = f"<main><h1>Toolkits</h1>{_comparison(names)}</main>"
    assert _removed(f"<html {PRODUCT_MARK}=''><body>{body}</body></html>") == []


def test_linear_on_big_hostile_pages() -> None:
    # thousands of buttons, and a deep nest of wrappers each holding more of them
    names = tuple(f"Kit {i}" for i in range(3000))
    nest = "".join(f"<div><button>Add to cart</button><a href='/p/{i}'>x</a>" for i in range(800))
    nest += "</div>" * 800
    html = (
        f"<html {PRODUCT_MARK}=''><body>{_product(_comparison(names) + nest)}"
        f"<p>{TEXT * 300}</p></body></html>"
    )
    start = time.perf_counter()
    _removed(html)
    assert time.perf_counter() - start < 1
