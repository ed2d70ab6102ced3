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
