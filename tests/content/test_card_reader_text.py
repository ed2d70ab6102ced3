"""Screen-reader text on the cards of a product grid, come through without its hiding class:
empty price labels, a price box read out, a card described in a sentence, a link's address
as text, and price labels written twice (both price boxes) go; the cards' names, prices and
a label shown once ("Special Price") stay, and so does such text outside a grid."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.card_reader_text import (
    _ADDRESS,
    _DESCRIBED,
    _EMPTY_LABEL,
    _LABEL,
    _READ_OUT,
    card_reader_text_removals,
)
from webdata.content.dom import measuring
from webdata.content.grid_promos import product_grids

URL = "https://shop.example.com/c/bags"


def card(i: int, extra: str = "", price: str = "<span>$149.00</span>") -> str:
    href = f"/product/{i}/trail-bag-{i}"
    return (
        f"<li class='t'><a href='{href}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<h3><a href='{href}'>Trail bag number {i}</a></h3>{price}{extra}</li>"
    )


def page(cards: str) -> str:
    return f"<main><h1>Travel bags</h1><ul class='g'>{cards}</ul></main>"


def test_reader_text_on_cards_goes() -> None:
    extra = (
        "<small><span>Unit price</span><span><span></span><span>/</span>"
        "<span>&nbsp;per&nbsp;</span></span></small>"
        "<span>The current price is Now $149.00 , discount of 20% Savings</span>"
        "<dl><dd>Trail bag is available in 5 different options. The current selected option"
        " Black is priced at 149.00 USD.</dd>"
        "<dd>/bags/trail-bag/1234.html?color=5&amp;cgid=bags</dd></dl>"
    )
    md = page_markdown(page("".join(card(i, extra) for i in range(8))), URL)
    assert "Unit price" not in md and "per" not in md.split()
    assert "current price" not in md and "different options" not in md
    assert "1234.html" not in md
    assert "Trail bag number 0" in md and "Trail bag number 7" in md and "$149.00" in md


def test_labels_written_twice_go_labels_shown_once_stay() -> None:
    twice = (
        "<div><span>Regular price</span><span>$19.99</span></div>"
        "<div><span>Regular price</span><s></s><span>Sale price</span><span>$19.99</span></div>"
    )
    md = page_markdown(page("".join(card(i, price=twice) for i in range(8))), URL)
    assert "Regular price" not in md and "Sale price" not in md and "$19.99" in md
    once = (
        "<div><span>Special Price</span><span>$173.00</span></div>"
        "<div><span>Regular Price</span><span>$349.99</span></div>"
    )
    md = page_markdown(page("".join(card(i, price=once) for i in range(8))), URL)
    assert "Special Price" in md and "Regular Price" in md and "$349.99" in md


def test_reader_words_outside_a_grid_stay() -> None:
    html = (
        "<main><h1>Our trail bag</h1><p>A long description of the bag and its straps.</p>"
        "<p>It is available in 5 different colours.</p><p>/bags/trail-bag</p>"
        "<span>Regular price</span><span>Regular price</span></main>"
    )
    md = page_markdown(html, URL)
    assert "different colours" in md and "/bags/trail-bag" in md and "Regular price" in md


def test_patterns() -> None:
    for text in ("Regular price", "Sale price:", "Original price was", "Compare at price"):
        assert _LABEL.match(text), text
    for text in ("Regular price $19.99", "Price match promise", "Sale"):
        assert not _LABEL.match(text), text
    for text in ("Unit price / per", "/ per", ", discount of"):
        assert _EMPTY_LABEL.match(text), text
    assert not _EMPTY_LABEL.match("$2.10 / per 100 g")
    assert _READ_OUT.match("The current price is Now $129.99")
    assert not _READ_OUT.match("The current price list is below")
    assert _DESCRIBED.search("X is available in 3 different options.")
    assert not _DESCRIBED.search("Available in 3 colours")
    assert _ADDRESS.match("/a/b-c/1.html?x=1&y=2")
    assert not _ADDRESS.match("/ per") and not _ADDRESS.match("1/2 price")


def test_patterns_on_hostile_text() -> None:
    start = time.process_time()
    hostile = ("regular " * 20000, "unit price " * 20000, " /" * 30000, "/" + "a/" * 30000)
    for text in (*hostile, "is available in 5 " * 10000, "a" * 50000):
        for pattern in (_LABEL, _EMPTY_LABEL, _READ_OUT, _ADDRESS):
            pattern.match(text)
        _DESCRIBED.search(text)
    assert time.process_time() - start < 0.5


def test_linear_on_a_big_grid() -> None:
    extra = "<span>Unit price / per</span>"
    cards = "".join(card(i, extra if i % 7 == 0 else "") for i in range(4000))
    body = LexborHTMLParser(f"<html><body><ul>{cards}</ul></body></html>").body
    assert body is not None
    start = time.process_time()
    with measuring():
        assert len(card_reader_text_removals(product_grids(body))) == 572
    assert time.process_time() - start < 2
