"""The one way to parse untrusted HTML: depth-capped first (see :mod:`.nesting`), then lexbor.

Every parse of page-controlled markup goes through here, so a hostile page cannot make the
tree builder quadratic, nor lose its content to an ``<iframe .../>`` (the pre-pass gives such
tags the end tag HTML does not infer from "/>"). Fixed probe strings
(``LexborHTMLParser("<span>")``) need not.
"""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser

from webdata.content.nesting import MAX_DEPTH, flatten_deep_nesting

__all__ = ["MAX_DEPTH", "parse_html"]


def parse_html(html: str, *, max_chars: int | None = None) -> LexborHTMLParser:
    """``html`` parsed after the input caps: ``max_chars`` (when given), then nesting depth."""
    if max_chars is not None and len(html) > max_chars:
        html = html[:max_chars]
    return LexborHTMLParser(flatten_deep_nesting(html))
