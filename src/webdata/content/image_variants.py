"""Second copies of a picture in another variant: the same image for the dark and the light
theme, or for the desktop and the mobile layout, side by side with the same ``alt``.

Landing pages ship each illustration twice (``dark:hidden`` / ``hidden dark:block``, a
``-mobile`` file beside the desktop one) and hide one copy with CSS; the markdown would show
both. An image whose ``alt`` equals the previous image's, with no text between the two, is
the same picture again and goes with the wrappers that hold nothing else; the first stays.
So goes a shop card's hover photo (a second photo of the item under the same alt, shown in
place of the first): a card shows one picture at a time. Two photos with text between them,
or among more than three pictures (a gallery), stay. (Copies with the same URL are
``media_noise``'s.)
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import elements, near_common_ancestor
from webdata.content.media_noise import outermost_holder

_MAX_VARIANTS = 3  # light and dark; or mobile, tablet and desktop
_LEVELS = 4


def _alt(img: LexborNode) -> str:
    return " ".join((img.attributes.get("alt") or "").lower().split())


def _variants(first: LexborNode, second: LexborNode) -> bool:
    """Whether ``second`` is ``first`` again: no text lies between them in document order,
    and their common holder shows no other pictures (a gallery's photos may share an alt)."""
    holder = near_common_ancestor(first, second, _LEVELS)
    if holder is None or len(holder.css("img")) > _MAX_VARIANTS:
        return False
    if not holder.text(deep=True, strip=True):
        return True
    started = False
    for node in holder.traverse(include_text=True):
        if node.mem_id == first.mem_id:
            started = True
        elif node.mem_id == second.mem_id:
            return True
        elif started and node.tag == "-text" and node.text(deep=False).strip():
            return False
    return False


def variant_removals(scope: LexborNode) -> list[LexborNode]:
    """The second copies of pictures under ``scope`` (see the module's docstring)."""
    out: list[LexborNode] = []
    previous: LexborNode | None = None
    for img in elements(scope, "img[alt]"):
        alt = _alt(img)
        if alt and previous is not None and _alt(previous) == alt and _variants(previous, img):
            out.append(outermost_holder(img, scope))
            continue
        previous = img
    return out
