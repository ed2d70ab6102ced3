"""A row of other products' cards after a product's <h1> (other listings, "you may also
like") goes on product pages, found by its structure, whatever its heading and classes."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.commerce_noise import PRODUCT_MARK
from webdata.content.dom import measuring
from webdata.content.grid_promos import product_grids
from webdata.content.product_carousels import carousel_removals

URL = "https://shop.example.com/p/the-quiet-garden"
HEAD = '<meta property="og:type" content="product">'
TEXT = "A gardener's year in a small walled plot, told month by month with plans and notes. " * 12


def _cards(n: int) -> str:
    return "".join(
        f"<div class='k1'><a href='/p/other-{i}'><img src='/i/{i}.jpg' alt=''>"
        f"<span>Book {i}</span></a><span>Another book number {i}, used, good</span>"
        f"<span>${7 + i}.84</span><span>+$18.02 shipping</span></div>"
        for i in range(n)
    )


def _page(cards: str) -> str:
    return (
        f"<main><h1>The Quiet Garden</h1><p>$12.00</p><p>{TEXT}</p>"
        f"<div class='k0'><h2>All offers for this book</h2><div class='k2'>{cards}</div></div>"
        "</main>"
    )


def test_row_of_cards_after_the_product_removed() -> None:
    md = page_markdown(_page(_cards(6)), URL, head=HEAD)
    assert "walled plot" in md and "# The Quiet Garden" in md
    assert "Another book" not in md and "18.02" not in md
    assert "All offers for this book" not in md  # (its heading goes with it)


def test_cards_before_the_product_kept() -> None:
    body = f"<main><div class='k2'>{_cards(8)}</div><h1>The Quiet Garden</h1><p>{TEXT}</p></main>"
    md = page_markdown(body, URL, head=HEAD)
    assert "Another book number 3" in md


def _removed(html: str) -> list[str]:
    body = LexborHTMLParser(html).body
    assert body is not None
    with measuring():
        found = carousel_removals(body, len(body.text()), product_grids(body))
    return [n.text() for n in found]


def test_only_on_product_pages() -> None:
    assert _removed(f"<html><body>{_page(_cards(6))}</body></html>") == []
    found = _removed(f"<html {PRODUCT_MARK}=''><body>{_page(_cards(6))}</body></html>")
    assert len(found) == 1 and found[0].startswith("All offers")


def test_grid_that_is_the_page_kept() -> None:
    # a category page taken for a product: the cards are most of the text
    body = f"<main><h1>Garden books</h1><div class='k2'>{_cards(12)}</div></main>"
    assert _removed(f"<html {PRODUCT_MARK}=''><body>{body}</body></html>") == []


def test_linear_on_big_pages() -> None:
    main = f"<main><h1>The Quiet Garden</h1><p>{TEXT * 200}</p><div>{_cards(4000)}</div></main>"
    html = f"<html {PRODUCT_MARK}=''><body>{main}</body></html>"
    body = LexborHTMLParser(html).body
    assert body is not None
    start = time.perf_counter()
    with measuring():
        carousel_removals(body, len(body.text()), product_grids(body))
    assert time.perf_counter() - start < 1
