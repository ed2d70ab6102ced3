"""Promotion tiles among a grid's product cards go; the cards (a sold-out one too) stay."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://shop.example.com/collections/coffee"


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def card(i: int, price: str | None = "$19.99") -> str:
    href = f"/products/dark-roast-blend-{i}"
    shown = f"<span class='price'>{price}</span>" if price else "<span>Sold out</span>"
    return (
        f"<li class='grid__item'><a href='{href}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<h3><a href='{href}'>Dark roast blend number {i}</a></h3>{shown}</li>"
    )


def page(tiles: str) -> str:
    first = "".join(card(i) for i in range(3))
    rest = "".join(card(i) for i in range(3, 8)) + card(8, None)
    return (
        "<html><body><main><h1>Coffee</h1><p>Our whole bean and ground coffee.</p>"
        f"<ul class='grid'>{first}{tiles}{rest}</ul></main></body></html>"
    )


def test_promo_tile_in_grid_goes() -> None:
    tile = (
        "<li class='grid__item'><a href='/pages/subscribe'><img src='/promo.jpg' alt=''>"
        "<p>Save 30% off your first order + free shipping</p><p>Subscribe and save</p></a></li>"
    )
    md = markdown(page(tile))
    assert "Save 30% off your first order" not in md
    assert "Dark roast blend number 0" in md
    assert "Dark roast blend number 7" in md


def test_sold_out_card_stays() -> None:
    md = markdown(page(""))
    assert "Dark roast blend number 8" in md  # no price, but it leads where the cards lead
