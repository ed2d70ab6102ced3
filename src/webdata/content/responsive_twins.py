"""Near copies of a block laid out for another screen width: the mobile and the desktop card,
the comparison table drawn once per layout.

``repeated_blocks`` drops a copy whose text equals the first's. A responsive layout often
writes its second copy with other words here and there (a card's title and summary as one
link, a table with the prices in its header, an extra "Learn more"), so equal texts miss it.
Here two sibling blocks whose bags of words mostly agree (``_AGREE`` of the larger one) go
down to the first when a class says one of them is shown at some screen widths only
(``card--mobile``, ``hide-for-mobile``, ``d-none d-lg-block``: ``repeated_blocks``' test) and
the other does not carry the same such classes (a site naming every block ``tablet`` shows
its two testimonial sliders together).
Siblings only: a copy elsewhere on the page is another matter (a summary, a recap). Blocks
already removed neither count as the first copy nor are looked at; blocks holding code or
quotes are left alone (tabs of code, a reply quoting a post).
"""

from __future__ import annotations

from collections import Counter

from selectolax.lexbor import LexborNode

from webdata.content.dom import named_hits, text_len, text_memo, text_words
from webdata.content.repeated_blocks import width_only_classes

_MIN_WORDS = 15  # a shorter pair is a label or a button, and equal copies are repeated_blocks'
_MIN_CHARS = 60  # (fewer characters cannot hold that many words)
_AGREE = 0.8
_WINDOW = 2  # the copies are next to each other (or interleaved: mobile, desktop, mobile...)
_KEPT_INSIDE = "pre, code, blockquote"
_NOT_ELEMENTS = frozenset({"-text", "-comment", "script", "style", "template"})
_width_only = text_memo(width_only_classes)
_NONE: frozenset[str] = frozenset()
# The candidates: classes holding a device word, a breakpoint's "md:hidden" or Bootstrap's
# "d-none" (each part is one more search of the page's classes). A copy marked otherwise
# ("hidden md:block", "d-md-none") has its twin marked so, and the pair is found from it.
_WIDTH_PARTS = ("mobile", "tablet", "desktop", ":hidden", "d-none")


def responsive_twin_removals(scope: LexborNode, removed: list[LexborNode]) -> list[LexborNode]:
    """The later copies, among siblings under ``scope``, of a block shown at some widths only
    (``removed``: already going)."""
    gone: set[int] | None = None
    looked: set[int] = set()
    out: list[LexborNode] = []
    own = scope.mem_id
    for node in named_hits(scope, _WIDTH_PARTS, once=True):
        classes = node.attributes.get("class")
        if node.mem_id == own or not classes or not _width_only(classes):
            continue
        parent = node.parent
        if parent is None or parent.mem_id in looked:
            continue
        looked.add(parent.mem_id)
        if gone is None:
            gone = {n.mem_id for n in removed}
        out += _later_copies(parent, gone)
    return out


def _later_copies(parent: LexborNode, gone: set[int]) -> list[LexborNode]:
    # (sizes and width classes first, from the measured texts: the bags of words are read
    # only for a pair that could be twins)
    firsts: list[tuple[LexborNode, int, frozenset[str]]] = []
    bags: dict[int, Counter[str]] = {}
    out: list[LexborNode] = []
    for child in parent.iter():
        if child.tag in _NOT_ELEMENTS or child.mem_id in gone:
            continue
        size = text_len(child)
        if size < _MIN_CHARS:
            continue
        widths = _widths(child.attributes.get("class") or "")
        for first, first_size, first_widths in firsts[-_WINDOW:]:
            if (
                widths != first_widths
                and min(size, first_size) >= _AGREE * max(size, first_size)
                and _agree(_bag(first, bags), _bag(child, bags))
                and child.css_first(_KEPT_INSIDE) is None
                and first.css_first(_KEPT_INSIDE) is None
            ):
                out.append(child)
                break
        else:
            firsts.append((child, size, widths))
    return out


def _bag(node: LexborNode, bags: dict[int, Counter[str]]) -> Counter[str]:
    bag = bags.get(node.mem_id)
    if bag is None:
        # (text nodes apart: a table's cells joined would make new words)
        bag = bags[node.mem_id] = Counter(text_words(node.text(deep=True, separator=" ")))
    return bag


def _widths(classes: str) -> frozenset[str]:
    """The classes that bind ``classes``' element to some screen widths (``card--mobile``,
    ``lg:hidden``, ``d-md-block`` beside ``d-none``), empty when none does. Two blocks with
    the same ones are shown together (a site naming everything ``tablet``): not twins."""
    if not _width_only(classes):
        return _NONE
    # (each class read as if beside "hidden": a show-at class counts only there)
    return frozenset(c for c in classes.lower().split() if _width_only(f"hidden {c}"))


def _agree(a: Counter[str], b: Counter[str]) -> bool:
    a_size, b_size = a.total(), b.total()
    larger = max(a_size, b_size)
    if min(a_size, b_size) < max(_MIN_WORDS, _AGREE * larger):
        return False  # (too short, or too unequal to share that many words)
    return (a & b).total() >= _AGREE * larger
