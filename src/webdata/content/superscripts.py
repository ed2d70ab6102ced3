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
_AFTER_NUMBER = re.compile(r"\d\W{0,3}$")  # "$999", "**649**"


def flatten_typographic_sups(block: LexborNode) -> None:
    """Write inline the ``<sup>`` elements under ``block`` that are a price's part or a symbol."""
    for sup in block.css("sup"):
        text = sup.text(deep=True).strip()
        if _SYMBOLS.match(text):
            sup.unwrap()
            continue
        cents = _CENTS.match(text)
        before = sup.prev.text(deep=True) if sup.prev is not None else ""
        if cents and _AFTER_NUMBER.search(before):
            sup.replace_with(f"{cents.group(1) or '.'}{cents.group(2)}")
