"""Alt text of pictures inside links: the thumbnails of cards.

The cards of collection and listing pages (shop grids, blog and news indexes) are links
holding a picture; its alt names the linked item again or describes a photo of another page
("Mona floating among green cubes"), so it is noise in the text of the page that lists them.
The alt is emptied, the picture kept (measured on WCXB: every page type rose or held).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode


def clear_thumbnail_alts(block: LexborNode) -> None:
    """Empty the ``alt`` of every image inside a link under ``block``."""
    for img in block.css("a img[alt]"):
        img.attrs["alt"] = ""
