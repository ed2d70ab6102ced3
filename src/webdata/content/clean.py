"""Remove what is never content: head, scripts, styles, noscript, meta, link, template, comments.

MathJax sources (``<script type="math/tex">``, ``; mode=display`` for display math) are turned
into ``<span class="math">\\(TEX\\)</span>`` (``\\[TEX\\]`` for display) before scripts go, so the
markdown converter keeps the formula.

One exception: a page whose visible body is (nearly) empty while its ``<noscript>`` elements
carry the text (a JavaScript app that serves its content to clients without scripts there) keeps
the content of those ``<noscript>`` elements, unwrapped in place.
"""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser, LexborNode

# Removed with everything inside them. ``base`` is read (for URL resolution) before this.
JUNK_TAGS = ["head", "script", "style", "noscript", "meta", "link", "template", "base"]
_NOSCRIPT_MIN_TEXT = 500  # characters of text the noscript fallback must carry
_NOSCRIPT_SHARE = 4  # ... and that many times the text of the rest of the body


def _noscript_holds_content(tree: LexborHTMLParser) -> bool:
    body = tree.body
    if body is None:
        return False
    fallback = topmost_noscripts(body)
    if not fallback:
        return False
    inside = sum(len(n.text(deep=True, strip=True)) for n in fallback)
    if inside < _NOSCRIPT_MIN_TEXT:  # (most pages: a tracking pixel; the body is not read)
        return False
    rest = len(body.text(deep=True, strip=True)) - inside
    return inside >= _NOSCRIPT_SHARE * rest


def topmost_noscripts(body: LexborNode) -> list[LexborNode]:
    """The ``<noscript>`` elements of ``body`` (lexbor never nests them)."""
    return list(body.css("noscript"))


def keep_math_scripts(tree: LexborHTMLParser) -> None:
    """Replace each MathJax ``<script type="math/tex...">`` by a delimited ``span.math``."""
    for script in tree.css('script[type^="math/tex" i]'):
        kind = (script.attributes.get("type") or "").lower().replace(" ", "")
        tex = script.text(deep=True)
        open_, close = ("\\[", "\\]") if "mode=display" in kind else ("\\(", "\\)")
        holder = LexborHTMLParser('<span class="math"></span>').css_first("span")
        assert holder is not None
        holder.insert_child(f"{open_}{tex.strip()}{close}")
        script.replace_with(holder)


def remove_junk(tree: LexborHTMLParser) -> None:
    """Drop the never-content elements from the whole document, in place."""
    keep_math_scripts(tree)
    junk = [t for t in JUNK_TAGS if t != "noscript"]
    tree.strip_tags(junk, recursive=True)
    if _noscript_holds_content(tree):
        assert tree.body is not None
        for node in topmost_noscripts(tree.body):
            node.unwrap()
    tree.strip_tags(["noscript"], recursive=True)


def remove_comments(node: LexborNode) -> None:
    """Drop every HTML comment under ``node``, in place."""
    comments = [n for n in node.traverse(include_text=True) if n.is_comment_node]
    for comment in comments:
        comment.decompose()
