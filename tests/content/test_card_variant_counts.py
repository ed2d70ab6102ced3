"""Variant counts on the cards of a product grid ("3 colors", "+2", "5 sizes available") go;
the cards' names and prices stay, and so does a count outside a grid."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.card_variant_counts import _COUNT, card_variant_count_removals
from webdata.content.dom import measuring
from webdata.content.grid_promos import product_grids

URL = "https://shop.example.com/c/bags"


def card(i: int, extra: str = "") -> str:
    href = f"/product/{i}/trail-bag-{i}"
    return (
        f"<li class='t'><a href='{href}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<h3><a href='{href}'>Trail bag number {i}</a></h3><span>$149.00</span>{extra}</li>"
    )


def test_counts_on_cards_go() -> None:
    extras = ["<span> 6 colors</span>", "<a href='/x'>+2</a>", "<div>5 sizes available</div>"]
    cards = "".join(card(i, extras[i % 3]) for i in range(9))
    md = page_markdown(f"<main><h1>Travel bags</h1><ul class='g'>{cards}</ul></main>", URL)
    assert "6 colors" not in md and "+2" not in md and "sizes available" not in md
    assert "Trail bag number 0" in md and "Trail bag number 8" in md and "$149.00" in md


def test_counts_outside_a_grid_stay() -> None:
    html = (
        "<main><h1>Our trail bag</h1><p>A long description of the bag and its straps.</p>"
        "<span>6 colors</span></main>"
    )
    assert "6 colors" in page_markdown(html, URL)


def test_patterns() -> None:
    for text in ("3 colors", "+2 more", "+1", "12 Colours", "4 sizes available", "+ 3 styles"):
        assert _COUNT.match(text), text
    for text in ("3 colors of thread in a pack", "$2", "2 for $30", "+1 555 0100"):
        assert not _COUNT.match(text), text


def test_patterns_on_hostile_text() -> None:
    start = time.process_time()
    for text in ("+" * 50000, "1 " * 30000, "+1 more " * 10000, "a" * 50000):
        _COUNT.match(text)
    assert time.process_time() - start < 0.5


def test_linear_on_a_big_grid() -> None:
    cards = "".join(card(i, "<span>3 colors</span>" if i % 7 == 0 else "") for i in range(4000))
    body = LexborHTMLParser(f"<html><body><ul>{cards}</ul></body></html>").body
    assert body is not None
    start = time.process_time()
    with measuring():
        assert len(card_variant_count_removals(product_grids(body))) == 572
    assert time.process_time() - start < 2
