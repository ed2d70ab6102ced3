"""Facet panels of a catalogue, found by their controls rather than their names.

A category page lets the reader narrow its grid: groups of checkboxes or radio buttons
("Brand: Acme (12), Globex (4)", "Price", "Colour"), each under a title, often with a
"Show more" toggle. The control captions (``label``) go with the other controls
(``boilerplate``), but the group titles and toggles are plain text and stayed when the panel's
class and id say nothing (``filter``, ``facet``...): "Brands", "Show More", "Memory Size".

An element holding at least ``_MIN_OPTIONS`` checkbox or radio inputs (a disabled one is a
task list's tick, content), counted within ``_LEVELS`` wrappers of each, is such a panel when
the options' own boxes (each option's highest wrapper holding no other option) hold most of
its text and are short (``_OPTION_CHARS`` on average: a value and its count). A product
grid whose cards carry a "Compare" checkbox is no panel: each card is then its option's box,
and long. A cookie panel's toggles sit beside long descriptions, so they are no panel either.
The topmost such element goes, unless it holds the page's ``<h1>`` or most of the block's
text.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.boilerplate import CONTROLS
from webdata.content.dom import ancestor_ids, elements, text_len, topmost

_OPTIONS = frozenset({"checkbox", "radio"})
_MIN_OPTIONS = 8
_OPTION_CHARS = 40  # mean text of an option's box: "Bluetooth and Wi-Fi (13)"
_OPTION_SHARE = 0.6  # share of the panel's text in its options' boxes, at least
_MAX_SHARE = 0.5  # of the main block's text: a page made of a form keeps it
_LEVELS = 12  # a panel sits within a few wrappers of its options (label, item, list, group)


def facet_panel_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Facet panels under ``scope`` (text length ``total``)."""
    options = [  # (the controls' list, which the residual rules asked for already)
        n
        for n in elements(scope, CONTROLS)
        if n.tag == "input"
        and (n.attributes.get("type") or "").lower() in _OPTIONS
        and "disabled" not in n.attributes
    ]
    if len(options) < _MIN_OPTIONS:
        return []  # (most pages)
    own = scope.mem_id
    counts: dict[int, int] = {}  # element -> options under it (within reach)
    nodes: dict[int, LexborNode] = {}
    reach: dict[int, tuple[list[int], int]] = {}  # element -> a chain holding it, and where
    chains: list[list[int]] = []
    for option in options:
        chain: list[int] = []
        current = option.parent
        while current is not None and len(chain) < _LEVELS:
            key = current.mem_id
            if key == own:
                break
            known = reach.get(key)
            if known is not None:  # (climbed from here before: the rest of the way is known)
                rest, at = known
                chain += rest[at : at + _LEVELS - len(chain)]
                break
            nodes[key] = current
            reach[key] = (chain, len(chain))
            chain.append(key)
            current = current.parent
        for key in chain:
            counts[key] = counts.get(key, 0) + 1
        chains.append(chain)
    # each option's box: its highest wrapper holding no other option
    option_chars: dict[int, int] = {}  # element -> text of the option boxes under it
    for chain in chains:
        for level, key in enumerate(chain):
            if counts[key] > 1:
                size = text_len(nodes[chain[level - 1]]) if level else 0
                for above in chain[level:]:
                    option_chars[above] = option_chars.get(above, 0) + size
                break
    limit = _MAX_SHARE * total
    found: list[LexborNode] = []
    for key, count in counts.items():
        if count < _MIN_OPTIONS:
            continue
        size = text_len(nodes[key])
        inside = option_chars.get(key, 0)
        if size and size <= limit and _OPTION_SHARE * size <= inside <= _OPTION_CHARS * count:
            found.append(nodes[key])
    if not found:
        return []
    headline: set[int] = set()  # (the wrappers of the page's <h1>, asked only now: a walk)
    for h1 in scope.css("h1"):
        headline |= ancestor_ids(h1)
    return topmost(n for n in found if n.mem_id not in headline)
