"""``includeTags`` / ``excludeTags``: CSS selectors, validated, then applied to the page.

Selectors are matched against the page as received (before scripts and the like are
removed) so that positional selectors mean what they mean in the browser's inspector.
"""

from __future__ import annotations

from collections.abc import Sequence

from selectolax.lexbor import LexborHTMLParser, LexborNode, SelectolaxError

from webdata.content.dom import decompose_all, has_ancestor_in, topmost

_PROBE_HTML = "<html><head></head><body><div id='a' class='b'><p>x</p></div></body></html>"
_ROOT_TAGS = frozenset({"html", "body"})


def validate_selector(sel: str) -> str | None:
    """Why ``sel`` is not a usable CSS selector, or None when it is."""
    if not isinstance(sel, str) or not sel.strip():
        return "CSS selector must be a non-empty string"
    try:
        LexborHTMLParser(_PROBE_HTML).css(sel)
    except (SelectolaxError, ValueError, TypeError):
        return f"invalid CSS selector: {sel!r}"
    return None


def check_selectors(selectors: Sequence[str]) -> None:
    """Raise ValueError naming the first selector that is not valid."""
    for sel in selectors:
        if (problem := validate_selector(sel)) is not None:
            raise ValueError(problem)


def match_all(tree: LexborHTMLParser, selectors: Sequence[str]) -> list[LexborNode]:
    """Elements matching any of ``selectors``, in document order, each once."""
    if not selectors:
        return []
    try:
        return tree.css(", ".join(selectors))
    except (SelectolaxError, ValueError, TypeError):
        check_selectors(selectors)  # names the culprit
        raise ValueError(f"invalid CSS selector list: {list(selectors)!r}") from None


def _clear_body(body: LexborNode, keep: set[int]) -> None:
    for child in list(body.iter(include_text=True)):
        if child.mem_id not in keep:
            child.decompose()


def apply_tag_filters(
    tree: LexborHTMLParser, include: Sequence[str], exclude: Sequence[str]
) -> bool:
    """Keep only what ``include`` matches (when given), then drop what ``exclude`` matches.

    Both are matched on the intact page first. The included elements become the children
    of ``<body>``, in document order. Returns whether anything was included (always True
    when no include selectors are given).
    """
    included = topmost(match_all(tree, include)) if include else []
    excluded = topmost(match_all(tree, exclude)) if exclude else []
    body = tree.body
    if excluded:
        gone = {n.mem_id for n in excluded}
        included = [n for n in included if n.mem_id not in gone and not has_ancestor_in(n, gone)]
        roots = [n for n in excluded if n.tag in _ROOT_TAGS]
        if roots and body is not None:
            _clear_body(body, set())
            included = []
        decompose_all(n for n in excluded if n.tag not in _ROOT_TAGS)
    if not include or body is None:
        return True
    if any(n.tag in _ROOT_TAGS for n in included):
        return True  # the whole page was asked for
    included = [n for n in included if n.tag != "head"]
    for node in included:
        body.insert_child(node, move=True)
    _clear_body(body, {n.mem_id for n in included})
    return bool(included)
