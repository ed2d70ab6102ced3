"""The common last step of the keep filters: spare some of the elements the rules found.

A keep filter (``press_quotes``, ``size_charts``, ``product_description``) takes the removal
list and returns it without the elements it recognises as content. What such an element
holds is spared with it: an inner node of a kept block would otherwise still go on its own.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import has_ancestor_in


def spared(found: list[LexborNode], keep: set[int]) -> list[LexborNode]:
    """``found`` without the elements whose ``mem_id`` is in ``keep`` and what they hold."""
    if not keep:
        return found
    return [n for n in found if n.mem_id not in keep and not has_ancestor_in(n, keep)]


def spare_outermost(found: list[LexborNode], chosen: list[LexborNode]) -> list[LexborNode]:
    """``found`` without those of ``chosen`` (elements of ``found``) that no other element of
    ``found`` holds, and what they hold: one inside a removed container goes with it."""
    ids = {node.mem_id for node in found}
    return spared(found, {node.mem_id for node in chosen if not has_ancestor_in(node, ids)})
