"""The price box printed twice (desktop and mobile layouts) is written once on product pages;
prices of a list of offers stay."""

from __future__ import annotations

from tests.content.pages import page_markdown

URL = "https://shop.example.com/products/staple-tee"
PRODUCT = "<meta property='og:type' content='product'>"
DESCRIPTION = (
    "<p>The Staple Tee: enduring comfort in a regular fit, crafted from 5.3 oz combed cotton, "
    "with neck ribbing, side seams and double needle hems for durability.</p>" * 3
)
PRICE = "<div class='productView-price'><span>Was:</span> <span>PRICE_BOX $20.00</span></div>"


def page(body: str, *, head: str = PRODUCT) -> str:
    return page_markdown(body, URL, head=head)


def test_the_price_box_shown_twice_is_written_once_near_the_name() -> None:
    body = (
        f"<main><section class='mobile-copy'>{PRICE}</section>"
        f"<section><h1>Staple Tee</h1>{PRICE}{DESCRIPTION}</section></main>"
    )
    md = page(body)
    assert md.count("PRICE_BOX") == 1
    assert md.index("Staple Tee") < md.index("PRICE_BOX")  # the copy beside the name stays
    below = (  # (lines above the headline go on any page: pre_headline)
        f"<main><h1>Staple Tee</h1><section class='mobile-copy'>{PRICE}</section>"
        f"<section>{PRICE}{DESCRIPTION}</section></main>"
    )
    assert page(below, head="").count("PRICE_BOX") == 2  # not a product page


def test_equal_prices_of_a_list_of_offers_stay() -> None:
    offers = "".join(
        f"<li><a href='/p/{n}'>Pack {n}</a> <span class='price'>OFFER_PRICE 2,39€</span></li>"
        for n in range(10)
    )
    body = f"<main><h1>Staple Tee</h1>{DESCRIPTION}<ul>{offers}</ul></main>"
    assert page(body).count("OFFER_PRICE") == 10


def test_variants_that_cost_the_same_keep_their_prices() -> None:
    sizes = "".join(
        f"<tr><td>{size}</td><td class='price'>VARIANT_PRICE $20.00</td></tr>"
        for size in ("Small", "Medium", "Large")
    )
    body = f"<main><h1>Staple Tee</h1>{DESCRIPTION}<table>{sizes}</table></main>"
    assert page(body).count("VARIANT_PRICE") == 3
