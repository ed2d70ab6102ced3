"""Customer-review sections go on a shop page (a purchase control on it) that is not marked
as a product page; a card's star line, pages without a purchase control and the h1 stay."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://shop.example.com/mugs/stoneware-mug"
BUY = "<form action='/cart/add' method='post'><button type='submit'>Add to cart</button></form>"
PROSE = (
    "<p>A stoneware mug thrown by hand, glazed in a folk-art green and fired twice; it holds "
    "350 ml and keeps coffee warm. DESCRIPTION_TEXT</p>"
) * 10  # the reviews stay under 30% of the block
REVIEWS = (
    "<section class='customer-reviews'><h2>What people say</h2>"
    + "<div><p>REVIEW_TEXT Lovely mug, the glaze is even nicer in person and it arrived "
    "well packed. Would buy again from this maker.</p></div>" * 3 + "</section>"
)
STARS = "<span class='card-rating'>STARS_TEXT 4.8 (120)</span>"


def _page(*, buy: str = BUY, extra: str = REVIEWS) -> str:
    # two h1s: the layout signal does not mark the page as one product
    body = f"<main><h1>Stoneware mug</h1><h1>By the pottery</h1>{STARS}{PROSE}{buy}{extra}</main>"
    return page_markdown(body, URL)


def test_review_sections_go_on_an_unmarked_shop_page() -> None:
    md = _page()
    assert "REVIEW_TEXT" not in md
    assert "DESCRIPTION_TEXT" in md and "Stoneware mug" in md
    assert "STARS_TEXT" in md  # a star line, not a section of reviews


def test_without_a_purchase_control_reviews_stay() -> None:
    assert "REVIEW_TEXT" in _page(buy="<a href='/contact'>Contact the maker</a>")
