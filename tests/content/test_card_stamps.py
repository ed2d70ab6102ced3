"""card_stamps: stock, variant and offer stamps repeated on a grid's cards go, the items stay."""

from __future__ import annotations

import time

from selectolax.lexbor import LexborHTMLParser

from tests.content.pages import page_markdown
from webdata.content.card_stamps import card_stamp_removals
from webdata.content.dom import measuring

URL = "https://shop.example.com/c/sofas"


def card(i: int, stamp: str) -> str:
    return (
        f"<div class='card'><a href='/p/{i}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<h3><a href='/p/{i}'>Comfortable sofa model {i} in gray fabric</a></h3>"
        f"<p>${100 + i}.00</p>{stamp}</div>"
    )


def grid(stamp: str, n: int = 8) -> str:
    intro = (
        "<h1>Sofas</h1><p>Our sofas come in many shapes and fabrics, for every living room "
        "and every family, with cushions that stay comfortable for years.</p>"
    )
    return (
        f"<main>{intro}<div class='grid'>{''.join(card(i, stamp) for i in range(n))}</div></main>"
    )


def test_stock_and_variant_stamps_on_every_card_go() -> None:
    md = page_markdown(
        grid("<p>In stock</p><fieldset><legend>More options</legend></fieldset>"), URL
    )
    assert "Comfortable sofa model 3" in md
    assert "$103.00" in md
    assert "In stock" not in md
    assert "More options" not in md


def test_stamp_with_a_screen_reader_copy_of_the_name_goes() -> None:
    md = page_markdown(grid("<legend>More options<span>MODEL</span></legend>"), URL)
    assert "More options" not in md
    assert "Comfortable sofa model 5" in md


def test_more_options_with_prices_grouped_by_their_opening() -> None:
    stamps = [f"<div>More options from ${90 + i} - ${200 + i}</div>" for i in range(6)]
    cards = "".join(card(i, stamp) for i, stamp in enumerate(stamps))
    md = page_markdown(f"<main><h1>Sofas</h1><div>{cards}</div></main>", URL)
    assert "More options" not in md
    assert "Comfortable sofa model 4" in md


def test_a_lone_stamp_stays() -> None:
    md = page_markdown(
        "<main><h1>Oak table</h1><img src='/t.jpg' alt=''><p>Pre-order now</p>"
        "<p>A solid oak table for six, oiled by hand, with a drawer at each end.</p></main>",
        URL,
    )
    assert "Pre-order now" in md


def test_linear_on_a_big_grid() -> None:
    tree = LexborHTMLParser(grid("<p>Pre-order now</p>", n=4000))
    assert tree.body is not None
    start = time.perf_counter()
    with measuring():
        found = card_stamp_removals(tree.body)
    assert time.perf_counter() - start < 1
    assert len(found) == 4000
