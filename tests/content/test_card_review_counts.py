"""Review-count links on the cards of a product grid ("(132)", "80 Reviews") go when they
lead to the card's item; the cards' names and prices stay, and so do a count written out in
words, a count linking elsewhere and a count outside a grid."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.card_review_counts import _COUNT, card_review_count_removals
from webdata.content.dom import measuring
from webdata.content.grid_promos import product_grids

URL = "https://shop.example.com/c/cameras"


def card(i: int, extra: str = "") -> str:
    href = f"/product/{i}/camera-model-{i}"
    return (
        f"<li class='t'><a href='{href}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<h3><a href='{href}'>Camera model number {i}</a></h3>{extra}<span>$549.00</span></li>"
    )


def page(extra: str) -> str:
    cards = "".join(card(i, extra.format(i=i, n=100 + i)) for i in range(8))
    return f"<main><h1>Cameras</h1><ul class='g'>{cards}</ul></main>"


def test_counts_leading_to_the_item_go() -> None:
    count = "<a href='/product/{i}/camera-model-{i}#reviews'><i></i>({n})</a>"
    md = page_markdown(page(count), URL)
    assert "(100)" not in md and "(107)" not in md
    assert "Camera model number 0" in md and "Camera model number 7" in md and "$549.00" in md
    md = page_markdown(page("<a href='/product/{i}/camera-model-{i}/reviews'>{n} Reviews</a>"), URL)
    assert "Reviews" not in md and "Camera model number 3" in md


def test_other_counts_stay() -> None:
    elsewhere = page_markdown(page("<a href='/c/cameras?rating=5'>({n})</a>"), URL)
    assert "(100)" in elsewhere
    words = page_markdown(page("<span>({n})</span><span>{n} reviews, 4.6 out of 5</span>"), URL)
    assert "(100)" in words and "100 reviews, 4.6 out of 5" in words
    alone = (
        "<main><h1>Our camera</h1><p>A long description of the camera and its lens mount.</p>"
        "<a href='/product/1/camera#reviews'>(12)</a></main>"
    )
    assert "(12)" in page_markdown(alone, URL)


def test_patterns() -> None:
    for text in ("(132)", "(1,204)", "80 Reviews", "4.8 (132)", "12 ratings", "35 avis"):
        assert _COUNT.match(text), text
    for text in ("$132", "(132) reviews of the lens", "Model 132", "12 ratings of the", "(a)"):
        assert not _COUNT.match(text), text


def test_patterns_on_hostile_text() -> None:
    start = time.process_time()
    for text in ("(" * 50000, "1" * 50000, "1 " * 30000, "(1)" * 20000, "1." * 25000):
        _COUNT.match(text)
    assert time.process_time() - start < 0.5


def test_linear_on_a_big_grid() -> None:
    extra = "<a href='/product/{i}/camera-model-{i}#reviews'>(9)</a>"
    cards = "".join(
        card(i, extra.format(i=i) if i % 7 == 0 else "<a href='/x'>(3)</a>") for i in range(4000)
    )
    body = LexborHTMLParser(f"<html><body><ul>{cards}</ul></body></html>").body
    assert body is not None
    start = time.process_time()
    with measuring():
        assert len(card_review_count_removals(product_grids(body))) == 572
    assert time.process_time() - start < 2
