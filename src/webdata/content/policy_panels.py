"""The shop's shipping and returns terms beside a product, told by their label and their words.

A product page often ends its buy column with collapsed panels of the shop's terms: a label
"Shipping", "Shipping & Returns", "Delivery and returns", then the panel, shut until the label
is pressed ("We ship nationwide. Orders received by 2pm are dispatched the same day."). Themes
name the panel freely (``open-shipping``, ``css-1x2y``), and its label is often a ``<div>`` or
a ``<button>`` whose ``aria-controls`` names no element of the page, so neither the class
words nor the disclosure rule of :mod:`commerce_noise` find it. Here, on a product page
(:func:`commerce_noise.is_product_page`), a short element whose whole text is such a label
(``commerce_noise._POLICY_LABEL``; not a link, a menu's item, nor a field "Returns:" of a
listing, whose value is the item's own terms) and the element right after it go when that
element is collapsed (the label a ``<button>`` or ``<summary>`` or ``aria-expanded=false``,
or the panel hidden), small (at most :data:`_PANEL_CHARS`), without the page's ``<h1>``, and
speaks of the terms: at least :data:`_MIN_TERMS` words of shipping terms (ship, order,
return, refund, dispatch, delivery...). A hidden panel is taken with the hidden elements right
after it (themes cut the terms into hidden chunks, one a line). An open "Delivery" section
(dates, the seller) under a heading is sometimes the page's own text and stays; an open one
labelled by a bare ``<span>``/``<b>``/``<div>`` ("Shipping", then the rates) goes when it is
short (at most :data:`_OPEN_PANEL_CHARS`) and dense in terms (:data:`_OPEN_MIN_TERMS`): the
class that hides it until the label is pressed says nothing on a theme of its own.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import _POLICY_LABEL, is_product_page
from webdata.content.dom import HIDDEN_STYLE, deep_text, short_texts, text_len

_LABEL_TAGS = "span, b, strong, p, div, button, h2, h3, h4, h5, h6, summary, label"
_LABEL_MAX_CHARS = 60
_PANEL_CHARS = 1200  # the shop's terms in a paragraph or two, not a section of the page
_MIN_TERMS = 3
_OPEN_LABEL_TAGS = frozenset({"span", "b", "strong", "p", "div", "label"})
_OPEN_PANEL_CHARS = 300  # a line of rates and dispatch times, not a section
_OPEN_MIN_TERMS = 6
_TERMS = re.compile(
    r"\b(?:ship(?:s|ped|ping)?|dispatch(?:ed)?|orders?|returns?|returned|refunds?|"
    r"exchanges?|deliver(?:y|ed|ies)?|warranty|business\s+days|checkout|postage|courier)\b",
    re.IGNORECASE,
)


def _panel(label: LexborNode, scope: LexborNode) -> LexborNode | None:
    """The element right after ``label`` (or after its wrapper when the label is the last
    element there, a ``<button>`` in a ``<div>``) under ``scope``, or None."""
    current: LexborNode | None = label
    for _ in range(2):
        if current is None or current.mem_id == scope.mem_id:
            return None
        sibling = current.next
        while sibling is not None and sibling.tag == "-text":
            if sibling.text(strip=True):
                return None  # text right after the label: a line, not a panel
            sibling = sibling.next
        if sibling is not None:
            return sibling
        current = current.parent
    return None


def _hidden(node: LexborNode) -> bool:
    attrs = node.attributes
    return (
        "hidden" in attrs
        or attrs.get("aria-hidden") == "true"
        or HIDDEN_STYLE.search(attrs.get("style") or "") is not None
    )


def _collapsed(label: LexborNode, panel: LexborNode) -> bool:
    """Whether the panel is shut until the label is pressed: the label is a button or a
    ``<summary>`` or says it is shut (``aria-expanded=false``), or the panel (or its first
    element) is hidden. An open "Delivery" section may be the page's own text."""
    if label.tag in ("button", "summary") or label.attributes.get("aria-expanded") == "false":
        return True
    first = panel.child
    while first is not None and first.tag == "-text":
        first = first.next
    return _hidden(panel) or (first is not None and _hidden(first))


def _hidden_run(panel: LexborNode) -> list[LexborNode]:
    """``panel`` and, when it is hidden, the hidden elements right after it (the shop's
    terms cut into hidden chunks, one a line), up to text or a shown element."""
    run = [panel]
    if not _hidden(panel):
        return run
    sibling = panel.next
    while sibling is not None:
        if sibling.tag == "-text":
            if sibling.text(strip=True):
                break
        elif sibling.tag not in ("script", "style") and _hidden(sibling):
            run.append(sibling)
        else:
            break
        sibling = sibling.next
    return run


def policy_panel_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Labels of the shop's shipping and returns terms and their panels, on product pages."""
    if not is_product_page(scope):
        return []
    out: list[LexborNode] = []
    for label, text in short_texts(scope, scope.css(_LABEL_TAGS), _LABEL_MAX_CHARS):
        if text.endswith(":") or not _POLICY_LABEL.match(text):
            continue  # ("Returns: 30 days, buyer pays" is a field of the listing, not a panel)
        panel = _panel(label, scope)
        if panel is None or panel.tag in ("script", "style"):
            continue
        run = _hidden_run(panel)
        size = sum(text_len(n) for n in run)
        if not size or size > _PANEL_CHARS or any(n.css_first("h1") is not None for n in run):
            continue
        terms = sum(len(_TERMS.findall(deep_text(n))) for n in run)
        if _collapsed(label, panel):
            if terms >= _MIN_TERMS:
                out += [label, *run]
        elif (
            label.tag in _OPEN_LABEL_TAGS and size <= _OPEN_PANEL_CHARS and terms >= _OPEN_MIN_TERMS
        ):
            out += [label, *run]  # an open line of rates under a bare label
    return out
