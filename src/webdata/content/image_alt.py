"""Image alt text that only repeats what the main block already says.

Product galleries label every picture with the product's name, cards on category pages label
their thumbnail with the card's title, forum avatars with the poster's name: the alt text is
written out again in the markdown for each picture. When most words of an alt are already in
the block's text, the alt is dropped and the picture kept (``![](src)``); alt text that says
something new (a chart's description, a photo caption) stays. So goes an alt that is a file
name or a URL slug (``staple-tee-fogblue-back``, ``IMG_2041.jpg``): galleries of shops label
each colour's picture so, and it reads as noise; a hyphenated name (``Audio-Technica``) stays.

On a product page (``commerce_noise``'s mark) every alt goes: the pictures are the product's
photos, and their alts describe the photo ("model wearing the jacket, side view"), not the
product (measured on WCXB: product F1 dev 0.661 -> 0.680, holdout 0.612 -> 0.618).
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.commerce_noise import is_product_page
from webdata.content.dom import text_words

_REDUNDANT_SHARE = 0.8  # share of an alt's words found in the block's text
_SLUG = re.compile(r"^[^\W_]+(?:[-_][^\W_]+)+(?:\.\w{3,4})?$")
# An alt that is a whole file name, spaces and all ("home img 1.jpg", "Blue.png", "border
# (1).png"): what a CMS fills in from the upload when the author wrote none.
_FILE_NAME = re.compile(r"^[^\n]{0,80}\.(?:jpe?g|png|gif|webp|avif|svg)$", re.IGNORECASE)
# The alt an editor writes when the author gives none (Stack Exchange's default).
_PLACEHOLDER = re.compile(r"^\s*enter\s+image\s+description\s+here\s*$", re.IGNORECASE)
# An image file's name or URL (its query or fragment may follow).
IMAGE_FILE = re.compile(r"\.(?:jpe?g|png|gif|webp|avif|svg)(?:[?#]|$)", re.IGNORECASE)


def _slug(alt: str) -> bool:
    """A file name or a URL slug (``staple-tee-main``, ``IMG_2041.jpg``, ``home img 1.jpg``),
    not a name (``Audio-Technica``, ``SLIDE_2``): lowercase, or an image file's name; or an
    editor's placeholder ("enter image description here")."""
    if _FILE_NAME.match(alt) or _PLACEHOLDER.match(alt):
        return True
    return _SLUG.match(alt) is not None and (alt.islower() or IMAGE_FILE.search(alt) is not None)


def clear_redundant_alts(block: LexborNode) -> None:
    """Empty the ``alt`` of images under ``block`` whose words mostly appear in its text, or
    that is a file name or a slug; on a product page, every ``alt``."""
    images = [img for img in block.css("img[alt]") if (img.attributes.get("alt") or "").strip()]
    if not images:
        return
    if is_product_page(block):  # a shop's gallery: the alts describe the photos
        for img in images:
            img.attrs["alt"] = ""
        return
    alts = [text_words(img.attributes.get("alt") or "") for img in images]
    # A substring test per distinct alt word: the alts' few words are looked up in the text
    # instead of splitting the whole block into words (3-4 ms on a large page).
    text = block.text(deep=True, separator=" ").lower()
    shown = {w for w in {w for words in alts for w in words} if w in text}
    for img, words in zip(images, alts, strict=True):
        redundant = words and sum(w in shown for w in words) >= _REDUNDANT_SHARE * len(words)
        if redundant or _slug((img.attributes.get("alt") or "").strip()):
            img.attrs["alt"] = ""
