"""A catalogue's sort menu written as a list goes; other short lists stay."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://shop.example.com/10-gas-barbecues"


def page(menu: str) -> str:
    cards = "".join(
        f"<article><h2><a href='/p/{i}'>Gas barbecue model {i}</a></h2><p>{400 + i},00 €</p>"
        "</article>"
        for i in range(6)
    )
    return (
        "<html><body><main><h1>Gas barbecues</h1><p>All our gas barbecues, in stock.</p>"
        f"<div class='sort-by-row'>{menu}</div>{cards}</main></body></html>"
    )


def test_sort_menu_goes() -> None:
    menu = (
        "<ul class='dropdown-menu'><li><a href='?o=1'>Pertinence</a></li><li>De A à Z</li>"
        "<li>De Z à A</li><li>Prix croissant</li><li>Prix décroissant</li></ul>"
    )
    md = html_markdown(page(menu), URL)
    assert "Prix croissant" not in md
    assert "Gas barbecue model 4" in md


def test_other_short_list_stays() -> None:
    md = html_markdown(page("<ul><li>Propane</li><li>Natural gas</li><li>Butane</li></ul>"), URL)
    assert "Natural gas" in md
