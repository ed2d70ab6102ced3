"""The end matter of MediaWiki articles: the apparatus after the text, not the text.

A MediaWiki page (Wikipedia, Fandom, the wikis of projects) closes its article with
sections of apparatus: "Notes", "References", "Further reading", "External links", then
a "Retrieved from <permalink>" line (``printfooter``). They are lists of citations and
links, hundreds of words on a long article, that a reader of the article's text skips.
"See also" stays: documentation wikis write it as a guide to the next pages to read, each
link with a line on what it holds (measured on WCXB: dropping it cost a Gentoo wiki page
more than it gained on Wikipedia's lists).

The engine's own markup finds them: the article is ``.mw-parser-output``, a section opens
with a heading whose id names it (``<h2 id="References">``, or the ``mw-headline`` span
of older skins), and runs over the following siblings up to the next heading of the same
or a higher level. Only in that markup: a "References" heading elsewhere (a man page's
"SEE ALSO", an article's sources) is not touched.
"""

from __future__ import annotations

from selectolax.lexbor import LexborNode

_END_SECTIONS = frozenset(
    {
        "notes", "references", "further_reading", "external_links", "sources",
        "bibliography", "citations", "footnotes", "notes_and_references", "works_cited",
    }
)  # fmt: skip
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_APPARATUS = ".printfooter, .mw-references-wrap, .reflist, ol.references"


def _level(node: LexborNode) -> int | None:
    """The heading level ``node`` opens (a heading, or MediaWiki's wrapper of one)."""
    tag = node.tag or ""
    if tag in _HEADINGS:
        return int(tag[1])
    if "mw-heading" in (node.attributes.get("class") or ""):
        inner = node.css_first("h1, h2, h3, h4, h5, h6")
        return int((inner.tag or "h6")[1]) if inner is not None else None
    return None


def _section_id(node: LexborNode) -> str:
    heading = node if node.tag in _HEADINGS else node.css_first("h1, h2, h3, h4, h5, h6")
    if heading is None:
        return ""
    ident = heading.attributes.get("id")
    if not ident:
        span = heading.css_first(".mw-headline")
        ident = span.attributes.get("id") if span is not None else None
    return (ident or "").lower()


def wiki_end_matter_removals(scope: LexborNode) -> list[LexborNode]:
    """End-matter sections and apparatus of MediaWiki articles under ``scope``."""
    articles = scope.css(".mw-parser-output")
    if not articles:
        return []
    out: list[LexborNode] = [n for n in scope.css(_APPARATUS) if n.mem_id != scope.mem_id]
    for article in articles:
        for child in article.iter():
            level = _level(child)
            if level is None or _section_id(child) not in _END_SECTIONS:
                continue
            out.append(child)
            sibling = child.next
            while sibling is not None:
                if not (sibling.tag or "-").startswith("-"):  # text, comments
                    following = _level(sibling)
                    if following is not None and following <= level:
                        break
                    out.append(sibling)
                sibling = sibling.next
    return out
