"""The alts of the pictures on the cards of a product grid are emptied (a hover picture in a
``<div>`` card, not a link, named with a colour the card does not show); a picture's alt
outside a grid stays."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.dom import measuring
from webdata.content.grid_alts import clear_grid_alts

URL = "https://shop.example.com/c/bags"


def card(i: int) -> str:
    href = f"/product/{i}/trail-bag-{i}"
    return (
        f"<div class='t'><div role='button'><img src='/i/{i}.jpg' alt=''>"
        f"<img src='/i/{i}b.jpg' alt='Shown in Frozen Moss colorway, side view'></div>"
        f"<div class='n'><a href='{href}'>Trail bag number {i}</a></div><span>$149.00</span></div>"
    )


def test_alts_of_grid_cards_are_emptied() -> None:
    cards = "".join(card(i) for i in range(8))
    html = f"<main><h1>Travel bags</h1><div class='g'>{cards}</div></main>"
    md = page_markdown(html, URL)
    assert "Frozen Moss" not in md
    assert "Trail bag number 0" in md and "$149.00" in md and "/i/0b.jpg" in md


def test_alt_outside_a_grid_stays() -> None:
    html = (
        "<main><h1>Our trail bag</h1><p>A long description of the bag and its straps.</p>"
        "<img src='/i/chart.png' alt='A chart of strap strength by fabric'></main>"
    )
    assert "chart of strap strength" in page_markdown(html, URL)


def test_linear_on_a_big_grid() -> None:
    body = LexborHTMLParser(
        f"<html><body><div>{''.join(card(i) for i in range(4000))}</div></body></html>"
    ).body
    assert body is not None
    start = time.process_time()
    with measuring():
        clear_grid_alts(body)
    assert time.process_time() - start < 2
    assert body.css_first("img[alt^='Shown']") is None
