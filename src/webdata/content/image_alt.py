"""Image alt text that only repeats what the main block already says.

Product galleries label every picture with the product's name, cards on category pages label
their thumbnail with the card's title, forum avatars with the poster's name: the alt text is
written out again in the markdown for each picture. When most words of an alt are already in
the block's text, the alt is dropped and the picture kept (``![](src)``); alt text that says
something new (a chart's description, a photo caption) stays.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

_WORD = re.compile(r"\w+")
_REDUNDANT_SHARE = 0.8  # share of an alt's words found in the block's text


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def clear_redundant_alts(block: LexborNode) -> None:
    """Empty the ``alt`` of images under ``block`` whose words mostly appear in its text."""
    images = [img for img in block.css("img[alt]") if (img.attributes.get("alt") or "").strip()]
    if not images:
        return
    alts = [_words(img.attributes.get("alt") or "") for img in images]
    # A substring test per distinct alt word: the alts' few words are looked up in the text
    # instead of splitting the whole block into words (3-4 ms on a large page).
    text = block.text(deep=True, separator=" ").lower()
    shown = {w for w in {w for words in alts for w in words} if w in text}
    for img, words in zip(images, alts, strict=True):
        if words and sum(w in shown for w in words) >= _REDUNDANT_SHARE * len(words):
            img.attrs["alt"] = ""
