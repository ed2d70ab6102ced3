"""The spoken copy of a price drawn beside it (aria-hidden drawing + worded copy) goes."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://shop.example.com/cp/pressure-cookers"


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def tile(i: int) -> str:
    return (
        f"<li><a href='/ip/{i}'><img src='/i/{i}.jpg' alt=''></a><div>"
        f"<div aria-hidden='true'><span>$</span><span>{140 + i}</span><span>02</span></div>"
        f"<span class='ld_FS'>current price ${140 + i}.02</span></div>"
        f"<h3>Electric pressure cooker model {i}, six quarts, stainless steel</h3></li>"
    )


def test_spoken_copy_of_a_drawn_price_goes() -> None:
    tiles = "".join(tile(i) for i in range(6))
    md = markdown(
        "<html><body><main><h1>Pressure cookers</h1>"
        "<p>Make one-pot meals up to 70% faster than with traditional cooking methods.</p>"
        f"<ul>{tiles}</ul></main></body></html>"
    )
    assert "pressure cooker model 4" in md
    assert "143" in md
    assert "current price" not in md


def test_other_words_beside_a_drawn_figure_stay() -> None:
    md = markdown(
        "<html><body><main><h1>Stoves</h1>"
        "<p>Compact stoves for backpacking trips, tested by our staff in the field.</p>"
        "<div><span aria-hidden='true'>4.5</span><span>Rated 4 of 5 by 120 reviewers</span>"
        "</div></main></body></html>"
    )
    assert "Rated 4 of 5 by 120 reviewers" in md


def word_tile(i: int) -> str:
    return (
        f"<li><a href='/ip/{i}'><img src='/i/{i}.jpg' alt=''></a><div>"
        "<div aria-hidden='true'><span>See price in cart</span></div>"
        "<span class='ld_FS'>current price See price in cart</span></div>"
        f"<h3>Electric milk steamer model {i}, hot or cold foam, black finish</h3></li>"
    )


def test_spoken_copy_of_drawn_words_goes() -> None:
    tiles = "".join(word_tile(i) for i in range(6))
    md = markdown(
        "<html><body><main><h1>Milk steamers</h1>"
        "<p>Froth milk for lattes at home, hot or cold, in under two minutes.</p>"
        f"<ul>{tiles}</ul></main></body></html>"
    )
    assert "milk steamer model 4" in md
    assert "See price in cart" in md
    assert "current price" not in md


def test_a_sentence_starting_with_a_drawn_word_stays() -> None:
    md = markdown(
        "<html><body><main><h1>Stoves</h1>"
        "<p>Compact stoves for backpacking trips, tested by our staff in the field.</p>"
        "<div><span aria-hidden='true'>New</span><span>New models arrive in spring</span></div>"
        "<div><span aria-hidden='true'>Free shipping</span>"
        "<span>Orders over fifty dollars ship free: Free shipping</span></div>"
        "</main></body></html>"
    )
    assert "New models arrive in spring" in md
    assert "Orders over fifty dollars ship free" in md


def test_linear_on_many_drawn_words() -> None:
    import time

    from selectolax.lexbor import LexborHTMLParser

    from webdata.content.aria_twins import aria_twin_removals
    from webdata.content.dom import measuring

    tiles = "".join(word_tile(i) for i in range(5000))
    body = LexborHTMLParser(f"<html><body><ul>{tiles}</ul></body></html>").body
    assert body is not None
    start = time.process_time()
    with measuring():
        assert len(aria_twin_removals(body)) == 5000
    assert time.process_time() - start < 2
