"""A card's price written twice by its theme (regular and sale blocks) is written once."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://shop.example.com/collections/coffee"


def card(i: int, sizes: bool = False) -> str:
    href = f"/products/dark-roast-{i}"
    price = f"${10 + i}.99"
    if sizes:  # a size beside each price: not a copy
        blocks = f"<div><span>S</span> <span>{price}</span></div>"
        blocks += f"<div><span>M</span> <span>{price}</span></div>"
    else:
        blocks = (
            "<div class='price__regular'><span class='visually-hidden'>Regular price</span>"
            f"<span>{price}</span></div><div class='price__sale'><span class='visually-hidden'>"
            f"Sale price</span><span>{price}</span></div>"
        )
    return (
        f"<li><a href='{href}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<h3><a href='{href}'>Dark roast coffee blend {i}</a></h3>"
        f"<div class='price'>{blocks}</div></li>"
    )


def page(sizes: bool) -> str:
    cards = "".join(card(i, sizes) for i in range(8))
    return f"<html><body><main><h1>Coffee</h1><ul>{cards}</ul></main></body></html>"


def test_price_written_once() -> None:
    md = html_markdown(page(False), URL)
    assert md.count("$13.99") == 1
    assert "Dark roast coffee blend 3" in md


def test_prices_beside_sizes_stay() -> None:
    md = html_markdown(page(True), URL)
    assert md.count("$13.99") == 2
