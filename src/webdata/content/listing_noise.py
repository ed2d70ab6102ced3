"""Residual boilerplate of collection and listing pages (shop category pages, product grids,
blog indexes, search results, directories).

Rules, each general (no site names):

* the actions printed on every card of a grid ("Quick view", "Compare", "Add to wishlist",
  "View company profile", "Mark as watched", "Calculate shipping"...): an element whose
  whole text is such a phrase, when the same phrase stands on at least ``_MIN_REPEATS``
  elements of the block, each in a card (inside a link, or within a few levels of a
  picture), so a lone "Compare" in an article's prose or a table is left alone;
* the field labels of cards ("Brand name", "Product name", "Price", "Rating": ``dt``s of a
  ``dl`` that sits in a card link or beside the card's picture) repeated on at least
  ``_LABEL_REPEATS`` cards; the values stay;
* the merchandising stamped on every card: badges ("Top rated", "New arrival", "Best
  seller") and promotion lines ("Extra 17% off with code X", "+ Free shipping", "Sale ends
  ..."), repeated on cards like the actions. Discount amounts ("Save $50", "43% off") are
  price information and stay; so do promotions standing once on the page (on service and
  product pages they are often the text);
* photo credits naming a picture agency ("Jane Doe via Getty Images", "Image: X /
  Unsplash"), short and beside a picture: news indexes carry one per teaser (articles too).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from itertools import islice

from selectolax.lexbor import LexborNode

from webdata.content.dom import topmost

_CARD_ACTION = re.compile(
    r"^\W*(?:"
    r"(?:add\s+to\s+|\+\s*)?(?:compare|wish\s*list|favou?rites|cart|bag|basket)|"
    r"add\s+to\s+(?:compare|wish\s*list|favou?rites|list|collection)\b.{0,40}|"
    r"quick\s*(?:shop|view|look|add|buy)|more\s+info(?:rmation)?|"
    r"(?:view|see|get|show)\s+(?:product\s+|full\s+)?details|key\s+features|"
    r"calculate\s+shipping|(?:request\s+)?stock\s+alert|notify\s+me(?:\s+when\s+available)?|"
    r"(?:choose|select|more|see\s+all)\s+options|save\s+for\s+later|"
    r"view\s+(?:company\s+|seller\s+|store\s+)?profile|mark\s+as\s+(?:watched|read|seen)|"
    r"rate(?:\s+this)?|follow|add\s+(?:a\s+)?comment|get\s+reward\s+points|ways\s+to\s+save|"
    r"learn\s+how|"
    # badges
    r"(?:top|highly)\s+rated|best\s*-?\s*sellers?|new(?:\s+(?:arrivals?|colou?rs?|release|in))?|"
    r"brand\s+new|award\s+winner|just\s+reduced|closeout|clearance|last\s+chance|"
    r"online\s+only|exclusive|limited\s+edition|staff\s+pick|trending|hot|sale|on\s+sale"
    r")\W*$",
    re.IGNORECASE,
)
_PROMO = re.compile(
    r"^\W*(?:"
    r"extra\s+(?:\$|€|£)?\d+(?:[.,]\d+)?\s*%?\s+off\b.{0,80}|"
    r".{0,80}\b(?:use|with|enter|apply)\s+(?:the\s+)?(?:coupon\s+|promo\s+|discount\s+)?"
    r"code\b.{0,80}|"
    r".{0,40}\boff\s+your\s+(?:first\s+|next\s+)?(?:order|purchase)\b.{0,80}|"
    r"\+?\s*free\s+(?:standard\s+|ground\s+|2-day\s+)?shipping\b.{0,60}|"
    r"(?:sale|offer|deal)\s+ends\b.{0,120}|"
    r"(?:bundle|buy\s+more)\s*(?:&|and)?\s*save\b.{0,80}"
    r")$",
    re.IGNORECASE | re.DOTALL,
)
_CREDIT = re.compile(
    r"^\W*(?:(?:photo|image|picture|illustration)s?\s*(?:by|credit|courtesy|:)|credit\s*:|"
    r"courtesy\s+of|\(c\)|©)?.{0,60}\b(?:getty\s+images|shutterstock|stock\.adobe\.com|"
    r"adobe\s+(?:stock|firefly)|istock(?:photo)?|unsplash|pexels|alamy|ap\s+photo|"
    r"permission\s+granted\s+by)\b.{0,40}$",
    re.IGNORECASE | re.DOTALL,
)
_CREDIT_MAX_CHARS = 100
_AGENCIES = (
    "getty images", "shutterstock", "stock.adobe", "adobe stock", "adobe firefly", "istock",
    "unsplash", "pexels", "alamy", "ap photo", "permission granted by",
)  # fmt: skip
_PROMO_HINT = re.compile(r"\b(?:off|code|shipping|ends|save)\b", re.IGNORECASE)
_PHRASE_TAGS = "a, span, div, p, li, small, strong, b, em, dd, dt, label, section, figcaption, cite"
_WRAPPER_CHILDREN = 4
_ACTION_MAX_CHARS = 60
_PROMO_MAX_CHARS = 200
_HEADINGS_OR_PICTURES = "h1, h2, h3, h4, h5, h6, img, picture"
_MIN_REPEATS = 3
_LABEL_REPEATS = 5
_CARD_LEVELS = 4  # a phrase this close to a picture or inside a link is a card's


def _in_card(node: LexborNode, levels: int = _CARD_LEVELS) -> bool:
    """Whether ``node`` sits in an item card: inside a link, or beside a picture, within
    ``levels`` ancestors."""
    current = node.parent
    for _ in range(levels):
        if current is None:
            return False
        if current.tag == "a" or current.css_first("img, picture") is not None:
            return True
        current = current.parent
    return False


def _card_phrase(node: LexborNode, text: str) -> bool:
    if len(text) <= _ACTION_MAX_CHARS and _CARD_ACTION.match(text):
        return True
    return (
        _PROMO_HINT.search(text) is not None
        and _PROMO.match(text) is not None
        and node.css_first(_HEADINGS_OR_PICTURES) is None
    )


def _outermost(node: LexborNode, text: str, scope_id: int) -> LexborNode:
    """The outermost wrapper of ``node`` that holds nothing but its ``text``."""
    parent = node.parent
    while parent is not None and parent.mem_id != scope_id and _few_children(parent):
        if " ".join(parent.text(deep=True, strip=True).split()) != text:
            break
        node, parent = parent, parent.parent
    return node


def _few_children(node: LexborNode) -> bool:
    return next(islice(node.iter(), _WRAPPER_CHILDREN, None), None) is None


def _credit(text: str) -> bool:
    return (
        len(text) <= _CREDIT_MAX_CHARS
        and any(agency in text.lower() for agency in _AGENCIES)
        and _CREDIT.match(text) is not None
    )


def _worth_a_look(scope: LexborNode) -> bool:
    """Whether the block's text names a picture agency or repeats a card phrase on separate
    lines (text nodes): most pages do neither, and are spared the element-by-element pass."""
    text = scope.text(deep=True, separator="\n", strip=True).lower()
    if any(agency in text for agency in _AGENCIES):
        return True
    return any(
        count >= _MIN_REPEATS
        and len(line) <= _PROMO_MAX_CHARS
        and (_CARD_ACTION.match(line) or _PROMO.match(line))
        for line, count in Counter(text.split("\n")).items()
    )


def _phrase_removals(scope: LexborNode) -> list[LexborNode]:
    """Card actions, badges and promotion lines repeated on the cards of a grid, and photo
    credits beside pictures.

    Only elements with text of their own are read in full (wrappers of whole blocks have
    none), so the pass stays about linear in the size of the block; a match is then raised
    to the outermost wrapper holding nothing else.
    """
    found: dict[str, list[LexborNode]] = defaultdict(list)
    out: list[LexborNode] = []
    own = scope.mem_id
    if not _worth_a_look(scope):
        return out
    for node in scope.css(_PHRASE_TAGS):
        if node.mem_id == own:
            continue
        first = node.text(deep=False, strip=True)
        if not first or len(first) > _PROMO_MAX_CHARS:
            continue
        text = node.text(deep=True, strip=True)
        if len(text) > _PROMO_MAX_CHARS:
            continue
        text = " ".join(text.split())
        credit = _credit(text)
        if not credit and not _card_phrase(node, text):
            continue
        node = _outermost(node, text, own)
        if not _in_card(node):
            continue
        if credit:
            out.append(node)
        else:
            found[text.lower()].append(node)
    for nodes in found.values():
        top = topmost(nodes)
        if len(top) >= _MIN_REPEATS:
            out += top
    return out


def field_label_removals(scope: LexborNode) -> list[LexborNode]:
    """``dt`` labels repeated on every card ("Brand name", "Price", "Rating")."""
    found: dict[str, list[LexborNode]] = defaultdict(list)
    cards: dict[int, bool] = {}
    for node in scope.css("dt"):
        text = node.text(deep=True, strip=True)
        dl = node.parent
        if not text or len(text) > _ACTION_MAX_CHARS or dl is None:
            continue
        if dl.mem_id not in cards:
            cards[dl.mem_id] = _in_card(dl, levels=1)
        if cards[dl.mem_id]:
            found[" ".join(text.lower().split())].append(node)
    out: list[LexborNode] = []
    for nodes in found.values():
        if len(nodes) >= _LABEL_REPEATS:
            out += nodes
    return out


def listing_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Boilerplate elements under ``scope`` (text length ``total``) of collection/listing pages."""
    return _phrase_removals(scope) + field_label_removals(scope)
