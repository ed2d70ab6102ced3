"""The editing chrome of wiki pages, found by its text and shape.

Wiki engines print, inside the page's text, the controls of their editors and the index
cards of their catalogue: an "[edit]" link beside every section heading, and at the foot a
box of links to the categories the page is filed in ("Categories: Lists of programming
languages | Computer programming", "Hidden categories: ..."). Neither is text of the page.

* an element whose whole text is a bracketed edit link ("[edit]", "[edit | edit source]"),
  holding a link;
* an element opened by a "Categories:" (or "Hidden categories:") label whose text is
  otherwise made of links, small beside the block.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, link_text_len, text_len

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


def wiki_chrome_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Bracketed edit links and category boxes of wiki pages (see the module)."""
    text = scope.text(deep=True)
    out: list[LexborNode] = []
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
