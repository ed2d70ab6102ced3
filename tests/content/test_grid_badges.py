"""Badges and gift-with-purchase lines on one or two cards of a product grid go; the cards'
names, prices and discounts stay, and so does a lone badge word outside a grid."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.dom import measuring
from webdata.content.grid_badges import _BADGE, _GIFT, grid_badge_removals
from webdata.content.grid_promos import product_grids

URL = "https://shop.example.com/c/tents"


def card(i: int, extra: str = "") -> str:
    href = f"/product/{i}/trail-tent-{i}"
    return (
        f"<li class='tile'><a href='{href}'><img src='/i/{i}.jpg' alt=''></a>{extra}"
        f"<h3><a href='{href}'>Trail tent number {i}</a></h3><span>$149.00</span>"
        "<span>Save 25%</span></li>"
    )


def page(cards: str) -> str:
    return f"<main><h1>Camping tents</h1><ul class='grid'>{cards}</ul></main>"


def test_badges_on_a_few_cards_go() -> None:
    cards = (
        card(0, "<div><span>New arrival</span></div>")
        + card(1, "<p>Get a free tent footprint with purchase, limited offer</p>")
        + card(2, "<div>Only at Example</div>")
        + "".join(card(i) for i in range(3, 9))
    )
    md = page_markdown(page(cards), URL)
    assert "New arrival" not in md and "free tent footprint" not in md
    assert "Only at Example" not in md
    assert "Trail tent number 0" in md and "Trail tent number 8" in md
    assert "$149.00" in md and "Save 25%" in md


def test_badge_words_outside_a_grid_stay() -> None:
    html = (
        "<main><h1>Our new tent</h1><p>A long description of the tent and its poles.</p>"
        "<div><span>New arrival</span></div><p>Get a free footprint with purchase.</p></main>"
    )
    md = page_markdown(html, URL)
    assert "New arrival" in md and "free footprint" in md


def test_patterns() -> None:
    for text in ("New Arrival", "Top Rated", "Limited Time!", "Only at Example", "Nouveau"):
        assert _BADGE.match(text), text
    for text in ("New tents for spring", "Save $50", "Low stock", "Limited time deal today x"):
        assert not _BADGE.match(text), text
    assert _GIFT.match("Get Free GPU Holder with selected purchase, limited offer")
    assert _GIFT.match("Get A Game w/ purchase, while supplies last")
    assert not _GIFT.match("Purchase with confidence")


def test_patterns_on_hostile_text() -> None:
    start = time.process_time()
    for text in ("get " * 20000, "get" + " with" * 20000, "only at " + "x " * 20000, "a" * 50000):
        _BADGE.match(text)
        _GIFT.match(text)
    assert time.process_time() - start < 0.5


def test_linear_on_a_big_grid() -> None:
    cards = "".join(card(i, "<div>New arrival</div>" if i % 7 == 0 else "") for i in range(4000))
    body = LexborHTMLParser(f"<html><body><ul>{cards}</ul></body></html>").body
    assert body is not None
    start = time.process_time()
    with measuring():
        assert len(grid_badge_removals(product_grids(body))) == 572
    assert time.process_time() - start < 2
