"""Rows of payment-method logos on shop product pages.

A product page often shows, beside the buy button, the ways to pay as a row of logos (Klarna,
Afterpay, PayPal, card networks), sometimes under a short caption ("Also available at
checkout:"). Themes name that row freely, so it is found by what it holds: a small element
(at most :data:`_MAX_CHARS` characters of text) whose images are all logos of payment
providers, by their address or alt text, at least two of them. The page's own pictures are
never such logos, so the product's text stays.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import text_len, widest_while

# Providers' names as written in logo file names and alt texts (lowercase, without spaces:
# ``apple-pay.svg``, ``ApplePay``); the selector lets lexbor filter the images, so the
# page's other pictures are not read one by one in Python.
_PROVIDERS = (
    "klarna", "afterpay", "clearpay", "affirm", "sezzle", "paypal", "applepay", "apple-pay",
    "apple_pay", "googlepay", "google-pay", "google_pay", "shoppay", "shop-pay", "laybuy",
    "zippay", "mastercard", "maestro", "amex",
)  # fmt: skip
_LOGOS = ", ".join(f"img[src*={name} i], img[alt*={name} i]" for name in _PROVIDERS)
_MAX_CHARS = 80  # a caption at most: "Also available at checkout:"
_MIN_LOGOS = 2  # one logo may be the product's own (a PayPal gift card)


def payment_logo_removals(scope: LexborNode) -> list[LexborNode]:
    """Small elements under ``scope`` on a product page made of payment providers' logos."""
    if not is_product_page(scope):
        return []
    logos = {img.mem_id: img for img in scope.css(_LOGOS)}
    out: list[LexborNode] = []
    seen: set[int] = set()
    for key, img in logos.items():
        if key in seen:
            continue
        row = widest_while(img, scope, lambda node: text_len(node) <= _MAX_CHARS)
        if row is None:
            continue
        images = row.css("img")
        seen.update(image.mem_id for image in images)
        # every picture of the row is a logo: a product's photo beside one is not a logo row
        if len(images) >= _MIN_LOGOS and all(image.mem_id in logos for image in images):
            out.append(row)
    return out
