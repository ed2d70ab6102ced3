"""A product page told by its layout, for shops whose head says nothing about the product.

The page has one ``<h1>`` (the product's name; one in a dialog, a consent prompt's, or one
hidden for screen readers does not count), and within a few ancestors of it a price (a
currency and a number) and a purchase control (a button or a submit input saying "add to
cart / bag / basket" or "buy now" in its text, label or name, an icon button in its id or
class, or a form posting to a cart URL). A listing or a collection repeats prices and
purchase controls over its cards, so a name with many prices (a price shown twice counted
once) or the same control twice beside it is not one product.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webdata.content.dom import HIDDEN_STYLE, token_words

# Ancestors of the h1 searched: the product column, not the whole page; a framework may wrap
# the name in a few more divs than a theme (the listing checks below still apply at each step).
_CLIMB = 6
# Beside the name: more price lines, or the same purchase control twice, are a listing's cards
# (a product page's carousels of other offers with prices lie further away).
_MAX_PRICES = 4
# The euro sign, and what it becomes on a page written in UTF-8 but decoded as Latin-1 or
# Windows-1252 (U+00E2, then U+0082 or U+201A, then U+00AC; the pound and yen signs keep
# theirs after an extra U+00C2).
_EURO = "\u20ac|\u00e2[\u0082\u201a]\u00ac"
_PRICE = re.compile(
    rf"(?:[$\u00a3\u00a5\u20b9]|{_EURO}|\b(?:usd|eur|gbp|cad|aud|rs\.?|kr)\b)\s?\d[\d,.]*"
    rf"|\b\d[\d,.]*\s?(?:[$\u00a3\u00a5\u20b9]|{_EURO}|\b(?:usd|eur|gbp|kr|z\u0142)\b)",
    re.IGNORECASE,
)
_BUY = re.compile(r"\b(?:add\s+to\s+(?:cart|bag|basket|trolley)|buy\s+(?:it\s+)?now)\b", re.I)
_CONTROLS = "button, input[type=submit], input[type=button], a[role=button]"
_PRICE_MAX_CHARS = 40  # a price line, not a paragraph that quotes one


def _is_control(node: LexborNode) -> bool:
    attrs = node.attrs
    said = (attrs.get(a) or "" for a in ("value", "name", "aria-label", "title"))
    text = " ".join((node.text(deep=True) or "", *said))
    if _BUY.search(text.replace("_", " ").replace("-", " ")):
        return True
    # an icon button says it in its id or class only ("addToCartBtn", "single_add_to_cart")
    named = f"{attrs.get('id') or ''} {attrs.get('class') or ''}"
    return bool(_BUY.search(" ".join(w for t in named.split() for w in token_words(t))))


# Outside the page: a consent dialog's title, an <h1> kept for screen readers only.
_ASIDE_H1 = "dialog, [role=dialog], [role=alertdialog], [aria-modal=true]"
_ZERO_SIZE = re.compile(r"(?:^|;)\s*(?:height|width)\s*:\s*0(?:px)?\s*(?:;|$)", re.I)


def _name_heading(body: LexborNode) -> LexborNode | None:
    """The page's one visible ``<h1>`` outside dialogs, or None (none, or several)."""
    aside: set[int] = set()
    for node in body.css(_ASIDE_H1):
        aside.update(h.mem_id for h in node.css("h1"))
    found: list[LexborNode] = []
    for h1 in body.css("h1"):
        style = h1.attrs.get("style") or ""
        if h1.mem_id in aside or HIDDEN_STYLE.search(style) or _ZERO_SIZE.search(style):
            continue
        found.append(h1)
    return found[0] if len(found) == 1 else None


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


def purchase_controls(scope: LexborNode) -> list[LexborNode]:
    """The purchase controls under ``scope`` (buttons saying "add to cart", cart forms)."""
    return _controls(scope)


def _prices(scope: LexborNode) -> int:
    """Price lines under ``scope``, a line printed twice counted once (the desktop and the
    mobile copy of the price box, a sale template beside the regular one)."""
    seen: set[str] = set()
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
        if not nested:
            seen.add(" ".join(text.split()))
    return len(seen)


def looks_like_product(tree: LexborHTMLParser) -> bool:
    """Whether the body is laid out as one product on sale (name, price and buy button)."""
    if tree.body is None:
        return False
    if not tree.body.css_first("h1") or not _controls(tree.body):  # most pages end here
        return False
    node: LexborNode | None = _name_heading(tree.body)
    if node is None:
        return False
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
