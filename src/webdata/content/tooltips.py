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
the page's ``<h1>``. When the name points at no element of the block (the ids rewritten
apart from the references, or set by a script), the bubble is the element right after the
term when its text opens with the term's words ("keyword" followed by "Keyword A keyword
is what users write..."): a bubble repeats the term it defines.
"""

from __future__ import annotations

from itertools import pairwise

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import contains, text_len, text_words, token_words

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
_TERM_CHARS = 80  # a term longer than this is no glossary word


def _next_element(node: LexborNode) -> LexborNode | None:
    current = node.next
    while current is not None and current.tag == "-text":
        if (current.text_content or "").strip():
            return None  # (words between the term and the element: no bubble of it)
        current = current.next
    return current


def _repeating_bubble(pointer: LexborNode) -> LexborNode | None:
    """The element right after the term when its text opens with the term's words."""
    term = pointer.text(deep=True)
    said = text_words(term) if len(term) <= _TERM_CHARS else []
    bubble = _next_element(pointer)
    if not said or bubble is None or bubble.tag in _HEADINGS:
        return None
    # (compared without spaces: a bubble's title often runs into its text, "KeywordA keyword")
    term_chars = "".join(said)
    start = "".join(text_words(bubble.text(deep=True)[: 2 * _TERM_CHARS]))
    return bubble if start.startswith(term_chars) and len(start) > len(term_chars) else None


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
    named: set[str] = set()
    for node in scope.css("[id]"):
        named.add(node.attributes.get("id") or "")
        pointing = wanted.get(node.attributes.get("id") or "")
        if not pointing or node.tag in _HEADINGS or node.css_first("h1, h2, h3, h4, h5, h6"):
            continue
        if any(_beside(node, p) and not contains(node, p) for p in pointing):
            out.append(node)
    dangling = {p.mem_id: p for ref, ps in wanted.items() if ref not in named for p in ps}
    for pointer in dangling.values():
        bubble = _repeating_bubble(pointer)
        if bubble is not None and bubble.css_first("h1, h2, h3, h4, h5, h6") is None:
            out.append(bubble)
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
