"""Where the deterministic ``product`` result has gaps a model may fill, the schema it answers
by, and the merge: the page's structured data always wins, the model only fills what is
missing.

Gaps (a closed list, checked in this order):

* ``product``: no result at all (a page without product data or structure); the model is
  asked for the whole record, and may answer that the page shows no product;
* ``brand``, ``description``: absent;
* ``price``: a variant without a price, or no variant (its ``currency`` comes with it);
* ``currency``: a priced variant whose price has no currency (when ``price`` is no gap);
* ``availability``: a variant whose availability is the default (in stock, no words on the
  page or in the data), or no variant;
* ``images``: no variant has an image.

``title`` and ``url`` are never gaps: a result always has them. ``category`` is not one
either: most shops have none to give, and asking for it would call the model on complete
pages.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from webdata.extract import gap_values as v

WHOLE = "product"
FIELDS = ("brand", "description", "price", "currency", "availability", "images")
MAX_TITLE = 500
MAX_VARIANTS = 100

_VARIANT = v.closed(
    {
        "title": v.NULLABLE_STRING,
        "sku": v.NULLABLE_STRING,
        "price": v.PRICE,
        "sale": v.closed({"originalPrice": v.PRICE}, nullable=True),
        "availability": v.AVAILABILITY,
        "images": v.IMAGES,
    }
)
_PRODUCT = v.closed(
    {
        "title": v.STRING,
        "brand": v.NULLABLE_STRING,
        "category": v.NULLABLE_STRING,
        "description": v.NULLABLE_STRING,
        "variants": v.array_of(_VARIANT),
    },
    nullable=True,
)
_GAP_SCHEMAS: dict[str, dict[str, Any]] = {
    "brand": v.NULLABLE_STRING,
    "description": v.NULLABLE_STRING,
    "price": v.PRICE,
    "currency": v.NULLABLE_STRING,
    "availability": v.AVAILABILITY,
    "images": v.IMAGES,
}


def product_gaps(product: dict[str, Any] | None) -> tuple[str, ...]:
    if product is None:
        return (WHOLE,)
    variants: list[dict[str, Any]] = product.get("variants") or []
    gaps: list[str] = [k for k in ("brand", "description") if not product.get(k)]
    if not variants or any("price" not in x for x in variants):
        gaps.append("price")
    elif any(not x["price"].get("currency") for x in variants):
        gaps.append("currency")
    if not variants or any(not x.get("availability", {}).get("text") for x in variants):
        gaps.append("availability")
    if not any(x.get("images") for x in variants):
        gaps.append("images")
    return tuple(gaps)


@cache
def product_schema(gaps: tuple[str, ...]) -> dict[str, Any]:
    """What the model answers: the whole record (or null), or an object of the gaps only."""
    if WHOLE in gaps:
        return v.closed({"product": _PRODUCT})
    return v.closed({gap: _GAP_SCHEMAS[gap] for gap in gaps})


def merge_product(
    product: dict[str, Any] | None, answer: Any, gaps: tuple[str, ...], url: str
) -> dict[str, Any] | None:
    """``product`` with the model's values in its gaps (only there); ``url`` is the page's
    canonical URL, for a record the model gave whole."""
    if not isinstance(answer, dict):
        return product
    if product is None:
        return _whole(answer.get("product"), url) if WHOLE in gaps else None
    out = {**product, "variants": [dict(x) for x in product.get("variants") or []]}
    for key in ("brand", "description"):
        if key in gaps and not out.get(key) and (value := v.text_value(answer.get(key))):
            out[key] = value
    variants: list[dict[str, Any]] = out["variants"]
    price = v.money(answer.get("price")) if "price" in gaps else None
    stock = v.availability(answer.get("availability")) if "availability" in gaps else None
    if not variants and (price is not None or stock is not None):
        variants.append({"availability": {"inStock": True}})
    code = v.currency(answer.get("currency")) if "currency" in gaps else None
    code = code or (price or {}).get("currency")
    pictures = v.images(answer.get("images"), url) if "images" in gaps else []
    for variant in variants:
        if price is not None and "price" not in variant:
            variant["price"] = dict(price)
        elif code and "price" in variant and not variant["price"].get("currency"):
            variant["price"] = _with_currency(variant["price"], code)
        if stock is not None and not variant["availability"].get("text"):
            variant["availability"] = dict(stock)
        if pictures and not variant.get("images"):
            variant["images"] = [dict(p) for p in pictures]
    out["variants"] = [_ordered(x, _VARIANT_ORDER) for x in variants]
    return _ordered(out, _PRODUCT_ORDER)


def _with_currency(price: dict[str, Any], code: str) -> dict[str, Any]:
    filled = v.money({**price, "currency": code})
    # The page's formatted text stays: only the code was missing.
    return {**filled, "formatted": price["formatted"]} if filled and "formatted" in price else price


def _whole(record: Any, url: str) -> dict[str, Any] | None:
    if not isinstance(record, dict) or not (title := v.text_value(record.get("title"), MAX_TITLE)):
        return None
    out: dict[str, Any] = {"title": title, "url": url}
    for key in ("brand", "category", "description"):
        if value := v.text_value(record.get(key)):
            out[key] = value
    raw = record.get("variants")
    out["variants"] = [
        _variant(x, url) for x in (raw if isinstance(raw, list) else [])[:MAX_VARIANTS]
    ]
    return out


def _variant(raw: Any, url: str) -> dict[str, Any]:
    raw = raw if isinstance(raw, dict) else {}
    out: dict[str, Any] = {}
    for key in ("sku", "title"):
        if value := v.text_value(raw.get(key), MAX_TITLE):
            out[key] = value
    if (price := v.money(raw.get("price"))) is not None:
        out["price"] = price
        sale = raw.get("sale")
        original = (
            v.money(sale.get("originalPrice"), price.get("currency"))
            if isinstance(sale, dict)
            else None
        )
        if original is not None and original["amount"] > price["amount"]:
            out["sale"] = {"originalPrice": original}
    out["availability"] = v.availability(raw.get("availability")) or {"inStock": True}
    if pictures := v.images(raw.get("images"), url):
        out["images"] = pictures
    return out


_PRODUCT_ORDER = ("title", "url", "brand", "category", "description", "variants")
_VARIANT_ORDER = ("id", "sku", "title", "values", "price", "sale", "availability", "images")


def _ordered(record: dict[str, Any], order: tuple[str, ...]) -> dict[str, Any]:
    """The extractor's key order, so a filled record reads like one it made."""
    return {k: record[k] for k in order if k in record} | {
        k: x for k, x in record.items() if k not in order
    }
