"""A product page told by its layout, for shops whose head says nothing about the product.

The page has one ``<h1>`` (the product's name), and within a few ancestors of it a price
(a currency and a number) and a purchase control (a button or a submit input saying "add to
cart / bag / basket" or "buy now", or a form posting to a cart URL). A listing or a
collection repeats prices and purchase controls over its cards, so a name with many prices
or the same control twice beside it is not one product.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborHTMLParser, LexborNode

ENABLED = True

_CLIMB = 4  # ancestors of the h1 searched: the product column, not the whole page
# Beside the name: more price lines, or the same purchase control twice, are a listing's cards
# (a product page's carousels of other offers with prices lie further away).
_MAX_PRICES = 4
_PRICE = re.compile(
    r"(?:[$\u00a3\u20ac\u00a5\u20b9]|\b(?:usd|eur|gbp|cad|aud|rs\.?|kr)\b)\s?\d[\d,.]*"
    r"|\b\d[\d,.]*\s?(?:[$\u00a3\u20ac\u00a5\u20b9]|\b(?:usd|eur|gbp|kr|z\u0142)\b)",
    re.IGNORECASE,
)
_BUY = re.compile(r"\b(?:add\s+to\s+(?:cart|bag|basket|trolley)|buy\s+(?:it\s+)?now)\b", re.I)
_CONTROLS = "button, input[type=submit], input[type=button], a[role=button]"
_PRICE_MAX_CHARS = 40  # a price line, not a paragraph that quotes one


def _is_control(node: LexborNode) -> bool:
    attrs = node.attrs
    text = " ".join((node.text(deep=True) or "", attrs.get("value") or "", attrs.get("name") or ""))
    return bool(_BUY.search(text.replace("_", " ").replace("-", " ")))


def _controls(scope: LexborNode) -> list[LexborNode]:
    found = [n for n in scope.css(_CONTROLS) if _is_control(n)]
    ids = {n.mem_id for n in found}
    for form in scope.css("form[action]"):
        action = (form.attrs.get("action") or "").lower()
        if "/cart" not in action and "basket" not in action:
            continue
        if not any(n.mem_id in ids for n in form.traverse()):  # its button was counted
            found.append(form)
    return found


def _prices(scope: LexborNode) -> int:
    count = 0
    for node in scope.css("span, div, p, strong, b, ins, dd, td, bdi"):
        text = node.text(deep=True, strip=True)
        if not text or len(text) > _PRICE_MAX_CHARS or not _PRICE.search(text):
            continue
        child = node.child
        nested = False
        while child is not None:  # count the innermost holder of a price only
            if child.tag != "-text" and _PRICE.search(child.text(deep=True) or ""):
                nested = True
                break
            child = child.next
        count += not nested
    return count


def looks_like_product(tree: LexborHTMLParser) -> bool:
    """Whether the body is laid out as one product on sale (name, price and buy button)."""
    if not ENABLED or tree.body is None:
        return False
    h1s = tree.body.css("h1")
    if len(h1s) != 1 or not _controls(tree.body):  # most pages end here, cheaply
        return False
    node: LexborNode | None = h1s[0]
    for _ in range(_CLIMB):
        node = node.parent if node is not None else None
        if node is None or node.tag in ("body", "html"):
            return False
        controls = _controls(node)  # the cheaper question first
        prices = _prices(node) if controls else 0
        if prices:  # the product column, or the head of a listing's cards
            texts = [" ".join((c.text(deep=True) or "").lower().split()) for c in controls]
            return prices <= _MAX_PRICES and len(set(texts)) == len(texts)
    return False
