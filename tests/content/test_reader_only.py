"""Screen-reader-only text under namespaced class names goes with the other hidden text."""

from __future__ import annotations

from tests.content.pages import html_markdown
from webdata.content.reader_only import _names_reader_only

URL = "https://shop.example.com/c/candles"


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def tile(i: int) -> str:
    return (
        f"<li><a href='/p/{i}'><h2>Glass candle number {i} with a lid</h2></a>"
        "<p class='c-product-price'><span class='c-price__current'>"
        f"<span class='u-pwa-screen-reader-only'>Sale price: </span> ${20 + i}.50</span>"
        "<span class='c-price__original'>"
        f"<span class='u-pwa-screen-reader-only'>Original price: </span> ${40 + i}.00</span>"
        "</p></li>"
    )


def test_prefixed_screen_reader_labels_go() -> None:
    tiles = "".join(tile(i) for i in range(6))
    html = (
        "<html><body><main><h1>Decorative candles</h1>"
        "<p>Scented and sculptural candles for every room of the house, poured by hand.</p>"
        f"<ul class='grid'>{tiles}</ul></main></body></html>"
    )
    md = markdown(html)
    assert "Glass candle number 3 with a lid" in md
    assert "$23.50" in md
    assert "Sale price" not in md
    assert "Original price" not in md


def test_bem_element_named_sr_text_goes() -> None:
    # "__sr-text" is a BEM element, not a CSS-module hash to strip off
    tiles = "".join(
        f"<li><a href='/p/{i}'><h3>Sofa model {i}, dark gray</h3><span class='plp-price'>"
        f"<span aria-hidden='true'>${100 + i}</span>"
        f"<span class='plp-price__sr-text'>Price $ {100 + i}.00</span></span></a></li>"
        for i in range(6)
    )
    md = markdown(
        "<html><body><main><h1>Sofas</h1>"
        "<p>Sit back and relax in one of our cozy and affordable sofas, in every size.</p>"
        f"<ul>{tiles}</ul></main></body></html>"
    )
    assert "Sofa model 2, dark gray" in md
    assert "$102" in md
    assert "Price $" not in md


def test_class_names() -> None:
    for value in (
        "u-pwa-screen-reader-only",
        "wt-screen-reader-only",
        "h-sr-only",
        "u-srOnly",
        "styles_srOnlyImg__1Kwb5",
        "SrOnly-module_srOnly__3NH1o",
        "styles_ndsScreenReaderOnly__JErIH",
        "plp-price__sr-text",
        "hiddenText__g63uRSIs8",
    ):
        assert _names_reader_only(value), value
    for value in (
        "sr-only-focusable",
        "focus:not-sr-only",
        "[&:not(:focus-within)]:sr-only",
        "price srcset only",
        "dropdown_label--visually-hidden__DRJx9",
    ):
        assert not _names_reader_only(value), value
