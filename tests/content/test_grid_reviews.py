"""The shop's reviews beside a category page's product grid go; the cards' ratings stay."""

from __future__ import annotations

from tests.content.pages import html_markdown

URL = "https://shop.example.com/chess-sets"
REVIEW = (
    "<div class='customer_review'><p>Lovely chess set, high quality, great detail and an"
    " outstanding customer service from the first email to the delivery.</p>"
    "<strong>Reviewer {i}</strong><span>Reviewed 06/08/2024</span></div>"
)


def card(i: int) -> str:
    href = f"/products/staunton-chess-set-{i}"
    return (
        f"<div class='item'><a href='{href}'><img src='/i/{i}.jpg' alt=''></a>"
        f"<a href='{href}'>Staunton chess set number {i}</a><span>${120 + i}.00</span>"
        f"<span class='rating'>4.{i} stars</span></div>"
    )


def test_shop_reviews_beside_the_grid_go() -> None:
    cards = "".join(card(i) for i in range(30))
    reviews = "".join(REVIEW.format(i=i) for i in range(3))
    md = html_markdown(
        "<html><body><div id='content'><h1>Chess Sets</h1>"
        "<p>Chess sets are a fascinating subject and one that is dear to our hearts.</p>"
        f"<div id='reviews_pane'><p>Our Google Reviews</p><p>4.9</p>{reviews}</div>"
        f"<div class='listing'>{cards}</div></div></body></html>",
        URL,
    )
    assert "Our Google Reviews" not in md
    assert "Lovely chess set" not in md
    assert "Chess sets are a fascinating subject" in md
    assert "Staunton chess set number 6" in md
    assert "4.6 stars" in md  # a card's rating line
