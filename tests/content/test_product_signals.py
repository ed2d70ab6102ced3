"""A product page told by its layout (one h1, a price and a buy button beside it) when its
head says nothing; a listing of cards with prices and buttons is not one."""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser

from tests.content.test_commerce_noise import CHROME, DROPPED, KEPT, json_ld, page, product_body
from webdata.content.product_signals import looks_like_product

BUY = "<form action='/cart/add' method='post'><button type='submit'>Add to cart</button></form>"


def test_name_price_and_add_to_cart_make_a_product_page_without_head_signals() -> None:
    md = page(product_body(BUY + CHROME))
    assert all(text in md for text in KEPT)
    assert not any(text in md for text in DROPPED)


def test_without_a_purchase_control_the_page_is_not_a_product_page() -> None:
    md = page(product_body())
    assert "REVIEW_TEXT" in md


def test_an_article_head_keeps_the_page_an_article() -> None:
    article = json_ld({"@context": "https://schema.org", "@type": "BlogPosting"})
    md = page(product_body(BUY + CHROME), head=article)
    assert "REVIEW_TEXT" in md


def test_og_type_article_or_a_video_subject_does_not_hide_the_layout() -> None:
    # og:type article is WordPress' SEO plugins' default for every page, a shop's included;
    # a product page's JSON-LD may describe only its video.
    video = json_ld({"@context": "https://schema.org", "@type": "VideoObject", "name": "Demo"})
    for head in ("<meta property='og:type' content='article'>", video):
        md = page(product_body(BUY + CHROME), head=head)
        assert all(text in md for text in KEPT)
        assert not any(text in md for text in DROPPED)


def test_cards_with_prices_and_buttons_are_a_listing() -> None:
    card = "<li><a href='/p/{0}'>Shirt {0}</a><span>$4{0}</span><button>Add to bag</button></li>"
    cards = "".join(card.format(i) for i in range(3))
    html = f"<body><main><div><h1>All shirts</h1><ul>{cards}</ul></div></main></body>"
    assert not looks_like_product(LexborHTMLParser(html))
    one = f"<body><main><div><h1>Shirt</h1><ul>{card.format(1)}</ul></div></main></body>"
    assert looks_like_product(LexborHTMLParser(one))


def test_carousels_of_other_offers_away_from_the_name_do_not_make_a_listing() -> None:
    card = "<li><a href='/p/{0}'>Shirt {0}</a><span>$4{0}</span><button>Add to bag</button></li>"
    cards = "".join(card.format(i) for i in range(8))
    html = (
        f"<body><main><div class='product'><h1>Linen Shirt</h1><p>$88</p>{BUY}</div>"
        f"<section><h2>You may also like</h2><ul>{cards}</ul></section></main></body>"
    )
    assert looks_like_product(LexborHTMLParser(html))


def _product(h1: str = "<h1>Linen Shirt</h1>", price: str = "<p>$88</p>", buy: str = BUY) -> bool:
    html = f"<body><main><div class='product'>{h1}{price}{buy}</div></main></body>"
    return looks_like_product(LexborHTMLParser(html))


def test_an_icon_buy_button_says_so_in_its_label_or_its_name() -> None:
    assert _product(buy="<button aria-label='add to cart'><svg></svg></button>")
    assert _product(buy="<button id='addToCartBtn'><svg></svg></button>")
    assert _product(buy="<button class='single_add_to_cart_button'><svg></svg></button>")
    assert not _product(buy="<button aria-label='Cart drawer'><svg></svg></button>")


def test_a_consent_dialogs_heading_or_a_screen_reader_h1_is_not_a_second_name() -> None:
    dialog = "<div role='alertdialog' aria-modal='true'><h1>Your privacy settings</h1></div>"
    assert _product(h1=f"<h1>Linen Shirt</h1>{dialog}")
    hidden = "<h1 style='height: 0;width: 0;overflow: hidden;'>Linen Shirt (SEO)</h1>"
    assert _product(h1=f"{hidden}<h1>Linen Shirt</h1>")
    assert not _product(h1="<h1>Linen Shirt</h1><h1>Another heading</h1>")


def test_a_price_printed_twice_counts_once() -> None:
    box = "<span class='price'>$20.00</span>"
    tiers = "<dl><dd>$20.00 1-9 items</dd><dd>$15.00 10-49 items</dd><dd>$13.00 50+</dd></dl>"
    assert _product(price=box + box + tiers)
    other = "<span>$9.00</span>"
    assert not _product(price=box + other + tiers.replace("$13.00", "$14.00") + "<p>$1.00</p>")


def test_a_euro_price_of_a_page_decoded_as_latin_1_is_a_price() -> None:
    # "€88" written in UTF-8, read as Latin-1 or Windows-1252
    assert _product(price="<p>\u00e2\u0082\u00ac88</p>")
    assert _product(price="<p>88,00 \u00e2\u201a\u00ac</p>")
    assert not _product(price="<p>\u00e2 88</p>")


def test_a_name_wrapped_deeper_than_a_themes_is_still_beside_its_price() -> None:
    # a framework's wrappers: the name five levels below the column with the price and button
    deep = "<div><div><div><div><h1>Linen Shirt</h1></div></div></div></div>"
    assert _product(h1=deep)
