"""Cookie and consent notices, known by what they say rather than by their class names.

The class/id words of ``main_content`` (``cookie``, ``consent``, ``gdpr``) find the banners
of most sites, but not those of sites whose class names are hashed or utility soups (CSS
modules, styled-components, Tailwind: ``flex px-4``). Every such notice says the same
thing: "We use cookies...", "iFixit uses cookies to...", "By clicking 'Accept all' you
consent to the use of cookies", "Accept cookies / Decline cookies"; and a preference
centre goes on with one paragraph per kind of cookie.

Rule: an element whose text (at most ``_SENTENCE_CHARS``) states such a notice, and with it
its wrappers while they stay a notice: small (within ``_MAX_CHARS`` and 30% of the block)
and either adding only a few words to what is already taken (its buttons, a "Cookie
policy" link) or still about cookies (a mention every ``_DENSITY_CHARS`` characters: the
preference centre). Not on pages about cookies or privacy (their ``<h1>`` says so): there
such sentences are the content.
"""

from __future__ import annotations

import re
from functools import partial

from selectolax.lexbor import LexborNode

from webdata.content.dom import deep_text, document_html, phrase_hits, text_len, widest_while

_NOTICE = re.compile(
    # "We use cookies", "This site uses cookies", or a notice opened by the site's name
    # ("iFixit uses cookies"): not "apps that use cookies" inside a sentence
    r"\b(?:we|(?:this|our)\s+(?:web\s?)?site)\s+(?:uses?|is\s+using)\s+cookies\b|"
    r"^\W*[\w.'\u2019-]+(?:\s+[\w.'\u2019-]+)?\s+uses\s+cookies\b|"
    r"\b(?:accept|allow|reject|decline|refuse)\s+(?:all\s+|optional\s+|non-essential\s+)?"
    r"cookies\b|"
    r"\bconsent\s+to\s+(?:our\s+|the\s+use\s+of\s+)?(?:all\s+)?cookies\b|"
    r"\bour\s+use\s+of\s+cookies\b|"
    r"\bby\s+(?:continuing|using|clicking|browsing)\b[^.]{0,160}\bcookies\b",
    re.IGNORECASE,
)
_WORDS = ("cookies",)  # (the elements holding it are read)
_SENTENCE_CHARS = 600  # a notice's sentence or two
_MAX_CHARS = 4000  # a preference centre: a paragraph per kind of cookie, with its toggles
_EXTRA_CHARS = 250  # what a banner adds to its sentence: buttons, links, a title
_DENSITY_CHARS = 400  # a preference centre names cookies at least this often
_SMALL_SHARE = 0.3
_ABOUT = re.compile(r"cookie|privacy|gdpr|consent", re.IGNORECASE)


def cookie_notice_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """The cookie notices of ``scope`` (text length ``total``): see the module."""
    out: list[LexborNode] = []
    hits = phrase_hits(scope, _WORDS, _SENTENCE_CHARS)
    if not hits or _about_cookies(scope):
        return out
    limit = min(_MAX_CHARS, _SMALL_SHARE * total)
    taken: set[int] = set()
    for node, text in hits:
        if not _NOTICE.search(text):
            continue
        box = _notice_box(node, scope, limit)
        if box is not None and box.mem_id not in taken:
            taken.add(box.mem_id)
            out.append(box)
    return out


def _notice_box(hit: LexborNode, scope: LexborNode, limit: float) -> LexborNode | None:
    """The highest of ``hit`` and its ancestors below ``scope`` that is still the notice."""
    base = text_len(hit)
    if base > limit:
        return None
    return widest_while(hit, scope, partial(_still_notice, base, limit)) or hit


def _still_notice(base: int, limit: float, node: LexborNode) -> bool:
    """Whether ``node``, a wrapper of a notice of ``base`` characters, is still the notice:
    within ``limit``, and adding only a few words or still about cookies."""
    size = text_len(node)
    if size > limit:
        return False
    mentions = deep_text(node).lower().count("cookie")
    return size - base <= _EXTRA_CHARS or mentions * _DENSITY_CHARS >= size


def _about_cookies(scope: LexborNode) -> bool:
    """Whether the page's headline is about cookies or privacy (a cookie policy page)."""
    root = document_html(scope) or scope
    h1 = root.css_first("h1")
    return h1 is not None and _ABOUT.search(deep_text(h1)) is not None
