"""The board's notices above a thread, known by their dismiss link, not by class names.

Forum software prints its notices ("Scam alert: never send money", "Meetups are being
planned") above each thread, each with a link or button to dismiss it: an empty link titled
"Dismiss notice", or leading to the board's ``dismiss-notice`` address. ``forum_noise`` finds
them by their class (``notice``); hashed classes hide that. On thread pages, the widest box
around such a link that dismisses no other notice (each notice of a list on its own; a
notice may link its one dismissal twice) and stays small (at most ``_BOX_CHARS`` characters
and ``_SMALL_SHARE`` of the scope) goes.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import text_len
from webdata.content.forum_noise import is_thread_page

_DISMISS = 'a[title*="dismiss" i], a[aria-label*="dismiss" i], a[href*="dismiss" i]'
_BOX_CHARS = 1500
_SMALL_SHARE = 0.2
_LEVELS = 6


def thread_notice_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The notices with a dismiss link under ``scope`` (text length ``total``) of a thread."""
    if not is_thread_page(scope):
        return []
    links = [link for link in scope.css(_DISMISS) if text_len(link) == 0]
    if not links:
        return []
    limit = min(_BOX_CHARS, _SMALL_SHARE * total)
    found: list[LexborNode] = []
    seen: set[int] = set()
    for link in links:
        box = None
        current = link.parent
        for _ in range(_LEVELS):
            if current is None or current.mem_id == scope.mem_id:
                break
            if text_len(current) > limit or _notices(current) > 1:
                break
            box = current
            current = current.parent
        if box is not None and text_len(box) > 0 and box.mem_id not in seen:
            seen.add(box.mem_id)
            found.append(box)
    return found


def _notices(box: LexborNode) -> int:
    """How many notices ``box`` holds: its dismiss links' distinct targets (a notice may
    carry two links to its one dismissal)."""
    return len({link.attrs.get("href") or link.mem_id for link in box.css(_DISMISS)})
