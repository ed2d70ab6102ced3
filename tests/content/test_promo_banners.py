"""A shop's promotion banner beside its product grid goes; a card's "Save 25%" stays."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://shop.example.com/c/standing-desk-accessories"


def markdown(html: str) -> str:
    return html_markdown(html, URL)


def card(i: int) -> str:
    href = f"/products/desk-organizer-{i}"
    return (
        f"<div class='tile'><a href='{href}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<a href='{href}'>Bamboo desk organizer number {i}</a><span>${20 + i}.00</span>"
        "<span>Save 25%</span></div>"
    )


def page(banner: str) -> str:
    cards = "".join(card(i) for i in range(8))
    return (
        "<html><body><main><h1>Accessories for standing desks</h1>"
        "<p>Choose from hundreds of accessories designed for your workspace.</p>"
        f"{banner}<div class='grid'>{cards}</div></main></body></html>"
    )


def test_promotion_banner_goes() -> None:
    banner = (
        "<section><h3>Spring Setup Sale</h3><p>Buy more, save more when you outfit your office."
        "</p><p>Sale ends 03/31. While supplies last. Use coupon code SPRING at checkout.</p>"
        "</section>"
    )
    md = markdown(page(banner))
    assert "Spring Setup Sale" not in md
    assert "coupon code" not in md
    assert "Choose from hundreds of accessories" in md
    assert "Bamboo desk organizer number 5" in md
    assert "Save 25%" in md  # one cue, inside a card


def test_one_cue_is_not_a_banner() -> None:
    md = markdown(page("<p>Free shipping on every desk accessory we make in our workshop.</p>"))
    assert "Free shipping on every desk accessory" in md
