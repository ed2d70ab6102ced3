"""Alt text of the thumbnails of cards: pictures inside links, and pictures of list items.

The cards of collection and listing pages (shop grids, blog and news indexes) are links
holding a picture, or list items (``<li>``, ``<article>``) holding one beside their link;
the alt names the item again or describes a photo of another page ("Mona floating among
green cubes"), so it is noise in the text of the page that lists them. The alt is emptied,
the picture kept (measured on WCXB: every page type rose or held).
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.dom import near_ancestor_tagged
from webdata.content.image_alt import IMAGE_FILE

_ITEM_TAGS = frozenset({"li", "article"})
# A picture this close to a list item is the item's (component libraries wrap a card's poster
# in media, ratio, poster and container divs: 7 levels on a chart of films).
_ITEM_LEVELS = 8
_MIN_ITEMS = 3  # ... when at least this many items hold one: a list of cards


def _item_of(img: LexborNode) -> LexborNode | None:
    return near_ancestor_tagged(img, _ITEM_TAGS, _ITEM_LEVELS)


def _zoom_link(img: LexborNode) -> bool:
    """Whether the picture's link opens the picture itself (a figure's full-size view, as
    article editors make them): the picture is content there, not a card's thumbnail."""
    current = img.parent
    while current is not None and current.tag != "a":
        current = current.parent
    href = (current.attributes.get("href") or "") if current is not None else ""
    return IMAGE_FILE.search(href) is not None


def clear_thumbnail_alts(block: LexborNode) -> None:
    """Empty the ``alt`` of every image inside a link under ``block`` (but a link to the
    image file), and of the images of
    list items when at least ``_MIN_ITEMS`` items hold one."""
    for img in block.css("a img[alt]"):
        if not _zoom_link(img):
            img.attrs["alt"] = ""
    pictures = [
        (img, item)
        for img in block.css("img[alt]")
        if (img.attributes.get("alt") or "").strip() and (item := _item_of(img)) is not None
    ]
    if len({item.mem_id for _, item in pictures}) >= _MIN_ITEMS:
        for img, _ in pictures:
            img.attrs["alt"] = ""
