"""Captions of an article's pictures: the photo's description and credit, not the story.

On article pages (``article_noise``'s mark) a ``<figcaption>`` of a ``<figure>`` that holds
a picture (img, picture, video, svg, iframe) goes, the picture kept: "Coffee beans after
roasting. (more)", "Michael P.H. Clifford for The Expert", "We put this camera through its
paces". The story's text runs around the figure and does not need it; benchmark truths
leave captions out (WCXB dev: 113 of the 122 captions we wrote on article pages were not in
the truth). A ``<figcaption>`` outside a figure with a picture (a pull quote's attribution,
a code listing's title) stays, and so do captions on other pages (documentation figures)
and in MediaWiki articles, whose thumbnails' captions are written as part of the text.
This trades a line of photo description for the story's precision: a consumer wanting the
captions asks for the html, or switches off onlyMainContent.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

from webdata.content.article_noise import is_article_page

_PICTURES = "img, picture, video, svg, iframe"


def caption_removals(scope: LexborNode) -> list[LexborNode]:
    """The picture captions of ``scope`` on an article page."""
    if not is_article_page(scope) or scope.css_first(".mw-parser-output") is not None:
        return []
    out: list[LexborNode] = []
    for caption in scope.css("figcaption"):
        figure = caption.parent
        if figure is None or figure.tag != "figure" or figure.mem_id == scope.mem_id:
            continue
        if figure.css_first(_PICTURES) is not None:
            out.append(caption)
    return out
