"""Product cards made only of links are items, not link lists (menus)."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://shop.example.com/b/headphones"
PROSE = "".join(
    f"<p>Paragraph {i} of the buying guide: over-ear, on-ear and in-ear headphones differ in"
    " comfort, isolation and sound, and the right pair depends on where you listen most.</p>"
    for i in range(12)
)


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def card(i: int) -> str:
    href = f"/wireless-earbuds-model-{i}/dp/B0{i}"
    return (
        f"<li><div class='card'><a href='{href}?ref=grid'><img src='/i/{i}.jpg' alt=''></a>"
        f"<a href='{href}?ref=grid'>Wireless earbuds model {i} with noise cancelling</a>"
        f"<a href='javascript:void(0)'>4.{i} out of 5 stars</a>"
        f"<a href='/deals'>Limited time deal</a>"
        f"<a href='{href}?ref=grid'>${20 + i}.99</a></div></li>"
    )


def test_cards_of_links_stay() -> None:
    cards = "".join(card(i) for i in range(5))
    md = markdown(
        f"<html><body><main><h1>Headphones</h1>{PROSE}<h2>Deals on earbuds</h2>"
        f"<ul class='carousel'>{cards}</ul></main></body></html>"
    )
    assert "Paragraph 3 of the buying guide" in md
    assert "Wireless earbuds model 2 with noise cancelling" in md


def test_menu_of_links_still_goes() -> None:
    menu = "".join(
        f"<li><a href='/c/{i}'><img src='/c/{i}.png' alt=''></a><a href='/c/{i}'>Category {i}</a>"
        "</li>"
        for i in range(5)
    )
    md = markdown(
        f"<html><body><main><h1>Headphones</h1>{PROSE}<ul>{menu}</ul></main></body></html>"
    )
    assert "Category 2" not in md
