"""onlyMainContent on collection and listing pages: the item grid stays, its chrome goes."""

from __future__ import annotations

from webdata.content.pipeline import ContentOptions, process_html

URL = "https://shop.example.com/c/sneakers"


def markdown(html: str) -> str:
    result = process_html(html, URL, ContentOptions())
    assert result.markdown is not None
    return result.markdown


def page(inner: str) -> str:
    return f"<html><head><title>T</title></head><body>{inner}</body></html>"


def card(i: int) -> str:
    return (
        f"<article><a href='/p/{i}'><img src='/i/{i}.jpg' alt=''>"
        f"<dl><dd>Brand{i}</dd><dd>Runner model {i} lightweight shoe</dd>"
        f"<dd>${50 + i}.00</dd></dl></a></article>"
    )


def test_grid_inside_a_facets_wrapper_with_the_headline_is_kept() -> None:
    # the whole result area sits in a wrapper named after its filters: made of links (the
    # cards are links), but it holds the page's headline, so it is the grid, not a menu
    cards = "".join(card(i) for i in range(12))
    html = page(
        "<header class='site-header'><a href='/'>SHOP_HOME</a></header>"
        "<main id='main'><div class='searchWrapper searchFacets'>"
        f"<h1>Women's sneakers</h1><div class='grid'>{cards}</div></div></main>"
    )
    md = markdown(html)
    assert "Women's sneakers" in md
    assert "Runner model 3 lightweight shoe" in md
    assert "SHOP_HOME" not in md
