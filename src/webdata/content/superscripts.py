"""Superscripts that are typography, not notes: the parts of a price and symbols.

Shops print prices as ``<sup>$</sup>1,899<sup>.00</sup>`` or ``$999<sup>99</sup>``, and
brand names as ``Intel<sup>®</sup>``. The markdown keeps ``<sup>`` as HTML (a footnote
mark or an exponent means something), so each of these wrote two tags around a symbol.
A superscript of symbols only, or the cents right after a number, is written inline
(``$1,899.00``, ``$999.99``, ``Intel®``); footnote marks and exponents stay superscripts.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

_SYMBOLS = re.compile(r"^[^\w\s]+$")
_CENTS = re.compile(r"^([.,]?)(\d{2})$")
# The cents follow a price: a currency symbol, then the number ("$999", "€ 1.299,"); a bare
# number before two superscript digits is a power ("10<sup>23</sup>") and stays.
_AFTER_PRICE = re.compile(r"[$€£¥₹¢]\s*\d[\d.,\s]*\W{0,3}$")


def flatten_typographic_sups(block: LexborNode) -> None:
    """Write inline the ``<sup>`` elements under ``block`` that are a price's part or a symbol."""
    for sup in block.css("sup"):
        text = sup.text(deep=True).strip()
        if _SYMBOLS.match(text):
            sup.unwrap()
            continue
        cents = _CENTS.match(text)
        if cents and _AFTER_PRICE.search(_text_before(sup)):
            sup.replace_with(f"{cents.group(1) or '.'}{cents.group(2)}")


def _text_before(node: LexborNode, siblings: int = 3) -> str:
    """The text of the few siblings before ``node`` (a price's symbol may be its own node)."""
    parts: list[str] = []
    current = node.prev
    while current is not None and len(parts) < siblings:
        parts.append(current.text(deep=True))
        current = current.prev
    return "".join(reversed(parts))
