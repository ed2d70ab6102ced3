"""Remove what is never content: head, scripts, styles, noscript, meta, link, template, comments."""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser, LexborNode

# Removed with everything inside them. ``base`` is read (for URL resolution) before this.
JUNK_TAGS = ["head", "script", "style", "noscript", "meta", "link", "template", "base"]


def remove_junk(tree: LexborHTMLParser) -> None:
    """Drop the never-content elements from the whole document, in place."""
    tree.strip_tags(JUNK_TAGS, recursive=True)


def remove_comments(node: LexborNode) -> None:
    """Drop every HTML comment under ``node``, in place."""
    comments = [n for n in node.traverse(include_text=True) if n.is_comment_node]
    for comment in comments:
        comment.decompose()
