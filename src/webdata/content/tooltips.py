"""Tooltips: the help text an icon shows on hover, not part of the text it sits in.

Shop themes explain a spec's name or a badge in a bubble ("Open-back designs are often
higher-performance but leak sound", "Final sale items are not returnable"), and interfaces
label their icon buttons so. Written in the page, the bubble's text runs into the heading or
the table cell it hangs from ("Cup style More information Open-back designs..."). The bubble
is found by what the markup says it is, not by its class: an element with ARIA
``role=tooltip``, or on a product page (:func:`commerce_noise.is_product_page`; the tree is
walked for them there only) a custom element named a tooltip (``<tool-tip>``,
``<x-tooltip>``), or a glossary's bubble: the element a term (``<dfn>``, ``<abbr>``) names
by ``aria-labelledby`` / ``aria-describedby`` and that hangs beside it ("search engine"
followed by "Search Engine: A search engine is a website through which..." in the same
sentence); when short (:data:`_MAX_CHARS`; a long one is a panel), not a heading and without
the page's ``<h1>``.
"""

from __future__ import annotations

from itertools import pairwise

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import contains, text_len, token_words

_MAX_CHARS = 400


def _tooltip_tag(tag: str) -> bool:
    """Whether a custom element's name says tooltip (``tool-tip``, ``app-tooltip``)."""
    if "-" not in tag:
        return False  # (HTML's own elements have no hyphen; custom ones must)
    words = token_words(tag)
    return "tooltip" in words or ("tool", "tip") in pairwise(words)


# A term pointing at its definition's bubble (``aria-labelledby`` or ``aria-describedby``).
_POINTERS = ", ".join(
    f"{t}[aria-{a}]" for t in ("dfn", "abbr") for a in ("labelledby", "describedby")
)
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})


def _beside(bubble: LexborNode, pointer: LexborNode) -> bool:
    """Whether ``bubble`` is a sibling of ``pointer`` or of its parent (it hangs from it)."""
    parent = bubble.parent
    if parent is None:
        return False
    near = pointer.parent
    return near is not None and (
        parent.mem_id == near.mem_id
        or (near.parent is not None and parent.mem_id == near.parent.mem_id)
    )


def described_bubbles(scope: LexborNode) -> list[LexborNode]:
    """The bubbles a term (``<dfn>``, ``<abbr>``) beside them names as its definition."""
    pointers = scope.css(_POINTERS)
    if not pointers:
        return []
    wanted: dict[str, list[LexborNode]] = {}
    for pointer in pointers:
        attrs = pointer.attributes
        refs = f"{attrs.get('aria-describedby') or ''} {attrs.get('aria-labelledby') or ''}"
        for ref in refs.split():
            wanted.setdefault(ref, []).append(pointer)
    out: list[LexborNode] = []
    for node in scope.css("[id]"):
        pointing = wanted.get(node.attributes.get("id") or "")
        if not pointing or node.tag in _HEADINGS or node.css_first("h1, h2, h3, h4, h5, h6"):
            continue
        if any(_beside(node, p) and not contains(node, p) for p in pointing):
            out.append(node)
    return out


def tooltip_removals(scope: LexborNode) -> list[LexborNode]:
    """Short tooltips under ``scope`` (see the module's docstring)."""
    out = scope.css("[role=tooltip]")
    out += described_bubbles(scope)
    if is_product_page(scope):  # (custom elements are looked for by walking the tree)
        out += [n for n in scope.traverse() if _tooltip_tag(n.tag or "")]
    return [
        n
        for n in out
        if n.mem_id != scope.mem_id and text_len(n) <= _MAX_CHARS and n.css_first("h1") is None
    ]
