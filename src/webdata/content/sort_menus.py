"""Sort menus of a catalogue written as lists.

A category page offers to reorder its grid ("Relevance, Name A to Z, Price low to high,
Newest"). Shops that build the menu from a ``<select>`` lose it with the other controls;
themes that build it as a dropdown list of links or items (``ul.dropdown-menu``) leave it
in the text. A list of at least ``_MIN_ITEMS`` short items, ``_SHARE`` of which name a sort
order (in English, French, German, Spanish, Italian or Dutch), is such a menu and goes.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, elements, text_len

_ORDER = re.compile(
    r"^\W*(?:sort\s+by\s*:?\s*)?(?:"
    r"relevan(?:ce|cy|z|cia|za|tie)|pertinence|featured|recommended|best\s+match|"
    r"best[\s-]?sell(?:ing|ers?)|meilleures?\s+ventes?|bestseller|most\s+popular|popularity|"
    r"popularit[éy]|beliebtheit|newest(?:\s+(?:first|arrivals))?|new\s+arrivals|nouveaut[ée]s?|"
    r"neuheiten|(?:top|highest|customer)\s+rat(?:ed|ing)s?|avg\.?\s+customer\s+review|"
    r"(?:price|prix|preis|precio|prezzo|prijs)\s*[,:]?\s*(?:\(?\s*)?(?:"
    r"low(?:est)?\s+(?:to|-)\s+high(?:est)?|high(?:est)?\s+(?:to|-)\s+low(?:est)?|"
    r"ascending|descending|croissant|d[ée]croissant|aufsteigend|absteigend|"
    r"ascendente|descendente|crescente|decrescente|oplopend|aflopend)\)?|"
    r"(?:(?:name|nom|title|titre|alphabetical(?:ly)?)\s*[,:]?\s*)?(?:de\s+)?"
    r"(?:a\s*(?:-|to|à|bis)\s*z|z\s*(?:-|to|à|bis)\s*a)"
    r")\W*$",
    re.IGNORECASE,
)
_MIN_ITEMS = 3
_SHARE = 0.8
_ITEM_CHARS = 40


def _sort_menu(node: LexborNode) -> bool:
    items = [li for li in node.iter() if li.tag == "li"]
    if len(items) < _MIN_ITEMS:
        return False
    orders = sum(1 for li in items if text_len(li) <= _ITEM_CHARS and _ORDER.match(deep_text(li)))
    return orders >= _SHARE * len(items)


def sort_menu_removals(scope: LexborNode) -> list[LexborNode]:
    """Lists under ``scope`` that are sort menus."""
    return [node for node in elements(scope, "ul, ol") if _sort_menu(node)]
