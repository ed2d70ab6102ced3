"""A product page told by its address (a shop platform's product path) and a purchase
control, when its head says nothing and its layout test cannot read the price."""

from __future__ import annotations

from tests.content.pages import page_markdown
from tests.content.test_commerce_noise import CHROME, DROPPED, KEPT
from webdata.content.product_urls import product_path

BUY = "<form action='/cart/add' method='post'><button type='submit'>Add to cart</button></form>"
# A price the layout test does not read (no currency sign: "88.00" beside a "USD" picker).
BODY = (
    "<main><div class='product'><h1>Linen Shirt</h1><p class='price'>PRICE_TEXT 88.00</p>"
    "<p>DESCRIPTION_TEXT A relaxed shirt cut from washed European linen, with a soft collar "
    "and a curved hem that works tucked or untucked.</p><ul><li>FEATURE_TEXT Garment dyed</li>"
    "</ul><table><tr><th>Fabric</th><td>SPEC_LINEN 100% linen</td></tr></table>"
    f"{BUY}{CHROME}</div></main>"
)


def test_a_product_path_with_a_purchase_control_is_a_product_page() -> None:
    md = page_markdown(BODY, "https://shop.example.com/products/linen-shirt")
    assert all(text in md for text in KEPT)
    assert not any(text in md for text in DROPPED)


def test_another_path_or_no_purchase_control_is_not_one() -> None:
    md = page_markdown(BODY, "https://shop.example.com/collections/shirts")
    assert "SHIPPING_TEXT" in md
    md = page_markdown(BODY.replace(BUY, ""), "https://shop.example.com/products/linen-shirt")
    assert "SHIPPING_TEXT" in md


def test_product_paths_of_the_shop_platforms() -> None:
    for url in (
        "https://a.example/products/linen-shirt",
        "https://a.example/collections/shirts/products/linen-shirt",
        "https://a.example/product/linen-shirt/",
        "https://a.example/Linen-Shirt/dp/B0123ABCD",
        "https://a.example/ip/Linen-Shirt/562",
        "https://a.example/itm/365999454668",
        "https://a.example/listing/183/linen-shirt",
        "https://a.example/item/1005010537563439.html",
        "https://a.example/eu/p/linen-shirt?sku=1",
    ):
        assert product_path(url), url
    for url in (
        "https://a.example/products",
        "https://a.example/products/",
        "https://a.example/products/shirts/linen",  # a catalogue's category
        "https://a.example/product-category/shirts/",
        "https://a.example/blog/linen-care",
    ):
        assert not product_path(url), url
