"""Elements the page hides with the ``hidden`` attribute and no control ever shows.

``boilerplate`` keeps hidden elements on purpose: tabs and accordions are hidden until
clicked and hold text. Those are known by their markup, though: a tab panel (``role=tabpanel``,
``aria-labelledby`` naming its tab), a panel some button or link opens (its id named by an
``aria-controls``), the body of a ``<details>``. A ``hidden`` element that is none of these is
not shown to the reader: build stamps ("Fallback Presentation. Using deprecated
PresentationRouter.", a commit hash), session notices ("You signed in with another tab or
window"), unsupported-browser notes, templates of dialogs and mega-menus. Such an element
goes when it is small in the block (at most ``_SMALL_SHARE`` of its text), so a block that
hides its whole text until a script runs keeps it.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import inside, text_len, topmost

_SMALL_SHARE = 0.3
_PANEL_ROLES = frozenset({"tabpanel", "region", "dialog", "alertdialog"})
_CONTROL_PARTS = frozenset({"option", "optgroup"})


def _controlled_ids(scope: LexborNode) -> set[str]:
    """The ids named by an ``aria-controls`` anywhere in the document of ``scope``."""
    root = scope
    while root.parent is not None:
        root = root.parent
    ids: set[str] = set()
    for node in root.css("[aria-controls]"):
        ids.update((node.attributes.get("aria-controls") or "").split())
    return ids


def hidden_attribute_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """``hidden`` elements under ``scope`` that are no panel, small in the block."""
    candidates = [n for n in scope.css("[hidden]") if n.mem_id != scope.mem_id]
    if not candidates:
        return []  # (most pages)
    controlled: set[str] | None = None
    out: list[LexborNode] = []
    for node in candidates:
        size = text_len(node)
        if size == 0 or size > _SMALL_SHARE * total:
            continue
        attrs = node.attributes
        if (attrs.get("role") or "") in _PANEL_ROLES or "aria-labelledby" in attrs:
            continue  # a tab's panel or a dialog: a click shows it
        if node.tag in _CONTROL_PARTS or node.tag == "details" or inside(node, "details"):
            continue  # (a select's options are its control's, left to the form rules)
        if controlled is None:
            controlled = _controlled_ids(scope)
        if (attrs.get("id") or "") in controlled:
            continue  # a panel a button opens
        out.append(node)
    return topmost(out)
