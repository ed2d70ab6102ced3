"""Screen-reader-only text under namespaced class names.

The hidden-class rule (``boilerplate.hidden_removals``) knows the common utility names
(``sr-only``, ``visually-hidden``...). Design systems prefix theirs (``u-pwa-screen-reader-only``,
``wt-screen-reader-only``, ``h-sr-only``) and CSS modules suffix a hash
(``styles_srOnly__1Kwb5``); the text under them ('Sale price:', 'Original price:') is read out
beside what the page shows, so a reader of the markdown sees it twice or sees labels.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webdata.content.dom import named_hits, text_len, text_memo, token_words

_SMALL_SHARE = 0.3
# A CSS-module class: module, local name, hash ("Brand-module_srOnly__Wk_6R"); a hash has a
# capital or a digit, a BEM element ("plp-price__sr-text") has neither.
_MODULE_HASH = re.compile(r"__(?=[\w-]*[A-Z0-9])[\w-]{4,}$")
# Word runs that name text kept for screen readers only. Not "visually hidden": namespaced,
# it is as often a state modifier a script toggles (``dropdown_label--visually-hidden``).
_READER_ONLY = (
    ("sr", "only"),
    ("sronly",),
    ("screen", "reader", "only"),
    ("screenreader", "only"),
    ("screen", "reader", "text"),
    ("sr", "text"),
    ("hidden", "text"),
)
# Only elements whose class holds one of these are read.
_CLASS_PARTS = (
    "sronly",
    "sr-only",
    "sr_only",
    "reader",
    "srtext",
    "sr-text",
    "sr_text",
    "hiddentext",
    "hidden-text",
    "hidden_text",
)
# ... found by the parser as those whose class holds one of three shorter parts (each part
# tested costs as much as a walk of the block: three instead of ten), then told in Python.
# (``once``: an element matching two parts is listed once, not once per part.)
_CANDIDATES = ("sr", "reader", "hidden")
# ... unless the class shows it on focus (skip links handled elsewhere) or undoes it.
_SHOWING = frozenset({"focusable", "focus", "not", "until", "focused"})


def _names_reader_only(value: str) -> bool:
    for cls in value.split():
        if ":" in cls or "[" in cls:
            continue  # a responsive or state variant (focus:not-sr-only)
        words = token_words(_MODULE_HASH.sub("", cls))
        if not words or _SHOWING.intersection(words):
            continue
        for run in _READER_ONLY:
            n = len(run)
            if any(tuple(words[i : i + n]) == run for i in range(len(words) - n + 1)):
                return True
    return False


@text_memo  # (pages repeat their class values)
def _reader_only(value: str) -> bool:
    lowered = value.lower()  # (the parts are ASCII: as the selectors' ``i`` compared them)
    return any(part in lowered for part in _CLASS_PARTS) and _names_reader_only(value)


def reader_only_removals(scope: LexborNode, total: int) -> list[LexborNode]:
    """Small elements under a namespaced screen-reader-only class."""
    own = scope.mem_id
    return [
        node
        for node in named_hits(scope, _CANDIDATES, once=True)
        if node.mem_id != own
        and _reader_only(node.attrs.get("class") or "")
        and text_len(node) <= _SMALL_SHARE * total
    ]
