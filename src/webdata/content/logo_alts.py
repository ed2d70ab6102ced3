"""Alt text of logos: "AWS logo", "Product Logo for NordVPN", "the-verge customer logo".

Partner walls, press mentions, award badges and review cards show brands as pictures whose
alt names the brand and says it is a logo. The brand is a picture there, not a word of the
text, and the alt reads as a stray line ("Microsoft logo", "npma logo") between the page's
sentences. A short alt (at most ``_LOGO_WORDS`` words) holding the word ``logo`` is emptied,
the picture kept; a longer alt describing a scene with a logo in it is left to the other
alt rules.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

_WORD = re.compile(r"[^\W_]+")
_LOGO = frozenset({"logo", "logos"})
_LOGO_WORDS = 6


def logo_alt(alt: str) -> bool:
    """Whether ``alt`` names a logo: a few words, one of them ``logo``."""
    words = _WORD.findall(alt.lower())
    return 0 < len(words) <= _LOGO_WORDS and not _LOGO.isdisjoint(words)


def clear_logo_alts(block: LexborNode) -> None:
    """Empty the ``alt`` of the logos under ``block``."""
    for img in block.css("img[alt]"):
        if logo_alt(img.attributes.get("alt") or ""):
            img.attrs["alt"] = ""
