"""The editing chrome of wiki pages, found by its text and shape.

Wiki engines print, inside the page's text, the controls of their editors and the index
cards of their catalogue: an "[edit]" link beside every section heading, and at the foot a
box of links to the categories the page is filed in ("Categories: Lists of programming
languages | Computer programming", "Hidden categories: ..."). Neither is text of the page.

* an element whose whole text is a bracketed edit link ("[edit]", "[edit | edit source]"),
  holding a link;
* an element opened by a "Categories:" (or "Hidden categories:") label whose text is
  otherwise made of links, small beside the block;
* MediaWiki's jump links at the top of the text ("Jump to navigation", "Jump to: search"):
  in-page links to the menus, which a stylesheet hides (the skip-link rule knows "Skip to
  ...", not this wording).
* MediaWiki's print footer, 'Retrieved from "<permalink>"' (a stylesheet shows it on paper
  only): an element of that text alone, its link's text the address itself. On a page that
  has one (a MediaWiki page), the tagline under the title, "From ArchWiki", "From Wikipedia,
  the free encyclopedia": the first element whose whole text is "From" and a name of a few
  words, with no link (``#siteSub``, which no rule knew). ``wiki_end_matter`` finds the
  footer by its class; this finds it where the markup is unlike MediaWiki's.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, elements, link_text_len, text_len

_EDIT = re.compile(r"^\[\s*edit(?:\s+source)?(?:\s*\|\s*edit(?:\s+source)?)?\s*\]$", re.IGNORECASE)
_CATEGORIES = re.compile(r"^(?:hidden\s+)?categories\s*:", re.IGNORECASE)
# (the raw text of the block holds "[" and "edit" with at most whitespace between wherever an
# element's stripped text is a bracketed edit link: most pages have none and skip the pass)
_EDIT_HINT = re.compile(r"\[\s*edit", re.IGNORECASE)
_EDIT_TAGS = "span, div"
_BOX_TAGS = "div, ul, p"
_EDIT_MAX_CHARS = 30
_BOX_LINKS = 0.6
_SMALL_SHARE = 0.3
_RETRIEVED = re.compile(r"^retrieved\s+from\s*[\"\u201c]?\s*(\S+?)\s*[\"\u201d]?$", re.IGNORECASE)
_RETRIEVED_HINT = "etrieved from"
_TAGLINE = re.compile(
    r"^from\s+[^\W_][\w.'\u2019-]*(?:\s+[\w.'\u2019-]+){0,3}(?:,\s*the\s+free\s+encyclopedia)?$",
    re.IGNORECASE,
)
_FOOTER_TAGS = "div, p"
_TAGLINE_MAX_CHARS = 60
_JUMP = re.compile(
    r"^jump\s+to\s*:?\s*(?:navigation|search|content|main\s+content)$", re.IGNORECASE
)


def jump_link_removals(scope: LexborNode) -> list[LexborNode]:
    """In-page links whose whole text is "Jump to navigation" (or search, content)."""
    return [
        a for a in elements(scope, 'a[href^="#"]') if _JUMP.match(" ".join(deep_text(a).split()))
    ]


def wiki_chrome_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Bracketed edit links and category boxes of wiki pages (see the module)."""
    text = scope.text(deep=True)
    out: list[LexborNode] = jump_link_removals(scope) if "ump to" in text else []
    if _EDIT_HINT.search(text):
        for node in scope.css(_EDIT_TAGS):
            line = " ".join(deep_text(node).split())
            if len(line) <= _EDIT_MAX_CHARS and _EDIT.match(line) and node.css_first("a"):
                out.append(node)
    if "ategories" in text:
        for node in scope.css(_BOX_TAGS):
            line = deep_text(node)
            label = _CATEGORIES.match(line)
            if label is None or len(line) > _SMALL_SHARE * total:
                continue
            if link_text_len(node) >= _BOX_LINKS * (text_len(node) - len(label.group(0))):
                out.append(node)
    return out


def print_footer_removals(scope: LexborNode) -> list[LexborNode]:
    """MediaWiki's print footer and, on a page that has one, its tagline (see the module)."""
    if _RETRIEVED_HINT not in scope.text(deep=True):
        return []  # (most pages)
    out: list[LexborNode] = []
    tagline: LexborNode | None = None
    for node in scope.css(_FOOTER_TAGS):
        line = " ".join(deep_text(node).split())
        if len(line) > _TAGLINE_MAX_CHARS * 4:
            continue
        if tagline is None and len(line) <= _TAGLINE_MAX_CHARS and _TAGLINE.match(line):
            if all(inner.mem_id == node.mem_id for inner in node.css("a, div, p")):
                tagline = node  # (lexbor's css lists the node itself when it matches)
            continue
        match = _RETRIEVED.match(line)
        if match is None:
            continue
        links = node.css("a[href]")
        if len(links) == 1 and deep_text(links[0]).strip() == match.group(1):
            out.append(node)
    if out and tagline is not None:
        out.append(tagline)
    return out
