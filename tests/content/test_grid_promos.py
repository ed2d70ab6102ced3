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


def offer_tile(amount_line: str = "") -> str:
    return (
        "<li class='grid__item'><img src='/card-offer.jpg' alt='Limited-time offer'>"
        "<h2>Get $130 in value</h2><p>$30 in card rewards are yours when approved for the"
        " store's credit card. Terms apply.</p>"
        f"{amount_line}<a href='/membership/card/apply'>Apply now</a></li>"
    )


def test_offer_tile_with_amounts_goes() -> None:
    md = markdown(page(offer_tile()))
    assert "card rewards" not in md and "Get $130" not in md
    assert "Dark roast blend number 0" in md and "Dark roast blend number 8" in md


def test_card_leading_elsewhere_with_a_price_line_stays() -> None:
    other = (
        "<li class='grid__item'><a href='/gift-cards/coffee-card'><img src='/g.jpg' alt=''></a>"
        "<h3><a href='/gift-cards/coffee-card'>Coffee gift card</a></h3>"
        "<span class='price'>From $25.00</span></li>"
    )
    md = markdown(page(other))
    assert "Coffee gift card" in md


def test_bare_price_lines() -> None:
    from webdata.content.grid_promos import _BARE_PRICE

    for line in ("$19.99", "749,00\u00a0€", "From $12", "Now EUR 16.34", "1\u202f228,99 €"):
        assert _BARE_PRICE.match(line), line
    for line in ("Get $130 in value", "$30 in card rewards are yours", "Apply now"):
        assert not _BARE_PRICE.match(line), line


def test_bare_price_regex_on_hostile_text() -> None:
    import time

    from webdata.content.grid_promos import _BARE_PRICE

    start = time.process_time()
    for text in ("a " * 20000, "a" * 40000, "$" + "1" * 40000 + "x", "a. " * 20000 + "!"):
        _BARE_PRICE.match(text)
    assert time.process_time() - start < 0.5


def test_linear_on_a_big_grid() -> None:
    import time

    from selectolax.lexbor import LexborHTMLParser

    from webdata.content.dom import measuring
    from webdata.content.grid_promos import grid_promo_removals, product_grids

    cards = "".join(card(i) for i in range(4000)) + offer_tile() * 50
    body = LexborHTMLParser(f"<html><body><ul>{cards}</ul></body></html>").body
    assert body is not None
    start = time.process_time()
    with measuring():
        assert len(grid_promo_removals(product_grids(body))) == 50
    assert time.process_time() - start < 2


def brand_card(i: int) -> str:
    href = f"/gas-grills-brand-{i}/{100 + i}-gas-grill-model-{i}.html"  # (a path each)
    return (
        f"<article class='mini'><a href='{href}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<h2><a href='{href}'>Gas grill model {i}</a></h2>"
        f"<span class='price'>{749 + i},00 €</span></article>"
    )


def brand_page(tile: str) -> str:
    first = "".join(brand_card(i) for i in range(4))
    rest = "".join(brand_card(i) for i in range(4, 10))
    return (
        "<html><body><main><h1>Gas grills</h1><p>Every gas grill we sell, in stock.</p>"
        f"<div class='products'>{first}{tile}{rest}</div></main></body></html>"
    )


def test_offer_tile_among_cards_leading_each_elsewhere_goes() -> None:
    tile = (
        "<article class='mini'><picture><img src='/promo/free.jpg' alt='Free delivery'>"
        "</picture><p>Free FREE_DELIVERY offered from 299€ !</p>"
        "<a href='/content/1-delivery'>See the terms</a></article>"
    )
    md = markdown(brand_page(tile))
    assert "FREE_DELIVERY" not in md
    assert "Gas grill model 0" in md and "Gas grill model 9" in md


def test_card_of_its_own_path_with_a_price_line_stays() -> None:
    other = (
        "<article class='mini'><a href='/gift-cards/grill-card'><img src='/g.jpg' alt=''></a>"
        "<h2><a href='/gift-cards/grill-card'>Grill gift card</a></h2>"
        "<span class='price'>25,00 €</span></article>"
    )
    md = markdown(brand_page(other))
    assert "Grill gift card" in md
