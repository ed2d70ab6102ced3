"""The spoken copy of a figure shown beside it.

Shops draw a price or a count for the eye and hide the drawing from screen readers
(``aria-hidden="true"``: '$148' + '02' in raised type), then write it once more for screen
readers, worded ('current price $148.02'), under a class that hides it from sight, often a
hashed one no class list knows ('ld_FS'). Both reach the markdown: the figure twice, and labels
no reader sees. The spoken copy goes when it sits right beside the drawing and says the same
numbers; or, when the drawing shows words and no figure ('See price in cart'), when it says
those words behind a short label ('current price See price in cart').
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text

_NOT_DIGIT = re.compile(r"\D+")
_MAX_CHARS = 80  # a figure and its label, not a sentence
_LABEL_WORDS = 3  # words a spoken copy puts before the words it repeats ('current price')
_MIN_SHOWN_WORDS = 2  # (a drawn word alone, 'New', is a badge: a sentence may start with it)


def _numbers(text: str) -> str:
    """The digits of ``text`` run together: a drawn '$148' '02' reads as one text, '$14802'."""
    return _NOT_DIGIT.sub("", text)


def _spoken_copy(sibling: LexborNode | None, numbers: str, shown: str) -> bool:
    if sibling is None or sibling.attributes.get("aria-hidden") == "true":
        return False
    if sibling.css_first("a, img, button, input") is not None:
        return False
    text = deep_text(sibling)
    if not text or len(text) > _MAX_CHARS or text == shown:
        return False
    if not numbers:
        return _labelled_words(text, shown)
    return _numbers(text) == numbers and any(c.isalpha() for c in text)


def _labelled_words(text: str, shown: str) -> bool:
    """Whether ``text`` is the words ``shown`` behind a short label of words."""
    said, drawn = text.lower().split(), shown.lower().split()
    label = said[: len(said) - len(drawn)]
    return (
        len(drawn) >= _MIN_SHOWN_WORDS
        and 0 < len(label) <= _LABEL_WORDS
        and said[len(label) :] == drawn
        and all(word.isalpha() for word in label)
    )


def aria_twin_removals(scope: LexborNode) -> list[LexborNode]:
    """Spoken copies of the figures an ``aria-hidden`` element draws beside them."""
    out: list[LexborNode] = []
    for drawn in scope.css('[aria-hidden="true"]'):
        shown = deep_text(drawn)
        if not shown or len(shown) > _MAX_CHARS:
            continue
        numbers = _numbers(shown)
        for sibling in (_element_beside(drawn, after=True), _element_beside(drawn, after=False)):
            if _spoken_copy(sibling, numbers, shown):
                assert sibling is not None
                out.append(sibling)
    return out


def _element_beside(node: LexborNode, *, after: bool) -> LexborNode | None:
    """The next (previous) sibling element, past blank text only."""
    sibling = node.next if after else node.prev
    while sibling is not None and sibling.tag == "-text":
        if sibling.text().strip():
            return None  # words between them: not a twin
        sibling = sibling.next if after else sibling.prev
    return sibling
