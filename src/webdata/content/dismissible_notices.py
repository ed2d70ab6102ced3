"""Notices the reader can close: a banner, welcome note or sign-up strip with a close button.

A box carrying its own "close" / "dismiss" button (``<button title="close">``,
``aria-label="Dismiss banner"``, a lone cross sign) is something laid over or slipped into
the page for a while: an announcement bar, a "Welcome to X! Take a tour." note, a
promotion, an app or newsletter prompt. The page's own text cannot be closed. Class names
say nothing reliable (hashed, utility soups), so the button is recognised by its label.

Rule: a button (``<button>``, ``[role=button]``, a link to ``#`` or ``javascript:``)
labelled only as closing (label, title or whole text: "Close", "Dismiss", "Close banner", a
cross sign; not "hide", which toggles), and the widest box around it below the block that
stays small (at most ``_BOX_CHARS`` characters and 15% of the block) and holds no ``<h1>``,
goes with the box; not when that box or the one around it holds another close button (a
series of closable items: team bios, FAQ answers, flip cards opened one at a time).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import partial

from selectolax.lexbor import LexborNode

from webdata.content.dom import text_len, widest_while

_BUTTONS = 'button:not([disabled]), [role=button], a[href="#"], a[href^="javascript:" i]'
_LABEL_CHARS = 40
_CLOSE_LABEL = re.compile(
    r"^\W*(?:close|dismiss)(?:\s+(?:this|the))?(?:\s+[a-z]+)?\W*$", re.IGNORECASE
)
_CLOSE_MARKS = frozenset(
    {"\u00d7", "\u2715", "\u2716", "\u2573", "\u2a2f", "\u2717", "x"}
)  # crosses
_BOX_CHARS = 400
_SERIES = 2  # close buttons in one box: a series of closable items
_SMALL_SHARE = 0.15


def _closes(button: LexborNode) -> bool:
    attrs = button.attributes
    for label in (attrs.get("aria-label"), attrs.get("title")):
        if label and len(label) <= _LABEL_CHARS and _CLOSE_LABEL.match(label):
            return True
    text = button.text(deep=True).strip()
    if not text or len(text) > _LABEL_CHARS:
        return False
    return text.lower() in _CLOSE_MARKS or _CLOSE_LABEL.match(text) is not None


def _fits(limit: float, closers: Counter[int], node: LexborNode) -> bool:
    return (
        closers[node.mem_id] < _SERIES and text_len(node) <= limit and node.css_first("h1") is None
    )


def dismissible_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The closable notices of ``scope`` (text length ``total``): see the module."""
    buttons = [b for b in scope.css(_BUTTONS) if _closes(b)]
    if not buttons:
        return []
    # close buttons under each element: a box holding several is a series of closable items
    # (team bios, FAQ answers, flip cards opened one at a time), not a notice
    closers: Counter[int] = Counter()
    for button in buttons:
        current = button.parent
        while current is not None and current.mem_id != scope.mem_id:
            closers[current.mem_id] += 1
            current = current.parent
    fits = partial(_fits, min(_BOX_CHARS, _SMALL_SHARE * total), closers)
    out: list[LexborNode] = []
    for button in buttons:
        box = widest_while(button, scope, fits)
        if box is None or text_len(box) <= len(button.text(deep=True).strip()):
            continue
        if box.parent is None or closers[box.parent.mem_id] < _SERIES:  # (one of a series)
            out.append(box)
    return out
