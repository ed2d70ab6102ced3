"""Cross-links of company and service pages: the firm's insights, news and client stories.

Consulting, agency and product pages close with grids of teasers to the firm's other pages:
"Featured insights", "Latest news", "What's trending with X", "Featured client stories".
Each card is another page's title and summary. The heading and the wrapper it opens go, when
that wrapper is small relative to the block (``boilerplate.heading_block``). Case studies and
testimonials written on the page itself are not matched: their headings say other things.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.boilerplate import heading_block

_HEADINGS = "h2, h3, h4"
_TEASER_HEADING = re.compile(
    r"^\W*(?:"
    r"(?:featured|latest|recent|more|our\s+latest)\s+(?:insights?|news|stories|client\s+stories|"
    r"articles|perspectives|thinking|thought\s+leadership|resources|blogs?|blog\s+posts)|"
    r"what(?:'|\u2019)?s\s+trending\b.{0,40}|insights?\s+(?:and|&)\s+(?:news|resources)|"
    r"from\s+(?:the|our)\s+blog|(?:explore|read)\s+(?:more\s+)?(?:insights|stories)"
    r")\W*$",
    re.IGNORECASE,
)


def service_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The teaser grids of ``scope`` (text length ``total``) opened by such a heading."""
    out: list[LexborNode] = []
    for heading in scope.css(_HEADINGS):
        block = heading_block(heading, scope, total, _TEASER_HEADING)
        if block is not None:
            out.append(block)
    return out
