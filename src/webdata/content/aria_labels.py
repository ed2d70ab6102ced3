"""Chrome named by its ARIA label rather than its class names.

``main_content`` removes elements whose class/id words name chrome (``site-nav``,
``breadcrumb``, ``pagination``, ``cookie-banner``). Sites whose class names are hashed or
utility soups (CSS modules, styled-components, Tailwind) still label their landmarks for
screen readers, and those labels are plain words: ``aria-label="Breadcrumb"``, ``"Mobile
menu"``, ``"Pagination"``, ``"Filter options"``, ``"Social media links"``, ``"Cookie
notice"``.

Rule: a container (not a link, button or control: their labels describe an action) whose
short ``aria-label`` (at most ``_MAX_WORDS`` words) has a word of navigation, menus,
breadcrumbs, pagination, filters, cookie consent, social links or language choice goes when
small in the block (30%) and holds no ``<h1>``. Words that also name content sections
("Related products", "Comments", "Reviews") are left out: a service page's "Related
products" carousel is its content.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import text_len

_CONTAINERS = frozenset(
    {"div", "section", "ul", "ol", "nav", "aside", "form", "header", "footer", "span", "p", "li"}
)
_CHROME = frozenset(
    {
        "navigation", "nav", "menu", "menubar", "breadcrumb", "breadcrumbs", "pagination",
        "cookie", "cookies", "consent", "gdpr", "filter", "filters", "sidebar", "social",
        "language", "languages", "skip", "newsletter",
    }
)  # fmt: skip
_WORD = re.compile(r"[a-z]+")
_MAX_WORDS = 4  # a landmark's name; a longer label describes a setting or a content
_SMALL_SHARE = 0.3


def aria_label_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The containers of ``scope`` (text length ``total``) labelled as chrome: see the module."""
    out: list[LexborNode] = []
    limit = _SMALL_SHARE * total
    for node in scope.css("[aria-label]"):
        if node.tag not in _CONTAINERS:
            continue
        words = _WORD.findall((node.attributes.get("aria-label") or "").lower())
        if not words or len(words) > _MAX_WORDS or _CHROME.isdisjoint(words):
            continue
        if text_len(node) <= limit and node.css_first("h1") is None:
            out.append(node)
    return out
